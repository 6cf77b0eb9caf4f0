/**
 * Where toasts appear, mounted once near the root of the app. It weighs almost nothing: the Radix
 * toaster (./toast) is fetched only when the first toast is requested, and stays mounted after.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { getServerToastSnapshot, getToastSnapshot, subscribeToasts } from '~/lib/toast';

const Toaster = lazy(() => import('./toast'));

export function ToastMount() {
  const item = useSyncExternalStore(subscribeToasts, getToastSnapshot, getServerToastSnapshot);
  if (!item) return null;
  // Straight under <body>, not inside the island that mounts it: a modal dialog open at the time
  // hides the rest of the page from assistive technology, and would hide the toast with it.
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    document.body,
  );
}
