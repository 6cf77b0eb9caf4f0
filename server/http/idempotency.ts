/**
 * Client-chosen idempotency keys (the `Idempotency-Key` header): a retried request with the same
 * key and body gets the first answer instead of doing the work again. The key is claimed in the
 * same statement as the work and its answer, so either all three are stored or none is; a
 * concurrent duplicate waits on the unique index until the first commits, then reads its answer.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, hasPgCode, queryPreparedRows } from '#db/client.ts';
import type { CommitWork, Work } from '#db/grouped-statements.ts';
import { idempotencyKeys } from '#db/schema.ts';
import { badRequest, HttpError } from '../errors.ts';
import {
  hitRateLimits,
  type LimitHit,
  type RateLimitResult,
  rateLimitHits,
  rateLimitResults,
} from '../security/rate-limit.ts';

export type StoredResponse = { status: number; body: unknown };

/** The unique index a second claim of one key runs into (db/schema.ts). */
const CLAIM_INDEX = 'idempotency_keys_scope_key_uq';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;

/** The header's value, validated; undefined when the client sent none. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!KEY_PATTERN.test(header)) {
    throw badRequest('La clé d’idempotence est invalide.', {
      'Idempotency-Key': 'La clé d’idempotence est invalide.',
    });
  }
  return header;
}

/** A stable fingerprint of the request body: key order does not matter. */
export function hashRequest(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as Record<string, unknown>)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const conflict = () =>
  new HttpError(
    422,
    'idempotency_conflict',
    'Cette clé d’idempotence a déjà servi pour une autre demande. Rechargez la page et réessayez.',
  );

/** The stored answer for this key, if the request was already handled; throws on a reused key. */
export async function findStoredResponse(
  db: Database,
  scope: string,
  key: string,
  requestHash: string,
): Promise<StoredResponse | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row || row.responseStatus === null) return undefined;
  if (row.requestHash !== requestHash) throw conflict();
  return { status: row.responseStatus, body: row.responseBody };
}

/**
 * The request's stored answer when it is a replay, or else one hit on each of its rate limits:
 * one round trip for what a new request checks first. A replay spends no hit (a flaky connection
 * must not use up the visitor's limits); a key reused for another body throws, as
 * findStoredResponse does. The results come in the order of `limits.hits`.
 */
export async function replayOrHitRateLimits(
  db: Database,
  replay: { scope: string; key: string | undefined; requestHash: string },
  limits: { hits: LimitHit[]; now?: Date },
): Promise<{ stored: StoredResponse } | { stored?: undefined; limits: RateLimitResult[] }> {
  const now = limits.now ?? new Date();
  if (!replay.key) return { limits: await hitRateLimits(db, limits.hits, now) };
  const hits = rateLimitHits(limits.hits, now, sql`not exists (select 1 from stored)`);
  const [row] = await queryPreparedRows<
    Record<string, unknown> & {
      request_hash: string | null;
      response_status: number | null;
      response_body: unknown;
    }
  >(
    db,
    sql`with stored as (
        select request_hash, response_status, response_body from idempotency_keys
        where scope = ${replay.scope} and key = ${replay.key} and response_status is not null
      ), ${hits.ctes}
      select stored.*, ${hits.columns} from (select 1) as one
        left join stored on true ${hits.joins}`,
  );
  if (row?.response_status != null) {
    if (row.request_hash !== replay.requestHash) throw conflict();
    return { stored: { status: row.response_status, body: row.response_body } };
  }
  const results = rateLimitResults(row, limits.hits, now);
  if (!results) throw new Error('rate limit upsert returned nothing');
  return { limits: results };
}

/**
 * Claims the key, with its answer, in the very statement that does the work (inOneStatement):
 * the answer is decided before the work (the caller chooses the new row's id), so claim, work and
 * answer are stored together or not at all, in one round trip. A key already claimed makes the
 * whole statement fail on the unique index (a concurrent holder is waited for first), and the
 * stored answer is returned instead. `commit` runs the statement, with the others arriving
 * meanwhile (db/grouped-statements.ts: a batch refused whole is run again work by work, so that a
 * claimed key fails its own statement only).
 */
export async function runIdempotently(
  db: Database,
  options: { scope: string; key: string | undefined; requestHash: string; answer: StoredResponse },
  work: Work,
  commit: CommitWork,
): Promise<StoredResponse> {
  const { scope, key, requestHash, answer } = options;
  const claim = key
    ? [
        db
          .insert(idempotencyKeys)
          .values({ scope, key, requestHash, responseStatus: answer.status, responseBody: answer.body }),
      ]
    : [];
  try {
    await commit({
      writes: [...claim, ...work.writes],
      select: work.select,
      ...(key ? { key: `${scope}:${key}` } : {}),
    });
    return answer;
  } catch (error) {
    if (!key || !hasPgCode(error, '23505', CLAIM_INDEX)) throw error;
  }
  const stored = await findStoredResponse(db, scope, key, requestHash);
  if (!stored) throw new Error(`idempotency key ${scope}/${key} has no stored response`);
  return stored;
}
