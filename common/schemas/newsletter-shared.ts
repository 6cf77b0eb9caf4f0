/**
 * Newsletter constants and the light address check, without zod: the footer form, shown on every
 * page, imports this module and must stay small. common/schemas/newsletter.ts re-exports it all.
 */
export const NEWSLETTER_SOURCES = ['footer', 'website'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The server's message for an invalid address (the schema's, docs/product.md §5.3). */
export const INVALID_EMAIL_MESSAGE = 'Veuillez entrer une adresse email valide';
/** The forms' own message when their check refuses an address before sending (§5.3). */
export const FORM_INVALID_EMAIL_MESSAGE = 'Email invalide';

/**
 * The sentence shown under the form: what the visitor agrees to. The server stores this wording
 * (never the client's) with its version as the proof of consent; change the version with it.
 */
export const NEWSLETTER_CONSENT_TEXT =
  'En vous inscrivant, vous acceptez de recevoir notre newsletter. Désinscription en un clic.';
export const NEWSLETTER_CONSENT_VERSION = '2026-11-25';

/** Topics a subscriber may choose on the manage page (stored in `tags`). */
export const NEWSLETTER_TOPICS = [
  { value: 'strategie', label: 'Stratégie marketing' },
  { value: 'digital', label: 'Marketing digital et réseaux sociaux' },
  { value: 'contenu', label: 'Création de contenu' },
  { value: 'branding', label: 'Branding et identité visuelle' },
  { value: 'evenements', label: 'Événements et formations' },
] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number]['value'];

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
