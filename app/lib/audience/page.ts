/**
 * What the audience measurement reads of the page it runs on (docs/decisions/084-first-party-audience.md),
 * shared by the beacon (beacon.ts) and the tab's visit (visit.ts): whether this page may be
 * measured at all, its path, the other site that sent the visitor, and the campaign tags of its
 * address. Kept small and free of zod: the beacon's budget is 1 KB of Brotli (beacon.test.ts).
 */
import { UTM_FIELDS, UTM_PARAMS, type UtmValues } from '#common/audience.ts';
import { isAdminPath } from '#common/paths.ts';

/**
 * The longest path and UTM value the server accepts (AUDIENCE_LIMITS of
 * common/schemas/audience.ts, which this module does not import: it would bring zod into the
 * beacon; a test keeps them equal).
 */
export const LIMITS = { path: 300, referrer: 500, utm: 100 } as const;

/** The page the service worker shows when the network is gone (app/sw.ts): not a page the visitor asked for. */
const OFFLINE_PATH = '/offline';

/**
 * Whether the browser asks not to be tracked: Do Not Track or Global Privacy Control (the server
 * checks their headers too). Then nothing is measured, and no visit is kept or sent with a form.
 */
export function trackingRefused(): boolean {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.doNotTrack === '1' || browser.globalPrivacyControl === true;
}

/**
 * Whether this page is measured: never when tracking is refused, never in the back-office, and
 * never on the offline page (the worker's page, not one the visitor asked for).
 */
export function measurable(): boolean {
  const path = location.pathname;
  return !trackingRefused() && !isAdminPath(path) && path !== OFFLINE_PATH;
}

/** `location.pathname`, without query or fragment, cut to what the server accepts. */
export const pagePath = (): string => location.pathname.slice(0, LIMITS.path);

/**
 * The other site the visitor came from, as `scheme://host/` (only the host is kept anyway, and a
 * referrer's path may hold what is nobody's business); undefined for none and for this site.
 */
export function externalReferrer(): string | undefined {
  // Most pages have none: no exception thrown and caught on every page (a cost on a slow phone).
  if (!document.referrer) return undefined;
  try {
    const from = new URL(document.referrer);
    if (from.host && from.host !== location.host)
      return `${from.protocol}//${from.host}/`.slice(0, LIMITS.referrer);
  } catch {
    // A referrer that is not an address.
  }
  return undefined;
}

/** The UTM tags of this page's address (`?utm_source=…`), each trimmed and cut to the server's limit. */
export function utmTags(): UtmValues {
  const query = new URLSearchParams(location.search);
  const tags: UtmValues = {};
  for (const field of UTM_FIELDS) {
    const value = query.get(UTM_PARAMS[field])?.trim().slice(0, LIMITS.utm);
    if (value) tags[field] = value;
  }
  return tags;
}
