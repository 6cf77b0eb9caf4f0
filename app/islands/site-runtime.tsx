/**
 * What public pages show that belongs to no visible block, as one island at the end of the page
 * (docs/decisions/030-public-islands.md): the quote and call modals' host (docs/product.md §2.7),
 * the toasts and the PWA overlays. On the server it renders nothing, and in the browser it is
 * mounted at the visitor's first interaction with the page (the modals' code is then warmed, so a
 * tap on a button opens a complete modal at once), or as soon as one of them is asked for
 * (`wake`, live.ts): until then the page loads no React for it. The rest of the page's behaviour is
 * framework-free, in the entry (live.ts): the "Chargement en cours..." notice, the /?devis=1
 * shortcut, the startup prefetches, the PWA runtime.
 */
import { ToastMount } from '~/components/ui/toast-mount';
import { LeadModalsHost } from '~/features/leads/lead-modals';
import { PwaOverlays } from '~/features/pwa/pwa-overlays';
import { island } from '~/lib/island';

export function SiteRuntime() {
  return (
    <>
      <LeadModalsHost preloadNow />
      <PwaOverlays />
      <ToastMount />
    </>
  );
}

export const SiteRuntimeIsland = island('site-runtime', SiteRuntime, {
  wake: ['demand', 'first-interaction'],
});
