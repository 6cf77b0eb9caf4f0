/**
 * The environment, read once and validated. A bad value stops the start with a message naming
 * every variable that is wrong (Epic Stack's env.server.ts habit). `.env.example` lists them all.
 */
import path from 'node:path';
import { z } from 'zod';
import { HOST_NAME } from './push/endpoint.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address visitors use; canonical links, emails and Origin checks are built from it. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Comma-separated origins (scheme://host[:port]) besides PUBLIC_URL's that may make
     * cross-origin state-changing calls to the admin API (docs/decisions/025-csrf-rule.md).
     */
    TRUSTED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)))
      .default([]),
    /** PostgreSQL connection string. Unset: embedded PGlite in DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Server processes on one port (`npm start`, server/cluster.ts): one per core at most is useful. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * Memory for public pages and public API answers kept ready to send (docs/decisions/031), in
     * MB per instance; 0 turns the response cache off.
     */
    RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(4_096).default(64),
    /** Uploaded images (re-encoded WebP files). Unset: DATA_DIR/media. */
    MEDIA_DIR: z.string().min(1).optional(),
    /**
     * Where uploaded images are kept (docs/decisions/100-media-on-s3.md): `filesystem` (MEDIA_DIR)
     * or `s3`, an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) named by the S3_ variables.
     */
    MEDIA_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
    /** The S3 API's address (https://<account>.r2.cloudflarestorage.com, http://minio:9000). Unset: AWS S3. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** The bucket, the site's own: a forced restore empties it. */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
    /** The bucket's region: `auto` for R2, `us-east-1` for MinIO unless configured otherwise. */
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** The access key; unset with its secret: the SDK's own chain (AWS_* variables, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Addresses the bucket as <endpoint>/<bucket> instead of <bucket>.<endpoint> (MinIO needs it). */
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** First admin account, used only when no admin exists yet. */
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /** smtp:// or smtps:// URL. Unset: emails are kept as .eml files in DATA_DIR/outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    /** Express "trust proxy": set it to the hop count or subnet of your reverse proxy. */
    TRUST_PROXY: z.string().default('loopback'),
    /** Run the seed (demo content) on first start. */
    SEED_ON_START: booleanString.default(true),
    /** Campaign emails per second, all workers of one instance together (the SMTP provider's quota). */
    CAMPAIGN_RATE_PER_SECOND: z.coerce.number().positive().max(1_000).default(5),
    /** How often each instance looks for posts whose planned publication time has come (ms). */
    SCHEDULED_PUBLISH_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    /** How often each instance looks for leads left unanswered for 24 hours, to remind the staff (ms). */
    LEAD_REMINDER_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
    /**
     * The push services the server may post notifications to (docs/decisions/080-staff-push.md):
     * comma-separated host names, each also matching its subdomains. A browser's subscription to
     * any other host is refused, so the endpoint field cannot make the server call anywhere
     * (server/push/endpoint.ts).
     */
    PUSH_SERVICE_HOSTS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(HOST_NAME, 'must be host names (letters, digits, hyphens, dots)')))
      .default(['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com']),
    /**
     * Lets push services resolve to loopback, private, link-local or other non-public addresses.
     * Off: a device whose push service leads inside the network is refused (tests turn it on for
     * their push service on 127.0.0.1).
     */
    PUSH_ALLOW_PRIVATE_ADDRESSES: booleanString.default(false),
    /** Campaign emails an instance sends at the same time (SMTP connections in parallel). */
    CAMPAIGN_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(2),
    /**
     * Shared secret of the email provider's webhook (POST /api/webhooks/email, sent as
     * `Authorization: Bearer ...`). Unset: the endpoint answers 404.
     */
    EMAIL_WEBHOOK_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
    /** Key signing the open and click links of campaigns. Unset: generated once, kept in app_secrets. */
    TRACKING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Days the audience's raw events are kept (docs/decisions/084-first-party-audience.md); the
     * daily and hourly aggregates folded from them are kept for ever.
     */
    AUDIENCE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
    /** Connections of the beacons' own pool, per instance, with DATABASE_URL (PostgreSQL only). */
    AUDIENCE_POOL_SIZE: z.coerce.number().int().min(1).max(20).default(2),
    /** Beacons accepted per visitor key and minute, per instance; past it, 429. */
    AUDIENCE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
    /** How often each instance folds the beacons into the Audience screen's figures (ms). */
    AUDIENCE_FOLD_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** Where backups are written (docs/decisions/099-backups.md). Unset: DATA_DIR/backups. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Nightly backups kept (the oldest are deleted); 0 turns the nightly backup off. */
    BACKUP_KEEP: z.coerce.number().int().min(0).max(365).default(14),
  })
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.DATABASE_URL !== undefined, {
    path: ['WEB_CONCURRENCY'],
    message:
      'several processes need DATABASE_URL (PostgreSQL): the embedded database serves one process only',
  })
  .refine((env) => env.MEDIA_STORE !== 's3' || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'MEDIA_STORE=s3 needs the bucket name',
  })
  .refine((env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message:
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK default credentials)',
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    MEDIA_DIR: env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'),
    BACKUP_DIR: env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'),
    isProduction: env.NODE_ENV === 'production',
  }));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
    this.issues = issues;
  }
}

/** Parses the given variables (process.env by default); empty strings count as unset. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
