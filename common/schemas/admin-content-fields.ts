/**
 * Field rules shared by the back-office's content schemas (services, team; decision 014), so the
 * same field is checked with the same French message everywhere, in the forms and on the server.
 */
import { z } from 'zod';
import { tooLong } from './fields.ts';

/** docs/product.md §5.4: service and team-member order must be 0 or more. */
export const ORDER_NEGATIVE_MESSAGE = 'L’ordre ne peut pas être négatif';
const ORDER_NOT_INTEGER = 'L’ordre doit être un nombre entier';
/** Far above any real list; keeps the value inside a PostgreSQL integer. */
export const ORDER_MAX = 100_000;

/**
 * A position in a list: an integer >= 0. An empty number field reaches the schema as NaN
 * (react-hook-form's valueAsNumber), which is reported as "not a whole number".
 */
export const OrderSchema = z
  .number({ error: ORDER_NOT_INTEGER })
  .int({ error: ORDER_NOT_INTEGER })
  .min(0, { error: ORDER_NEGATIVE_MESSAGE })
  .max(ORDER_MAX, { error: `L’ordre ne peut pas dépasser ${ORDER_MAX}` });

/**
 * The place and visibility of an item of an ordered list (a service, a team member, a testimonial,
 * a client logo), spread into its input schema.
 */
export const orderedItemFields = {
  /** Absent on creation: after the last item (for a service, the last of its siblings). */
  order: OrderSchema.optional(),
  isActive: z.boolean({ error: 'Valeur invalide' }).optional(),
};

/** An absolute https:// address with a dotted host name (no http, no javascript:, no intranet name). */
export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === ''
  );
}

/** True when `value` is an https:// address on `domain` or one of its subdomains. */
export function isHttpsUrlOn(value: string, domains: readonly string[]): boolean {
  if (!isHttpsUrl(value)) return false;
  const host = new URL(value).hostname.toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * An optional link: absent, null or blank means "none" (stored as null); anything else must pass
 * `check`. The form sends the text as typed; the server stores it trimmed.
 */
export function optionalLink(check: (value: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(500, tooLong(500))
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || check(value), { error: message });
}

/** Moving one item of an ordered list one place up or down (the server finds the neighbour). */
export const MoveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Direction invalide : « up » ou « down ».' }),
});
export type MoveDirection = z.infer<typeof MoveSchema>['direction'];
