/**
 * The only script a public page carries inline (docs/decisions/030-public-islands.md). It loads
 * the islands' entry when the page is idle after its load, or at once at the visitor's first
 * interaction, so that no script competes with the first paint. What the visitor does before the
 * islands are hydrated is kept, not lost and not done natively (a form would otherwise be sent as
 * a GET, its fields in the address): taps on a button of an island or on a lead, reload or carousel button,
 * and form submissions in an island. The entry carries them out (takePendingActions), and keeps
 * holding those made in an island that is not hydrated yet until it is (islands that wait for the
 * visitor, app/lib/island-attributes.ts). So is the browser's install offer (INSTALL_OFFER_CATCHER).
 */

import { CAROUSEL_STEP_ATTRIBUTE } from '~/lib/carousel';
import { ISLAND_ATTRIBUTE } from '~/lib/island-attributes';
import { LEAD_ATTRIBUTE } from '~/lib/lead-trigger';
import { EARLY_INSTALL_OFFER } from '~/lib/pwa-state';

export const RELOAD_ATTRIBUTE = 'data-reload';
const PENDING = '__islandClicks';
/**
 * Set by the entry once it runs: from then on the bootstrap's listener asks it whether to hold a
 * tap or a submission (one made in an island that is not hydrated yet) instead of queueing it.
 */
const HOLD = '__islandHold';
/** IslandAssets.later, for the entry (laterChunks). */
const LATER = '__islandLater';

export type PendingAction = { type: 'click' | 'submit'; target: Element };
/** Whether the entry takes this action (held until its island is live), or lets it through. */
export type HoldAction = (action: PendingAction) => boolean;
type PendingWindow = Window & { [PENDING]?: PendingAction[] | null; [HOLD]?: HoldAction; [LATER]?: string[] };

/** The chunks the entry fetches once it runs, without running them (IslandAssets.later). */
export const laterChunks = (): string[] => (window as PendingWindow)[LATER] ?? [];
/** What the bootstrap holds back until the islands are hydrated. */
const HELD = {
  click: `[${LEAD_ATTRIBUTE}],[${RELOAD_ATTRIBUTE}],[${CAROUSEL_STEP_ATTRIBUTE}],[${ISLAND_ATTRIBUTE}] button,[${ISLAND_ATTRIBUTE}] a[role=button]`,
  submit: `[${ISLAND_ATTRIBUTE}] form`,
};

/**
 * What the entry needs to load: its URL and the chunks it imports, dependencies first. They are
 * fetched together, then evaluated one by one, each in its own task, before the entry itself.
 */
export type IslandAssets = {
  entry: string;
  preload: string[];
  /**
   * React and the islands' code: fetched once the page is idle (prefetch: not compiled), so that
   * an island woken offline finds them (app/islands/live.ts).
   */
  later?: string[];
  dev?: boolean;
};

/**
 * The browser's install offer (beforeinstallprompt) may come before the islands, on a returning
 * visit: kept on `window` (`w`) for app/lib/pwa-state.ts, and the browser's own infobar held back.
 */
export const INSTALL_OFFER_CATCHER = `w.addEventListener('beforeinstallprompt',function(e){e.preventDefault();w.${EARLY_INSTALL_OFFER}=e});`;

/**
 * A page opened at one of its sections (/about#team) stays on it while the page settles: the
 * blocks above it that the browser lays out only near the screen (render-when-near, decision 093)
 * take their real height once the browser has scrolled there, and on a slow phone it does not
 * always scroll again, leaving the visitor somewhere else. Until the visitor touches, scrolls or
 * types (or for 5 s), each change of the page's height brings the section back to the top. Only for
 * a link followed, not a page reloaded or come back to: those keep the position the browser restores.
 */
export const FRAGMENT_KEEPER = `try{var n=performance.getEntriesByType('navigation')[0],f=location.hash&&(!n||n.type==='navigate')&&d.getElementById(decodeURIComponent(location.hash.slice(1)));if(f&&w.ResizeObserver){var o=new ResizeObserver(function(){f.scrollIntoView({block:'start',behavior:'instant'})}),off=function(){o.disconnect()};['wheel','touchstart','keydown','pointerdown'].forEach(function(t){w.addEventListener(t,off,{capture:true,once:true,passive:true})});o.observe(d.body);setTimeout(off,5000)}}catch(e){}`;

/** The inline script's source. Written in plain ES2017: it runs before any bundler code. */
export function bootstrapScript({ entry, preload, later = [], dev }: IslandAssets): string {
  const urls = JSON.stringify({ entry, preload, later }).replace(/</g, '\\u003c');
  // In `npm run dev`, React refresh expects its runtime before any component module: React
  // Router's own module installs it (the one its <Scripts /> imports first).
  const start = dev
    ? `import('/@id/__x00__virtual:react-router/inject-hmr-runtime').then(function(){return import(a.entry)})`
    : `a.preload.reduce(function(p,u){return p.then(function(){return import(u)}).then(pause)},Promise.resolve()).then(function(){return import(a.entry)})`;
  return `(function(){var a=${urls},w=window,d=document,s=0;w.${PENDING}=[];w.${LATER}=a.later;${INSTALL_OFFER_CATCHER}${FRAGMENT_KEEPER}
function pause(){return new Promise(function(r){setTimeout(r,0)})}
function go(){if(s)return;s=1;a.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});${start}.catch(function(e){s=0;console.error(e)})}
['click','submit'].forEach(function(k){var sel=${JSON.stringify(HELD)}[k];d.addEventListener(k,function(e){var q=w.${PENDING},h=w.${HOLD},t=e.target&&e.target.closest&&e.target.closest(sel);if(!t||(h?!h({type:k,target:t}):!q))return;e.preventDefault();e.stopPropagation();if(!h){q.push({type:k,target:t});go()}},true)});
['pointerdown','keydown','touchstart','focusin'].forEach(function(t){w.addEventListener(t,go,{capture:true,once:true,passive:true})});
function idle(){'requestIdleCallback'in w?w.requestIdleCallback(go,{timeout:3000}):setTimeout(go,1000)}
d.readyState==='complete'?idle():w.addEventListener('load',idle,{once:true})})()`;
}

/**
 * What the bootstrap kept before the entry ran; from now on `hold` decides, for each tap or
 * submission the bootstrap's listener catches, whether it is held (and carried out by the entry).
 */
export function takePendingActions(hold: HoldAction): PendingAction[] {
  const target = window as PendingWindow;
  const pending = target[PENDING] ?? [];
  target[PENDING] = null;
  target[HOLD] = hold;
  return pending;
}
