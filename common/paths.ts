/**
 * The back-office's addresses (`/admin`, `/admin/...`): a React Router application with its own
 * scripts (app/root.tsx), a fresh CSP nonce per response (server/security/headers.ts), never served
 * from the response cache (server/http/page-handler.ts).
 */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
/** The back-office's login screen (app/routes.ts: at /admin and /admin/login). */
export const isAdminSignInPath = (pathname: string) => pathname === '/admin' || pathname === '/admin/login';

/**
 * The public pages that exist whatever the database holds (not the newsletter outcomes or
 * /offline): the sitemap lists them, and a campaign's link to one of them is not broken.
 */
export const PUBLIC_STATIC_PATHS = [
  '/',
  '/about',
  '/services',
  '/portfolio',
  '/contact',
  '/blog',
  '/legal/privacy',
  '/legal/terms',
  '/legal/cookies',
] as const;
