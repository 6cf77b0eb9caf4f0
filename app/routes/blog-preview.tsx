import Eye from 'lucide-react/icons/eye';
import { data, Link } from 'react-router';
import { PreviewQuerySchema } from '#common/schemas/public-api.ts';
import { appContext } from '~/context.server';
import { BlogPostView } from '~/features/blog/post-view';
import type { Route } from './+types/blog-preview';
// Used in the loader only: React Router drops them from the client bundle.
import { findPreviewPost, readingTimeMinutes, renderMarkdown } from './blog-preview.server';

/**
 * /apercu?token=… (decision 070): a post's real public page before it is published, opened by the
 * signed link an admin made (seven days). Never cached, never indexed, counts no view; a wrong or
 * expired link is the 404 page.
 */
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = PreviewQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data(null, { status: 404 });
  const { database } = context.get(appContext);
  const found = await findPreviewPost(database.db, parsed.data.token);
  if (!found) throw data(null, { status: 404 });
  const { content: markdown, views: _views, ...post } = found.post;
  return {
    post,
    isPublished: found.isPublished,
    html: renderMarkdown(markdown),
    readingMinutes: readingTimeMinutes(markdown),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Aperçu : ${loaderData.post.title}` : '404 Page Not Found' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post, isPublished } = loaderData;
  return (
    <>
      <p
        role="note"
        className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-amber-50 px-4 py-3 text-center text-sm text-amber-950 ring-1 ring-amber-200"
      >
        <Eye className="size-4 shrink-0" aria-hidden="true" />
        {isPublished ? (
          <>
            Aperçu d’un article déjà publié :{' '}
            <Link to={`/blog/${post.slug}`} className="font-semibold underline underline-offset-2">
              voir sa page
            </Link>
          </>
        ) : (
          'Aperçu : cet article n’est pas encore publié. Seules les personnes qui ont ce lien le voient.'
        )}
      </p>
      <BlogPostView
        post={post}
        html={loaderData.html}
        readingMinutes={loaderData.readingMinutes}
        related={[]}
        preview
      />
    </>
  );
}
