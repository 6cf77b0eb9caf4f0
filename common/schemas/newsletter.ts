/**
 * Newsletter bodies (docs/product.md §5.3, §7.2), shared by the forms and the server. The constants and
 * `isValidEmail` live in newsletter-shared.ts (no zod) for the footer form, and are re-exported.
 */
import { z } from 'zod';
import { NEWSLETTER_DEFAULT_LOCALE } from '../constants.ts';

import { optionalVisit } from './audience.ts';
import { requiredText } from './fields.ts';
import {
  CONSENT_TEXT_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  INVALID_EMAIL_MESSAGE,
  NEWSLETTER_SOURCES,
  NEWSLETTER_TOPICS,
  type NewsletterTopic,
} from './newsletter-shared.ts';

export * from './newsletter-shared.ts';

const TOPIC_VALUES = NEWSLETTER_TOPICS.map((t) => t.value) as [NewsletterTopic, ...NewsletterTopic[]];

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
  /** The tab's visit, for the sign-up's source (common/schemas/audience.ts): dropped when malformed. */
  visit: optionalVisit,
});
export type NewsletterSubscribeInput = z.input<typeof NewsletterSubscribeSchema>;
export type NewsletterSubscribeRequest = z.output<typeof NewsletterSubscribeSchema>;

const token = requiredText(20, 200, { missing: 'Lien invalide.', long: 'Lien invalide.' });
export const NewsletterTokenSchema = z.object({ token });

/** "Recevoir un nouveau lien" on the manage page. */
export const NewsletterManageLinkSchema = z.object({ email: newsletterEmail });

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
