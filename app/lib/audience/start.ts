/**
 * The audience measurement on a public page (docs/decisions/084-first-party-audience.md), started
 * by the islands' entry (app/islands/entry.client.ts): the page records itself in the tab's visit
 * at once (a form may be sent before the page is idle), and the beacon starts once the page is
 * idle, so that it never competes with the first paint or the islands (the build puts its module
 * in the runtime chunk the entry imports: the import costs no request).
 * A page that is not measured (page.ts) does not start it. A page the browser prerenders (as
 * Chrome does from its address bar) starts only once the visitor is shown it, if ever.
 */
import { whenIdle } from '../idle';
import { measurable } from './page';
import { recordVisit } from './visit';

type LoadBeacon = () => Promise<Pick<typeof import('./beacon'), 'startBeacon'>>;

export function startAudience(load: LoadBeacon = () => import('./beacon')): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', () => startAudience(load), { once: true });
    return;
  }
  recordVisit();
  if (!measurable()) return;
  whenIdle(() => {
    load()
      .then(({ startBeacon }) => startBeacon())
      .catch(() => undefined);
  });
}
