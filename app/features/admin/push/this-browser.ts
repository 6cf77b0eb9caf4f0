/**
 * This browser and the staff's notifications (docs/decisions/080-staff-push.md): whether it can
 * receive them, its subscription, and turning it on or off. Its push service and the site's
 * service worker must answer an activation within PUSH_SUBSCRIBE_TIMEOUT_MS together, or the
 * admin is told so and may try again (docs/decisions/104-push-device-events.md).
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PushDevice } from '#common/schemas/push.ts';
import { registerServiceWorker } from '~/lib/service-worker';
import { addDeviceMutation, removeDeviceMutation } from './data';

/** "Chrome sur Android": enough for a person to tell their devices apart. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Navigateur';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iPhone'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'appareil inconnu';
  return `${browser} sur ${system}`;
}

export type BrowserState = 'checking' | 'unsupported' | 'denied' | 'ready';

/** The VAPID public key (base64url) as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** How long the service worker and the browser's push service may take to answer an activation. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;
export const PUSH_SERVICE_SILENT_MESSAGE =
  'Le service de notifications de ce navigateur ne répond pas. Vérifiez la connexion, réessayez plus tard ou utilisez un autre navigateur.';
const BROWSER_REFUSED_MESSAGE = 'Ce navigateur a refusé l’abonnement aux notifications. Réessayez plus tard.';

/** The service worker or the push service did not answer in time (a network that blocks it…). */
class PushServiceSilent extends Error {
  override name = 'PushServiceSilent';
}

/** `work`'s answer, or PushServiceSilent once `ms` have passed without one. */
function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushServiceSilent()), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The site's worker (installed by any visit of the public pages, or now), ready, then subscribed. */
async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const registration =
    (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker());
  if (!registration) throw new Error('no service worker to receive notifications');
  const active = await navigator.serviceWorker.ready;
  return active.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/**
 * This browser's state and subscription; `activate` subscribes it and registers it as one of the
 * admin's devices, `forget` removes a device (and unsubscribes this browser when it is the one).
 * `failure` says why the last activation did not happen on the browser's side; the server's
 * refusals are the mutation's toasts.
 */
export function useThisBrowser() {
  const [state, setState] = useState<BrowserState>('checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [activating, setActivating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useMutation(addDeviceMutation());
  const remove = useMutation(removeDeviceMutation());

  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
      setState('unsupported');
      return;
    }
    setState(Notification.permission === 'denied' ? 'denied' : 'ready');
    void navigator.serviceWorker.getRegistration('/').then(async (registration) => {
      const subscription = await registration?.pushManager.getSubscription();
      setEndpoint(subscription?.endpoint ?? null);
    });
  }, []);

  async function subscribe(publicKey: string): Promise<PushSubscription | null> {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'denied' : 'ready');
      return null;
    }
    try {
      return await withinDeadline(subscribeThisBrowser(publicKey), PUSH_SUBSCRIBE_TIMEOUT_MS);
    } catch (error) {
      setFailure(error instanceof PushServiceSilent ? PUSH_SERVICE_SILENT_MESSAGE : BROWSER_REFUSED_MESSAGE);
      return null;
    }
  }

  async function activate(publicKey: string) {
    setActivating(true);
    setFailure(null);
    try {
      const subscription = await subscribe(publicKey);
      if (!subscription) return;
      const { keys } = subscription.toJSON();
      try {
        await add.mutateAsync({
          endpoint: subscription.endpoint,
          keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
          label: deviceLabel(navigator.userAgent),
        });
        setEndpoint(subscription.endpoint);
      } catch {
        // Refused by the server (toasted by the mutation): the browser keeps no subscription of it.
        await subscription.unsubscribe().catch(() => undefined);
      }
    } finally {
      setActivating(false);
    }
  }

  async function forget(device: PushDevice) {
    await remove.mutateAsync(device);
    if (device.endpoint === endpoint) {
      const registration = await navigator.serviceWorker.getRegistration('/');
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      setEndpoint(null);
    }
  }

  return { state, endpoint, activating, failure, activate, forget, removing: remove.isPending };
}
