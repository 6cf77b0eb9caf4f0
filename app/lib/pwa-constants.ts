/**
 * PWA wiring shared by the page and the service worker (not business constants: those of docs/product.md §9
 * live in common/constants.ts). Kept apart so the worker imports no page code.
 */

/** Forms kept offline are dropped after 7 days (nothing is kept longer than needed). */
export const OUTBOX_MAX_AGE = 7 * 24 * 60 * 60 * 1_000;
/** Background Sync tag under which the worker replays the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox-sync';
/** IndexedDB database and store of the outbox (idb-keyval, one store). */
export const OUTBOX_DB = 'lisanga-outbox';
export const OUTBOX_STORE = 'requests';

/** Messages between the page and the worker (docs/product.md §7.4, plus REPLAY_OUTBOX). */
export const SW_MESSAGES = {
  updateAvailable: 'SW_UPDATE_AVAILABLE',
  dataSynced: 'DATA_SYNCED',
  skipWaiting: 'SKIP_WAITING',
  /** Not in the spec: the page asks the worker to replay now (the worker is the only replayer). */
  replayOutbox: 'REPLAY_OUTBOX',
} as const;

/** How long a page navigation waits for the network before the cached copy is used. */
export const NAVIGATION_NETWORK_TIMEOUT_SECONDS = 3;
