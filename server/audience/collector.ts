/**
 * The audience's collector, one per process (docs/decisions/084-first-party-audience.md): its own
 * small pool on PostgreSQL (AUDIENCE_POOL_SIZE connections, opened at the first beacon), the group
 * commit of the beacons, the visitor keys' salts, the per-key rate limit, and the fold's loop.
 * On the embedded database (one connection for the whole process) it shares the site's.
 * Lead forms never wait for a beacon: the beacons queue on their own connections.
 */

import { sql } from 'drizzle-orm';
import { AUDIENCE_FOLD_LAG_MS } from '#common/audience.ts';
import { type Database, type DatabaseHandle, openDatabase } from '#db/client.ts';
import { createGroupCommit } from '#db/group-commit.ts';
import { audienceEvents } from '#db/schema.ts';
import type { Env } from '../env.ts';
import { databaseErrorCode } from '../http/error-handler.ts';
import type { Logger } from '../logger.ts';
import { createAudienceFoldLoop } from './fold.ts';
import { createKeyRateLimit } from './key-rate-limit.ts';
import { createSaltCache } from './visitor-key.ts';

export type AudienceEventRow = typeof audienceEvents.$inferInsert;

/** A beacon waits at most this long for others before its batch is written. */
const BATCH_DELAY_MS = 2;
/** Rows of one INSERT. */
const BATCH_ROWS = 500;

/**
 * One batch in one INSERT of 15 array parameters (`unnest`), whatever its size: the statement's
 * text never changes and building it costs nothing (drizzle's multi-row VALUES cost a tenth of
 * the beacon's CPU time at 2,000 a second).
 */
function insertBatch(db: Database, rows: AudienceEventRow[]) {
  const column = <K extends keyof AudienceEventRow>(key: K) => rows.map((row) => row[key] ?? null);
  return db.execute(sql`insert into ${audienceEvents}
    (at, day, visitor_key, type, path, referrer_host, source, utm_source, utm_medium, utm_campaign,
     utm_content, utm_term, device, browser, country, engaged_ms)
    select * from unnest(
      ${sql.param(column('at').map((at) => (at instanceof Date ? at.toISOString() : at)))}::timestamptz[],
      ${sql.param(column('day'))}::text[], ${sql.param(column('visitorKey'))}::text[], ${sql.param(column('type'))}::text[],
      ${sql.param(column('path'))}::text[], ${sql.param(column('referrerHost'))}::text[], ${sql.param(column('source'))}::text[],
      ${sql.param(column('utmSource'))}::text[], ${sql.param(column('utmMedium'))}::text[], ${sql.param(column('utmCampaign'))}::text[],
      ${sql.param(column('utmContent'))}::text[], ${sql.param(column('utmTerm'))}::text[], ${sql.param(column('device'))}::text[],
      ${sql.param(column('browser'))}::text[], ${sql.param(column('country'))}::text[], ${sql.param(column('engagedMs'))}::int[])`);
}
/** Beacons waiting at most while the database is slow or gone (about 2 MB); past it, 503 at once. */
const MAX_QUEUED = 5_000;
/**
 * A beacon is committed within AUDIENCE_FOLD_LAG_MS of its time, or refused (503): its batch is refused when
 * its oldest row has waited longer than this, and the beacons' statements end after as long again.
 * So no beacon can land behind where the fold stopped.
 */
export const MAX_BEACON_WAIT_MS = AUDIENCE_FOLD_LAG_MS / 3;

export type AudienceCollector = ReturnType<typeof createAudienceCollector>;

export function createAudienceCollector(deps: {
  database: DatabaseHandle;
  env: Pick<
    Env,
    | 'AUDIENCE_POOL_SIZE'
    | 'AUDIENCE_RATE_LIMIT'
    | 'AUDIENCE_RETENTION_DAYS'
    | 'AUDIENCE_FOLD_POLL_MS'
    | 'PUBLIC_URL'
  >;
  logger: Logger;
}) {
  const { database, env, logger } = deps;
  let own: DatabaseHandle | undefined;
  // A pg pool connects only when a query needs it: building it costs nothing to an app that never
  // receives a beacon (the tests').
  const connectionString = database.kind === 'postgres' ? database.pool?.options.connectionString : undefined;
  const ready: Promise<Database> = connectionString
    ? openDatabase({
        databaseUrl: connectionString,
        poolSize: env.AUDIENCE_POOL_SIZE,
        statementTimeoutMs: MAX_BEACON_WAIT_MS,
      }).then((opened) => {
        own = opened;
        return opened.db;
      })
    : Promise.resolve(database.db);
  /** The beacons' database: a pool of their own on PostgreSQL. */
  const db = () => ready;

  const writes = createGroupCommit<AudienceEventRow>({
    write: async (rows) => {
      try {
        const oldest = Math.min(...rows.map((row) => new Date(row.at ?? Date.now()).getTime()));
        if (Date.now() - oldest > MAX_BEACON_WAIT_MS) throw new Error('beacons waited too long');
        await insertBatch(await db(), rows);
      } catch (error) {
        // Once per batch, without the rows: the requests answer 503 and the browser lets it go.
        logger.error(
          { rows: rows.length, cause: databaseErrorCode(error) ?? errorCode(error) },
          'audience beacons not stored',
        );
        throw error;
      }
    },
    maxDelayMs: BATCH_DELAY_MS,
    maxRows: BATCH_ROWS,
    maxQueued: MAX_QUEUED,
    concurrency: database.kind === 'postgres' ? env.AUDIENCE_POOL_SIZE : 1,
  });
  const salts = createSaltCache(db);
  const fold = createAudienceFoldLoop({
    db,
    logger,
    retentionDays: env.AUDIENCE_RETENTION_DAYS,
    pollIntervalMs: env.AUDIENCE_FOLD_POLL_MS,
  });

  return {
    db,
    /** PUBLIC_URL's host name: part of the visitor key, and a referrer from it is no source. */
    siteHost: new URL(env.PUBLIC_URL).hostname,
    /** Settles once the event is committed; rejects when its batch failed. */
    record: (row: AudienceEventRow) => writes.add(row),
    saltOf: salts.saltOf,
    rateLimit: createKeyRateLimit(env.AUDIENCE_RATE_LIMIT),
    /** The fold, retention and salt rotation, every minute (started and stopped by start.ts). */
    fold,
    /** Waits for the beacons in flight, then closes the beacons' own pool. */
    async close() {
      await fold.stop();
      await writes.drain();
      await ready.catch(() => undefined);
      await own?.close();
      own = undefined;
    },
  };
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}
