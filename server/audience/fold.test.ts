import { asc, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { kinshasaDayStart } from '#common/kinshasa.ts';
import { queryRows } from '#db/client.ts';
import { audienceDaily, audienceEvents, audienceFolds, audienceHourly, audienceSalts } from '#db/schema.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { foldAudience, foldAudienceDay, maintainAudience, visitorsNow } from './fold.ts';

const ctx = databaseContext();

beforeEach(async () => {
  const { db } = ctx.database;
  await db.delete(audienceEvents);
  await db.delete(audienceDaily);
  await db.delete(audienceHourly);
  await db.delete(audienceFolds);
  await db.delete(audienceSalts);
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
  it('folds the days with new events, yesterday until after its midnight, and nothing else again', async () => {
    const old = '2025-11-02';
    await ctx.database.db
      .insert(audienceEvents)
      .values([{ ...view(PHONE, '12:00', '/'), at: at('12:00', old), day: old }, ...EVENTS]);
    // The next day at 00:02, Kinshasa: DAY is yesterday, folded again until 00:05 has passed.
    const justAfter = at('00:02', '2026-03-11');
    expect(await foldAudience(ctx.database.db, justAfter)).toEqual([old, DAY]);
    expect(await foldAudience(ctx.database.db, justAfter)).toEqual([DAY]);
    const later = at('00:10', '2026-03-11');
    expect(await foldAudience(ctx.database.db, later)).toEqual([DAY]);
    expect(await foldAudience(ctx.database.db, at('00:11', '2026-03-11'))).toEqual([]);
    expect((await dailyFigures(old))['total:']).toEqual([1, 1, 1, 1, 0]);
    // Today's first beacon: today is folded, no other day.
    await ctx.database.db
      .insert(audienceEvents)
      .values([{ ...view(LAPTOP, '00:12', '/'), at: at('00:12', '2026-03-11'), day: '2026-03-11' }]);
    expect(await foldAudience(ctx.database.db, at('00:13', '2026-03-11'))).toEqual(['2026-03-11']);
  });
});

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
