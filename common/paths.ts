/**
 * The back-office's addresses (`/admin`, `/admin/...`): a React Router application with its own
 * scripts (app/root.tsx), a fresh CSP nonce per response (server/security/headers.ts), never served
 * from the response cache (server/http/page-handler.ts).
 */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
