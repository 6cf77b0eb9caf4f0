/**
 * The Audience screen's queries (docs/decisions/084-first-party-audience.md). Every figure of a
 * period comes from the folded aggregates (`audience_daily`, `audience_hourly`), never from the
 * raw events, except "En ce moment" (`visitorsNow` of server/audience/fold.ts: the last 5 minutes,
 * a time range on the events' BRIN index).
 * Conversions are counted from the rows they are: leads not kept "À vérifier", newsletter sign-ups
 * likewise, confirmed booked calls, by their creation in the period's Kinshasa days; per table row
 * through the same field of their attribution.
 *
 * `audienceQueries` names each query the screen runs, for scripts that time them (the benchmark on
 * 10 million events).
 */
import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AudienceFigures, AudienceReport, AudienceRow } from '#common/api-types.ts';
import { addDays, kinshasaDate, kinshasaDayStart } from '#common/kinshasa.ts';
import {
  AUDIENCE_PRESET_DAYS,
  AUDIENCE_TABLE_ROWS,
  AUDIENCE_TABLES,
  type AudiencePreset,
  type AudienceQuery,
  type AudienceTable,
  DEFAULT_AUDIENCE_PRESET,
  daysBetween,
} from '#common/schemas/audience-admin.ts';
import { type Database, queryRows } from '#db/client.ts';
import {
  audienceDaily,
  audienceHourly,
  callBookings,
  contactRequests,
  newsletterSubscriptions,
} from '#db/schema.ts';
import { visitorsNow } from '../audience/fold.ts';
import { fieldError } from '../errors.ts';

/** Kinshasa days, both included. */
export type AudiencePeriod = { from: string; to: string };

export type ResolvedPeriod = AudiencePeriod & {
  preset: AudiencePreset | null;
  days: number;
  previous: AudiencePeriod;
};

const HOUR_MS = 60 * 60_000;

/**
 * The period a query asks for, as of `now`: chosen dates (none after today), else a preset's
 * days ending today; and the period of the same length just before it.
 */
export function resolvePeriod(query: AudienceQuery, now: Date): ResolvedPeriod {
  const today = kinshasaDate(now);
  let from: string;
  let to: string;
  let preset: AudiencePreset | null = null;
  if (query.from && query.to) {
    if (query.to > today) throw fieldError('to', 'La date de fin ne peut pas être après aujourd’hui');
    from = query.from;
    to = query.to;
  } else {
    preset = query.period ?? DEFAULT_AUDIENCE_PRESET;
    to = today;
    from = addDays(today, 1 - AUDIENCE_PRESET_DAYS[preset]);
  }
  const days = daysBetween(from, to);
  return { preset, from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

/** The instants a period covers: from its first day's midnight to the midnight after its last. */
function instants(period: AudiencePeriod) {
  return { start: kinshasaDayStart(period.from), end: kinshasaDayStart(addDays(period.to, 1)) };
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const share = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : 0);
const total = (column: SQL.Aliased | unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

const inDays = (period: AudiencePeriod) =>
  and(gte(audienceDaily.day, period.from), lte(audienceDaily.day, period.to));

/** The period's sums over every visit (the `total` dimension). */
async function totals(db: Database, period: AudiencePeriod) {
  const d = audienceDaily;
  const [row] = await db
    .select({
      visitors: total(d.visitors),
      visits: total(d.visits),
      pageviews: total(d.pageviews),
      bounces: total(d.bounces),
      engagedMs: total(d.engagedMs),
    })
    .from(d)
    .where(and(eq(d.dimension, 'total'), inDays(period)));
  return row ?? { visitors: 0, visits: 0, pageviews: 0, bounces: 0, engagedMs: 0 };
}

/** The period's conversions of each kind. */
async function conversions(db: Database, period: AudiencePeriod) {
  const { start, end } = instants(period);
  const created = (column: unknown) => sql`${column} >= ${start} and ${column} < ${end}`;
  const [row] = await queryRows<{ leads: number | string; signups: number | string; calls: number | string }>(
    db,
    sql`select
      (select count(*) from ${contactRequests} where ${created(contactRequests.createdAt)}
         and ${contactRequests.reviewReason} is null) as leads,
      (select count(*) from ${newsletterSubscriptions} where ${created(newsletterSubscriptions.createdAt)}
         and ${newsletterSubscriptions.reviewReason} is null) as signups,
      (select count(*) from ${callBookings} where ${created(callBookings.createdAt)}
         and ${callBookings.status} = 'confirmed') as calls`,
  );
  const leads = Number(row?.leads ?? 0);
  const signups = Number(row?.signups ?? 0);
  const calls = Number(row?.calls ?? 0);
  return { leads, signups, calls, total: leads + signups + calls };
}

/** A period's headline figures: the aggregates' sums, their ratios and the conversions. */
async function figures(db: Database, period: AudiencePeriod): Promise<AudienceFigures> {
  const sums = await totals(db, period);
  const converted = await conversions(db, period);
  return {
    ...sums,
    pagesPerVisit: sums.visits > 0 ? round(sums.pageviews / sums.visits, 2) : 0,
    bounceRate: share(sums.bounces, sums.visits),
    avgEngagedMs: sums.visits > 0 ? Math.round(sums.engagedMs / sums.visits) : 0,
    conversions: converted,
    conversionRate: share(converted.total, sums.visitors),
  };
}

/**
 * Visitors and page views per hour for a one-day period (up to the hour of `now`: today's later
 * hours are not zeros yet), per day otherwise; empty ones as 0.
 */
async function series(
  db: Database,
  period: AudiencePeriod,
  now = new Date(),
): Promise<AudienceReport['series']> {
  if (period.from === period.to) {
    const { start, end } = instants(period);
    const h = audienceHourly;
    const rows = await db
      .select({ hour: h.hour, visitors: h.visitors, pageviews: h.pageviews })
      .from(h)
      .where(and(gte(h.hour, start), lt(h.hour, end)))
      .orderBy(asc(h.hour));
    const byHour = new Map(rows.map((row) => [row.hour.getTime(), row]));
    const hours = Math.min(24, Math.max(1, Math.floor((now.getTime() - start.getTime()) / HOUR_MS) + 1));
    const points = Array.from({ length: hours }, (_, index) => {
      const at = start.getTime() + index * HOUR_MS;
      const row = byHour.get(at);
      return { at: new Date(at).toISOString(), visitors: row?.visitors ?? 0, pageviews: row?.pageviews ?? 0 };
    });
    return { unit: 'hour', points };
  }
  const d = audienceDaily;
  const rows = await db
    .select({ day: d.day, visitors: d.visitors, pageviews: d.pageviews })
    .from(d)
    .where(and(eq(d.dimension, 'total'), inDays(period)))
    .orderBy(asc(d.day));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const points = Array.from({ length: daysBetween(period.from, period.to) }, (_, index) => {
    const day = addDays(period.from, index);
    const row = byDay.get(day);
    return { at: day, visitors: row?.visitors ?? 0, pageviews: row?.pageviews ?? 0 };
  });
  return { unit: 'day', points };
}

type Attributed = { attribution: unknown; trafficSource: unknown };

/**
 * Where each table's values come from: its dimension of `audience_daily`, and the field of a
 * conversion's attribution that matches it; rows without one (a form sent without its visit) are
 * not attributed.
 */
const TABLE_SOURCES: Record<AudienceTable, { dimension: string; conversionKey: (row: Attributed) => SQL }> = {
  pages: { dimension: 'page', conversionKey: (row) => sql`${row.attribution}->>'formPath'` },
  entries: { dimension: 'entry', conversionKey: (row) => sql`${row.attribution}->>'landingPath'` },
  sources: { dimension: 'source', conversionKey: (row) => sql`${row.trafficSource}` },
  campaigns: { dimension: 'campaign', conversionKey: (row) => sql`${row.attribution}->>'utmCampaign'` },
  devices: { dimension: 'device', conversionKey: (row) => sql`${row.attribution}->>'device'` },
  // The aggregates write an unknown country as ''.
  countries: {
    dimension: 'country',
    conversionKey: (row) =>
      sql`case when ${row.attribution} is null then null else coalesce(${row.attribution}->>'country', '') end`,
  },
};

/** The period's conversions per value of a table's field. */
async function conversionsBy(db: Database, table: AudienceTable, period: AudiencePeriod) {
  const { start, end } = instants(period);
  const created = (column: unknown) => sql`${column} >= ${start} and ${column} < ${end}`;
  const { conversionKey } = TABLE_SOURCES[table];
  const rows = await queryRows<{ key: string; n: number | string }>(
    db,
    sql`select key, count(*) as n from (
      select ${conversionKey(contactRequests)} as key from ${contactRequests}
        where ${created(contactRequests.createdAt)} and ${contactRequests.reviewReason} is null
      union all
      select ${conversionKey(newsletterSubscriptions)} from ${newsletterSubscriptions}
        where ${created(newsletterSubscriptions.createdAt)} and ${newsletterSubscriptions.reviewReason} is null
      union all
      select ${conversionKey(callBookings)} from ${callBookings}
        where ${created(callBookings.createdAt)} and ${callBookings.status} = 'confirmed'
    ) as converted where key is not null group by key`,
  );
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/**
 * A table's rows: the values with the most visitors in the period (AUDIENCE_TABLE_ROWS at most),
 * then the values that converted without a counted visitor; each with its conversions and rate.
 */
async function tableRows(db: Database, table: AudienceTable, period: AudiencePeriod): Promise<AudienceRow[]> {
  const d = audienceDaily;
  const visitors = total(d.visitors);
  const visited = await db
    .select({ value: d.value, visitors, visits: total(d.visits), pageviews: total(d.pageviews) })
    .from(d)
    .where(and(eq(d.dimension, TABLE_SOURCES[table].dimension), inDays(period)))
    .groupBy(d.value)
    // A page whose only beacons were engaged time (its page view lost) has a row without views.
    .having(gt(total(d.pageviews), 0))
    .orderBy(desc(visitors), asc(d.value))
    .limit(AUDIENCE_TABLE_ROWS);
  const converted = await conversionsBy(db, table, period);
  const rows: AudienceRow[] = visited.map((row) => {
    const count = converted.get(row.value) ?? 0;
    converted.delete(row.value);
    return { ...row, conversions: count, conversionRate: share(count, row.visitors) };
  });
  const unvisited = [...converted]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([value, count]) => ({
      value,
      visitors: 0,
      visits: 0,
      pageviews: 0,
      conversions: count,
      conversionRate: null,
    }));
  return [...rows, ...unvisited].slice(0, AUDIENCE_TABLE_ROWS);
}

const tableQuery = (table: AudienceTable) => (db: Database, period: AudiencePeriod) =>
  tableRows(db, table, period);

/**
 * Every query the screen runs, by name, each `(db, period)`: the report runs `figures` for the
 * period and the one before, `series`, and one per table; "En ce moment" runs `visitorsNow`.
 */
export const audienceQueries = {
  totals,
  conversions,
  series,
  pages: tableQuery('pages'),
  entries: tableQuery('entries'),
  sources: tableQuery('sources'),
  campaigns: tableQuery('campaigns'),
  devices: tableQuery('devices'),
  countries: tableQuery('countries'),
  visitorsNow: (db: Database, _period: AudiencePeriod, now = new Date()) => visitorsNow(db, now),
} satisfies Record<string, (db: Database, period: AudiencePeriod) => Promise<unknown>>;

/** What the Audience screen shows for a period. */
export async function audienceReport(
  db: Database,
  period: ResolvedPeriod,
  now = new Date(),
): Promise<AudienceReport> {
  const tables = {} as AudienceReport['tables'];
  for (const table of AUDIENCE_TABLES) tables[table] = await tableRows(db, table, period);
  return {
    period: {
      preset: period.preset,
      from: period.from,
      to: period.to,
      days: period.days,
      previousFrom: period.previous.from,
      previousTo: period.previous.to,
    },
    current: await figures(db, period),
    previous: await figures(db, period.previous),
    series: await series(db, period, now),
    tables,
  };
}
