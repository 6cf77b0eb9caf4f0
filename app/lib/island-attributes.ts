/**
 * The attributes of an island's wrapper (app/lib/island.tsx), framework-free: the inline bootstrap
 * and the islands' entry read them before React is loaded, if it ever is (decision 030).
 */
export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
export const ISLAND_PREFIX_ATTRIBUTE = 'data-island-prefix';
/** When the island hydrates, if not at once: see IslandWake. */
export const ISLAND_WAKE_ATTRIBUTE = 'data-island-wake';
/** Set on an island's wrapper once it is hydrated: from then on its own handlers answer. */
export const ISLAND_LIVE_ATTRIBUTE = 'data-island-live';
/**
 * Names an element that a held tap may land on again after hydration when the element it was made
 * on has been replaced meanwhile (the call page re-reads its times on the device's clock).
 */
export const REPLAY_KEY_ATTRIBUTE = 'data-replay-key';

/**
 * What wakes an island that does not hydrate as soon as the page is idle (space-separated):
 * - `interaction`: the visitor points at, touches, focuses or types in it (a tap or a submission
 *   made meanwhile is held and carried out once it is live);
 * - `connectivity`: the browser is, or goes, offline (the indicators, the offline banner);
 * - `installed`: the site runs as the installed app (the header's badge);
 * - `demand`: something it shows is asked for (a lead modal, a PWA overlay, a toast);
 * - `first-interaction`: the visitor's first pointer, key, touch or scroll anywhere on the page.
 */
export type IslandWake = 'interaction' | 'connectivity' | 'installed' | 'demand' | 'first-interaction';
