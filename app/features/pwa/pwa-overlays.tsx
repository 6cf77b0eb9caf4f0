/**
 * The PWA's mount point (docs/product.md §2.12: both overlays), in the site-runtime island of public pages
 * and in the back-office's root (app/root.tsx). In the first load it only subscribes to the PWA state: the
 * behaviour (pwa-runtime.ts) loads once the page is idle, and each overlay's code only when it is shown
 * (docs/decisions/005).
 */
import { lazy, Suspense, useEffect } from 'react';
import { whenIdle } from '~/lib/idle';
import { usePwaState } from '~/lib/use-pwa-state.ts';

const InstallPrompt = lazy(() => import('./install-prompt.tsx'));
const UpdateCard = lazy(() => import('./update-card.tsx'));

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
