/**
 * The service worker (decision 020), served at /sw.js with root scope. Built by vite-plugin-pwa
 * (injectManifest, see vite.config.ts) from the client build, whose file list it receives in
 * `self.__WB_MANIFEST`.
 *
 * - App shell: the client build's scripts, styles and icons are precached at install.
 * - Pages: network first (3 s, then the cached copy if there is one), cached when public, so a
 *   visited page opens without a network; a page never visited opens /offline, cached at install.
 *   React Router's client navigations fetch `<path>.data`: same rule, no offline fallback.
 * - Public API GETs and images: stale-while-revalidate, with expiration.
 * - Never cached: /admin, /api/admin, /api/auth, the newsletter pages and calls carrying a token,
 *   any non-GET, any answer marked no-store or private or setting a cookie.
 * - Forms kept offline (app/lib/offline/outbox.ts): replayed on Background Sync or when a page
 *   asks (REPLAY_OUTBOX); the pages hear the outcome through DATA_SYNCED.
 * - Updates: a new worker waits until a page posts SKIP_WAITING (the update card).
 * - Staff notifications (docs/decisions/080-staff-push.md): a push message is shown with the
 *   site's icon; a tap opens its back-office page, in a back-office tab already open if there is one.
 */

import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { replayOutbox, reportIsWorthTelling, singleFlight } from '~/lib/offline/outbox.ts';
import { idbOutbox } from '~/lib/offline/outbox-idb.ts';
import { NAVIGATION_NETWORK_TIMEOUT_SECONDS, OUTBOX_SYNC_TAG, SW_MESSAGES } from '~/lib/pwa-constants.ts';
import { staffNotification } from './features/pwa/push-message.ts';
import { sameOriginTarget } from './features/pwa/return-path.ts';

// The worker's global scope, typed here: the project compiles against the DOM library, and the
// WebWorker one cannot be added to the same program without conflicting with it.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type SyncEvent = ExtendableEvent & { tag: string };
type MessageFromPage = ExtendableEvent & { data: unknown };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification };
type WindowClient = {
  url: string;
  postMessage(message: unknown): void;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
};
type WorkerScope = {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageFromPage) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
};
declare const self: WorkerScope;

const manifest = self.__WB_MANIFEST;
// Pages cached by one build reference that build's scripts: a new build starts a new page cache.
const BUILD_ID = hash(JSON.stringify(manifest));
const PAGES_CACHE = `pages-${BUILD_ID}`;
const OFFLINE_URL = '/offline';
const API_CACHE = 'api';

precacheAndRoute(manifest);
cleanupOutdatedCaches();
clientsClaim();

/** Paths whose pages or data are never kept on the device (private, or carrying a token). */
const PRIVATE_PATHS =
  /^\/(admin|api\/admin|api\/auth|api\/calls|apercu|appel-decouverte|newsletter\/(confirm|manage|unsubscribe))(\/|\.data|$)/;
const PUBLIC_API = /^\/api\/(services|team|stats|blog|portfolio|settings\/public)(\/|$)/;
const IMAGES = /^\/(media\/|[^/]+\.(png|svg|ico|webp|jpg)$)/;

const sameOrigin = (url: URL) => url.origin === location.origin;

// Public API reads: answered from the cache at once, refreshed in the background.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    sameOrigin(url) &&
    PUBLIC_API.test(url.pathname) &&
    !url.search.includes('token'),
  new StaleWhileRevalidate({
    cacheName: API_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 24 * 60 * 60 }),
    ],
  }),
);

// Images: uploaded media and the site's icons.
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && IMAGES.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Documents, and the `.data` of React Router's client-side navigations.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    sameOrigin(url) &&
    (request.mode === 'navigate' || url.pathname.endsWith('.data')),
  ({ request, url }) => pageOrData(request, url),
);

async function pageOrData(request: Request, url: URL): Promise<Response> {
  const isDocument = request.mode === 'navigate';
  if (isDocument && url.pathname === OFFLINE_URL) return offlinePage(url);
  const keep = !PRIVATE_PATHS.test(url.pathname);
  const cache = await caches.open(PAGES_CACHE);
  const network = fetch(request).then((response) => {
    if (keep && isStorable(response)) void cache.put(request, response.clone());
    return response;
  });
  // Answered from the cache after the timeout, the request may still fail later: not an error.
  network.catch(() => undefined);
  const cached = keep ? () => cache.match(request) : async () => undefined;
  const fallback = async () => {
    const copy = await cached();
    if (copy) return copy;
    // A page never visited: the offline page, at its own address (a page rendered for another
    // address would not hydrate), remembering where the visitor was going.
    if (isDocument)
      return Response.redirect(`${OFFLINE_URL}?from=${encodeURIComponent(url.pathname + url.search)}`);
    return Response.error();
  };
  // On a slow network the cached copy wins after the timeout; without one, the network is awaited.
  const timeout = new Promise<'timeout'>((resolve) =>
    setTimeout(() => resolve('timeout'), NAVIGATION_NETWORK_TIMEOUT_SECONDS * 1_000),
  );
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    const copy = await cached();
    return copy ?? (await network);
  } catch {
    return fallback();
  }
}

/**
 * /offline?from=<path>: back on the network (its "Réessayer" reloads it), the visitor goes where
 * they were going; still offline, the offline page cached at install.
 */
async function offlinePage(url: URL): Promise<Response> {
  const target = sameOriginTarget(url.searchParams.get('from'), location.origin);
  if (target) {
    try {
      await fetch(target, { method: 'HEAD', cache: 'no-store' });
      return Response.redirect(target);
    } catch {
      // Still offline.
    }
  }
  const cache = await caches.open(PAGES_CACHE);
  const copy = await cache.match(OFFLINE_URL);
  if (copy) return copy;
  return fetch(OFFLINE_URL);
}

function isStorable(response: Response): boolean {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !/no-store|private/.test(cacheControl) &&
    !response.headers.has('Set-Cookie')
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES_CACHE);
      await cache.add(new Request(OFFLINE_URL, { cache: 'reload' }));
      // The quote and call forms list the services: kept so they can be filled offline.
      await (await caches.open(API_CACHE)).add('/api/services').catch(() => undefined);
      // A worker installed while another one controls the pages is an update: the pages show the update card
      // (docs/product.md §4.7, §7.4). The pages also watch the registration; both lead to one card.
      if (self.registration.active) await postToPages({ type: SW_MESSAGES.updateAvailable });
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('pages-') && name !== PAGES_CACHE) await caches.delete(name);
      }
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (type === SW_MESSAGES.replayOutbox) event.waitUntil(replay());
});

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // A rejection tells the browser to try this sync again later (entries still pending).
  event.waitUntil(
    replay().then((pending) => {
      if (pending > 0) throw new Error('outbox still pending');
    }),
  );
});

/**
 * Sends the kept forms once at a time, and tells the pages what happened, also when forms are
 * left (an open page tries again later). Returns what is left.
 */
const replay = singleFlight(async () => {
  const report = await replayOutbox(idbOutbox, (input, init) => fetch(input, init));
  if (reportIsWorthTelling(report) || report.pending > 0) {
    await postToPages({ type: SW_MESSAGES.dataSynced, report });
  }
  return report.pending;
});

async function postToPages(message: unknown) {
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

/** A short, stable fingerprint (FNV-1a) of a string. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value.toString(36);
}

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not JSON: not one of ours.
  }
  const shown = staffNotification(data, location.origin);
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/admin/dashboard';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const backOffice = windows.find((client) => new URL(client.url).pathname.startsWith('/admin'));
      if (backOffice) {
        await backOffice.navigate(url);
        // Focusing needs the tap's own activation; a browser refusing it still shows the page.
        await backOffice.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
