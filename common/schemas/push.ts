/**
 * The staff's push notifications (docs/decisions/080-staff-push.md), as the settings screen and
 * the server share them. Routes (behind the admin guard), for the signed-in admin's own devices:
 * - GET    /api/admin/push                    -> PushSettings
 * - POST   /api/admin/push/devices            PushDeviceInput -> 201 { device }
 * - DELETE /api/admin/push/devices/:id        -> 204
 * - PATCH  /api/admin/push/devices/:id        PushDeviceEventsInput -> { device } (what it announces)
 * - POST   /api/admin/push/devices/:id/test   -> 202 (a test notification to that device)
 */
import { z } from 'zod';
import { requiredText, strictObjectError } from './fields.ts';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const key = (message: string, min: number, max: number) =>
  z.string({ error: message }).min(min, { error: message }).max(max, { error: message }).regex(BASE64URL, {
    error: message,
  });

export const PushDeviceSchema = z.strictObject(
  {
    endpoint: z
      .url({
        protocol: /^https$/,
        error: 'Adresse de notification invalide : elle doit commencer par https://',
      })
      .max(1000, { error: 'Adresse de notification trop longue.' }),
    keys: z.strictObject(
      {
        // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22).
        p256dh: key('Clé de chiffrement invalide.', 80, 100),
        auth: key('Secret d’authentification invalide.', 20, 30),
      },
      strictObjectError,
    ),
    label: requiredText(1, 80, {
      missing: 'Nom de l’appareil invalide.',
      long: 'Nom de l’appareil trop long (80 caractères au plus).',
    }),
  },
  strictObjectError,
);
export type PushDeviceInput = z.infer<typeof PushDeviceSchema>;

/**
 * The kinds of event a device may announce, each the prefix of its notifications' keys
 * (server/push/notify.ts), with what the checklist calls it (docs/decisions/104-push-device-events.md).
 */
export const PUSH_EVENTS = ['lead', 'call', 'subscriber', 'campaign', 'backup'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];
export const PUSH_EVENT_LABELS: Record<PushEvent, string> = {
  lead: 'Nouvelle demande de contact',
  call: 'Appel réservé, déplacé ou annulé',
  subscriber: 'Nouvel abonné confirmé à la newsletter',
  campaign: 'Campagne envoyée ou non envoyée',
  backup: 'Sauvegarde en échec',
};

const NO_EVENT = 'Choisissez au moins un événement, ou supprimez cet appareil.';
export const PushDeviceEventsSchema = z.strictObject(
  {
    events: z
      .array(z.enum(PUSH_EVENTS, { error: 'Événement inconnu.' }), { error: NO_EVENT })
      .min(1, { error: NO_EVENT })
      .refine((events) => new Set(events).size === events.length, { error: 'Événement en double.' }),
  },
  strictObjectError,
);
export type PushDeviceEventsInput = z.infer<typeof PushDeviceEventsSchema>;

export type PushDevice = {
  id: string;
  label: string;
  createdAt: string;
  /** The last notification the device's push service accepted. */
  lastSuccessAt: string | null;
  /** Its push service's address: the screen finds "this browser" in the list with it. */
  endpoint: string;
  /** The kinds of event it announces, in PUSH_EVENTS's order. */
  events: PushEvent[];
};

export type PushSettings = {
  /** The VAPID public key the browser subscribes with (applicationServerKey). */
  publicKey: string;
  devices: PushDevice[];
};
