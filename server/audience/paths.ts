/**
 * The pages the audience counts (docs/decisions/084-first-party-audience.md): the public pages a
 * visitor can land on, and nothing else. A beacon naming another path is dropped (204), so a
 * script cannot fill the "top pages" with invented addresses, and the back-office, the API, a
 * draft's preview and the 404 page are never counted. Known means:
 * - the static pages (`PUBLIC_STATIC_PATHS`: home, about, services, portfolio, contact, blog, legal);
 * - a service's page, `/services/<uuid>` (the id's shape, not its existence: no query per beacon);
 * - a post's page, `/blog/<slug>` (a slug's shape, at most 200 characters);
 * - the discovery call's page `/appel-decouverte`, the newsletter's pages (`/newsletter/welcome`,
 *   `confirm`, `manage`, `unsubscribe`, `unsubscribed`) and `/offline`.
 * One trailing slash is dropped (`/about/` is `/about`), as the router serves both.
 */
import { PUBLIC_STATIC_PATHS } from '#common/paths.ts';
import { SLUG_PATTERN } from '#common/schemas/public-api.ts';

const EXACT_PATHS: ReadonlySet<string> = new Set<string>([
  ...PUBLIC_STATIC_PATHS,
  '/appel-decouverte',
  '/newsletter/welcome',
  '/newsletter/confirm',
  '/newsletter/manage',
  '/newsletter/unsubscribe',
  '/newsletter/unsubscribed',
  '/offline',
]);

const SERVICE_PAGE = /^\/services\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POST_PAGE = /^\/blog\/([^/]{1,200})$/;

/** The page a beacon names, as counted (`/about/` → `/about`), or null when it is not a public page. */
export function audiencePath(path: string): string | null {
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (EXACT_PATHS.has(page) || SERVICE_PAGE.test(page)) return page;
  const slug = POST_PAGE.exec(page)?.[1];
  return slug !== undefined && SLUG_PATTERN.test(slug) ? page : null;
}
