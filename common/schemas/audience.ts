/**
 * The audience measurement's bodies (docs/decisions/084-first-party-audience.md):
 * - POST /api/audience: one beacon of the page's script, a page view or the engaged time;
 * - `visit` on the forms' bodies (POST /api/contact, /api/newsletter/subscribe, /api/calls/book):
 *   the tab's landing details, kept in its sessionStorage and sent with the form.
 */
import { z } from 'zod';
import { UTM_FIELDS, type UtmField } from '../audience.ts';
import { strictObjectError } from './fields.ts';

export const AUDIENCE_LIMITS = {
  /** A beacon's body, in bytes, beyond which it is refused with 413. */
  bodyBytes: 2_048,
  path: 300,
  referrer: 500,
  utm: 100,
  /** Pages of a visit kept with a conversion. */
  pages: 20,
  /** The longest engaged time counted for one page: 6 hours. */
  engagedMs: 6 * 3_600_000,
} as const;

/** A path of the site as the beacon reads it (`location.pathname`), without query or fragment. */
const path = z
  .string()
  .max(AUDIENCE_LIMITS.path)
  .regex(/^\/[^\s?#]*$/, { error: 'Chemin invalide.' });
const utmValue = z.string().trim().max(AUDIENCE_LIMITS.utm).optional();
const utm = Object.fromEntries(UTM_FIELDS.map((field) => [field, utmValue])) as Record<
  UtmField,
  typeof utmValue
>;

export const AudienceBeaconSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject(
      {
        type: z.literal('pageview'),
        path,
        /** `document.referrer`: only its host is kept, and only when it is another site. */
        referrer: z.string().max(AUDIENCE_LIMITS.referrer).optional(),
        ...utm,
      },
      strictObjectError,
    ),
    z.strictObject(
      {
        type: z.literal('engagement'),
        path,
        engagedMs: z.number().int().min(0).max(AUDIENCE_LIMITS.engagedMs),
      },
      strictObjectError,
    ),
  ],
  { error: 'Type de mesure inconnu.' },
);
export type AudienceBeacon = z.infer<typeof AudienceBeaconSchema>;

/**
 * The tab's visit as a form sends it. A malformed one never costs a lead: the forms' schemas read
 * it with `optionalVisit`, which drops it (the lead is kept without its source).
 */
export const VisitSchema = z.strictObject({
  /** `document.referrer` of the visit's first page: only its host is kept. */
  referrer: z.string().max(AUDIENCE_LIMITS.referrer).optional(),
  landingPath: path,
  ...utm,
  /** The visit's pages in order, up to and with the form's (the last `AUDIENCE_LIMITS.pages`). */
  pages: z.array(path).min(1).max(AUDIENCE_LIMITS.pages),
  /** All the pages the visit saw, the form's included. */
  pagesSeen: z.number().int().min(1).max(10_000),
});
export type VisitInput = z.infer<typeof VisitSchema>;

/** `visit` on a form's body: optional, and dropped (not refused) when malformed. */
export const optionalVisit = VisitSchema.optional().catch(undefined);
