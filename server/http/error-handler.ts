/**
 * The one place where API errors become responses. Expected errors keep their status and French
 * message; anything else is logged with its stack and answered with a generic 500 that hides
 * internals.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError } from '../errors.ts';

type BodyParserError = Error & { type?: string; status?: number };

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'not_found', 'Ressource introuvable.'));
};

export const apiErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  let httpError: HttpError;
  if (error instanceof HttpError) {
    httpError = error;
  } else if (isBodyParserError(error, 'entity.parse.failed')) {
    httpError = new HttpError(400, 'invalid_json', 'Le corps de la requête doit être un JSON valide.');
  } else if (isBodyParserError(error, 'entity.too.large')) {
    httpError = new HttpError(413, 'payload_too_large', 'La requête est trop volumineuse.');
  } else if (isBodyParserError(error)) {
    const status = (error as BodyParserError).status ?? 400;
    httpError = new HttpError(status, 'bad_request', 'Requête invalide.');
  } else {
    req.log?.error({ err: error }, 'unhandled API error');
    httpError = new HttpError(500, 'internal_error', 'Une erreur interne est survenue. Veuillez réessayer.');
  }
  if (httpError.status >= 500 && error instanceof HttpError) req.log?.error({ err: error }, 'API error');
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(httpError.headers ?? {})) res.setHeader(name, value);
  res.status(httpError.status).json({
    error: {
      code: httpError.code,
      message: httpError.message,
      ...(httpError.fields ? { fields: httpError.fields } : {}),
    },
  });
};

function isBodyParserError(error: unknown, type?: string): boolean {
  if (!(error instanceof Error)) return false;
  const t = (error as BodyParserError).type;
  return typeof t === 'string' && (type === undefined || t === type);
}
