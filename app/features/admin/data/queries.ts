/**
 * What the admin's screens share: the current admin, the API paths that more than one screen
 * refreshes, and the list parameters. Each screen's own queries and writes are in its folder's
 * data.ts (declared with admin-data.ts): one query definition per call, used by the screens, the
 * prefetching (docs/product.md §7.5) and the real-time refreshes alike, so that a prefetched list is exactly
 * the one a screen shows. Every key starts with the API path: invalidating ['/api/admin/contacts']
 * refreshes every page and filter of the leads list at once.
 */
import type { SessionUser } from '#common/api-types.ts';
import { AUTH_RECHECK_INTERVAL, AUTH_STALE_TIME } from '#common/constants.ts';
import { getQueryFn } from '~/lib/api';
import { endServerSession, isLogoutPending } from '../session/pending-logout';

export type AdminUser = SessionUser;

export const AUTH_ME_KEY = ['/api/auth/me'] as const;

/**
 * The current admin (docs/product.md §4.3): null when not signed in (401), re-checked every 15 minutes, fresh
 * for 10, never retried (a failed check must not keep a locked-out admin waiting). Null too while
 * a logout the server has not heard is pending: the check first sends it again.
 */
export const meQuery = {
  queryKey: AUTH_ME_KEY,
  queryFn: async (context: { queryKey: readonly unknown[]; signal?: AbortSignal }) => {
    if (isLogoutPending()) {
      await endServerSession();
      return null;
    }
    const body = (await getQueryFn({ on401: 'returnNull' })(context)) as { user: AdminUser } | null;
    return body?.user ?? null;
  },
  staleTime: AUTH_STALE_TIME,
  refetchInterval: AUTH_RECHECK_INTERVAL,
  retry: false,
} as const;

/** Query parameters without the defaults, so the same list has one key however it was reached. */
export function toSearch(
  params: Record<string, string | number | undefined>,
  defaults: Record<string, unknown>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    search.set(key, String(value));
  }
  return search;
}

/** API paths, and so query keys, that several screens or the real-time refreshes use. */
export const CONTACTS_KEY = '/api/admin/contacts';
export const SUBSCRIBERS_KEY = '/api/admin/newsletter';
export const DASHBOARD_KEY = '/api/admin/dashboard';
export const ACTIVITY_KEY = '/api/admin/activity';
export const SETTINGS_KEY = '/api/admin/settings';
/** The discovery calls' availability and agenda (docs/decisions/078-call-booking-admin.md). */
export const BOOKING_KEY = '/api/admin/booking';
export const CAMPAIGNS_KEY = '/api/admin/campaigns';
/** The Audience screen, and its "En ce moment" that the real-time channel keeps live (decision 084). */
export const AUDIENCE_KEY = '/api/admin/audience';
export const AUDIENCE_NOW_KEY = '/api/admin/audience/now';

/**
 * The public stats, prefetched by the idle rule of docs/product.md §7.5 (default loader: the key is the URL).
 */
export const statsQuery = { queryKey: ['/api/stats'] as const };
