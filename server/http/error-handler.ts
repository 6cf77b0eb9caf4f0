/**
 * The one place where API errors become responses. Expected errors keep their status and French
 * message; anything else is logged with its stack and answered with a generic 500 that hides
 * internals.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { TOO_MANY_WAITING } from '#db/group-commit.ts';
import { HttpError } from '../errors.ts';

type BodyParserError = Error & { type?: string; status?: number };

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'not_found', 'Ressource introuvable.'));
};

export const apiErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const httpError = toHttpError(error);
  if (httpError.code === 'database_unavailable') {
    // Expected while PostgreSQL restarts: no stack, no SQL (its parameters hold visitors' data).
    req.log?.warn({ cause: databaseErrorCode(error) }, 'database unavailable');
  } else if (httpError.status >= 500) req.log?.error({ err: error }, 'API error');
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

export function toHttpError(error: unknown): HttpError {
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
  if (databaseErrorCode(error) !== undefined) {
    // The client may retry (with the same idempotency key): nothing was stored.
    return new HttpError(
      503,
      'database_unavailable',
      'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
      undefined,
      { 'Retry-After': '5' },
    );
  }
  return new HttpError(500, 'internal_error', 'Une erreur interne est survenue. Veuillez réessayer.');
}

function isBodyParserError(error: unknown, type?: string): boolean {
  if (!(error instanceof Error)) return false;
  const t = (error as BodyParserError).type;
  return typeof t === 'string' && (type === undefined || t === type);
}

/**
 * PostgreSQL SQLSTATE classes and socket errors that mean "the database cannot be reached right
 * now" (restart, failover, network): connection exceptions (08), operator intervention (57P01-3),
 * and a group commit's queue full (db/group-commit.ts: the database too slow to keep up).
 */
const UNAVAILABLE_CODES = new Set([
  TOO_MANY_WAITING,
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** The code of a database-unavailable error (looking through Drizzle's wrapping), else undefined. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return code;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return 'connection';
    current = cause;
  }
  return undefined;
}
