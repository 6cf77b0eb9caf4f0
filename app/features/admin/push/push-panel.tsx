/**
 * Settings, "Notifications" (docs/decisions/080-staff-push.md): this browser can be allowed to
 * receive the staff's notifications (new lead, new confirmed subscriber, call booked or
 * cancelled, campaign sent), and each of one's devices gets a test or is removed.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import BellRing from 'lucide-react/icons/bell-ring';
import Smartphone from 'lucide-react/icons/smartphone';
import { useEffect, useState } from 'react';
import type { PushDevice } from '#common/schemas/push.ts';
import { Button } from '~/components/ui/button';
import { toastError } from '~/lib/api';
import { registerServiceWorker } from '~/lib/service-worker';
import { Loading, Rows } from '../skeleton';
import { SettingsCard, SettingsRow } from '../ui';
import { addDeviceMutation, pushSettingsQuery, removeDeviceMutation, testDeviceMutation } from './data';

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

type BrowserState = 'checking' | 'unsupported' | 'denied' | 'ready';

/** The VAPID public key (base64url) as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Africa/Kinshasa',
  }).format(new Date(iso));

/** How long the browser's push service may take to answer an activation (10 s). */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;
export const PUSH_SERVICE_SILENT_MESSAGE =
  'Le service de notification de ce navigateur ne répond pas (10 secondes sans réponse) : vérifiez la connexion, puis réessayez.';

/** The push service did not answer in time (a network that blocks it, a browser without one). */
class PushServiceSilent extends Error {
  override name = 'PushServiceSilent';
}

export function PushPanel() {
  const settings = useQuery(pushSettingsQuery);
  const [state, setState] = useState<BrowserState>('checking');
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [activating, setActivating] = useState(false);
  const add = useMutation(addDeviceMutation());
  const remove = useMutation(removeDeviceMutation());
  const test = useMutation(testDeviceMutation());

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

  /** The browser's push service must answer within PUSH_SUBSCRIBE_TIMEOUT_MS, or the admin is told. */
  const subscribeOrGiveUp = (registration: ServiceWorkerRegistration, publicKey: string) =>
    new Promise<PushSubscription>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PushServiceSilent()), PUSH_SUBSCRIBE_TIMEOUT_MS);
      registration.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });

  async function activate() {
    const publicKey = settings.data?.publicKey;
    if (!publicKey) return;
    setActivating(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'ready');
        return;
      }
      let subscription: PushSubscription;
      try {
        // The site's worker, installed by any visit of the public pages, or now.
        const registration =
          (await navigator.serviceWorker.getRegistration('/')) ?? (await registerServiceWorker());
        if (!registration) throw new Error('no service worker to receive notifications');
        subscription = await subscribeOrGiveUp(registration, publicKey);
      } catch (error) {
        // The browser's refusal, or its push service silent; the server's is the mutation's toast.
        toastError(error, {
          title: 'Activation impossible',
          fallback:
            error instanceof PushServiceSilent
              ? PUSH_SERVICE_SILENT_MESSAGE
              : 'Ce navigateur a refusé l’abonnement aux notifications. Réessayez plus tard.',
        });
        return;
      }
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

  const devices = settings.data?.devices ?? [];
  const thisOne = devices.find((device) => device.endpoint === endpoint);
  return (
    <SettingsCard
      titleId="push-title"
      title="Notifications sur mes appareils"
      description="Une notification à chaque nouvelle demande, nouvel abonné confirmé, appel réservé ou annulé, et à la fin de l’envoi d’une campagne. Un appui ouvre la bonne page. Sur un téléphone, installez d’abord l’application (menu du navigateur, « Ajouter à l’écran d’accueil »)."
      className="max-w-2xl"
    >
      <div className="rounded-lg bg-gray-50 p-3" aria-live="polite">
        {state === 'unsupported' ? (
          <p className="text-sm text-gray-800">
            Ce navigateur ne peut pas recevoir de notifications. Sur iPhone, ajoutez d’abord le site à l’écran
            d’accueil, puis ouvrez-le depuis son icône.
          </p>
        ) : state === 'denied' ? (
          <p className="text-sm text-gray-800">
            Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages du navigateur (icône
            à gauche de l’adresse), puis revenez ici.
          </p>
        ) : thisOne ? (
          <p className="flex items-center gap-2 text-sm font-medium text-brand-800">
            <BellRing className="size-4 shrink-0" aria-hidden="true" />
            Cet appareil reçoit les notifications.
          </p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-gray-800">Cet appareil ne reçoit pas encore les notifications.</p>
            <Button
              onClick={activate}
              disabled={state !== 'ready' || activating || !settings.data}
              className="shrink-0"
            >
              <BellRing className="size-4" aria-hidden="true" />
              {activating ? 'Activation…' : 'Activer sur cet appareil'}
            </Button>
          </div>
        )}
      </div>

      <h3 className="mt-6 text-base font-semibold text-gray-900">Mes appareils</h3>
      {settings.isPending ? (
        <Loading className="mt-2">
          <Rows count={2} />
        </Loading>
      ) : devices.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Aucun appareil ne reçoit vos notifications.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200" aria-label="Mes appareils">
          {devices.map((device) => (
            <SettingsRow key={device.id}>
              <div className="flex min-w-0 items-start gap-3">
                <Smartphone className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">
                    {device.label}
                    {device.endpoint === endpoint ? (
                      <span className="ml-2 text-sm font-normal text-brand-800">(cet appareil)</span>
                    ) : null}
                  </p>
                  <p className="text-sm text-gray-600">Ajouté le {formatDate(device.createdAt)}</p>
                  <p className="text-sm text-gray-600">
                    {device.lastSuccessAt
                      ? `Dernière notification le ${formatDate(device.lastSuccessAt)}`
                      : 'Aucune notification pour l’instant'}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={test.isPending}
                  onClick={() => test.mutate(device)}
                >
                  Envoyer une notification de test
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  disabled={remove.isPending}
                  onClick={() => void forget(device).catch(() => undefined)}
                >
                  Supprimer
                </Button>
              </div>
            </SettingsRow>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
