/**
 * The blog screens' data: query definitions (keys start with the API path, like every admin
 * query) and the writes, each refreshing the lists, the dashboard (top posts, latest activity)
 * and the activity log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPage, AdminBlogPost, BlogListQuery } from '#common/schemas/blog-admin.ts';
import { apiRequest, getJson } from '~/lib/api';
import { invalidate } from '../admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY, toSearch } from '../queries';

export const BLOG_KEY = '/api/admin/blog';

export type BlogListParams = Partial<BlogListQuery>;
export const BLOG_LIST_DEFAULTS = { page: 1, pageSize: 20, sort: 'updatedAt', order: 'desc' } as const;

export function blogListQuery(params: BlogListParams = {}) {
  const search = toSearch(params as Record<string, string | number | undefined>, BLOG_LIST_DEFAULTS);
  return {
    queryKey: [BLOG_KEY, 'list', search.toString()] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getJson<AdminBlogPage>(`${BLOG_KEY}?${search}`, signal),
  };
}

export const blogPostUrl = (id: string) => `${BLOG_KEY}/${encodeURIComponent(id)}`;

export function blogPostQuery(id: string) {
  return {
    queryKey: [BLOG_KEY, 'detail', id] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await getJson<{ post: AdminBlogPost }>(blogPostUrl(id), signal)).post,
  };
}

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

export function useRefreshBlog() {
  const queryClient = useQueryClient();
  return (post?: AdminBlogPost) => {
    if (post) queryClient.setQueryData(blogPostQuery(post.id).queryKey, post);
    invalidate(queryClient, BLOG_KEY, DASHBOARD_KEY, ACTIVITY_KEY);
  };
}

export type PublicationAction = 'publish' | 'unpublish';

export function usePublication() {
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: PublicationAction }) => {
      const response = await apiRequest('POST', `${blogPostUrl(id)}/${action}`);
      return ((await response.json()) as { post: AdminBlogPost }).post;
    },
    retry: false,
    onSuccess: (post) => refresh(post),
  });
}

export function useDeletePost() {
  const refresh = useRefreshBlog();
  return useMutation({
    mutationFn: async (post: { id: string; title: string }) => {
      await apiRequest('DELETE', blogPostUrl(post.id));
      return post;
    },
    retry: false,
    onSuccess: () => refresh(),
  });
}
