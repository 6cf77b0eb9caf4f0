import { asc, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIENCE_FOLD_LAG_MS } from '#common/audience.ts';
import { kinshasaDayStart } from '#common/kinshasa.ts';
import { queryRows } from '#db/client.ts';
import {
  audienceDaily,
  audienceEvents,
  audienceFolds,
  audienceHourly,
  audienceSalts,
  audienceVisitors,
} from '#db/schema.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import {
  BOUNCE_ENGAGED_MS,
  foldAudience,
  foldAudienceDay,
  maintainAudience,
  VISIT_GAP_MS,
  visitorsNow,
} from './fold.ts';

const ctx = databaseContext();

beforeEach(async () => {
  const { db } = ctx.database;
  await db.delete(audienceEvents);
  await db.delete(audienceDaily);
  await db.delete(audienceHourly);
  await db.delete(audienceFolds);
  await db.delete(audienceSalts);
  await db.delete(audienceVisitors);
});

const DAY = '2026-03-10';

/** A Kinshasa time of DAY ("09:02", "00:05:30") as an instant (Kinshasa is UTC+1). */
const at = (time: string, day = DAY) => new Date(`${day}T${time.length === 5 ? `${time}:00` : time}+01:00`);

type Visitor = { key: string; device: string; browser: string; country: string | null };
const PHONE: Visitor = { key: 'a', device: 'mobile', browser: 'Chrome', country: 'CD' };
const LAPTOP: Visitor = { key: 'b', device: 'desktop', browser: 'Firefox', country: null };
const OTHER: Visitor = { key: 'c', device: 'desktop', browser: 'Firefox', country: null };

function view(
  visitor: Visitor,
  time: string,
  path: string,
  extra: { source?: string; utmCampaign?: string } = {},
) {
  const when = at(time);
  return {
    at: when,
    day: DAY,
    visitorKey: visitor.key,
    type: 'pageview' as const,
    path,
    source: extra.source ?? 'Accès direct',
    utmCampaign: extra.utmCampaign ?? null,
    device: visitor.device,
    browser: visitor.browser,
    country: visitor.country,
  };
}

function engaged(visitor: Visitor, time: string, path: string, engagedMs: number) {
  return { ...view(visitor, time, path), type: 'engagement' as const, source: '', engagedMs };
}

/**
 * The hand-made day (Kinshasa times):
 * - the phone: "/" from Facebook (campaign "lancement") at 09:00, "/services" at 09:02, engaged
 *   20 s there; then 38 minutes later "/contact" (a new visit), engaged 5 s: a bounce;
 * - the laptop: "/blog" from Google at 10:15, engaged 3 s: a bounce;
 * - the other laptop: an engagement at 00:05 with no page view before it that day (not counted),
 *   then "/about" at 00:10, engaged 12 s: one page, but no bounce.
 */
const EVENTS = [
  view(PHONE, '09:00', '/', { source: 'Facebook', utmCampaign: 'lancement' }),
  view(PHONE, '09:02', '/services'),
  engaged(PHONE, '09:03', '/services', 20_000),
  view(PHONE, '09:40', '/contact'),
  engaged(PHONE, '09:41', '/contact', 5_000),
  view(LAPTOP, '10:15', '/blog', { source: 'Google' }),
  engaged(LAPTOP, '10:15:30', '/blog', 3_000),
  engaged(OTHER, '00:05', '/about', 7_000),
  view(OTHER, '00:10', '/about'),
  engaged(OTHER, '00:11', '/about', 12_000),
];

type Figures = [visitors: number, visits: number, pageviews: number, bounces: number, engagedMs: number];

async function dailyFigures(day = DAY): Promise<Record<string, Figures>> {
  const rows = await ctx.database.db.select().from(audienceDaily).where(sql`${audienceDaily.day} = ${day}`);
  return Object.fromEntries(
    rows.map((row) => [
      `${row.dimension}:${row.value}`,
      [row.visitors, row.visits, row.pageviews, row.bounces, Number(row.engagedMs)],
    ]),
  );
}

describe('foldAudienceDay', () => {
  it('gives the hand-counted visits, bounces, engaged time and entries, per dimension', async () => {
    await ctx.database.db.insert(audienceEvents).values(EVENTS);
    expect(await foldAudienceDay(ctx.database.db, DAY)).toBe(true);

    // Visits: phone 1 (2 pages, 20 s), phone 2 (1 page, 5 s: bounce), laptop (1 page, 3 s:
    // bounce), other (1 page, 12 s). The orphan 7 s is in no visit.
    expect(await dailyFigures()).toEqual({
      'total:': [3, 4, 5, 2, 40_000],
      'entry:/': [1, 1, 2, 0, 20_000],
      'entry:/contact': [1, 1, 1, 1, 5_000],
      'entry:/blog': [1, 1, 1, 1, 3_000],
      'entry:/about': [1, 1, 1, 0, 12_000],
      'source:Facebook': [1, 1, 2, 0, 20_000],
      'source:Accès direct': [2, 2, 2, 1, 17_000],
      'source:Google': [1, 1, 1, 1, 3_000],
      'campaign:lancement': [1, 1, 2, 0, 20_000],
      'device:mobile': [1, 2, 3, 1, 25_000],
      'device:desktop': [2, 2, 2, 1, 15_000],
      'country:CD': [1, 2, 3, 1, 25_000],
      'country:': [2, 2, 2, 1, 15_000],
      'browser:Chrome': [1, 2, 3, 1, 25_000],
      'browser:Firefox': [2, 2, 2, 1, 15_000],
      'page:/': [1, 1, 1, 0, 0],
      'page:/services': [1, 1, 1, 0, 20_000],
      'page:/contact': [1, 1, 1, 1, 5_000],
      'page:/blog': [1, 1, 1, 1, 3_000],
      'page:/about': [1, 1, 1, 0, 12_000],
    });

    // Hours (UTC instants; Kinshasa is UTC+1): 00:10 is the day's first hour, 23:00 UTC.
    const hours = await ctx.database.db.select().from(audienceHourly).orderBy(asc(audienceHourly.hour));
    expect(
      hours.map((row) => [
        row.hour.toISOString(),
        row.visitors,
        row.visits,
        row.pageviews,
        row.bounces,
        Number(row.engagedMs),
      ]),
    ).toEqual([
      ['2026-03-09T23:00:00.000Z', 1, 1, 1, 0, 12_000],
      ['2026-03-10T08:00:00.000Z', 1, 2, 3, 1, 25_000],
      ['2026-03-10T09:00:00.000Z', 1, 1, 1, 1, 3_000],
    ]);
    const [fold] = await ctx.database.db.select().from(audienceFolds);
    expect(fold?.day).toBe(DAY);
  });

  it('splits visits at 30 minutes without a page view, not at 29', async () => {
    await ctx.database.db
      .insert(audienceEvents)
      .values([
        view(PHONE, '09:00', '/'),
        view(PHONE, '09:29:59', '/services'),
        view(PHONE, '09:59:59', '/contact'),
        view(LAPTOP, '09:00', '/'),
        view(LAPTOP, '09:29', '/blog'),
      ]);
    await foldAudienceDay(ctx.database.db, DAY);
    const figures = await dailyFigures();
    // Phone: 09:00 → 09:29:59 one visit; 09:59:59 is exactly 30 minutes later: a second one.
    expect(figures['total:']).toEqual([2, 3, 5, 1, 0]);
    expect(figures['entry:/']).toEqual([2, 2, 4, 0, 0]);
    expect(figures['entry:/contact']).toEqual([1, 1, 1, 1, 0]);
  });

  it('recomputes a day whole: folding twice, or after a late beacon, gives the day as it is', async () => {
    await ctx.database.db.insert(audienceEvents).values(EVENTS);
    await foldAudienceDay(ctx.database.db, DAY);
    await foldAudienceDay(ctx.database.db, DAY);
    expect((await dailyFigures())['total:']).toEqual([3, 4, 5, 2, 40_000]);
    await ctx.database.db.insert(audienceEvents).values([engaged(PHONE, '09:50', '/contact', 10_000)]);
    await foldAudienceDay(ctx.database.db, DAY);
    // The phone's second visit is now engaged 15 s: no longer a bounce.
    expect((await dailyFigures())['total:']).toEqual([3, 4, 5, 1, 50_000]);
  });
});

describe('foldAudience', () => {
  it('folds a loaded day whole, today and yesterday up to 30 s ago until final, then nothing again', async () => {
    const old = '2025-11-02';
    await ctx.database.db
      .insert(audienceEvents)
      .values([{ ...view(PHONE, '12:00', '/'), at: at('12:00', old), day: old }, ...EVENTS]);
    // The next day at 00:02, Kinshasa: DAY is yesterday, folded to its end, and final.
    const justAfter = at('00:02', '2026-03-11');
    expect(await foldAudience(ctx.database.db, justAfter)).toEqual([old, DAY]);
    expect(await foldAudience(ctx.database.db, justAfter)).toEqual([]);
    expect(await foldAudience(ctx.database.db, at('00:11', '2026-03-11'))).toEqual([]);
    expect((await dailyFigures(old))['total:']).toEqual([1, 1, 1, 1, 0]);
    expect((await dailyFigures())['total:']).toEqual([3, 4, 5, 2, 40_000]);
    // A beacon loaded late into DAY (a script): the day is folded again, whole.
    await ctx.database.db.insert(audienceEvents).values([engaged(PHONE, '09:50', '/contact', 10_000)]);
    expect(await foldAudience(ctx.database.db, at('00:12', '2026-03-11'))).toEqual([DAY]);
    expect((await dailyFigures())['total:']).toEqual([3, 4, 5, 1, 50_000]);
    // Today's first beacon at 00:12: folded once it is 30 s old, and no other day.
    await ctx.database.db
      .insert(audienceEvents)
      .values([{ ...view(LAPTOP, '00:12', '/'), at: at('00:12', '2026-03-11'), day: '2026-03-11' }]);
    expect(await foldAudience(ctx.database.db, at('00:12:20', '2026-03-11'))).toEqual([]);
    expect(await foldAudience(ctx.database.db, at('00:13', '2026-03-11'))).toEqual(['2026-03-11']);
    expect((await dailyFigures('2026-03-11'))['total:']).toEqual([1, 1, 1, 1, 0]);
    // The fold keeps only the day being folded in memory: yesterday's visits are gone.
    const remembered = await ctx.database.db
      .selectDistinct({ day: audienceVisitors.day })
      .from(audienceVisitors);
    expect(remembered).toEqual([{ day: '2026-03-11' }]);
  });

  it('adds each minute’s beacons to the figures: the day as it goes equals the definitions, counted by hand in code', async () => {
    const events = randomDay(0x5eed, 600);
    await ctx.database.db.insert(audienceEvents).values(events);
    // Every 50 minutes or so through the day, then just after its midnight.
    const runs = Array.from(
      { length: 28 },
      (_, i) => new Date(kinshasaDayStart(DAY).getTime() + (i + 1) * 3_100_000),
    );
    runs.push(at('00:01', '2026-03-11'));
    for (const now of runs) {
      await foldAudience(ctx.database.db, now);
      const folded = events.filter((event) => event.at.getTime() < now.getTime() - AUDIENCE_FOLD_LAG_MS);
      expect({ at: now.toISOString(), ...(await foldedFigures()) }).toEqual({
        at: now.toISOString(),
        ...expectedFigures(folded),
      });
    }
    // And the same day folded whole gives the same figures.
    const incremental = await foldedFigures();
    await foldAudienceDay(ctx.database.db, DAY);
    expect(await foldedFigures()).toEqual(incremental);
  });
});

/** A pseudo-random day of beacons (mulberry32): 40 visitors, page views and engaged time, sorted. */
function randomDay(seed: number, count: number) {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const start = kinshasaDayStart(DAY).getTime();
  const visitors = Array.from({ length: 40 }, (_, i) => ({
    key: `k${i}`,
    device: pick(['mobile', 'desktop', 'tablet']),
    browser: pick(['Chrome', 'Firefox', 'Safari']),
    country: pick(['CD', 'CD', 'FR', null]),
  }));
  // Visitors come back within minutes or hours: visits of one page, of several, and split ones.
  const times = new Map<string, number>();
  return Array.from({ length: count }, () => {
    const visitor = pick(visitors);
    const last = times.get(visitor.key) ?? start + Math.floor(random() * 20 * 3_600_000);
    const time = Math.min(last + Math.floor(random() * random() * 3_000_000), start + 86_399_000);
    times.set(visitor.key, time);
    const pageview = random() < 0.7;
    return {
      at: new Date(time),
      day: DAY,
      visitorKey: visitor.key,
      type: pageview ? ('pageview' as const) : ('engagement' as const),
      path: pick(['/', '/services', '/blog', '/contact', '/a-propos']),
      source: pageview ? pick(['Accès direct', 'Facebook', 'Google']) : '',
      utmCampaign: pageview ? pick([null, null, 'lancement']) : null,
      device: visitor.device,
      browser: visitor.browser,
      country: visitor.country,
      engagedMs: pageview ? null : Math.floor(random() * 30_000),
    };
  }).sort((a, b) => a.at.getTime() - b.at.getTime());
}

type RandomEvent = ReturnType<typeof randomDay>[number];
type Tally = {
  visitors: Set<string>;
  visits: Set<string>;
  pageviews: number;
  bounces: number;
  engagedMs: number;
};

/** The definitions of server/audience/fold.ts, applied by hand to the events, for the day and its hours. */
function expectedFigures(events: RandomEvent[]) {
  const daily = new Map<string, Tally>();
  const hourly = new Map<string, Tally>();
  const tally = (map: Map<string, Tally>, name: string) => {
    const found = map.get(name) ?? {
      visitors: new Set(),
      visits: new Set(),
      pageviews: 0,
      bounces: 0,
      engagedMs: 0,
    };
    map.set(name, found);
    return found;
  };
  const hourOf = (date: Date) => `${date.toISOString().slice(0, 13)}:00:00.000Z`;
  type Visit = { id: string; first: RandomEvent; views: RandomEvent[]; engagements: RandomEvent[] };
  const visits: Visit[] = [];
  const byKey = new Map<string, { current?: Visit; lastView?: number }>();
  for (const event of events) {
    const state = byKey.get(event.visitorKey) ?? {};
    byKey.set(event.visitorKey, state);
    if (event.type === 'pageview') {
      if (state.lastView === undefined || event.at.getTime() - state.lastView >= VISIT_GAP_MS) {
        state.current = {
          id: `${event.visitorKey}@${event.at.getTime()}`,
          first: event,
          views: [],
          engagements: [],
        };
        visits.push(state.current);
      }
      state.current?.views.push(event);
      state.lastView = event.at.getTime();
    } else {
      state.current?.engagements.push(event);
    }
  }
  for (const visit of visits) {
    const engaged = visit.engagements.reduce((sum, event) => sum + (event.engagedMs ?? 0), 0);
    const bounced = visit.views.length === 1 && engaged < BOUNCE_ENGAGED_MS ? 1 : 0;
    const { first } = visit;
    const dimensions: [string, string | null][] = [
      ['total', ''],
      ['entry', first.path],
      ['source', first.source],
      ['campaign', first.utmCampaign],
      ['device', first.device],
      ['country', first.country ?? ''],
      ['browser', first.browser],
    ];
    for (const [dimension, value] of dimensions) {
      if (value === null) continue;
      const row = tally(daily, `${dimension}:${value}`);
      row.visitors.add(first.visitorKey);
      row.visits.add(visit.id);
      row.pageviews += visit.views.length;
      row.bounces += bounced;
      row.engagedMs += engaged;
    }
    for (const view of visit.views) {
      const page = tally(daily, `page:${view.path}`);
      page.visitors.add(view.visitorKey);
      page.visits.add(visit.id);
      page.pageviews += 1;
      page.bounces += bounced;
      const hour = tally(hourly, hourOf(view.at));
      hour.visitors.add(view.visitorKey);
      hour.pageviews += 1;
    }
    for (const engagement of visit.engagements) {
      tally(daily, `page:${engagement.path}`).engagedMs += engagement.engagedMs ?? 0;
      tally(hourly, hourOf(engagement.at)).engagedMs += engagement.engagedMs ?? 0;
    }
    const started = tally(hourly, hourOf(first.at));
    started.visits.add(visit.id);
    started.bounces += bounced;
  }
  const figures = (map: Map<string, Tally>, keep: (name: string, row: Tally) => boolean) =>
    Object.fromEntries(
      [...map]
        .filter(([name, row]) => keep(name, row))
        .map(([name, row]) => [
          name,
          [row.visitors.size, row.visits.size, row.pageviews, row.bounces, row.engagedMs],
        ]),
    );
  return {
    daily: figures(daily, (name, row) => !name.startsWith('page:') || row.pageviews > 0),
    hourly: figures(hourly, (_, row) => row.visits.size + row.pageviews + row.engagedMs > 0),
  };
}

/** The day's folded figures, as expectedFigures gives them (a page without views is no page). */
async function foldedFigures() {
  const daily = Object.fromEntries(
    Object.entries(await dailyFigures()).filter(([name, row]) => !name.startsWith('page:') || row[2] > 0),
  );
  const hours = await ctx.database.db.select().from(audienceHourly);
  const hourly = Object.fromEntries(
    hours
      .filter((row) => row.visits + row.pageviews + Number(row.engagedMs) > 0)
      .map((row) => [
        row.hour.toISOString(),
        [row.visitors, row.visits, row.pageviews, row.bounces, Number(row.engagedMs)],
      ]),
  );
  return { daily, hourly };
}

describe('the upkeep', () => {
  it('deletes raw events past the retention and keeps the figures folded from them', async () => {
    await ctx.database.db.insert(audienceEvents).values(EVENTS);
    const kept = '2026-06-07';
    await ctx.database.db
      .insert(audienceEvents)
      .values([{ ...view(LAPTOP, '08:00', '/'), at: at('08:00', kept), day: kept }]);
    await ctx.database.db.insert(audienceSalts).values([
      { day: '2026-06-07', salt: 'ancien' },
      { day: '2026-06-08', salt: 'du jour' },
    ]);
    // 2026-06-08 with 90 days kept: the events of days before 2026-03-10 + 90 − 90… DAY is 90
    // days before 2026-06-08, so it is kept; one more day and it is gone.
    const firstRun = await maintainAudience(ctx.database.db, at('12:00', '2026-06-08'), 90);
    expect(firstRun.expired).toBe(0);
    expect(firstRun.folded).toEqual([DAY, kept]);

    const secondRun = await maintainAudience(ctx.database.db, at('12:00', '2026-06-09'), 90);
    expect(secondRun.expired).toBe(EVENTS.length);
    const remaining = await ctx.database.db.select({ day: audienceEvents.day }).from(audienceEvents);
    expect(remaining).toEqual([{ day: kept }]);
    // The day's figures stay, even when folded again without its events.
    expect((await dailyFigures())['total:']).toEqual([3, 4, 5, 2, 40_000]);
    expect(await foldAudienceDay(ctx.database.db, DAY)).toBe(false);
    expect((await dailyFigures())['total:']).toEqual([3, 4, 5, 2, 40_000]);
    const hourly = await queryRows<{ count: string | number }>(
      ctx.database.db,
      sql`select count(*) as count from ${audienceHourly} where hour < ${kinshasaDayStart('2026-03-11')}`,
    );
    expect(Number(hourly[0]?.count)).toBe(3);
    // Salts of days before today are gone.
    expect((await ctx.database.db.select().from(audienceSalts)).map((salt) => salt.day)).toEqual([]);
  });
});

describe('visitorsNow', () => {
  it('counts the distinct keys with an event in the last 5 minutes', async () => {
    const now = at('12:00');
    await ctx.database.db
      .insert(audienceEvents)
      .values([
        view(PHONE, '11:59', '/'),
        engaged(PHONE, '11:59:30', '/', 30_000),
        engaged(LAPTOP, '11:56', '/blog', 4_000),
        view(OTHER, '11:54:59', '/'),
        view({ ...OTHER, key: 'd' }, '12:01', '/'),
      ]);
    expect(await visitorsNow(ctx.database.db, now)).toBe(2);
  });
});
