/**
 * The only script a public page carries inline (docs/decisions/030-public-islands.md). It loads
 * the islands' entry when the page is idle after its load, or at once at the visitor's first
 * interaction, so that no script competes with the first paint. What the visitor does before the
 * islands are hydrated is kept, not lost and not done natively (a form would otherwise be sent as
 * a GET, its fields in the address): taps on a button of an island or on a lead or reload button,
 * and form submissions in an island. The entry carries them out once hydrated
 * (takePendingActions). So is the browser's install offer (INSTALL_OFFER_CATCHER).
 */

import { ISLAND_ATTRIBUTE } from '~/lib/island';
import { LEAD_ATTRIBUTE } from '~/lib/lead-trigger';
import { EARLY_INSTALL_OFFER } from '~/lib/pwa-state';

export const RELOAD_ATTRIBUTE = 'data-reload';
const PENDING = '__islandClicks';

export type PendingAction = { type: 'click' | 'submit'; target: Element };
type PendingWindow = Window & { [PENDING]?: PendingAction[] | null };
/** What the bootstrap holds back until the islands are hydrated. */
const HELD = {
  click: `[${LEAD_ATTRIBUTE}],[${RELOAD_ATTRIBUTE}],[${ISLAND_ATTRIBUTE}] button,[${ISLAND_ATTRIBUTE}] a[role=button]`,
  submit: `[${ISLAND_ATTRIBUTE}] form`,
};

/**
 * What the entry needs to load: its URL and the chunks it imports, dependencies first. They are
 * fetched together, then evaluated one by one, each in its own task, before the entry itself.
 */
export type IslandAssets = { entry: string; preload: string[]; dev?: boolean };

/**
 * The browser's install offer (beforeinstallprompt) may come before the islands, on a returning
 * visit: kept on `window` (`w`) for app/lib/pwa-state.ts, and the browser's own infobar held back.
 */
export const INSTALL_OFFER_CATCHER = `w.addEventListener('beforeinstallprompt',function(e){e.preventDefault();w.${EARLY_INSTALL_OFFER}=e});`;

/** The inline script's source. Written in plain ES2017: it runs before any bundler code. */
export function bootstrapScript({ entry, preload, dev }: IslandAssets): string {
  const urls = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  // In `npm run dev`, React refresh expects its runtime before any component module: React
  // Router's own module installs it (the one its <Scripts /> imports first).
  const start = dev
    ? `import('/@id/__x00__virtual:react-router/inject-hmr-runtime').then(function(){return import(a.entry)})`
    : `a.preload.reduce(function(p,u){return p.then(function(){return import(u)}).then(pause)},Promise.resolve()).then(function(){return import(a.entry)})`;
  return `(function(){var a=${urls},w=window,d=document,s=0;w.${PENDING}=[];${INSTALL_OFFER_CATCHER}
function pause(){return new Promise(function(r){setTimeout(r,0)})}
function go(){if(s)return;s=1;a.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});${start}.catch(function(e){s=0;console.error(e)})}
['click','submit'].forEach(function(k){var sel=${JSON.stringify(HELD)}[k];d.addEventListener(k,function(e){var q=w.${PENDING},t=e.target&&e.target.closest&&e.target.closest(sel);if(!q||!t)return;e.preventDefault();e.stopPropagation();q.push({type:k,target:t});go()},true)});
['pointerdown','keydown','touchstart','focusin'].forEach(function(t){w.addEventListener(t,go,{capture:true,once:true,passive:true})});
function idle(){'requestIdleCallback'in w?w.requestIdleCallback(go,{timeout:3000}):setTimeout(go,1000)}
d.readyState==='complete'?idle():w.addEventListener('load',idle,{once:true})})()`;
}

/** What the bootstrap kept; from now on the islands' own handlers answer. */
export function takePendingActions(): PendingAction[] {
  const target = window as PendingWindow;
  const pending = target[PENDING] ?? [];
  target[PENDING] = null;
  return pending;
}
