// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { InstallOffer } from '~/lib/pwa-state.ts';
import { bootstrapScript, INSTALL_OFFER_CATCHER } from './bootstrap';

const offerEvent = () =>
  Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  }) as InstallOffer;

/** The PWA state as the islands load it: a fresh module, after whatever happened on the page. */
async function loadPwaState() {
  vi.resetModules();
  return import('~/lib/pwa-state.ts');
}

describe('the install offer made before the islands are loaded', () => {
  it('is caught by the inline bootstrap, kept from the browser, and offered by our prompt once it loads', async () => {
    expect(bootstrapScript({ entry: '/assets/entry.js', preload: [] })).toContain(INSTALL_OFFER_CATCHER);
    // Only the catcher: the whole bootstrap would also hold clicks back and load the islands.
    new Function('w', INSTALL_OFFER_CATCHER)(window);

    // A returning visitor: the browser offers installation while the islands still wait for idle.
    const offer = offerEvent();
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);

    // The islands load: the PWA state takes the offer, and the runtime schedules its prompt.
    const pwa = await loadPwaState();
    expect(pwa.getPwaState().installOffer).toBe(offer);
    const scheduled: InstallOffer[] = [];
    pwa.handleInstallOffers((caught) => scheduled.push(caught));
    expect(scheduled).toEqual([offer]);

    // A later offer goes straight to the loaded state, once.
    const later = offerEvent();
    window.dispatchEvent(later);
    expect(pwa.getPwaState().installOffer).toBe(later);
    expect(scheduled).toEqual([offer, later]);
  });
});
