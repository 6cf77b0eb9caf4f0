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
import { eq, sql } from 'drizzle-orm';
import { AUDIENCE_FOLD_LAG_MS } from '#common/audience.ts';
import { addDays, kinshasaDate, kinshasaDayStart } from '#common/kinshasa.ts';
import { type Database, inTransaction, queryRows } from '#db/client.ts';
import {
  audienceDaily,
  audienceEvents,
  audienceFolds,
  audienceHourly,
  audienceVisitors,
} from '#db/schema.ts';
import { createPollLoop, type PollLoop } from '../background/poll-loop.ts';
import type { Logger } from '../logger.ts';
import { forgetOldSalts } from './visitor-key.ts';

/** A visit ends after this long without a page view. */
export const VISIT_GAP_MS = 30 * 60_000;
/** A one-page visit engaged for less than this is a bounce. */
export const BOUNCE_ENGAGED_MS = 10_000;
/** "En ce moment": keys with an event in this last stretch of time. */
export const VISITORS_NOW_MS = 5 * 60_000;
/** pg_advisory_xact_lock key of the folds (see server/admin/services.ts for the others). */
const FOLD_LOCK_KEY = 727_100_084;
/** Raw events deleted per statement by the retention. */
const RETENTION_BATCH = 50_000;

/**
 * A day's events are folded in slices of at most this many, one statement each: about 0.1 s of a
 * core for the minute's fold, so it never holds a core long while beacons and leads are written.
 */
const LIVE_SLICE_EVENTS = 5_000;
/** A whole day folded again (a script's, or a late beacon's): bigger slices, no pause. */
const DAY_SLICE_EVENTS = 50_000;

/** A visit's dimensions, as the daily rows name them, from a row of `scored` (below). */
const VISIT_DIMENSIONS = sql.raw(`(values
  ('total', ''), ('entry', t.entry), ('source', t.source), ('campaign', t.campaign),
  ('device', t.device), ('country', coalesce(t.country, '')), ('browser', t.browser)
) as d(dimension, value)`);
/** A visit's dimension values as the fold's memory keeps them (`seen`: "source:Facebook"…). */
const SEEN_VALUES = sql.raw(`array['entry:' || path, 'source:' || source, 'campaign:' || utm_campaign,
  'device:' || device, 'country:' || coalesce(country, ''), 'browser:' || browser]`);
const hourOf = (column: string) =>
  sql.raw(`date_trunc('hour', ${column} at time zone 'UTC') at time zone 'UTC'`);

/**
 * The slice's events with each key's memory, placed in their visits and flagged (new to an hour, a
 * page, a visit), and each visit it touched with its figures before and after (`scored`).
 */
function sliceVisits(day: string, from: Date, to: Date) {
  const gap = sql.raw(`interval '${VISIT_GAP_MS / 60_000} minutes'`);
  const bounce = (pageviews: string, engaged: string) =>
    sql.raw(`(${pageviews} = 1 and ${engaged} < ${BOUNCE_ENGAGED_MS})::int`);
  return sql`slice as (
      select id, at, visitor_key, type, path, source, utm_campaign, device, country, browser, engaged_ms
      from ${audienceEvents}
      where at >= ${from} and at < ${to} and day = ${day}
    ),
    -- Each event with its key's memory: a probe of the primary key per event (a join between two
    -- sets of rows the planner cannot size once went quadratic).
    marked as (
      select slice.*, prior.*,
        coalesce(max(case when type = 'pageview' then at end) over (
          partition by slice.visitor_key order by at, id rows between unbounded preceding and 1 preceding
        ), prior_view) as previous_view_at
      from slice
      left join lateral (
        select w.visit_start as prior_start, w.last_view_at as prior_view,
          w.visit_pageviews as prior_pageviews, w.visit_engaged_ms as prior_engaged,
          w.entry as prior_entry, w.source as prior_source, w.campaign as prior_campaign,
          w.device as prior_device, w.country as prior_country, w.browser as prior_browser,
          w.visit_pages as prior_visit_pages, w.pages as prior_pages, w.seen as prior_seen
        from ${audienceVisitors} w
        where w.day = ${day} and w.visitor_key = slice.visitor_key
      ) as prior on true
    ),
    started as (
      select marked.*,
        (type = 'pageview' and (previous_view_at is null or at - previous_view_at >= ${gap})) as starts_visit
      from marked
    ),
    -- Each event with its visit's start; null for an engagement with no page view before it that day.
    placed as (
      select started.*,
        coalesce(max(case when starts_visit then at end) over (
          partition by visitor_key order by at, id rows between unbounded preceding and current row
        ), prior_start) as visit_start
      from started
    ),
    -- The page views that make a key new to an hour, a visit new to a page, a key new to a page.
    flagged as (
      select placed.*,
        (type = 'pageview' and (previous_view_at is null or ${hourOf('previous_view_at')} <> ${hourOf('at')}))
          as first_in_hour,
        (type = 'pageview'
          and row_number() over (partition by visitor_key, visit_start, path, type order by at, id) = 1
          and not coalesce(visit_start = prior_start and path = any(prior_visit_pages), false)) as first_in_visit,
        (type = 'pageview'
          and row_number() over (partition by visitor_key, path, type order by at, id) = 1
          and not coalesce(path = any(prior_pages), false)) as first_of_key
      from placed
      where visit_start is not null
    ),
    -- What the slice adds to each key's memory.
    keyed as (
      select flagged.*,
        array_agg(path) filter (where first_of_key) over (partition by visitor_key) as new_pages,
        array_agg(${SEEN_VALUES}) filter (where starts_visit) over (partition by visitor_key) as new_seen
      from flagged
    ),
    -- Each visit the slice touched: a new one's dimensions from the page view that started it (the
    -- only event with starts_visit), a continued one's from the memory.
    touched as (
      select visitor_key, visit_start, prior_start, prior_view, prior_pageviews, prior_engaged, prior_entry,
        prior_source, prior_campaign, prior_device, prior_country, prior_browser, prior_visit_pages,
        prior_pages, prior_seen, new_pages, new_seen,
        bool_or(starts_visit) as is_new,
        count(*) filter (where type = 'pageview') as add_pageviews,
        coalesce(sum(engaged_ms) filter (where type = 'engagement'), 0) as add_engaged,
        max(at) filter (where type = 'pageview') as last_view_at,
        array_agg(path) filter (where first_in_visit) as new_visit_pages,
        max(path) filter (where starts_visit) as new_entry,
        max(source) filter (where starts_visit) as new_source,
        max(utm_campaign) filter (where starts_visit) as new_campaign,
        max(device) filter (where starts_visit) as new_device,
        max(country) filter (where starts_visit) as new_country,
        max(browser) filter (where starts_visit) as new_browser
      from keyed
      group by visitor_key, visit_start, prior_start, prior_view, prior_pageviews, prior_engaged, prior_entry,
        prior_source, prior_campaign, prior_device, prior_country, prior_browser, prior_visit_pages,
        prior_pages, prior_seen, new_pages, new_seen
    ),
    visits as (
      select visitor_key, visit_start, is_new, add_pageviews, add_engaged, prior_start, prior_pages,
        prior_seen, new_pages, new_seen,
        coalesce(last_view_at, prior_view) as last_view_at,
        case when is_new then new_entry else prior_entry end as entry,
        case when is_new then new_source else prior_source end as source,
        case when is_new then new_campaign else prior_campaign end as campaign,
        case when is_new then new_device else prior_device end as device,
        case when is_new then new_country else prior_country end as country,
        case when is_new then new_browser else prior_browser end as browser,
        case when is_new then 0 else prior_pageviews end as before_pageviews,
        case when is_new then 0 else prior_engaged end as before_engaged,
        case when is_new then '{}' else prior_visit_pages end || coalesce(new_visit_pages, '{}') as visit_pages,
        visit_start = max(visit_start) over (partition by visitor_key) as latest
      from touched
    ),
    scored as (
      select visits.*, before_pageviews + add_pageviews as pageviews, before_engaged + add_engaged as engaged_ms,
        ${bounce('before_pageviews + add_pageviews', 'before_engaged + add_engaged')}
          - ${bounce('before_pageviews', 'before_engaged')} as bounce_change
      from visits
    )`;
}

/** Each key's memory written again from its latest visit (`memory_written`). */
function keysMemory(day: string) {
  return sql`memory_written as (
      insert into ${audienceVisitors} (day, visitor_key, visit_start, last_view_at, visit_pageviews,
        visit_engaged_ms, entry, source, campaign, device, country, browser, visit_pages, pages, seen)
      select ${day}, visitor_key, visit_start, last_view_at, pageviews, engaged_ms, entry, source, campaign,
        device, country, browser, visit_pages,
        coalesce(prior_pages, '{}') || coalesce(new_pages, '{}'),
        coalesce(prior_seen, '{}') || array(
          select distinct value from unnest(new_seen) as value
          where value is not null and not (value = any(coalesce(prior_seen, '{}')))
        )
      from scored where latest
      on conflict (day, visitor_key) do update set visit_start = excluded.visit_start,
        last_view_at = excluded.last_view_at, visit_pageviews = excluded.visit_pageviews,
        visit_engaged_ms = excluded.visit_engaged_ms, entry = excluded.entry, source = excluded.source,
        campaign = excluded.campaign, device = excluded.device, country = excluded.country,
        browser = excluded.browser, visit_pages = excluded.visit_pages, pages = excluded.pages,
        seen = excluded.seen
    )`;
}

/** What the slice adds to the day's figures by value and page, and to the hours' (`…_written`). */
function figuresAdded(day: string) {
  return sql`-- A new visit brings a visitor to a value unless the key's memory has it (several new visits of
    -- one key count it once).
    by_dimension as (
      select d.dimension, d.value,
        count(distinct t.visitor_key) filter (where t.is_new and case d.dimension
          when 'total' then t.prior_start is null
          else not coalesce(d.dimension || ':' || d.value = any(t.prior_seen), false) end) as visitors,
        count(*) filter (where t.is_new) as visits,
        sum(t.add_pageviews) as pageviews,
        sum(t.bounce_change) as bounces,
        sum(t.add_engaged) as engaged_ms
      from scored t
      cross join lateral ${VISIT_DIMENSIONS}
      where d.value is not null
      group by d.dimension, d.value
    ),
    by_page as (
      select path, sum(visitors) as visitors, sum(visits) as visits, sum(pageviews) as pageviews,
        sum(bounces) as bounces, sum(engaged_ms) as engaged_ms
      from (
        select path, count(*) filter (where first_of_key) as visitors,
          count(*) filter (where first_in_visit) as visits,
          count(*) filter (where type = 'pageview') as pageviews, 0 as bounces,
          coalesce(sum(engaged_ms) filter (where type = 'engagement'), 0) as engaged_ms
        from flagged group by path
        union all
        select entry, 0, 0, 0, sum(bounce_change), 0 from scored group by entry
      ) as parts
      group by path
    ),
    daily_written as (
      insert into ${audienceDaily} (day, dimension, value, visitors, visits, pageviews, bounces, engaged_ms)
      select ${day}, dimension, value, visitors, visits, pageviews, bounces, engaged_ms from by_dimension
      union all
      select ${day}, 'page', path, visitors, visits, pageviews, bounces, engaged_ms from by_page
      on conflict (day, dimension, value) do update set
        visitors = ${audienceDaily.visitors} + excluded.visitors,
        visits = ${audienceDaily.visits} + excluded.visits,
        pageviews = ${audienceDaily.pageviews} + excluded.pageviews,
        bounces = ${audienceDaily.bounces} + excluded.bounces,
        engaged_ms = ${audienceDaily.engagedMs} + excluded.engaged_ms
    ),
    by_hour as (
      select hour, sum(visitors) as visitors, sum(visits) as visits, sum(pageviews) as pageviews,
        sum(bounces) as bounces, sum(engaged_ms) as engaged_ms
      from (
        select ${hourOf('at')} as hour, count(*) filter (where first_in_hour) as visitors, 0 as visits,
          count(*) filter (where type = 'pageview') as pageviews, 0 as bounces,
          coalesce(sum(engaged_ms) filter (where type = 'engagement'), 0) as engaged_ms
        from flagged group by 1
        union all
        select ${hourOf('visit_start')}, 0, count(*) filter (where is_new), 0, sum(bounce_change), 0
        from scored group by 1
      ) as parts
      group by hour
    ),
    hourly_written as (
      insert into ${audienceHourly} (hour, visitors, visits, pageviews, bounces, engaged_ms)
      select hour, visitors, visits, pageviews, bounces, engaged_ms from by_hour
      on conflict (hour) do update set
        visitors = ${audienceHourly.visitors} + excluded.visitors,
        visits = ${audienceHourly.visits} + excluded.visits,
        pageviews = ${audienceHourly.pageviews} + excluded.pageviews,
        bounces = ${audienceHourly.bounces} + excluded.bounces,
        engaged_ms = ${audienceHourly.engagedMs} + excluded.engaged_ms
    )`;
}

/**
 * Folds the day's events whose time is in [from, to) into the figures, in one statement. Each event
 * continues its key's latest visit (the fold's memory, `audience_visitors`) or starts a new one;
 * what changed is added to `audience_daily` and `audience_hourly`, and each key's memory is written
 * again. Nothing is counted twice: a visitor is new to an hour when its previous page view was in
 * another hour, to a page or a value when its memory of the day does not have it, and a visit new
 * to a page when its memory does not have it. Requires every earlier event of the day to be folded
 * already. Returns how many events it read and the newest one's id.
 */
async function foldSlice(
  tx: Database,
  day: string,
  from: Date,
  to: Date,
): Promise<{ events: number; lastId: number | null }> {
  const [result] = await queryRows<{ events: string | number; last_id: string | number | null }>(
    tx,
    sql`with ${sliceVisits(day, from, to)},
    ${keysMemory(day)},
    ${figuresAdded(day)}
    select count(*) as events, max(id) as last_id from slice`,
  );
  const lastId = result?.last_id ?? null;
  return { events: Number(result?.events ?? 0), lastId: lastId === null ? null : Number(lastId) };
}

/** Where the day's next slice ends: after `events` events at most, and never past `until`. */
async function sliceEnd(tx: Database, day: string, from: Date, until: Date, events: number): Promise<Date> {
  const [row] = await queryRows<{ at: Date | string }>(
    tx,
    sql`select at from ${audienceEvents} where at >= ${from} and at < ${until} and day = ${day}
      order by at offset ${events} limit 1`,
  );
  if (!row) return until;
  const at = new Date(row.at);
  // More events than a slice in one instant: the slice takes that instant whole.
  return at.getTime() > from.getTime() ? at : new Date(from.getTime() + 1);
}

/** The day's figures and the fold's memory of it, emptied: the next slice starts at its midnight. */
async function resetDay(tx: Database, day: string): Promise<void> {
  const start = kinshasaDayStart(day);
  const end = kinshasaDayStart(addDays(day, 1));
  await tx.execute(sql`delete from ${audienceDaily} where day = ${day}`);
  await tx.execute(sql`delete from ${audienceHourly} where hour >= ${start} and hour < ${end}`);
  await forgetDay(tx, day);
}

/** The fold's memory of a day, deleted once the day is final (or folded again from its start). */
async function forgetDay(tx: Database, day: string): Promise<void> {
  await tx.execute(sql`delete from ${audienceVisitors} where day = ${day}`);
}

type FoldState = { lastEventId: number; foldedUntil: Date | null };

/**
 * Folds one slice of the day, from where its fold stopped (or from its start when `restart`), in one
 * transaction under the folds' lock; the day's fold row says how far it went. Returns the slice's
 * events and whether the day is now folded to `until`.
 */
async function foldNextSlice(
  db: Database,
  day: string,
  until: Date,
  now: Date,
  restart: boolean,
  sliceEvents: number,
): Promise<{ events: number; done: boolean }> {
  const start = kinshasaDayStart(day);
  const end = kinshasaDayStart(addDays(day, 1));
  return inTransaction(db, async (tx) => {
    // Instances fold one at a time: two folds of one slice would count it twice.
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    // The slice's sorts in memory rather than in temporary files (the default is 4 MB), and no
    // statement timeout (the beacons' pool has one, for their inserts).
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local statement_timeout = 0`);
    // Compiling the slice's statement (JIT) took 1.4 s, longer than running it; and one core is
    // enough for a slice (parallel workers would take the one serving the beacons).
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    const [state] = await tx
      .select({ lastEventId: audienceFolds.lastEventId, foldedUntil: audienceFolds.foldedUntil })
      .from(audienceFolds)
      .where(eq(audienceFolds.day, day));
    const fresh = restart || !state?.foldedUntil;
    if (fresh) await resetDay(tx, day);
    const from = fresh ? start : (state?.foldedUntil as Date);
    if (from.getTime() >= until.getTime()) return { events: 0, done: true };
    const to = await sliceEnd(tx, day, from, until, sliceEvents);
    const { events, lastId } = await foldSlice(tx, day, from, to);
    const lastEventId = Math.max(fresh ? 0 : (state?.lastEventId ?? 0), lastId ?? 0);
    await tx
      .insert(audienceFolds)
      .values({ day, lastEventId, foldedAt: now, foldedUntil: to })
      .onConflictDoUpdate({
        target: audienceFolds.day,
        set: { lastEventId, foldedAt: now, foldedUntil: to },
      });
    if (to.getTime() >= end.getTime()) await forgetDay(tx, day);
    return { events, done: to.getTime() >= until.getTime() };
  });
}

/**
 * Folds the day up to `until` (its end by default) slice by slice, from where its fold stopped or,
 * with `restart`, from its start. Between two slices it rests as long as the slice took, so a
 * fold never holds a core for long while beacons and leads are being written.
 */
async function foldDayUntil(
  db: Database,
  day: string,
  options: { until: Date; now: Date; restart: boolean; pace: boolean },
): Promise<number> {
  let restart = options.restart;
  let events = 0;
  for (;;) {
    const began = performance.now();
    const sliceEvents = options.pace ? LIVE_SLICE_EVENTS : DAY_SLICE_EVENTS;
    const slice = await foldNextSlice(db, day, options.until, options.now, restart, sliceEvents);
    restart = false;
    events += slice.events;
    if (slice.done) return events;
    if (options.pace) await new Promise((resolve) => setTimeout(resolve, performance.now() - began));
  }
}

/**
 * Folds a day whole from its raw events, from its start (a day loaded by a script, or folded again):
 * a late beacon, a fold run twice or two instances folding give the day as it is. A day without raw
 * events is left as it is (the retention may have deleted them: its figures stay). Returns whether
 * it wrote.
 */
export async function foldAudienceDay(db: Database, day: string, now = new Date()): Promise<boolean> {
  if (!(await hasEvents(db, day))) return false;
  await foldDayUntil(db, day, {
    until: kinshasaDayStart(addDays(day, 1)),
    now,
    restart: true,
    pace: false,
  });
  return true;
}

async function hasEvents(db: Database, day: string): Promise<boolean> {
  const start = kinshasaDayStart(day);
  const end = kinshasaDayStart(addDays(day, 1));
  const [found] = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from ${audienceEvents} where at >= ${start} and at < ${end} and day = ${day} limit 1`,
  );
  return Boolean(found);
}

/**
 * Folds what changed, oldest day first (a failure stops the run, so no later day's fold can hide an
 * earlier one), each from where its fold stopped up to AUDIENCE_FOLD_LAG_MS before `now` (a beacon is written
 * within that time of its own, docs/decisions/084): today and yesterday until they are final, and a
 * day whose new events lie before where its fold stopped (a day loaded by a script), folded again
 * from its start. Returns the days whose figures changed.
 */
export async function foldAudience(db: Database, now: Date): Promise<string[]> {
  const today = kinshasaDate(now);
  const live = new Set([addDays(today, -1), today]);
  const cutoff = new Date(now.getTime() - AUDIENCE_FOLD_LAG_MS);
  const [newest] = await queryRows<{ last: string | number }>(
    db,
    sql`select coalesce(max(${audienceFolds.lastEventId}), 0) as last from ${audienceFolds}`,
  );
  // The primary key's index: only the events written since the newest fold are read.
  const changed = await queryRows<{ day: string }>(
    db,
    sql`select distinct day from ${audienceEvents} where id > ${Number(newest?.last ?? 0)}`,
  );
  const states = new Map<string, FoldState>(
    (
      await db
        .select({
          day: audienceFolds.day,
          lastEventId: audienceFolds.lastEventId,
          foldedUntil: audienceFolds.foldedUntil,
        })
        .from(audienceFolds)
        .where(
          sql`${audienceFolds.day} in (${sql.join(
            [...new Set([...live, ...changed.map((row) => row.day)])].map((day) => sql`${day}`),
            sql`, `,
          )})`,
        )
    ).map(({ day, ...state }) => [day, state]),
  );
  const days = new Set(changed.map((row) => row.day));
  // Today and yesterday until they are final (a day without events is skipped below).
  for (const day of live) {
    const until = states.get(day)?.foldedUntil;
    if (!until || until.getTime() < kinshasaDayStart(addDays(day, 1)).getTime()) days.add(day);
  }
  const folded: string[] = [];
  for (const day of [...days].sort()) {
    const end = kinshasaDayStart(addDays(day, 1));
    const state = states.get(day);
    const restart = !state?.foldedUntil || (await hasLateEvents(db, day, state));
    const until = live.has(day) && end.getTime() > cutoff.getTime() ? cutoff : end;
    if (restart && !(await hasEvents(db, day))) continue;
    const events = await foldDayUntil(db, day, { until, now, restart, pace: true });
    // A day folded again from its start changed even when its slice so far is empty.
    if (events > 0 || (restart && state)) folded.push(day);
  }
  return folded;
}

/** Events of the day written since its fold's newest yet dated before where it stopped. */
async function hasLateEvents(db: Database, day: string, state: FoldState): Promise<boolean> {
  if (!state.foldedUntil) return false;
  const [late] = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from ${audienceEvents}
      where id > ${state.lastEventId} and day = ${day} and at < ${state.foldedUntil} limit 1`,
  );
  return Boolean(late);
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
    // Without the beacons' pool's statement timeout (its inserts'): a first run may delete months.
    const deleted = await inTransaction(db, async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      return queryRows<{ id: number }>(
        tx,
        sql`delete from ${audienceEvents} where id in (
          select id from ${audienceEvents} where at < ${cutoff} limit ${RETENTION_BATCH}
        ) returning id`,
      );
    });
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
