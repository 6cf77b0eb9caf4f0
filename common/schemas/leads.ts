/**
 * Lead forms (docs/product.md §5.1, §5.2) and the POST /api/contact body (§7.2), defined once for the forms
 * (react-hook-form + zodResolver) and the server (which never trusts the client).
 *
 * The body keeps the specification's fields (fullName, email, phone, company, serviceType,
 * message, source) and adds `details`, the structured answers of the quote and call forms: the
 * server validates each of them and composes the stored message itself (server/leads/lead-message.ts).
 */
import { z } from 'zod';
import {
  BUDGET_OPTIONS,
  DISCUSSION_TYPES,
  MIN_LENGTH,
  PREFERRED_SLOTS,
  TIMELINE_OPTIONS,
  URGENCY_OPTIONS,
} from '../constants.ts';
import { typographicApostrophes } from '../typography.ts';
import { optionalVisit } from './audience.ts';
import { optionalLine, requiredLine, requiredText, tooLong } from './fields.ts';

export const LEAD_SOURCES = ['quote_request', 'call_request', 'website'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Longest accepted values: beyond them a body is refused, not truncated. */
export const MAX_LENGTH = {
  name: 120,
  email: 254,
  phone: 40,
  company: 160,
  service: 160,
  text: 5_000,
} as const;

/** Names, phone, company and service may reach an email header, so they stay on one line. */
const fullName = requiredLine('Le nom doit contenir au moins 2 caractères', MIN_LENGTH.name, MAX_LENGTH.name);
const email = z
  .string({ error: 'Email invalide' })
  .trim()
  .max(MAX_LENGTH.email, tooLong(MAX_LENGTH.email))
  .pipe(z.email({ error: 'Email invalide' }));
const requiredPhone = requiredLine(
  'Le téléphone doit contenir au moins 10 caractères',
  MIN_LENGTH.phone,
  MAX_LENGTH.phone,
);
const optionalPhone = optionalLine(MAX_LENGTH.phone);
const requiredCompany = requiredLine(
  'Le nom de l’entreprise doit contenir au moins 2 caractères',
  MIN_LENGTH.company,
  MAX_LENGTH.company,
);
const optionalCompany = optionalLine(MAX_LENGTH.company);
const service = requiredLine('Veuillez sélectionner un service', 1, MAX_LENGTH.service);
const optionalText = z.string().trim().max(MAX_LENGTH.text, tooLong(MAX_LENGTH.text));
/**
 * One of the options. A choice sent with the straight apostrophe the options once had ("Fin
 * d'après-midi", from a form kept offline before the site wrote ’) is the same choice.
 */
const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z
    .string({ error: message })
    .transform(typographicApostrophes)
    .pipe(z.enum(options, { error: message }));
/** Who writes, where only the name and email are required (the call and contact forms). */
const personWithOptionalDetails = {
  fullName,
  email,
  phone: optionalPhone.optional(),
  company: optionalCompany.optional(),
};

// ---------------------------------------------------------------------------------------------
// The forms (docs/product.md §5.1, §5.2), flat as react-hook-form wants them.
// ---------------------------------------------------------------------------------------------
export const QuoteFormSchema = z.object({
  fullName,
  email,
  phone: requiredPhone,
  company: requiredCompany,
  serviceType: service,
  projectDescription: requiredText(MIN_LENGTH.projectDescription, MAX_LENGTH.text, {
    missing: 'Décrivez votre projet en détail (minimum 20 caractères)',
  }),
  budget: choice(BUDGET_OPTIONS, 'Veuillez indiquer votre budget'),
  timeline: choice(TIMELINE_OPTIONS, 'Veuillez indiquer vos délais'),
  source: z.literal('quote_request').default('quote_request'),
});
export type QuoteForm = z.infer<typeof QuoteFormSchema>;

export const CallFormSchema = z.object({
  ...personWithOptionalDetails,
  serviceInterest: service,
  callType: choice(DISCUSSION_TYPES, 'Veuillez sélectionner le type de discussion'),
  preferredTime: choice(PREFERRED_SLOTS, 'Veuillez indiquer vos créneaux préférés'),
  urgency: choice(URGENCY_OPTIONS, 'Veuillez indiquer l’urgence'),
  message: optionalText.optional(),
  source: z.literal('call_request').default('call_request'),
});
export type CallForm = z.infer<typeof CallFormSchema>;

/** The /contact page form (not detailed by the specification): a plain message to the agency. */
export const ContactFormSchema = z.object({
  ...personWithOptionalDetails,
  serviceType: service,
  message: requiredText(10, MAX_LENGTH.text, {
    missing: 'Votre message doit contenir au moins 10 caractères',
  }),
  source: z.literal('website').default('website'),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

// ---------------------------------------------------------------------------------------------
// The request body of POST /api/contact.
// ---------------------------------------------------------------------------------------------
/** Fields every body may carry against spam: a honeypot and the time spent filling the form. */
const antiSpam = {
  /** Hidden from people; bots fill it in. */
  website: z.string().max(500).optional(),
  /** Milliseconds between the form's opening and its submission. */
  elapsedMs: z
    .number()
    .int()
    .min(0)
    .max(86_400_000 * 30)
    .optional(),
  /** The tab's visit, for the lead's source (common/schemas/audience.ts): dropped when malformed. */
  visit: optionalVisit,
};

const composedMessage = z
  .string()
  .max(MAX_LENGTH.text * 2, tooLong(MAX_LENGTH.text * 2))
  .optional();

const QUOTE_MESSAGE_ERROR = 'Décrivez votre projet en détail (minimum 20 caractères)';
const CALL_MESSAGE_ERROR = 'Décrivez votre demande (message requis)';

/**
 * The specification's payload (docs/product.md §3.2, §7.2) carries only the composed `message`; our forms
 * also send `details`, the answers themselves. With `details`, the server composes the message again from
 * them (what it stores); without, the client's message is stored as sent, so it must say enough.
 */
const messageWithoutDetails =
  (minimum: number, error: string) =>
  (request: { message?: string; details?: unknown }, ctx: z.RefinementCtx) => {
    if (request.details !== undefined) return;
    if ((request.message?.trim().length ?? 0) < minimum)
      ctx.addIssue({ code: 'custom', path: ['message'], message: error });
  };

export const QuoteRequestSchema = z
  .object({
    source: z.literal('quote_request'),
    fullName,
    email,
    phone: requiredPhone,
    company: requiredCompany,
    serviceType: service,
    message: composedMessage,
    details: QuoteFormSchema.pick({ projectDescription: true, budget: true, timeline: true }).optional(),
    ...antiSpam,
  })
  .superRefine(messageWithoutDetails(MIN_LENGTH.projectDescription, QUOTE_MESSAGE_ERROR));

export const CallRequestSchema = z
  .object({
    source: z.literal('call_request'),
    ...personWithOptionalDetails,
    serviceType: service,
    message: composedMessage,
    details: CallFormSchema.pick({
      callType: true,
      preferredTime: true,
      urgency: true,
      message: true,
    }).optional(),
    ...antiSpam,
  })
  .superRefine(messageWithoutDetails(1, CALL_MESSAGE_ERROR));

export const WebsiteRequestSchema = ContactFormSchema.extend({ source: z.literal('website'), ...antiSpam });

export const ContactRequestSchema = z.discriminatedUnion(
  'source',
  [QuoteRequestSchema, CallRequestSchema, WebsiteRequestSchema],
  { error: 'Origine de la demande inconnue.' },
);
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** The answer to an accepted request. */
export type ContactRequestAccepted = {
  id: string;
  /** A call request's page where the visitor picks the call's time (its signed link). */
  bookingPath?: string;
};
