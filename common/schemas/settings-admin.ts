/**
 * Site settings and company figures in the back-office (decision 016), shared by the settings
 * screen's forms and the server. Routes (behind the admin guard):
 * - GET    /api/admin/settings            -> { settings: AdminSetting[] } (every category, private ones too)
 * - PATCH  /api/admin/settings            SettingsUpdate ({ "contact.phone": "...", ... }) -> { settings: AdminSetting[] }
 * - GET    /api/admin/settings/stats      -> { stats: AdminStat[] } (inactive ones too, by order)
 * - POST   /api/admin/settings/stats      StatInput -> 201 { stat }
 * - PATCH  /api/admin/settings/stats/:id  StatUpdate -> { stat }
 * - DELETE /api/admin/settings/stats/:id  -> 204
 * - PUT    /api/admin/settings/stats/order  StatOrder ({ ids }) -> { stats: AdminStat[] }
 *
 * A setting's value is checked by the rule of its key (an email, an https link, a phone number
 * normalised by libphonenumber...), other keys as plain text. Values are normalised here, so the
 * form shows and the server stores the same thing.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { DEFAULT_PHONE_REGION } from '../constants.ts';
import { xHandle } from '../site.ts';
import { SINGLE_LINE, singleLine, strictObjectError, tooLong } from './fields.ts';

export {
  type AdminSetting,
  type AdminStat,
  formatStat,
  PRIVATE_SETTING_CATEGORIES,
  SETTING_CATEGORY_LABELS,
  SETTING_CATEGORY_ORDER,
  SETTING_LABELS,
  settingCategoryLabel,
  settingLabel,
} from './settings-labels.ts';

const REQUIRED = 'Ce champ est obligatoire.';

const text = (max: number, options: { required?: boolean; multiline?: boolean } = {}) => {
  let schema = z.string({ error: 'Valeur invalide.' }).trim().max(max, tooLong(max));
  if (!options.multiline) schema = schema.regex(SINGLE_LINE, singleLine);
  return options.required ? schema.min(1, { error: REQUIRED }) : schema;
};

const email = z
  .string({ error: 'Email invalide' })
  .trim()
  .toLowerCase()
  .min(1, { error: REQUIRED })
  .max(254, tooLong(254))
  .pipe(z.email({ error: 'Email invalide' }));

/** An https link (what the footer and the social profiles need), or nothing when optional. */
const httpsUrl = (required: boolean) =>
  z
    .string({ error: 'Adresse invalide.' })
    .trim()
    .max(500, tooLong(500))
    .refine((value) => (required ? value !== '' : true), { error: REQUIRED })
    .refine((value) => value === '' || isHttpsUrl(value), {
      error: 'Adresse invalide : elle doit commencer par https://',
    });

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * A phone number libphonenumber accepts (a Congolese number may be typed without +243), returned
 * in the given shape: 'as-typed' (the number visitors read, grouped the way the agency writes it,
 * e.g. '+243 81 234 5678'; a local '0812345678' gets its +243) or 'digits' (E.164 without '+', what wa.me links want).
 */
const phone = (shape: 'as-typed' | 'digits') =>
  z
    .string({ error: 'Numéro de téléphone invalide.' })
    .trim()
    .min(1, { error: REQUIRED })
    .max(40, tooLong(40))
    .transform((value, ctx) => {
      const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION);
      if (!parsed?.isValid()) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message:
            'Numéro de téléphone invalide : indiquez-le au format international, par ex. +243 812 345 678.',
        });
        return z.NEVER;
      }
      if (shape === 'digits') return parsed.number.slice(1);
      // Kept as typed when international; a local number gets its country code.
      return value.startsWith('+') ? value : parsed.formatInternational();
    });

const KEY_RULES: Record<string, z.ZodType<string, string>> = {
  'site.name': text(80, { required: true }),
  'site.tagline': text(160),
  'site.description': text(500, { multiline: true }),
  'contact.email': email,
  'contact.phone': phone('as-typed'),
  'contact.whatsapp': phone('digits'),
  'contact.address': text(300, { required: true }),
  'contact.hours': text(160),
  // The footer always links Instagram and TikTok: they cannot be emptied.
  'social.instagram': httpsUrl(true),
  'social.tiktok': httpsUrl(true),
  'social.linkedin': httpsUrl(false),
  'social.facebook': httpsUrl(false),
  // Named in share cards as its handle (twitter:site, common/site.ts): a profile's address or nothing.
  'social.x': httpsUrl(false).refine((value) => !isHttpsUrl(value) || xHandle(value) !== null, {
    error: 'Adresse invalide : indiquez celle du profil, par exemple https://x.com/lisangadigital',
  }),
  'seo.default_title': text(120, { required: true }),
  'seo.default_description': text(320, { required: true, multiline: true }),
  // Goes into the From header of every email: one line.
  'email.sender_name': text(100, { required: true }),
  'email.sender_email': email,
  'email.notification_to': email,
  'email.notification_from': email,
  // Per-person tracking of campaign emails (decision 018): switched on or off, nothing else.
  'email.tracking_enabled': z.enum(['true', 'false'], { error: 'Choisissez activé ou désactivé.' }),
  // Written in the call's emails and its calendar invitation (docs/decisions/077-call-booking.md).
  'booking.meeting_details': text(500, { required: true, multiline: true }),
};

/** Keys without their own rule: text, up to 2 000 characters. */
const GENERIC_RULE = text(2000, { multiline: true });

/** The rule of one key (the settings form builds its resolver from these). */
export function settingValueSchema(key: string): z.ZodType<string, string> {
  return KEY_RULES[key] ?? GENERIC_RULE;
}

/** Settings that are a switch: 'true' or 'false'. */
export function isBooleanSetting(key: string): boolean {
  return key === 'email.tracking_enabled';
}

/** Whether the value is better edited in a multi-line box. */
export function isLongSetting(key: string): boolean {
  return ['site.description', 'seo.default_description'].includes(key);
}

const SETTING_KEY = /^[a-z0-9_]+(\.[a-z0-9_]+)*$/;
export const MAX_SETTINGS_PER_UPDATE = 50;

/**
 * `{ key: value }` for the settings to change (any number of categories at once). Each value is
 * checked and normalised by its key's rule; an error is reported on the key itself. Whether the
 * key exists is the server's business (404-like 400 'Paramètre inconnu.').
 */
export const SettingsUpdateSchema = z
  .record(z.string(), z.unknown(), { error: 'Requête invalide.' })
  .transform((input, ctx) => {
    const entries = Object.entries(input);
    if (entries.length === 0) {
      ctx.issues.push({ code: 'custom', input, message: 'Aucun paramètre à enregistrer.' });
      return z.NEVER;
    }
    if (entries.length > MAX_SETTINGS_PER_UPDATE) {
      ctx.issues.push({ code: 'custom', input, message: 'Trop de paramètres à la fois.' });
      return z.NEVER;
    }
    const values: Record<string, string> = {};
    for (const [key, value] of entries) {
      if (!SETTING_KEY.test(key) || key.length > 100) {
        ctx.issues.push({ code: 'custom', input: key, path: [key], message: 'Paramètre inconnu.' });
        continue;
      }
      const result = settingValueSchema(key).safeParse(value);
      if (result.success) values[key] = result.data;
      else
        ctx.issues.push({
          code: 'custom',
          input: value,
          path: [key],
          message: result.error.issues[0]?.message ?? 'Valeur invalide.',
        });
    }
    return values;
  });
export type SettingsUpdate = z.output<typeof SettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Company figures (company_stats): the claims of the home page and the about page
// ---------------------------------------------------------------------------------------------

/** A whole number, typed in a form (a string) or sent as JSON; an empty box is not zero. */
const integer = (message: string, min: [number, string], max: [number, string]) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.coerce
      .number({ error: message })
      .refine((v) => Number.isFinite(v), { error: message })
      .pipe(
        z
          .number()
          .int({ error: 'Saisissez un nombre entier.' })
          .min(min[0], { error: min[1] })
          .max(max[0], { error: max[1] }),
      ),
  );

const statValue = () =>
  integer(
    'La valeur doit être un nombre.',
    [0, 'La valeur ne peut pas être négative'],
    [1_000_000_000, 'La valeur est trop grande.'],
  );
const statOrder = () =>
  integer(
    'L’ordre doit être un nombre.',
    [0, 'L’ordre ne peut pas être négatif'],
    [10_000, 'L’ordre est trop grand.'],
  );

export const StatInputSchema = z.strictObject(
  {
    name: text(80, { required: true }),
    value: statValue(),
    unit: text(10).default(''),
    description: text(300).default(''),
    order: statOrder().optional(),
    isActive: z.boolean({ error: 'Valeur invalide.' }).default(true),
  },
  strictObjectError,
);
export type StatInput = z.input<typeof StatInputSchema>;

/** Any subset of the fields; nothing else (no id, no updatedAt). */
export const StatUpdateSchema = z
  .strictObject(
    {
      name: text(80, { required: true }),
      value: statValue(),
      unit: text(10),
      description: text(300),
      order: statOrder(),
      isActive: z.boolean({ error: 'Valeur invalide.' }),
    },
    strictObjectError,
  )
  .partial();

/** The new order: every figure's id, first shown first. */
export const StatOrderSchema = z.strictObject(
  {
    ids: z
      .array(z.uuid({ error: 'Identifiant invalide.' }), { error: 'Liste invalide.' })
      .min(1, { error: 'Liste vide.' })
      .max(100, { error: 'Trop de chiffres.' }),
  },
  strictObjectError,
);
