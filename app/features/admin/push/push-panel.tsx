/**
 * Settings, "Notifications" (docs/decisions/080-staff-push.md): this browser can be allowed to
 * receive the staff's notifications (new lead, new confirmed subscriber, call booked or
 * cancelled, campaign sent, failed backup), and each of one's devices chooses the events it
 * announces (104), gets a test or is removed.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import BellRing from 'lucide-react/icons/bell-ring';
import { Button } from '~/components/ui/button';
import { SettingsCard } from '../kit/page';
import { Loading, Rows } from '../kit/skeleton';
import { pushSettingsQuery, testDeviceMutation } from './data';
import { DeviceRow } from './device-row';
import { type BrowserState, useThisBrowser } from './this-browser';

/** What this browser can do: receive notifications already, be turned on, or why not. */
function ThisBrowserStatus({
  state,
  receiving,
  failure,
  activating,
  onActivate,
}: {
  state: BrowserState;
  receiving: boolean;
  failure: string | null;
  activating: boolean;
  /** Absent until the site's key is known. */
  onActivate?: () => void;
}) {
  if (state === 'unsupported')
    return (
      <p className="text-sm text-gray-800">
        Ce navigateur ne peut pas recevoir de notifications. Sur iPhone, ajoutez d’abord le site à l’écran
        d’accueil, puis ouvrez-le depuis son icône.
      </p>
    );
  if (state === 'denied')
    return (
      <p className="text-sm text-gray-800">
        Les notifications sont bloquées pour ce site. Autorisez-les dans les réglages du navigateur (icône à
        gauche de l’adresse), puis revenez ici.
      </p>
    );
  if (receiving)
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-brand-800">
        <BellRing className="size-4 shrink-0" aria-hidden="true" />
        Cet appareil reçoit les notifications.
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-800">Cet appareil ne reçoit pas encore les notifications.</p>
        <Button
          onClick={onActivate}
          disabled={state !== 'ready' || activating || !onActivate}
          className="shrink-0"
        >
          <BellRing className="size-4" aria-hidden="true" />
          {activating ? 'Activation…' : 'Activer sur cet appareil'}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

export function PushPanel() {
  const settings = useQuery(pushSettingsQuery);
  const browser = useThisBrowser();
  const test = useMutation(testDeviceMutation());
  const publicKey = settings.data?.publicKey;
  const devices = settings.data?.devices ?? [];
  return (
    <SettingsCard
      titleId="push-title"
      title="Notifications sur mes appareils"
      description="Une notification à chaque nouvelle demande, nouvel abonné confirmé, appel réservé ou annulé, à la fin de l’envoi d’une campagne et à chaque sauvegarde en échec ; chaque appareil choisit les siennes. Un appui ouvre la bonne page. Sur un téléphone, installez d’abord l’application (menu du navigateur, « Ajouter à l’écran d’accueil »)."
      className="max-w-2xl"
    >
      <div className="rounded-lg bg-gray-50 p-3" aria-live="polite">
        <ThisBrowserStatus
          state={browser.state}
          receiving={devices.some((device) => device.endpoint === browser.endpoint)}
          failure={browser.failure}
          activating={browser.activating}
          onActivate={publicKey ? () => void browser.activate(publicKey) : undefined}
        />
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
            <DeviceRow
              key={device.id}
              device={device}
              isThisBrowser={device.endpoint === browser.endpoint}
              onTest={() => test.mutate(device)}
              testing={test.isPending}
              onRemove={() => void browser.forget(device).catch(() => undefined)}
              removing={browser.removing}
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
