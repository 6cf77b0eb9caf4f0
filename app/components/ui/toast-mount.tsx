/**
 * Where toasts appear, mounted once near the root of the app. It weighs almost nothing: the Radix
 * toaster (./toast) is fetched only when the first toast is requested, and stays mounted after.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getServerToastSnapshot, getToastSnapshot, subscribeToasts } from '~/lib/toast';

const Toaster = lazy(() => import('./toast'));

export function ToastMount() {
  const item = useSyncExternalStore(subscribeToasts, getToastSnapshot, getServerToastSnapshot);
  if (!item) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
