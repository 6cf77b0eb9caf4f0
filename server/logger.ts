/**
 * One pino logger for the process: pretty lines in development, JSON in production.
 * Secrets never reach the log: cookies, authorization headers and token-like fields are redacted,
 * and URLs are logged with their token-like query parameters masked.
 */
import { type DestinationStream, type Logger, pino } from 'pino';
import type { Env } from './env.ts';

export type { Logger };

const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.tokenHash',
  '*.EMAIL_WEBHOOK_SECRET',
  '*.TRACKING_SECRET',
  '*.webhookSecret',
  '*.trackingSecret',
];

const SECRET_PARAMS = /^(token|t|key|sig|signature|password|code)$/i;

/** Masks the values of token-like query parameters, so a logged URL leaks nothing. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.test(name)) params.set(name, '[REDACTED]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export type LoggerOptions = {
  /** Where the JSON lines go instead of stdout (tests read the log back); disables pretty output. */
  destination?: DestinationStream;
};

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>, options: LoggerOptions = {}): Logger {
  if (options.destination) {
    return pino(
      { level: env.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' } },
      options.destination,
    );
  }
  const pretty = env.NODE_ENV === 'development';
  return pino({
    level: env.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
