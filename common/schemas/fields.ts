/**
 * Field rules shared by the schemas (lead forms, back-office content, settings, list queries), so
 * that one rule is checked with the same French message wherever it applies.
 */
import { z } from 'zod';

export const tooLong = (max: number) => ({ error: `Ce champ est trop long (${max} caractères au plus).` });

/** Anything that may reach an email header or a one-line display (names, titles) stays on one line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
export const SINGLE_LINE = /^[^\r\n\u0000-\u001f\u007f]*$/;
export const singleLine = { error: 'Ce champ ne peut pas contenir de retour à la ligne.' };

/**
 * A required text, trimmed, of `min` to `max` characters: `missing` when absent or shorter than
 * `min` (unless `short` says something else for the latter), `long` past `max` (by default the
 * common "trop long").
 */
export const requiredText = (
  min: number,
  max: number,
  messages: { missing: string; short?: string; long?: string },
) =>
  z
    .string({ error: messages.missing })
    .trim()
    .min(min, { error: messages.short ?? messages.missing })
    .max(max, messages.long === undefined ? tooLong(max) : { error: messages.long });

/** A required text on one line, trimmed: `message` when missing or shorter than `min`. */
export const requiredLine = (message: string, min: number, max: number) =>
  requiredText(min, max, { missing: message }).regex(SINGLE_LINE, singleLine);

/** An optional text on one line, trimmed (the caller adds `.optional()` where it may be absent). */
export const optionalLine = (max: number) =>
  z.string().trim().max(max, tooLong(max)).regex(SINGLE_LINE, singleLine);

/** A list filter from the query string: trimmed, empty means none. */
export const optionalFilter = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((v) => v || undefined);

/** A page number or size from the query string: a whole number from 1 to `max`. */
export const pageNumber = (message: string, max: number, maxMessage = message) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: maxMessage });

/** Object-level errors in French: an unexpected field is refused by name (no mass assignment). */
export const strictObjectError = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `Champ non autorisé : ${(issue.keys ?? []).join(', ')}.`
      : 'Requête invalide.',
};

/** What a link may be, said the same way by the post editor and the campaign composer. */
export const LINK_ADDRESS_MESSAGE =
  'Une adresse commençant par https://, mailto:, tel: ou / (une page du site)';
