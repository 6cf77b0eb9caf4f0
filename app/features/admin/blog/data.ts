/**
 * The blog screens' data: query definitions (keys start with the API path, like every admin
 * query) and the writes, each refreshing the lists, the dashboard (top posts, latest activity)
 * and the activity log.
 */
import type {
  AdminBlogPage,
  AdminBlogPost,
  BlogListQuery,
  BlogPostForm,
  BlogPostInput,
  PreviewLink,
} from '#common/schemas/blog-admin.ts';
import { apiRequest, errorMessage } from '~/lib/api';
import type { ToastOptions } from '~/lib/toast';
import { adminItems, adminListQuery, createAdminMutation } from '../data/admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../data/queries';
import { formatDateTime } from '../kit/dates';

export const BLOG_KEY = '/api/admin/blog';

export type BlogListParams = Partial<BlogListQuery>;
export const BLOG_LIST_DEFAULTS = { page: 1, pageSize: 20, sort: 'updatedAt', order: 'desc' } as const;

export const blogListQuery = adminListQuery<AdminBlogPage, BlogListParams>(BLOG_KEY, BLOG_LIST_DEFAULTS);

const posts = adminItems(BLOG_KEY);
export const blogPostUrl = posts.url;
export const blogPostQuery = (id: string) => posts.query(id, (body: { post: AdminBlogPost }) => body.post);

/** The sanitised HTML of a Markdown text, rendered by the server exactly as the public page does. */
export function blogPreviewQuery(content: string) {
  return {
    queryKey: [BLOG_KEY, 'preview', content] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const response = await apiRequest('POST', `${BLOG_KEY}/preview`, { content }, { signal });
      return ((await response.json()) as { html: string }).html;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

const BLOG_WRITE_REFRESHES = [BLOG_KEY, DASHBOARD_KEY, ACTIVITY_KEY];
const readPost = async (response: Response) => ((await response.json()) as { post: AdminBlogPost }).post;

export type SaveBlogPost = {
  id: string | null;
  values: BlogPostInput;
  publish: boolean;
  /** An autosave of a draft: the editor shows "Enregistré" instead of a toast. */
  auto?: boolean;
  /** The form's values as sent, to tell what was typed while the request ran. */
  form: BlogPostForm;
  /** Saved, then planned to go online at this instant (ISO with its offset) instead of now. */
  schedule?: string;
};

/**
 * Creates (no id) or replaces a post; `publish` then publishes it. A refused publication does not
 * undo the save: it comes back as `publishError`, beside the saved post.
 */
export const saveBlogPostMutation = createAdminMutation({
  run: async ({ id, values, publish, schedule }: SaveBlogPost) => {
    const saved = await readPost(
      id ? await apiRequest('PUT', blogPostUrl(id), values) : await apiRequest('POST', BLOG_KEY, values),
    );
    if (!(publish || schedule) || saved.isPublished) return { saved, publishError: null };
    try {
      return {
        saved: await readPost(
          schedule
            ? await apiRequest('POST', `${blogPostUrl(saved.id)}/schedule`, { publishAt: schedule })
            : await apiRequest('POST', `${blogPostUrl(saved.id)}/publish`),
        ),
        publishError: null,
      };
    } catch (publishError) {
      return { saved, publishError };
    }
  },
  updates: ({ saved }) => [blogPostQuery(saved.id).queryKey, saved],
  invalidates: BLOG_WRITE_REFRESHES,
  toast: ({ saved, publishError }, { publish, auto, schedule }): ToastOptions | null =>
    auto
      ? null
      : publishError
        ? {
            title: schedule
              ? 'Article enregistré, mais pas programmé'
              : 'Article enregistré, mais pas publié',
            description: errorMessage(publishError),
            variant: 'destructive',
          }
        : schedule && saved.scheduledAt
          ? {
              title: 'Publication programmée',
              description: `${saved.title} : le ${formatDateTime(saved.scheduledAt)} (heure de Kinshasa)`,
            }
          : {
              title: publish
                ? 'Article publié'
                : saved.isPublished
                  ? 'Modifications publiées'
                  : 'Brouillon enregistré',
              description: saved.title,
            },
});

export type PublicationAction = 'publish' | 'unpublish';

/** A signed link to the post's public page, published or not (decision 070). */
export const previewLinkMutation = createAdminMutation({
  method: 'POST',
  url: (post: { id: string }) => `${blogPostUrl(post.id)}/preview-link`,
  read: (body: { link: PreviewLink }) => body.link,
  errorToast: { title: 'Lien d’aperçu indisponible' },
});

/** The planned publication is cancelled: the post stays a draft. */
export const unscheduleBlogPostMutation = createAdminMutation({
  method: 'DELETE',
  url: (post: { id: string }) => `${blogPostUrl(post.id)}/schedule`,
  read: (body: { post: AdminBlogPost }) => body.post,
  updates: (post) => [blogPostQuery(post.id).queryKey, post],
  invalidates: BLOG_WRITE_REFRESHES,
  toast: (post) => ({ title: 'Programmation annulée', description: `${post.title} reste un brouillon.` }),
  errorToast: { title: 'Annulation impossible' },
});

export const blogPublicationMutation = createAdminMutation({
  method: 'POST',
  url: ({ id, action }: { id: string; action: PublicationAction }) => `${blogPostUrl(id)}/${action}`,
  read: (body: { post: AdminBlogPost }) => body.post,
  updates: (post) => [blogPostQuery(post.id).queryKey, post],
  invalidates: BLOG_WRITE_REFRESHES,
});

export const deleteBlogPostMutation = createAdminMutation({
  method: 'DELETE',
  url: (post: { id: string; title: string }) => blogPostUrl(post.id),
  invalidates: BLOG_WRITE_REFRESHES,
});
