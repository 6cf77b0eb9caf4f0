import { PUBLIC_STATIC_PATHS } from '#common/paths.ts';
import { appContext } from '~/context.server';
import { absoluteUrl } from '~/lib/seo';
import { escapeXml } from '~/lib/xml';
import type { Route } from './+types/sitemap';

function urlEntry(loc: string, lastModified?: string) {
  const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod}</url>`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const [site, entries] = await Promise.all([content.getSiteInfo(), content.listSitemapEntries()]);
  const urls = [
    ...PUBLIC_STATIC_PATHS.map((path) => urlEntry(absoluteUrl(site, path))),
    ...entries.services.map((s) => urlEntry(absoluteUrl(site, `/services/${s.id}`), s.lastModified)),
    ...entries.posts.map((p) =>
      urlEntry(absoluteUrl(site, `/blog/${encodeURIComponent(p.slug)}`), p.lastModified),
    ),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
