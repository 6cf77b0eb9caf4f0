/**
 * Public pages come alive (docs/decisions/030-public-islands.md; started by entry.client.ts),
 * without React until an island needs it: the buttons that are plain markup get their answer (lead
 * buttons open the quote or call modal, reload buttons reload the page), links show the
 * "Chargement en cours..." notice, a post counts its view, the /?devis=1 shortcut opens the quote
 * modal, and the islands are hydrated, each on its own root, one after the other: at once those
 * that say nothing, later those that wait for something (`wake`, app/lib/island-attributes.ts).
 * What the visitor did before is carried out once its island is live (see bootstrap.ts).
 */
import { recordPostViews } from '~/features/blog/post-view-beacon';
import {
  getLeadModalsState,
  installLeadTriggers,
  openFromTrigger,
  openQuote,
  subscribeLeadModals,
} from '~/features/leads/lead-modals-store';
import { installCarousels } from '~/lib/carousel';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_LIVE_ATTRIBUTE,
  ISLAND_WAKE_ATTRIBUTE,
  type IslandWake,
  REPLAY_KEY_ATTRIBUTE,
} from '~/lib/island-attributes';
import { LEAD_ATTRIBUTE } from '~/lib/lead-trigger';
import { getPwaState, subscribePwa } from '~/lib/pwa-state.ts';
import { getToastSnapshot, subscribeToasts } from '~/lib/toast';
import { type PendingAction, RELOAD_ATTRIBUTE, takePendingActions } from './bootstrap';
import { installNavigationStatus } from './navigation-status';

/** Hydrates one island (hydrate.tsx, loaded with React the first time). */
export type HydrateIsland = (element: HTMLElement) => Promise<void>;

/** How long a held tap waits for the element it was made on to come back (REPLAY_KEY_ATTRIBUTE). */
const REPLAY_WAIT_MS = 15_000;
/** What the visitor does first on a page, anywhere: the same events as the bootstrap's. */
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
/** The visitor starts acting on an island: hydrating it now saves the tap's wait. */
const ISLAND_INTERACTION = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const;

/** The tapped element, or the one that replaced it meanwhile (its replay key), once connected. */
function reached(target: Element): Promise<Element | null> {
  if (target.isConnected) return Promise.resolve(target);
  const key = target.getAttribute(REPLAY_KEY_ATTRIBUTE);
  if (!key) return Promise.resolve(null);
  const find = () => document.querySelector(`[${REPLAY_KEY_ATTRIBUTE}="${CSS.escape(key)}"]`);
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const again = find();
      if (!again) return;
      done();
      resolve(again);
    });
    const timer = setTimeout(() => {
      done();
      resolve(null);
    }, REPLAY_WAIT_MS);
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** Carries out what the visitor did while its island, or the page, was not live yet. */
async function carryOut({ type, target }: PendingAction) {
  const lead = target.closest(`[${LEAD_ATTRIBUTE}]`);
  if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
  else if (target.closest(`[${RELOAD_ATTRIBUTE}]`)) window.location.reload();
  else if (lead) openFromTrigger(lead);
  else {
    const element = await reached(target);
    if (element instanceof HTMLElement) element.click();
  }
}

function onReload(event: MouseEvent) {
  if (event.defaultPrevented) return;
  if ((event.target as Element | null)?.closest?.(`[${RELOAD_ATTRIBUTE}]`)) window.location.reload();
}

/** The manifest's "Demander un devis" shortcut opens /?devis=1: the quote modal, then a clean URL. */
function quoteShortcut() {
  const url = new URL(window.location.href);
  if (url.pathname !== '/' || !url.searchParams.has('devis')) return;
  openQuote();
  url.searchParams.delete('devis');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Calls `run` once, at the first of `events` on `target`. */
function once(target: EventTarget, events: readonly string[], run: () => void) {
  const fire = () => {
    for (const type of events) target.removeEventListener(type, fire, { capture: true });
    run();
  };
  for (const type of events) target.addEventListener(type, fire, { capture: true, passive: true });
}

/** Calls `run` once, the first time `ready` holds (now or after a change of `subscribe`'s store). */
function when(subscribe: (listener: () => void) => () => void, ready: () => boolean, run: () => void) {
  if (ready()) return run();
  const stop = subscribe(() => {
    if (!ready()) return;
    stop();
    run();
  });
}

/** Sets the page's islands going, and what needs no island; resolves once the page is live. */
export async function startIslands(hydrate: HydrateIsland, yieldToMain: () => Promise<void>) {
  installLeadTriggers();
  installCarousels();
  document.addEventListener('click', onReload);
  installNavigationStatus();
  recordPostViews();

  // One island at a time, each in tasks of its own (Total Blocking Time, decision 030).
  let queue = Promise.resolve();
  const waking = new WeakMap<HTMLElement, Promise<void>>();
  const wake = (element: HTMLElement): Promise<void> => {
    let live = waking.get(element);
    if (!live) {
      live = queue = queue
        .then(() => hydrate(element))
        .catch((error) => console.error('An island failed to start', error))
        // Live even if it failed: what the visitor does then goes to the browser, never held for good.
        .then(() => element.setAttribute(ISLAND_LIVE_ATTRIBUTE, ''))
        .then(yieldToMain);
      waking.set(element, live);
    }
    return live;
  };
  const islandOf = (target: Element) => target.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`);
  const pending = takePendingActions((action) => {
    const island = islandOf(action.target);
    if (!island || island.hasAttribute(ISLAND_LIVE_ATTRIBUTE)) return false;
    void wake(island).then(() => carryOut(action));
    return true;
  });

  const now: Promise<void>[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const wakes = (element.getAttribute(ISLAND_WAKE_ATTRIBUTE) ?? '')
      .split(' ')
      .filter(Boolean) as IslandWake[];
    if (wakes.length === 0) {
      now.push(wake(element));
      continue;
    }
    const start = () => void wake(element);
    for (const reason of wakes) {
      if (reason === 'interaction') once(element, ISLAND_INTERACTION, start);
      else if (reason === 'first-interaction') once(window, FIRST_INTERACTION, start);
      else if (reason === 'connectivity') {
        if (!navigator.onLine) start();
        else once(window, ['offline'], start);
      } else if (reason === 'installed') when(subscribePwa, () => getPwaState().installed, start);
      else if (reason === 'demand') {
        when(subscribeLeadModals, () => getLeadModalsState().requested, start);
        when(subscribePwa, () => getPwaState().installVisible || getPwaState().updateVisible, start);
        when(subscribeToasts, () => getToastSnapshot() !== null, start);
      }
    }
  }
  quoteShortcut();
  // What the visitor did before this code ran: carried out once its island (if any) is live.
  for (const action of pending) {
    const island = islandOf(action.target);
    now.push(island ? wake(island).then(() => carryOut(action)) : carryOut(action));
  }
  await Promise.all(now);
}
