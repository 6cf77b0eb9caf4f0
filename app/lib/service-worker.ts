/**
 * Service worker registration (docs/product.md §4.8, §8.6; decision 020): '/sw.js' at scope '/', its script
 * never taken from the HTTP cache, readiness awaited up to SW_READY_TIMEOUT. Every failure is a warning and
 * the site goes on without offline mode. Production builds only: in `npm run dev` no worker is registered and
 * one left by a production run on the same address is removed, so that it never serves stale files to the
 * development server (docs/decisions/020-pwa.md).
 */
import { SW_READY_TIMEOUT } from '#common/constants.ts';

/** Where plain http is accepted: the browser treats these as secure contexts. */
export function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]' ||
    hostname.endsWith('.localhost')
  );
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    console.warn('Service workers are not supported: the site runs without offline mode.');
    return null;
  }
  if (import.meta.env.DEV) {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      await registration.unregister();
    }
    return null;
  }
  if (location.protocol !== 'https:' && !isLocalHost(location.hostname)) {
    console.warn('Service worker requires HTTPS: registration skipped.');
    return null;
  }
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ready = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SW_READY_TIMEOUT);
      }),
    ]);
    clearTimeout(timer);
    if (!ready) console.warn('SW timeout');
    return registration;
  } catch (error) {
    console.warn('Service worker registration failed: the site runs without offline mode.', error);
    return null;
  }
}
