/**
 * One of the admin's devices in the "Notifications" tab: what it is, the events it announces
 * (docs/decisions/104-push-device-events.md), a test notification and its removal.
 */
import { useMutation } from '@tanstack/react-query';
import Smartphone from 'lucide-react/icons/smartphone';
import { useId, useState } from 'react';
import {
  PUSH_EVENT_LABELS,
  PUSH_EVENTS,
  type PushDevice,
  PushDeviceEventsSchema,
  type PushEvent,
} from '#common/schemas/push.ts';
import { Button } from '~/components/ui/button';
import { ChoiceInput } from '../kit/ordered-content';
import { SettingsRow } from '../kit/page';
import { deviceEventsMutation } from './data';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Africa/Kinshasa',
  }).format(new Date(iso));

/** The checklist of the events one device announces, each change saved at once. */
function DeviceEvents({ device }: { device: PushDevice }) {
  const id = useId();
  const save = useMutation(deviceEventsMutation());
  const [error, setError] = useState<string>();
  // The choice shows at once, in the render of the click itself: the mutation's own pending state
  // arrives a tick later, and a controlled box rendered before it went back to its old state.
  const [saving, setSaving] = useState<PushEvent[]>();
  const chosen = saving ?? device.events;

  function toggle(event: PushEvent, on: boolean) {
    const events = PUSH_EVENTS.filter((one) => (one === event ? on : chosen.includes(one)));
    const checked = PushDeviceEventsSchema.safeParse({ events });
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    setSaving(events);
    save.mutate({ device, events }, { onSettled: () => setSaving(undefined) });
  }

  return (
    <fieldset className="mt-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-gray-900">
        Notifications reçues<span className="sr-only"> sur « {device.label} »</span>
      </legend>
      <div className="mt-2 flex flex-col gap-2">
        {PUSH_EVENTS.map((event) => (
          <ChoiceInput
            key={event}
            type="checkbox"
            label={PUSH_EVENT_LABELS[event]}
            checked={chosen.includes(event)}
            disabled={saving !== undefined}
            onChange={(change) => toggle(event, change.target.checked)}
          />
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function DeviceRow({
  device,
  isThisBrowser,
  onTest,
  testing,
  onRemove,
  removing,
}: {
  device: PushDevice;
  isThisBrowser: boolean;
  onTest: () => void;
  testing: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <SettingsRow className="sm:items-start">
      <div className="flex min-w-0 items-start gap-3">
        <Smartphone className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium text-gray-900">
            {device.label}
            {isThisBrowser ? (
              <span className="ml-2 text-sm font-normal text-brand-800">(cet appareil)</span>
            ) : null}
          </p>
          <p className="text-sm text-gray-600">Ajouté le {formatDate(device.createdAt)}</p>
          <p className="text-sm text-gray-600">
            {device.lastSuccessAt
              ? `Dernière notification le ${formatDate(device.lastSuccessAt)}`
              : 'Aucune notification pour l’instant'}
          </p>
          <DeviceEvents device={device} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={testing} onClick={onTest}>
          Envoyer une notification de test
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" disabled={removing} onClick={onRemove}>
          Supprimer
        </Button>
      </div>
    </SettingsRow>
  );
}
