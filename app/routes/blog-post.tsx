import { data, redirect } from 'react-router';
import { BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import { BlogSlugParamsSchema } from '#common/schemas/public-api.ts';
import { appContext } from '~/context.server';
import { BlogPostView } from '~/features/blog/post-view';
import { absoluteUrl, breadcrumbJsonLd, seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/blog-post';
// Used in the loader only: React Router drops it (marked, sanitize-html) from the client bundle.
import { readingTimeMinutes, renderMarkdown } from './blog-post.server';

const RELATED_COUNT = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = BlogSlugParamsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const { slug } = parsed.data;
  const { content } = context.get(appContext);
  const [post, recent] = await Promise.all([
    content.getPost(slug),
    content.listPosts({ page: 1, pageSize: RELATED_COUNT + 1 }),
  ]);
  if (!post) {
    // A post whose slug changed after it was read keeps its former address (decision 069).
    const moved = await content.findMovedPost(slug);
    if (moved) throw redirect(`/blog/${encodeURIComponent(moved)}`, 301);
    throw data(null, { status: 404 });
  }
  // The Markdown stays on the server: the page ships the sanitised HTML once, not both. The view
  // count is left out too: it changes with every reader and is not shown.
  const { content: markdown, views: _views, ...summary } = post;
  return {
    post: summary,
    html: renderMarkdown(markdown),
    readingMinutes: readingTimeMinutes(markdown),
    related: recent.items.filter((p) => p.slug !== slug).slice(0, RELATED_COUNT),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Blog', href: '/blog/rss.xml' },
];

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: '404 Page Not Found' }, { name: 'robots', content: 'noindex' }];
  const { post } = loaderData;
  const path = `/blog/${post.slug}`;
  const section = BLOG_CATEGORY_LABELS[post.category];
  // A post published after its last edit (a scheduled one) was modified when it was published.
  const modifiedTime = new Date(
    Math.max(Date.parse(post.updatedAt), Date.parse(post.publishedAt)),
  ).toISOString();
  const jsonLd = site
    ? [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.description,
          datePublished: post.publishedAt,
          dateModified: modifiedTime,
          image: absoluteUrl(site, post.shareImage.url),
          inLanguage: 'fr-FR',
          articleSection: section,
          url: absoluteUrl(site, path),
          mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(site, path) },
          author: { '@type': 'Organization', name: site.name, url: site.publicUrl },
          publisher: {
            '@type': 'Organization',
            name: site.name,
            url: site.publicUrl,
            logo: { '@type': 'ImageObject', url: absoluteUrl(site, '/icon-512.png') },
          },
        },
        breadcrumbJsonLd(site, [
          ['Accueil', '/'],
          ['Blog', '/blog'],
          [post.title, path],
        ]),
      ]
    : undefined;
  return seo(site, {
    title: post.title,
    description: post.description,
    path,
    type: 'article',
    image: post.shareImage,
    article: { publishedTime: post.publishedAt, modifiedTime, section },
    jsonLd,
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <BlogPostView {...loaderData} />;
}
