import { beforeAll, describe, expect, it } from 'vitest';
import type { AudienceNow, AudienceReport } from '#common/api-types.ts';
import type { Attribution } from '#common/audience.ts';
import { audienceDaily, audienceEvents, audienceHourly } from '#db/schema.ts';
import { foldAudienceDay } from '#server/audience/fold.ts';
import { clockedAdminContext } from '#tests/helpers/admin-session.ts';
import {
  insertAdminUser,
  insertCallBooking,
  insertContact,
  insertSubscriber,
} from '#tests/helpers/factories.ts';

// Wednesday 4 March 2026, 11:00 in Kinshasa. "7 jours" is 26 February – 4 March; the period before
// is 19 – 25 February. Kinshasa's 26 February starts at 25 February 23:00 UTC.
const NOW = new Date('2026-03-04T10:00:00Z');
const ctx = clockedAdminContext(NOW);
const d = (iso: string) => new Date(iso);

type Daily = { visitors: number; visits?: number; pageviews?: number; bounces?: number; engagedMs?: number };
const daily = (day: string, dimension: string, value: string, row: Daily) => ({
  day,
  dimension,
  value,
  visitors: row.visitors,
  visits: row.visits ?? row.visitors,
  pageviews: row.pageviews ?? row.visitors,
  bounces: row.bounces ?? 0,
  engagedMs: row.engagedMs ?? 0,
});

const facebookVisit: Attribution = {
  source: 'Facebook',
  referrerHost: 'facebook.com',
  utmSource: 'facebook',
  utmCampaign: 'lancement',
  landingPath: '/',
  formPath: '/contact',
  pages: ['/', '/services', '/contact'],
  pagesSeen: 3,
  device: 'mobile',
  country: 'CD',
};
const googleVisit: Attribution = {
  source: 'Google',
  referrerHost: 'google.com',
  utmCampaign: 'printemps',
  landingPath: '/blog/seo',
  formPath: '/blog/seo',
  device: 'desktop',
};

beforeAll(async () => {
  const db = ctx.database.db;

  await db.insert(audienceDaily).values([
    // Every visit, per day: two days of the period, one of the period before, one older.
    daily('2026-03-04', 'total', '', {
      visitors: 10,
      visits: 12,
      pageviews: 30,
      bounces: 3,
      engagedMs: 120_000,
    }),
    daily('2026-02-26', 'total', '', { visitors: 5, visits: 6, pageviews: 9, bounces: 2, engagedMs: 60_000 }),
    daily('2026-02-25', 'total', '', {
      visitors: 8,
      visits: 8,
      pageviews: 16,
      bounces: 4,
      engagedMs: 40_000,
    }),
    daily('2026-02-18', 'total', '', { visitors: 100, visits: 100, pageviews: 100 }),
    // The tables' dimensions.
    daily('2026-03-04', 'source', 'Facebook', { visitors: 6, visits: 7, pageviews: 20 }),
    daily('2026-02-26', 'source', 'Facebook', { visitors: 1 }),
    daily('2026-03-04', 'source', 'Accès direct', { visitors: 4, pageviews: 6 }),
    daily('2026-03-04', 'source', 'Google', { visitors: 3 }),
    daily('2026-02-25', 'source', 'Facebook', { visitors: 50 }),
    daily('2026-03-04', 'campaign', 'lancement', { visitors: 5 }),
    daily('2026-03-04', 'page', '/blog/seo', { visitors: 6 }),
    daily('2026-03-04', 'page', '/contact', { visitors: 4 }),
    daily('2026-03-04', 'entry', '/', { visitors: 9 }),
    daily('2026-03-04', 'entry', '/blog/seo', { visitors: 3 }),
    daily('2026-03-04', 'device', 'mobile', { visitors: 8 }),
    daily('2026-03-04', 'device', 'desktop', { visitors: 5 }),
    daily('2026-03-04', 'country', 'CD', { visitors: 9 }),
    daily('2026-03-04', 'country', '', { visitors: 2 }),
  ]);
  await db.insert(audienceHourly).values(
    [
      ['2026-03-03T22:00:00Z', 7, 7], // 3 March, 23:00 in Kinshasa: the day before
      ['2026-03-03T23:00:00Z', 2, 3], // 4 March, 00:00
      ['2026-03-04T09:00:00Z', 4, 7], // 4 March, 10:00
    ].map(([hour, visitors, pageviews]) => ({
      hour: d(String(hour)),
      visitors: Number(visitors),
      visits: Number(visitors),
      pageviews: Number(pageviews),
      bounces: 0,
      engagedMs: 0,
    })),
  );

  // Conversions: a lead from Facebook today and its booked call, a lead at the period's first
  // instant (no attribution), one a second before it (the period before), one kept "À vérifier".
  const lead = await insertContact(db, {
    createdAt: d('2026-03-04T09:00:00Z'),
    attribution: facebookVisit,
    trafficSource: 'Facebook',
  });
  await insertContact(db, { createdAt: d('2026-02-25T23:00:00Z') });
  await insertContact(db, { createdAt: d('2026-02-25T22:59:59Z') });
  await insertContact(db, {
    createdAt: d('2026-03-02T10:00:00Z'),
    attribution: facebookVisit,
    trafficSource: 'Facebook',
    reviewReason: 'Plus de 10 demandes en 15 minutes depuis la même adresse',
  });
  await insertSubscriber(db, {
    createdAt: d('2026-03-01T10:00:00Z'),
    attribution: googleVisit,
    trafficSource: 'Google',
  });
  await insertSubscriber(db, { createdAt: d('2026-03-01T11:00:00Z'), reviewReason: 'Champ réservé' });
  const { user } = await insertAdminUser(db);
  await insertCallBooking(db, {
    contactId: lead.id,
    adminId: user.id,
    createdAt: d('2026-03-03T12:00:00Z'),
    attribution: facebookVisit,
    trafficSource: 'Facebook',
  });
  const other = await insertContact(db, { createdAt: d('2026-01-10T10:00:00Z') });
  await insertCallBooking(db, {
    contactId: other.id,
    adminId: user.id,
    status: 'cancelled',
    createdAt: d('2026-03-03T13:00:00Z'),
    attribution: facebookVisit,
    trafficSource: 'Facebook',
  });

  // "En ce moment": two visitors in the last 5 minutes, a third one 6 minutes ago.
  const event = (visitorKey: string, minutesAgo: number) => ({
    at: new Date(NOW.getTime() - minutesAgo * 60_000),
    day: '2026-03-04',
    visitorKey,
    type: 'pageview' as const,
    path: '/',
    source: 'Accès direct',
    device: 'mobile',
    browser: 'Chrome',
  });
  await db
    .insert(audienceEvents)
    .values([event('a', 1), event('a', 3), event('b', 4.9), event('c', 6), event('d', -1)]);
});

const report = async (query = '') =>
  (await ctx.admin.get(`/api/admin/audience${query}`).expect(200)).body as AudienceReport;

describe('GET /api/admin/audience', () => {
  it('gives the last 7 Kinshasa days by default, beside the 7 days before', async () => {
    const { period } = await report();
    expect(period).toEqual({
      preset: '7d',
      from: '2026-02-26',
      to: '2026-03-04',
      days: 7,
      previousFrom: '2026-02-19',
      previousTo: '2026-02-25',
    });
  });

  it('adds up the days of each period and derives the ratios and the conversion rate', async () => {
    const { current, previous } = await report('?period=7d');
    expect(current).toEqual({
      visitors: 15,
      visits: 18,
      pageviews: 39,
      bounces: 5,
      engagedMs: 180_000,
      pagesPerVisit: 2.17,
      bounceRate: 0.2778,
      avgEngagedMs: 10_000,
      // The lead kept "À vérifier", the sign-up kept "À vérifier" and the cancelled call do not count.
      conversions: { leads: 2, signups: 1, calls: 1, total: 4 },
      conversionRate: 0.2667,
    });
    expect(previous).toEqual({
      visitors: 8,
      visits: 8,
      pageviews: 16,
      bounces: 4,
      engagedMs: 40_000,
      pagesPerVisit: 2,
      bounceRate: 0.5,
      avgEngagedMs: 5_000,
      conversions: { leads: 1, signups: 0, calls: 0, total: 1 },
      conversionRate: 0.125,
    });
  });

  it('charts every day of the period from the daily totals, empty days as 0', async () => {
    const { series } = await report('?period=7d');
    expect(series.unit).toBe('day');
    expect(series.points).toEqual([
      { at: '2026-02-26', visitors: 5, pageviews: 9 },
      { at: '2026-02-27', visitors: 0, pageviews: 0 },
      { at: '2026-02-28', visitors: 0, pageviews: 0 },
      { at: '2026-03-01', visitors: 0, pageviews: 0 },
      { at: '2026-03-02', visitors: 0, pageviews: 0 },
      { at: '2026-03-03', visitors: 0, pageviews: 0 },
      { at: '2026-03-04', visitors: 10, pageviews: 30 },
    ]);
  });

  it('charts today per Kinshasa hour, beside yesterday’s figures', async () => {
    const { period, series, current, previous } = await report('?period=today');
    expect(period).toMatchObject({ preset: 'today', from: '2026-03-04', to: '2026-03-04', days: 1 });
    expect(period).toMatchObject({ previousFrom: '2026-03-03', previousTo: '2026-03-03' });
    expect(series.unit).toBe('hour');
    // It is 11:00 in Kinshasa: the hours from midnight to 11:00, none of the hours to come.
    expect(series.points).toHaveLength(12);
    expect(series.points[0]).toEqual({ at: '2026-03-03T23:00:00.000Z', visitors: 2, pageviews: 3 });
    expect(series.points[10]).toEqual({ at: '2026-03-04T09:00:00.000Z', visitors: 4, pageviews: 7 });
    expect(series.points.at(-1)?.at).toBe('2026-03-04T10:00:00.000Z');
    expect(series.points.reduce((sum, point) => sum + point.visitors, 0)).toBe(6);
    expect(current).toMatchObject({
      visitors: 10,
      conversions: { leads: 1, signups: 0, calls: 0, total: 1 },
    });
    expect(current.conversionRate).toBe(0.1);
    expect(previous).toMatchObject({ visitors: 0, conversionRate: 0, pagesPerVisit: 0, bounceRate: 0 });
    expect(previous.conversions).toEqual({ leads: 0, signups: 0, calls: 1, total: 1 });
  });

  it('lists each table with its visitors, conversions and conversion rate', async () => {
    const { tables } = await report('?period=7d');
    const pick = (rows: AudienceReport['tables']['sources']) =>
      rows.map((row) => [row.value, row.visitors, row.conversions, row.conversionRate]);
    // The lead and the call came by Facebook; the sign-up by Google.
    expect(pick(tables.sources)).toEqual([
      ['Facebook', 7, 2, 0.2857],
      ['Accès direct', 4, 0, 0],
      ['Google', 3, 1, 0.3333],
    ]);
    expect(tables.sources[0]).toMatchObject({ visits: 8, pageviews: 21 });
    // A campaign that converted with no visit counted is listed after, its rate unknown.
    expect(pick(tables.campaigns)).toEqual([
      ['lancement', 5, 2, 0.4],
      ['printemps', 0, 1, null],
    ]);
    expect(pick(tables.pages)).toEqual([
      ['/blog/seo', 6, 1, 0.1667],
      ['/contact', 4, 2, 0.5],
    ]);
    expect(pick(tables.entries)).toEqual([
      ['/', 9, 2, 0.2222],
      ['/blog/seo', 3, 1, 0.3333],
    ]);
    expect(pick(tables.devices)).toEqual([
      ['mobile', 8, 2, 0.25],
      ['desktop', 5, 1, 0.2],
    ]);
    // A conversion whose visit had no known country is counted under the unknown one ('').
    expect(pick(tables.countries)).toEqual([
      ['CD', 9, 2, 0.2222],
      ['', 2, 1, 0.5],
    ]);
  });

  it('reads chosen dates, both included, beside as many days before', async () => {
    const { period, current, previous, series } = await report('?from=2026-02-19&to=2026-02-25');
    expect(period).toEqual({
      preset: null,
      from: '2026-02-19',
      to: '2026-02-25',
      days: 7,
      previousFrom: '2026-02-12',
      previousTo: '2026-02-18',
    });
    expect(current).toMatchObject({ visitors: 8, conversions: { leads: 1, signups: 0, calls: 0, total: 1 } });
    expect(previous).toMatchObject({ visitors: 100, pageviews: 100, conversionRate: 0 });
    expect(series.points.map((point) => point.at)).toEqual([
      '2026-02-19',
      '2026-02-20',
      '2026-02-21',
      '2026-02-22',
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
    ]);
    expect(series.points.at(-1)).toEqual({ at: '2026-02-25', visitors: 8, pageviews: 16 });
    // The Facebook visitors of 25 February are in this period's sources, not in the default one's.
    expect(current.visitors).toBe(8);
    const { tables } = await report('?from=2026-02-19&to=2026-02-25');
    expect(tables.sources.map((row) => [row.value, row.visitors])).toEqual([['Facebook', 50]]);
  });

  it('refuses bad dates and periods with a French message on the field', async () => {
    const refused = async (query: string) => {
      const res = await ctx.admin.get(`/api/admin/audience${query}`).expect(400);
      return res.body.error.fields as Record<string, string>;
    };
    expect(await refused('?from=2026-02-30&to=2026-03-01')).toEqual({
      from: 'Date de début invalide (AAAA-MM-JJ)',
    });
    expect(await refused('?from=2026-03-01&to=hier')).toEqual({ to: 'Date de fin invalide (AAAA-MM-JJ)' });
    expect(await refused('?from=2026-03-02&to=2026-03-01')).toEqual({
      to: 'La date de fin doit suivre la date de début',
    });
    expect(await refused('?from=2026-03-01')).toEqual({ to: 'Choisissez aussi la date de fin' });
    expect(await refused('?from=2025-01-01&to=2026-03-01')).toEqual({
      to: 'La période ne peut pas dépasser 366 jours',
    });
    expect(await refused('?from=2026-03-01&to=2026-03-05')).toEqual({
      to: 'La date de fin ne peut pas être après aujourd’hui',
    });
    expect(await refused('?period=year')).toEqual({ period: 'Période inconnue' });
  });
});

describe('GET /api/admin/audience/now', () => {
  it('counts the distinct visitors of the last 5 minutes', async () => {
    const res = await ctx.admin.get('/api/admin/audience/now').expect(200);
    expect(res.body as AudienceNow).toEqual({ visitors: 2, at: NOW.toISOString() });
  });
});

describe('the screen over what the fold writes', () => {
  it('reads a folded day’s visits, bounces, engaged time, sources and hours', async () => {
    // 15 January 2026: two visitors. One came from Facebook and read two pages (30 s engaged), the
    // other opened one page and left (a bounce).
    const at = (time: string) => new Date(`2026-01-15T${time}Z`);
    const base = { day: '2026-01-15', browser: 'Chrome' } as const;
    await ctx.database.db.insert(audienceEvents).values([
      {
        ...base,
        at: at('09:00:00'),
        visitorKey: 'x',
        type: 'pageview',
        path: '/',
        source: 'Facebook',
        utmCampaign: 'lancement',
        device: 'mobile',
        country: 'CD',
      },
      {
        ...base,
        at: at('09:02:00'),
        visitorKey: 'x',
        type: 'pageview',
        path: '/contact',
        source: 'Facebook',
        utmCampaign: 'lancement',
        device: 'mobile',
        country: 'CD',
      },
      {
        ...base,
        at: at('09:05:00'),
        visitorKey: 'x',
        type: 'engagement',
        path: '/contact',
        source: 'Facebook',
        device: 'mobile',
        country: 'CD',
        engagedMs: 30_000,
      },
      {
        ...base,
        at: at('10:00:00'),
        visitorKey: 'y',
        type: 'pageview',
        path: '/blog',
        source: 'Accès direct',
        device: 'desktop',
      },
    ]);
    await foldAudienceDay(ctx.database.db, '2026-01-15', NOW);
    const { current, series, tables } = await report('?from=2026-01-15&to=2026-01-15');
    expect(current).toMatchObject({
      visitors: 2,
      visits: 2,
      pageviews: 3,
      bounces: 1,
      engagedMs: 30_000,
      pagesPerVisit: 1.5,
      bounceRate: 0.5,
      avgEngagedMs: 15_000,
    });
    expect(series.unit).toBe('hour');
    // 10:00 and 11:00 in Kinshasa.
    expect(series.points[10]).toMatchObject({ visitors: 1, pageviews: 2 });
    expect(series.points[11]).toMatchObject({ visitors: 1, pageviews: 1 });
    const values = (rows: AudienceReport['tables']['sources']) =>
      rows.map((row) => [row.value, row.visitors]);
    expect(values(tables.sources)).toEqual([
      ['Accès direct', 1],
      ['Facebook', 1],
    ]);
    expect(values(tables.entries)).toEqual([
      ['/', 1],
      ['/blog', 1],
    ]);
    expect(values(tables.campaigns)).toEqual([['lancement', 1]]);
    expect(values(tables.countries)).toEqual([
      ['', 1],
      ['CD', 1],
    ]);
    expect(values(tables.pages)).toEqual([
      ['/', 1],
      ['/blog', 1],
      ['/contact', 1],
    ]);
  });
});
