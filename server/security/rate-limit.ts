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

/** One limit to hit: its counter's key and its rule. */
export type LimitHit = { key: string; rule: RateLimitRule };

/**
 * Several hits in one statement: the CTEs `hit_0`, `hit_1`… (data-modifying CTEs must sit at the
 * top of a statement, so the caller writes `with ${ctes} select ${columns} from … ${joins}`), whose
 * counts are read back by `rateLimitResults`.
 */
export function rateLimitHits(limits: LimitHit[], now: Date, onlyIf: SQL = sql`true`) {
  const name = (i: number) => sql.raw(`hit_${i}`);
  return {
    ctes: sql.join(
      limits.map((limit, i) => sql`${name(i)} as (${rateLimitHit(limit.key, limit.rule, now, onlyIf)})`),
      sql`, `,
    ),
    columns: sql.join(
      limits.map((_, i) =>
        sql.raw(`hit_${i}.count as count_${i}, hit_${i}.window_start as window_start_${i}`),
      ),
      sql`, `,
    ),
    joins: sql.join(
      limits.map((_, i) => sql`left join ${name(i)} on true`),
      sql` `,
    ),
  };
}

/** The results of `rateLimitHits`, in the order of its limits; undefined when nothing was hit. */
export function rateLimitResults(
  row: Record<string, unknown> | undefined,
  limits: LimitHit[],
  now: Date,
): RateLimitResult[] | undefined {
  const results: RateLimitResult[] = [];
  for (const [i, limit] of limits.entries()) {
    const count = row?.[`count_${i}`];
    const windowStart = row?.[`window_start_${i}`];
    if (count == null || windowStart == null) return undefined;
    results.push(
      rateLimitResult({ count: Number(count), window_start: windowStart as Date | string }, limit.rule, now),
    );
  }
  return results;
}

/** Hits several limits in one round trip; their results in the same order. */
export async function hitRateLimits(
  db: Database,
  limits: LimitHit[],
  now: Date = new Date(),
): Promise<RateLimitResult[]> {
  const hits = rateLimitHits(limits, now);
  const [row] = await queryPreparedRows<Record<string, unknown>>(
    db,
    sql`with ${hits.ctes} select ${hits.columns} from (select 1) as one ${hits.joins}`,
  );
  const results = rateLimitResults(row, limits, now);
  if (!results) throw new Error('rate limit upsert returned nothing');
  return results;
}

/**
 * What one client address may send of a kind of submission (docs/decisions/083-leads-kept-for-
 * review.md): up to `review`, each one notifies the staff; past it, each one is kept "À vérifier";
 * past `ceiling`, each one is refused.
 */
export type AddressLimits = { review: LimitHit; ceiling: LimitHit };

/** The submission's verdict from its address's two hits (in `AddressLimits` order): throws the 429
 *  past the ceiling, else the reason to keep it "À vérifier", or null. `what` names the submissions
 *  ("demandes", "inscriptions"). */
export function reviewReasonOrRefuse(
  limits: AddressLimits,
  [review, ceiling]: RateLimitResult[],
  what: string,
): string | null {
  if (!ceiling || !review) throw new Error('two rate limit results expected');
  if (!ceiling.allowed) throw rateLimited(ceiling.retryAfterSeconds);
  return review.allowed ? null : overLimitReason(limits.review.rule, what);
}

/** "Plus de 10 demandes en 15 minutes depuis la même adresse". */
export function overLimitReason(rule: RateLimitRule, what: string): string {
  return `Plus de ${rule.limit} ${what} en ${durationText(Math.round(rule.windowMs / 1000))} depuis la même adresse`;
}

/** "15 minutes", "1 heure", "24 heures": whole hours from an hour up, minutes below. */
function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return `${minutes} minute${minutes > 1 ? 's' : ''}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} heure${hours > 1 ? 's' : ''}`;
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
  return new HttpError(
    429,
    'rate_limited',
    `Trop de demandes envoyées depuis votre connexion. Veuillez réessayer dans ${durationText(retryAfterSeconds)}.`,
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
