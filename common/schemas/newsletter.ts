/**
 * Newsletter bodies (spec §5, §7), shared by the forms and the server. `isValidEmail` and the
 * topic list are plain exports so the footer form, shown on every page, can use them without
 * pulling zod into the first load.
 */
import { z } from 'zod';
import { NEWSLETTER_DEFAULT_LOCALE } from '../constants.ts';

export const NEWSLETTER_SOURCES = ['footer', 'website'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const INVALID_EMAIL_MESSAGE = 'Veuillez entrer une adresse email valide';

/** The sentence shown under the form: what the visitor agrees to, stored as proof of consent. */
export const NEWSLETTER_CONSENT_TEXT =
  'En vous inscrivant, vous acceptez de recevoir notre newsletter. Désinscription en un clic.';

/** Topics a subscriber may choose on the manage page (stored in `tags`). */
export const NEWSLETTER_TOPICS = [
  { value: 'strategie', label: 'Stratégie marketing' },
  { value: 'digital', label: 'Marketing digital et réseaux sociaux' },
  { value: 'contenu', label: 'Création de contenu' },
  { value: 'branding', label: 'Branding et identité visuelle' },
  { value: 'evenements', label: 'Événements et formations' },
] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number]['value'];
const TOPIC_VALUES = NEWSLETTER_TOPICS.map((t) => t.value) as [NewsletterTopic, ...NewsletterTopic[]];

export const EMAIL_MAX_LENGTH = 254;
export const FIRST_NAME_MAX_LENGTH = 80;
export const CONSENT_TEXT_MAX_LENGTH = 500;

/**
 * A light check of an address's shape (one @, a dotted domain, no spaces), close to what zod's
 * email rule accepts; the server validates again with zod.
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return (
    email.length <= EMAIL_MAX_LENGTH &&
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/.test(
      email,
    ) &&
    !email.includes('..')
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const SINGLE_LINE = /^[^\r\n\u0000-\u001f\u007f]*$/;
const singleLine = { error: 'Ce champ ne peut pas contenir de retour à la ligne.' };
const tooLong = (max: number) => ({ error: `Ce champ est trop long (${max} caractères au plus).` });

/** Stored lower-case: addresses are compared case-insensitively. */
export const newsletterEmail = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE })
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }))
  .transform((email) => email.toLowerCase());

const firstName = z
  .string()
  .trim()
  .max(FIRST_NAME_MAX_LENGTH, tooLong(FIRST_NAME_MAX_LENGTH))
  .regex(SINGLE_LINE, singleLine);

export const NewsletterSubscribeSchema = z.object({
  email: newsletterEmail,
  source: z.enum(NEWSLETTER_SOURCES, { error: 'Origine invalide.' }).default('website'),
  locale: z.literal(NEWSLETTER_DEFAULT_LOCALE, { error: 'Langue non prise en charge.' }).default('fr'),
  firstName: firstName.optional(),
  consentText: z
    .string()
    .trim()
    .max(CONSENT_TEXT_MAX_LENGTH, tooLong(CONSENT_TEXT_MAX_LENGTH))
    .regex(SINGLE_LINE, singleLine)
    .optional(),
  /** Honeypot: hidden from people, filled by bots. */
  website: z.string().max(500).optional(),
  /** Milliseconds between the form's display and its submission. */
  elapsedMs: z.number().int().nonnegative().optional(),
});
export type NewsletterSubscribeInput = z.input<typeof NewsletterSubscribeSchema>;
export type NewsletterSubscribeRequest = z.output<typeof NewsletterSubscribeSchema>;

const token = z.string({ error: 'Lien invalide.' }).trim().min(20, { error: 'Lien invalide.' }).max(200, {
  error: 'Lien invalide.',
});
export const NewsletterTokenSchema = z.object({ token });

export const NewsletterManageSchema = z.object({
  token,
  firstName: firstName.default(''),
  tags: z
    .array(z.enum(TOPIC_VALUES, { error: 'Thème inconnu.' }))
    .max(TOPIC_VALUES.length)
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type NewsletterManageRequest = z.output<typeof NewsletterManageSchema>;
