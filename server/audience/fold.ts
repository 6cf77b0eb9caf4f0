/**
 * The fold (docs/decisions/084-first-party-audience.md): the raw beacons of a Kinshasa day turned
 * into the figures the Audience screen reads, so that no screen ever scans raw events.
 *
 * Definitions (all from one day's events, each day on its own: the salt changes every day):
 * - a **visit** is a visitor key's run of page views with gaps under 30 minutes; an engagement
 *   beacon belongs to the visit of the key's latest page view before it, and one with no page view
 *   before it that day (its page was opened before midnight) is not counted;
 * - a visit's **entry**, source, campaign, device, country and browser are its first page view's;
 * - a **bounce** is a visit of one page view whose engaged time is under 10 seconds;
 * - `audience_daily`, per dimension value: `visitors` = distinct keys, `visits`, `pageviews`,
 *   `bounces`, `engaged_ms`. For `total` (value ''), `entry`, `source`, `campaign` (visits without
 *   utm_campaign skipped), `device`, `country` ('' unknown) and `browser`, the visits having that
 *   value and all their page views and engaged time. For `page`: the page views of that path, the
 *   keys and the visits that saw it, the bounces whose one page it was, and the engaged time spent
 *   on it;
 * - `audience_hourly`, per hour of the day: `visitors` = keys with a page view in the hour,
 *   `visits` and `bounces` = visits started in the hour, `pageviews` and `engaged_ms` = those sent
 *   in the hour. Hours add up to the day, except visitors (distinct).
 *
 * A day is recomputed whole from its events in one transaction (never incremented), so a late
 * beacon, a second instance folding at the same time or a fold run twice all end the same.
 */
import { sql } from 'drizzle-orm';
import { addDays, kinshasaDate, kinshasaDayStart } from '#common/kinshasa.ts';
import { type Database, inTransaction, queryRows } from '#db/client.ts';
import { audienceDaily, audienceEvents, audienceFolds, audienceHourly } from '#db/schema.ts';
import { createPollLoop, type PollLoop } from '../background/poll-loop.ts';
import type { Logger } from '../logger.ts';
import { forgetOldSalts } from './visitor-key.ts';

/** A visit ends after this long without a page view. */
export const VISIT_GAP_MS = 30 * 60_000;
/** A one-page visit engaged for less than this is a bounce. */
export const BOUNCE_ENGAGED_MS = 10_000;
/** "En ce moment": keys with an event in this last stretch of time. */
export const VISITORS_NOW_MS = 5 * 60_000;
/** After this long past its midnight, a day is folded one last time and then left alone. */
const LAST_FOLD_AFTER_MS = 5 * 60_000;
/** pg_advisory_xact_lock key of the folds (see server/admin/services.ts for the others). */
const FOLD_LOCK_KEY = 727_100_084;
/** Raw events deleted per statement by the retention. */
const RETENTION_BATCH = 50_000;

/** The day's events, numbered into visits (see the definitions above). */
function visitsOfDay(day: string) {
  const start = kinshasaDayStart(day);
  const end = kinshasaDayStart(addDays(day, 1));
  const gap = sql.raw(`interval '${VISIT_GAP_MS / 60_000} minutes'`);
  return sql`events as (
      select id, at, visitor_key, type, path, source, utm_campaign, device, country, browser, engaged_ms
      from ${audienceEvents}
      where at >= ${start} and at < ${end} and day = ${day}
    ),
    marked as (
      select events.*,
        max(case when type = 'pageview' then at end) over (
          partition by visitor_key order by at, id rows between unbounded preceding and 1 preceding
        ) as previous_view_at
      from events
    ),
    numbered as (
      select marked.*,
        (type = 'pageview' and (previous_view_at is null or at - previous_view_at >= ${gap})) as starts_visit,
        sum(case when type = 'pageview' and (previous_view_at is null or at - previous_view_at >= ${gap})
          then 1 else 0 end) over (
          partition by visitor_key order by at, id rows between unbounded preceding and current row
        ) as visit_no
      from marked
    ),
    -- Each event with its visit's totals, in one pass (window aggregates, no join back).
    totalled as (
      select numbered.*,
        count(*) filter (where type = 'pageview') over visit as visit_pageviews,
        coalesce(sum(engaged_ms) filter (where type = 'engagement') over visit, 0) as visit_engaged_ms
      from numbered
      where visit_no > 0
      window visit as (partition by visitor_key, visit_no)
    ),
    counted as (
      select totalled.*, (visit_pageviews = 1 and visit_engaged_ms < ${BOUNCE_ENGAGED_MS}) as bounced
      from totalled
    ),
    -- One row per visit: its first event is the page view that started it, and gives its entry,
    -- source, campaign, device, country and browser.
    scored as (
      select visitor_key, visit_no, visit_pageviews as pageviews, visit_engaged_ms as engaged_ms,
        path as entry, source, utm_campaign as campaign, device, country, browser, bounced
      from counted
      where starts_visit
    )`;
}

/**
 * Recomputes the day's `audience_daily` rows and the `audience_hourly` rows of its hours from its
 * raw events, in one transaction. A day without raw events is left as it is (its events may have
 * been deleted by the retention: its figures stay). Returns whether it wrote.
 */
export async function foldAudienceDay(db: Database, day: string, now = new Date()): Promise<boolean> {
  const start = kinshasaDayStart(day);
  const end = kinshasaDayStart(addDays(day, 1));
  return inTransaction(db, async (tx) => {
    // Instances fold one at a time: two deletes-then-inserts of one day would collide.
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    // The day's sorts in memory rather than in temporary files (the default is 4 MB).
    await tx.execute(sql`set local work_mem = '64MB'`);
    const [found] = await queryRows<{ last: string | number | null }>(
      tx,
      // `id + 0`: a plain max(id) makes the planner walk the primary key backwards through every
      // later day's rows (1.7 s a day at 10 million events); this reads the day through BRIN (15 ms).
      sql`select max(id + 0) as last from ${audienceEvents} where at >= ${start} and at < ${end} and day = ${day}`,
    );
    if (found?.last === null || found?.last === undefined) return false;
    await tx.execute(sql`delete from ${audienceDaily} where day = ${day}`);
    await tx.execute(sql`delete from ${audienceHourly} where hour >= ${start} and hour < ${end}`);
    await tx.execute(sql`with ${visitsOfDay(day)},
      daily as (
        insert into ${audienceDaily} (day, dimension, value, visitors, visits, pageviews, bounces, engaged_ms)
        select ${day}, d.dimension, d.value, count(distinct v.visitor_key), count(*), sum(v.pageviews),
          count(*) filter (where v.bounced), sum(v.engaged_ms)
        from scored v
        cross join lateral (values
          ('total', ''), ('entry', v.entry), ('source', v.source), ('campaign', v.campaign),
          ('device', v.device), ('country', coalesce(v.country, '')), ('browser', v.browser)
        ) as d(dimension, value)
        where d.value is not null
        group by d.dimension, d.value
        union all
        select ${day}, 'page', path,
          count(distinct visitor_key) filter (where type = 'pageview'),
          count(distinct visitor_key || ':' || visit_no) filter (where type = 'pageview'),
          count(*) filter (where type = 'pageview'),
          count(*) filter (where type = 'pageview' and bounced),
          coalesce(sum(engaged_ms) filter (where type = 'engagement'), 0)
        from counted
        group by path
        having count(*) filter (where type = 'pageview') > 0
      ),
      hourly as (
        insert into ${audienceHourly} (hour, visitors, visits, pageviews, bounces, engaged_ms)
        select date_trunc('hour', at at time zone 'UTC') at time zone 'UTC',
          count(distinct visitor_key) filter (where type = 'pageview'),
          count(*) filter (where starts_visit),
          count(*) filter (where type = 'pageview'),
          count(*) filter (where starts_visit and bounced),
          coalesce(sum(engaged_ms) filter (where type = 'engagement'), 0)
        from counted
        group by 1
      )
      select 1`);
    await tx
      .insert(audienceFolds)
      .values({ day, lastEventId: Number(found.last), foldedAt: now })
      .onConflictDoUpdate({
        target: audienceFolds.day,
        set: { lastEventId: Number(found.last), foldedAt: now },
      });
    return true;
  });
}

/**
 * Folds what changed, oldest day first (a failure stops the run, so no later day's fold can hide an
 * earlier one): every day with events newer than the newest event ever folded (today as beacons
 * come, and any day loaded by a script), and yesterday until it has been folded once after its
 * midnight (its last beacons were written). Returns the days folded.
 */
export async function foldAudience(db: Database, now: Date): Promise<string[]> {
  const today = kinshasaDate(now);
  const yesterday = addDays(today, -1);
  const [newest] = await queryRows<{ last: string | number }>(
    db,
    sql`select coalesce(max(${audienceFolds.lastEventId}), 0) as last from ${audienceFolds}`,
  );
  // The primary key's index: only the events written since the newest fold are read.
  const changed = await queryRows<{ day: string }>(
    db,
    sql`select distinct day from ${audienceEvents} where id > ${Number(newest?.last ?? 0)}`,
  );
  const days = new Set(changed.map((row) => row.day));
  const [yesterdayFold] = await db
    .select({ foldedAt: audienceFolds.foldedAt })
    .from(audienceFolds)
    .where(sql`${audienceFolds.day} = ${yesterday}`);
  if (
    !yesterdayFold ||
    yesterdayFold.foldedAt.getTime() < kinshasaDayStart(today).getTime() + LAST_FOLD_AFTER_MS
  ) {
    days.add(yesterday);
  }
  const folded: string[] = [];
  for (const day of [...days].sort()) {
    if (await foldAudienceDay(db, day, now)) folded.push(day);
  }
  return folded;
}

/**
 * Raw events of the Kinshasa days before `today − retentionDays` deleted (their days were folded:
 * the aggregates stay for ever). In batches, so a first run over months of events never holds one
 * huge transaction. Returns how many were deleted.
 */
export async function deleteExpiredAudienceEvents(
  db: Database,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const cutoff = kinshasaDayStart(addDays(kinshasaDate(now), -retentionDays));
  let total = 0;
  for (;;) {
    const deleted = await queryRows<{ id: number }>(
      db,
      sql`delete from ${audienceEvents} where id in (
        select id from ${audienceEvents} where at < ${cutoff} limit ${RETENTION_BATCH}
      ) returning id`,
    );
    total += deleted.length;
    if (deleted.length < RETENTION_BATCH) return total;
  }
}

/** "En ce moment": the distinct visitor keys with an event in the last 5 minutes before `now`. */
export async function visitorsNow(db: Database, now: Date): Promise<number> {
  const [row] = await queryRows<{ visitors: string | number }>(
    db,
    sql`select count(distinct visitor_key) as visitors from ${audienceEvents}
      where at > ${new Date(now.getTime() - VISITORS_NOW_MS)} and at <= ${now}`,
  );
  return Number(row?.visitors ?? 0);
}

/** One run of the audience's upkeep: fold, then retention (only once the fold succeeded), then salts. */
export async function maintainAudience(
  db: Database,
  now: Date,
  retentionDays: number,
): Promise<{ folded: string[]; expired: number; salts: number }> {
  const folded = await foldAudience(db, now);
  const expired = await deleteExpiredAudienceEvents(db, now, retentionDays);
  const salts = await forgetOldSalts(db, kinshasaDate(now));
  return { folded, expired, salts };
}

/** The upkeep every minute in each instance (the folds take turns under their lock). */
export function createAudienceFoldLoop(options: {
  db: () => Database | Promise<Database>;
  logger: Logger;
  retentionDays: number;
  pollIntervalMs?: number;
  now?: () => Date;
}): PollLoop<Awaited<ReturnType<typeof maintainAudience>>> {
  const now = options.now ?? (() => new Date());
  return createPollLoop({
    run: async () => maintainAudience(await options.db(), now(), options.retentionDays),
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
    logger: options.logger,
    failureMessage: 'audience fold failed',
  });
}
