/**
 * The PWA's mount point, rendered around the whole app (app/root.tsx; spec §2: both overlays).
 * In the first load it only subscribes to the PWA state: the behaviour (pwa-runtime.ts) loads
 * once the page is idle, and each overlay's code only when it is shown (docs/decisions/005).
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useLeadModals } from '~/features/leads/lead-modals';
import { whenIdle } from '~/lib/idle';
import { getPwaState, getServerPwaState, subscribePwa } from './pwa-store.ts';

const InstallPrompt = lazy(() => import('./install-prompt.tsx'));
const UpdateCard = lazy(() => import('./update-card.tsx'));

export function usePwaState() {
  return useSyncExternalStore(subscribePwa, getPwaState, getServerPwaState);
}

export function PwaOverlays() {
  const state = usePwaState();
  useEffect(() => {
    whenIdle(() => {
      import('./pwa-runtime.ts')
        .then(({ startPwa }) => startPwa())
        .catch((error) => console.warn('PWA start failed', error));
    });
  }, []);
  return (
    <Suspense fallback={null}>
      {state.installVisible ? <InstallPrompt /> : null}
      {state.updateVisible ? <UpdateCard /> : null}
    </Suspense>
  );
}

/** The manifest's "Demander un devis" shortcut opens /?devis=1: the quote modal, then a clean URL. */
export function QuoteShortcut() {
  const { pathname, search } = useLocation();
  const { openQuote } = useLeadModals();
  useEffect(() => {
    if (pathname !== '/' || !new URLSearchParams(search).has('devis')) return;
    openQuote();
    const url = new URL(window.location.href);
    url.searchParams.delete('devis');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [pathname, search, openQuote]);
  return null;
}
