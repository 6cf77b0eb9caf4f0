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
  const httpError = toHttpError(error);
  if (httpError.status >= 500) req.log?.error({ err: error }, 'API error');
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

/**
 * Last handler for everything outside /api (static files, pages): a client error such as a
 * malformed percent-encoding gets its status and a one-line answer, without a stack trace in the
 * log (anyone could fill the log otherwise); anything else is logged and answered 500.
 */
export const finalErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const httpError = toHttpError(error);
  if (httpError.status >= 500) req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(httpError.status).type('text/plain; charset=utf-8').send(httpError.message);
};

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isBodyParserError(error, 'entity.parse.failed')) {
    return new HttpError(400, 'invalid_json', 'Le corps de la requête doit être un JSON valide.');
  }
  if (isBodyParserError(error, 'entity.too.large')) {
    return new HttpError(413, 'payload_too_large', 'La requête est trop volumineuse.');
  }
  // Errors raised by Express and its parsers for a bad request (a malformed percent-encoding in
  // a path, an unsupported charset...) carry their 4xx status: the client is at fault, say so.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, 'bad_request', 'Requête invalide.');
  }
  return new HttpError(500, 'internal_error', 'Une erreur interne est survenue. Veuillez réessayer.');
}

function isBodyParserError(error: unknown, type?: string): boolean {
  if (!(error instanceof Error)) return false;
  const t = (error as BodyParserError).type;
  return typeof t === 'string' && (type === undefined || t === type);
}
