import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '#common/schemas/admin.ts';
import { clockedAdminContext } from '#tests/helpers/admin-session.ts';
import {
  insertActivity,
  insertContact,
  insertPost,
  insertService,
  insertSubscriber,
} from '#tests/helpers/factories.ts';

// Wednesday 4 March 2026, 11:00 in Kinshasa: the week began Monday 2 March 00:00 Kinshasa time
// (1 March 23:00 UTC) and the month on 1 March 00:00 Kinshasa time (28 February 23:00 UTC).
const NOW = new Date('2026-03-04T10:00:00Z');
const ctx = clockedAdminContext(NOW);
const d = (iso: string) => new Date(iso);

beforeAll(async () => {
  const db = ctx.database.db;

  // Leads on both sides of each boundary.
  await insertContact(db, { status: 'nouveau', createdAt: d('2026-03-04T09:00:00Z') });
  await insertContact(db, { status: 'en_cours', createdAt: d('2026-03-01T23:00:00Z') }); // Monday 00:00
  await insertContact(db, { status: 'nouveau', createdAt: d('2026-03-01T22:59:59Z') }); // Sunday 23:59:59, 1 March
  await insertContact(db, { status: 'traite', createdAt: d('2026-02-28T23:00:00Z') }); // 1 March 00:00
  await insertContact(db, { status: 'traite', createdAt: d('2026-02-28T22:59:59Z') }); // 28 February
  await insertContact(db, { status: 'traite', createdAt: d('2025-12-14T23:00:00Z') }); // first chart week
  await insertContact(db, { status: 'traite', createdAt: d('2025-12-14T22:59:59Z') }); // just before it
  await insertContact(db, { status: 'nouveau', createdAt: d('2025-06-01T10:00:00Z') });

  // Subscribers.
  await insertSubscriber(db, {
    status: 'active',
    createdAt: d('2025-09-20T10:00:00Z'),
    subscribedAt: d('2025-10-01T10:00:00Z'),
  });
  await insertSubscriber(db, {
    status: 'active',
    createdAt: d('2026-02-20T10:00:00Z'),
    subscribedAt: d('2026-03-02T10:00:00Z'),
  });
  await insertSubscriber(db, {
    status: 'active',
    createdAt: d('2026-01-04T10:00:00Z'),
    subscribedAt: d('2026-01-05T12:00:00Z'),
  });
  await insertSubscriber(db, { status: 'pending', createdAt: d('2026-03-03T10:00:00Z') });
  await insertSubscriber(db, {
    status: 'unsubscribed',
    isActive: false,
    createdAt: d('2026-01-10T10:00:00Z'),
  });
  await insertSubscriber(db, { status: 'bounced', createdAt: d('2025-09-01T10:00:00Z') });

  // Posts: the unpublished one is the most read but is no "top post".
  for (const views of [10, 60, 20, 50, 40, 30]) {
    await insertPost(db, { slug: `article-${views}`, title: `Article ${views}`, views });
  }
  await insertPost(db, { slug: 'brouillon', isPublished: false, publishedAt: null, views: 1000 });

  for (let i = 1; i <= 12; i++) {
    await insertActivity(db, {
      type: 'contact.created',
      title: `Activité ${i}`,
      createdAt: new Date(NOW.getTime() - (13 - i) * 60_000),
    });
  }
});

const dashboard = async () => (await ctx.admin.get('/api/admin/dashboard').expect(200)).body as DashboardData;

describe('GET /api/admin/dashboard', () => {
  it('counts leads since Monday and since the 1st, Kinshasa time, by status', async () => {
    const { leads } = await dashboard();
    expect(leads.week).toEqual({ nouveau: 1, en_cours: 1, traite: 0, total: 2 });
    expect(leads.month).toEqual({ nouveau: 2, en_cours: 1, traite: 1, total: 4 });
    expect(leads.total).toBe(8);
  });

  it('charts 12 Monday-based weeks, empty ones included', async () => {
    const { leadsPerWeek } = await dashboard();
    expect(leadsPerWeek.map((w) => w.weekStart)).toEqual([
      '2025-12-15',
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
    ]);
    expect(leadsPerWeek.map((w) => w.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2]);
  });

  it('counts subscribers by status, the confirmation rate and the growth of the active list', async () => {
    const data = await dashboard();
    expect(data.subscribers).toEqual({ pending: 1, active: 3, unsubscribed: 1, bounced: 1, total: 6 });
    // Signed up within the 12 weeks: 4; active now: 2 of them.
    expect(data.conversion).toEqual({ signups: 4, confirmed: 2, rate: 0.5 });
    expect(data.subscriberGrowth.map((w) => w.newActive)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(data.subscriberGrowth.map((w) => w.totalActive)).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3]);
    expect(data.subscriberGrowth[11]?.weekStart).toBe('2026-03-02');
  });

  it('lists the five most-read published posts and the ten latest activities', async () => {
    const data = await dashboard();
    expect(data.topPosts.map((p) => [p.slug, p.views])).toEqual([
      ['article-60', 60],
      ['article-50', 50],
      ['article-40', 40],
      ['article-30', 30],
      ['article-20', 20],
    ]);
    expect(data.latestActivity).toHaveLength(10);
    expect(data.latestActivity[0]).toMatchObject({
      type: 'contact.created',
      title: 'Activité 12',
      description: null,
      createdAt: new Date(NOW.getTime() - 60_000).toISOString(),
    });
    expect(data.latestActivity.at(-1)?.title).toBe('Activité 3');
  });
});

describe('GET /api/admin/services', () => {
  it('lists every service, inactive ones too, each parent followed by its children', async () => {
    const second = await insertService(ctx.database.db, { title: 'Branding', order: 1 });
    const first = await insertService(ctx.database.db, { title: 'Marketing digital', order: 0 });
    await insertService(ctx.database.db, {
      title: 'Publicité Facebook',
      order: 1,
      isActive: false,
      parentServiceId: first.id,
    });
    await insertService(ctx.database.db, { title: 'SEO', order: 0, parentServiceId: first.id });
    await insertService(ctx.database.db, { title: 'Logo', order: 0, parentServiceId: second.id });
    const res = await ctx.admin.get('/api/admin/services').expect(200);
    expect(res.body.services.map((s: { title: string; isActive: boolean }) => [s.title, s.isActive])).toEqual(
      [
        ['Marketing digital', true],
        ['SEO', true],
        ['Publicité Facebook', false],
        ['Branding', true],
        ['Logo', true],
      ],
    );
    expect(res.body.services[1]).toEqual({
      id: expect.any(String),
      title: 'SEO',
      description: 'Description du service.',
      icon: 'target',
      parentServiceId: first.id,
      order: 0,
      isActive: true,
    });
  });
});
