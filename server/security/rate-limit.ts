/**
 * Fixed-window rate limiting with the counters in the database: one atomic upsert per hit, so
 * every instance sees the same count and no lock is held.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryPreparedRows, queryRows } from '#db/client.ts';
import { HttpError } from '../errors.ts';
import type { RateLimitRule } from './limits.ts';

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const [row] = await queryPreparedRows<RateLimitRow>(db, rateLimitHit(key, rule, now));
  if (!row) throw new Error('rate limit upsert returned nothing');
  return rateLimitResult(row, rule, now);
}

/** What a hit returns: the window's count after it, and when the window started. */
export type RateLimitRow = { count: number; window_start: Date | string };

/**
 * The hit itself, one atomic upsert returning a RateLimitRow, for a caller that runs it inside a
 * larger statement. With `onlyIf`, the hit counts only when that condition holds.
 */
export function rateLimitHit(key: string, rule: RateLimitRule, now: Date, onlyIf: SQL = sql`true`): SQL {
  const windowStartFloor = new Date(now.getTime() - rule.windowMs);
  // A new window starts when the stored one is older than the rule's length.
  return sql`
    insert into rate_limits (key, window_start, count)
    select ${key}::text, ${now}::timestamptz, 1 where ${onlyIf}
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${now} else rate_limits.window_start end
    returning count, window_start`;
}

export function rateLimitResult(row: RateLimitRow, rule: RateLimitRule, now: Date): RateLimitResult {
  const windowStart = new Date(row.window_start);
  const retryAfterMs = windowStart.getTime() + rule.windowMs - now.getTime();
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}

export function rateLimited(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    'rate_limited',
    `Trop de demandes envoyées depuis votre connexion. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * The current window's count without counting a hit: for limits that only count failures (admin
 * login), checked before the attempt. `allowed` says whether one more attempt may be made.
 */
export async function peekRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; window_start: Date | string }>(
    db,
    sql`select count, window_start from rate_limits where key = ${key}`,
  );
  const windowStart = row ? new Date(row.window_start) : now;
  const retryAfterMs = windowStart.getTime() + rule.windowMs - now.getTime();
  // A window that has ended counts as empty, like in hitRateLimit.
  const count = row && retryAfterMs > 0 ? row.count : 0;
  return {
    allowed: count < rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}

/** Starts the key's window again from `now` (a lockout then lasts the rule's full window). */
export async function restartRateLimitWindow(
  db: Database,
  key: string,
  now: Date = new Date(),
): Promise<void> {
  await db.execute(sql`update rate_limits set window_start = ${now} where key = ${key}`);
}

/** Forgets a key's counter (a successful login clears its failures). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Gives back one hit (never below zero): a caller that counts only failures hits first, so
 * concurrent attempts cannot all slip under the limit, then gives the hit back when the attempt
 * was refused or succeeded.
 */
export async function releaseRateLimitHit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}
