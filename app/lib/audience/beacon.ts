/**
 * The audience beacon (docs/decisions/084-first-party-audience.md): started by the public pages'
 * entry once the page is idle (app/islands/entry.client.ts), in the runtime chunk the entry imports, at most 1 KB
 * of Brotli (tests/source/beacon-size.test.ts, and `npm run perf` on the build). It sends POST
 * /api/audience:
 * - a page view when it starts, and again when the page comes back from the browser's
 *   back-forward cache (public pages have no client-side navigation: every other page is a load);
 * - the engaged time, only the time the page was visible, each time the page is hidden or left.
 * No cookie, no storage, nothing in the URL: the body alone says what is measured. Nothing is sent
 * on pages that are not measured (page.ts: Do Not Track, Global Privacy Control, the back-office,
 * the offline page).
 */
import { externalReferrer, measurable, pagePath, utmTags } from './page';

export const AUDIENCE_URL = '/api/audience';
/** The longest engaged time the server counts for one page (AUDIENCE_LIMITS.engagedMs). */
export const MAX_ENGAGED_MS = 6 * 3_600_000;

function send(body: object) {
  const json = JSON.stringify(body);
  try {
    if (navigator.sendBeacon(AUDIENCE_URL, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // No sendBeacon in this browser: fetch, kept alive past the page's end.
  }
  fetch(AUDIENCE_URL, {
    method: 'POST',
    keepalive: true,
    body: json,
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
}

/** Starts measuring this page; `signal` stops listening (a test's page closing). */
export function startBeacon(signal?: AbortSignal): void {
  if (!measurable()) return;
  const listening = { signal };
  const path = pagePath();
  const visible = () => document.visibilityState === 'visible';
  // Visible time not yet sent, and since when the page is visible (-1: hidden). A page visible
  // now has been since it opened (the page's time origin, or its activation when the browser
  // prerendered it); one opened in the background counts from when it is shown.
  let engaged = 0;
  let shownAt = visible()
    ? ((performance.getEntriesByType('navigation')[0] as { activationStart?: number } | undefined)
        ?.activationStart ?? 0)
    : -1;
  const pageView = () => send({ type: 'pageview', path, referrer: externalReferrer(), ...utmTags() });
  const flush = () => {
    if (shownAt >= 0) engaged += performance.now() - shownAt;
    shownAt = -1;
    if (engaged >= 1)
      send({ type: 'engagement', path, engagedMs: Math.min(Math.round(engaged), MAX_ENGAGED_MS) });
    engaged = 0;
  };
  pageView();
  document.addEventListener(
    'visibilitychange',
    () => {
      if (!visible()) flush();
      else if (shownAt < 0) shownAt = performance.now();
    },
    listening,
  );
  addEventListener('pagehide', flush, listening);
  addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return;
      pageView();
      if (visible()) shownAt = performance.now();
    },
    listening,
  );
}
