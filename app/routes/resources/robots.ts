import { appContext } from '~/context.server';
import type { Route } from './+types/robots';

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const site = await content.getSiteInfo();
  const body = [
    'User-agent: *',
    'Allow: /',
    // The back-office and the JSON API are not pages: crawling them only wastes the crawl budget.
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${site.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
