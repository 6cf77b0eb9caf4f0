/**
 * The signed-in admin's devices for the staff's notifications (docs/decisions/080-staff-push.md;
 * contract: common/schemas/push.ts).
 */
import type { PushDevice, PushDeviceInput, PushEvent, PushSettings } from '#common/schemas/push.ts';
import { createAdminMutation, createAdminQuery } from '../data/admin-data';

export const PUSH_KEY = '/api/admin/push';

export const pushSettingsQuery = createAdminQuery<PushSettings>({ queryKey: [PUSH_KEY], url: PUSH_KEY });

export const addDeviceMutation = createAdminMutation({
  method: 'POST',
  url: `${PUSH_KEY}/devices`,
  body: (input: PushDeviceInput) => input,
  read: (body: { device: PushDevice }) => body.device,
  invalidates: [PUSH_KEY],
  toast: () => ({ title: 'Notifications activées sur cet appareil' }),
  errorToast: { title: 'Activation impossible' },
});

export const removeDeviceMutation = createAdminMutation({
  method: 'DELETE',
  url: (device: PushDevice) => `${PUSH_KEY}/devices/${device.id}`,
  invalidates: [PUSH_KEY],
  toast: (device) => ({ title: 'Appareil supprimé', description: device.label }),
  errorToast: { title: 'Suppression impossible' },
});

export const testDeviceMutation = createAdminMutation({
  method: 'POST',
  url: (device: PushDevice) => `${PUSH_KEY}/devices/${device.id}/test`,
  toast: (device) => ({
    title: 'Notification de test envoyée',
    description: `Elle arrive sur « ${device.label} » dans quelques secondes.`,
  }),
  errorToast: { title: 'Envoi impossible' },
});

/** The kinds of event one device announces (docs/decisions/104-push-device-events.md). */
export const deviceEventsMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ device }: { device: PushDevice; events: PushEvent[] }) => `${PUSH_KEY}/devices/${device.id}`,
  body: ({ events }) => ({ events }),
  read: (body: { device: PushDevice }) => body.device,
  invalidates: [PUSH_KEY],
  refreshOn: 'error',
  updates: (device) => [
    [PUSH_KEY],
    (settings: PushSettings | undefined) =>
      settings && {
        ...settings,
        devices: settings.devices.map((one) => (one.id === device.id ? device : one)),
      },
  ],
  toast: (device) => ({ title: 'Choix enregistré', description: device.label }),
  errorToast: { title: 'Enregistrement impossible' },
});
