import { BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import { appContext } from '~/context.server';
import { absoluteUrl } from '~/lib/seo';
import { escapeXml } from '~/lib/xml';
import type { Route } from './+types/blog-rss';

const FEED_SIZE = 20;

/** RFC 822 date, as RSS 2.0 wants it ("Tue, 18 Mar 2025 08:00:00 GMT"). */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const [site, { items }] = await Promise.all([
    content.getSiteInfo(),
    content.listPosts({ page: 1, pageSize: FEED_SIZE }),
  ]);
  const blogUrl = absoluteUrl(site, '/blog');
  const selfUrl = absoluteUrl(site, '/blog/rss.xml');
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;

  const entries = items.map((post) => {
    const link = absoluteUrl(site, `/blog/${encodeURIComponent(post.slug)}`);
    return [
      '<item>',
      text('title', post.title),
      text('link', link),
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      text('pubDate', rfc822(post.publishedAt)),
      text('description', post.excerpt),
      text('category', BLOG_CATEGORY_LABELS[post.category]),
      '</item>',
    ].join('');
  });
  // The channel last changed when its newest post was published or any listed post was edited.
  const lastChange = Math.max(
    ...items.flatMap((post) => [Date.parse(post.publishedAt), Date.parse(post.updatedAt)]),
  );

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    text('title', `${site.name} — Blog`),
    text('link', blogUrl),
    text('description', site.description || `Les articles de ${site.name}`),
    text('language', 'fr-FR'),
    `<atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(items.length > 0 ? [text('lastBuildDate', new Date(lastChange).toUTCString())] : []),
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
