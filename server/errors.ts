/**
 * Typed HTTP errors and the JSON shape every API error has:
 * `{ error: { code, message, fields? } }` with French messages meant for people.
 */
import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: FieldErrors,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }
}

export const badRequest = (message = 'Requête invalide.', fields?: FieldErrors) =>
  new HttpError(400, 'bad_request', message, fields);
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, 'not_found', message);

/** One message per field (the first), keyed by the field's dotted path. */
export function fieldErrorsFrom(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A 400 with one field's message, for a rule the schema cannot check (a date still to come). */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_error', 'Certains champs sont invalides.', { [field]: message });

export const validationError = (error: ZodError) =>
  new HttpError(400, 'validation_error', 'Certains champs sont invalides.', fieldErrorsFrom(error));
