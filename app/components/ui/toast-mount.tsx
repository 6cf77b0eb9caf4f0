/**
 * Where toasts appear, mounted once near the root of the app. It weighs almost nothing: the Radix
 * toaster (./toast) is fetched only when the first toast is requested, and stays mounted after.
 *
 * `preload` (the back-office) fetches and mounts the toaster as soon as the page is idle instead.
 * Live toasts come unasked there: fetched on demand, a toast that came while the toaster was still
 * loading was replaced unseen by the next one (two leads a moment apart showed one toast).
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from '~/lib/idle';
import { getServerToastSnapshot, getToastSnapshot, subscribeToasts } from '~/lib/toast';

const loadToaster = () => import('./toast');
const Toaster = lazy(loadToaster);

export function ToastMount({ preload = false }: { preload?: boolean }) {
  const item = useSyncExternalStore(subscribeToasts, getToastSnapshot, getServerToastSnapshot);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!preload) return;
    let active = true;
    whenIdle(() => {
      loadToaster().then(
        () => active && setReady(true),
        () => {}, // Offline and not cached: the first toast fetches it again, as on public pages.
      );
    });
    return () => {
      active = false;
    };
  }, [preload]);
  if (!item && !ready) return null;
  // Straight under <body>, not inside the island that mounts it: a modal dialog open at the time
  // hides the rest of the page from assistive technology, and would hide the toast with it.
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    document.body,
  );
}
