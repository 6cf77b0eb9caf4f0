import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { audienceDaily, emailEvents, newsletterSubscriptions, siteSettings } from '#db/schema.ts';
import { signInAdmin } from '#tests/helpers/admin-session.ts';
import { NO_CAMPAIGN_RESULTS } from '#tests/helpers/campaign-results.ts';
import {
  insertActiveSubscriber,
  insertBookableAdmin,
  insertCallBooking,
  insertCampaign,
  insertCampaignJob,
  insertContact,
  insertSubscriber,
} from '#tests/helpers/factories.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { HttpError } from '../errors.ts';
import { campaignResults, TIMELINE_MAX_HOURS } from './results.ts';
import { instrumentHtml, TRACKING_SETTING_KEY } from './tracking.ts';

const PUBLIC_URL = 'https://www.lisanga-digital.cd';
const URL_A = 'https://www.lisanga-digital.cd/blog/strategie-2026';
const URL_B = 'https://www.lisanga-digital.cd/contact';
const ctx = databaseContext();

const at = (time: string) => new Date(`2026-11-02T${time}:00.000Z`);

async function event(
  type: 'open' | 'click',
  campaignId: string,
  subscriberId: string | null,
  time: string,
  url?: string,
) {
  await ctx.database.db
    .insert(emailEvents)
    .values({ type, campaignId, subscriberId, occurredAt: at(time), metaJson: url ? { url } : {} });
}

describe('campaignResults', () => {
  it('counts sends, opens, clicks, bounces, complaints and unsubscribes of one campaign', async () => {
    const db = ctx.database.db;
    const campaign = await insertCampaign(db);
    const later = await insertCampaign(db);
    const other = await insertCampaign(db);
    const s = await Promise.all(Array.from({ length: 9 }, () => insertActiveSubscriber(db)));
    const [s1, s2, s3, s4, s5, s6, s7, s8, s9] = s.map((x) => x.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];

    await insertCampaignJob(db, campaign.id, s1, { sentAt: at('09:10') });
    await insertCampaignJob(db, campaign.id, s2, { sentAt: at('09:20') });
    await insertCampaignJob(db, campaign.id, s3, { sentAt: at('09:30'), status: 'bounced' });
    await insertCampaignJob(db, campaign.id, s4, { sentAt: at('09:30'), status: 'complained' });
    await insertCampaignJob(db, campaign.id, s5, { sentAt: null, status: 'failed', attempt: 8 });
    await insertCampaignJob(db, campaign.id, s6, {
      sentAt: null,
      status: 'queued',
      attempt: 0,
      messageId: null,
    });
    await insertCampaignJob(db, campaign.id, s7, { sentAt: at('10:05') });
    await insertCampaignJob(db, campaign.id, s8, { sentAt: at('10:05') });
    await insertCampaignJob(db, campaign.id, s9, { sentAt: at('10:05') });
    // s9 received a later campaign before leaving: that one gets the unsubscribe.
    await insertCampaignJob(db, later.id, s9, { sentAt: at('11:00') });
    const leave = (id: string, time: string) =>
      db
        .update(newsletterSubscriptions)
        .set({ status: 'unsubscribed', isActive: false, updatedAt: at(time) })
        .where(eq(newsletterSubscriptions.id, id));
    await leave(s4, '10:00'); // the complaint: counted as a complaint only
    await leave(s7, '12:00'); // left after this campaign: an unsubscribe
    await leave(s8, '09:00'); // had left before it was sent
    await leave(s9, '11:30'); // left after the later campaign

    await event('open', campaign.id, s1, '09:40');
    await event('open', campaign.id, s1, '11:05');
    await event('open', campaign.id, s2, '10:00');
    await event('open', campaign.id, null, '10:30'); // an erased subscriber
    await event('click', campaign.id, s1, '09:45', URL_A);
    await event('click', campaign.id, s1, '09:46', URL_A);
    await event('click', campaign.id, s2, '10:01', URL_A);
    await event('click', campaign.id, s1, '11:10', URL_B);
    await event('open', other.id, s1, '09:50');
    await event('click', other.id, s1, '09:51', URL_B);

    const results = await campaignResults(db, campaign.id);
    expect(results).toEqual({
      sent: 7,
      failed: 1,
      queued: 1,
      opens: 4,
      uniqueOpens: 2,
      clicks: 4,
      uniqueClicks: 2,
      bounces: 1,
      complaints: 1,
      unsubscribes: 1,
      timeline: [
        { hour: '2026-11-02T09:00:00.000Z', sent: 4, opens: 1, clicks: 2 },
        { hour: '2026-11-02T10:00:00.000Z', sent: 3, opens: 2, clicks: 1 },
        { hour: '2026-11-02T11:00:00.000Z', sent: 0, opens: 1, clicks: 1 },
      ],
      topLinks: [
        { url: URL_A, clicks: 3, uniqueClicks: 2 },
        { url: URL_B, clicks: 1, uniqueClicks: 1 },
      ],
      trackingEnabled: true,
      utmCampaign: null,
      visits: 0,
      leads: 0,
      signUps: 0,
      bookedCalls: 0,
    });
    expect((await campaignResults(db, later.id)).unsubscribes).toBe(1);
  });

  it('is all zeros before sending, and says when tracking is switched off', async () => {
    const campaign = await insertCampaign(ctx.database.db, { status: 'draft' });
    await ctx.database.db
      .insert(siteSettings)
      .values({ key: TRACKING_SETTING_KEY, value: 'false', category: 'email' })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: 'false' } });
    try {
      expect(await campaignResults(ctx.database.db, campaign.id)).toEqual(NO_CAMPAIGN_RESULTS);
    } finally {
      await ctx.database.db.delete(siteSettings).where(eq(siteSettings.key, TRACKING_SETTING_KEY));
    }
  });

  it('keeps the chart to the first month while the totals count everything', async () => {
    const campaign = await insertCampaign(ctx.database.db);
    const subscriber = await insertActiveSubscriber(ctx.database.db);
    await insertCampaignJob(ctx.database.db, campaign.id, subscriber.id, { sentAt: at('09:10') });
    await ctx.database.db.insert(emailEvents).values({
      type: 'open',
      campaignId: campaign.id,
      subscriberId: subscriber.id,
      occurredAt: new Date('2027-01-15T12:00:00Z'),
    });
    const results = await campaignResults(ctx.database.db, campaign.id);
    expect(results.opens).toBe(1);
    expect(results.timeline).toHaveLength(TIMELINE_MAX_HOURS);
    expect(results.timeline[0]?.hour).toBe('2026-11-02T09:00:00.000Z');
    expect(results.timeline.reduce((sum, b) => sum + b.opens, 0)).toBe(0);
  });

  it('shows the opens and clicks made through the tracking links', async () => {
    const { app } = createTestApp(ctx.database, { PUBLIC_URL });
    const campaign = await insertCampaign(ctx.database.db);
    const subscriber = await insertActiveSubscriber(ctx.database.db);
    await insertCampaignJob(ctx.database.db, campaign.id, subscriber.id);
    const html = await instrumentHtml(ctx.database.db, {
      html: `<html><body><a href="${URL_A}">Lire</a> <a href="${URL_B}">Contact</a></body></html>`,
      campaignId: campaign.id,
      subscriberId: subscriber.id,
      publicUrl: PUBLIC_URL,
    });
    const paths = [...html.matchAll(/"https:\/\/www\.lisanga-digital\.cd(\/t\/[oc]\/[A-Za-z0-9_-]+)"/g)].map(
      (m) => m[1] as string,
    );
    expect(paths).toHaveLength(3);
    for (const path of [...paths, ...paths]) await request(app).get(path);

    const results = await campaignResults(ctx.database.db, campaign.id);
    expect(results).toMatchObject({ opens: 2, uniqueOpens: 1, clicks: 4, uniqueClicks: 1 });
    expect(results.topLinks).toEqual([
      { url: URL_A, clicks: 2, uniqueClicks: 1 },
      { url: URL_B, clicks: 2, uniqueClicks: 1 },
    ]);
  });

  it('counts the visits and the conversions its links brought to the site since it was sent', async () => {
    const db = ctx.database.db;
    const KEY = 'offre-de-rentree-3f9a';
    const campaign = await insertCampaign(db, { utmCampaign: KEY });
    const subscriber = await insertActiveSubscriber(db);
    // First sent on 2 November at 10:10 Kinshasa time.
    await insertCampaignJob(db, campaign.id, subscriber.id, { sentAt: at('09:10') });
    const daily = (day: string, dimension: string, value: string, visits: number) => ({
      day,
      dimension,
      value,
      visitors: visits,
      visits,
      pageviews: visits * 2,
      bounces: 0,
      engagedMs: 0,
    });
    await db.insert(audienceDaily).values([
      daily('2026-11-01', 'campaign', KEY, 50), // before the send: someone typed the address
      daily('2026-11-02', 'campaign', KEY, 12),
      daily('2026-11-03', 'campaign', KEY, 5),
      daily('2026-11-20', 'campaign', KEY, 1),
      daily('2026-11-02', 'campaign', 'autre-campagne-0000', 40),
      daily('2026-11-02', 'source', KEY, 30),
      daily('2026-11-02', 'total', '', 300),
    ]);
    const from = (utmCampaign: string) => ({
      source: 'Newsletter',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign,
      landingPath: '/services',
    });
    const sentDay = new Date('2026-11-02T12:00:00Z');
    const lead = await insertContact(db, {
      attribution: from(KEY),
      trafficSource: 'Newsletter',
      createdAt: sentDay,
    });
    await insertContact(db, {
      attribution: from(KEY),
      trafficSource: 'Newsletter',
      createdAt: new Date('2026-11-05T08:00:00Z'),
    });
    await insertContact(db, {
      attribution: from(KEY),
      createdAt: new Date('2026-11-05T09:00:00Z'),
      reviewReason: 'Lien suspect', // "À vérifier": not counted, as on the Audience screen
    });
    await insertContact(db, { attribution: from(KEY), createdAt: new Date('2026-10-30T08:00:00Z') });
    await insertContact(db, { attribution: from('autre-campagne-0000'), createdAt: sentDay });
    await insertContact(db, { createdAt: sentDay });
    await insertSubscriber(db, { attribution: from(KEY), createdAt: sentDay });
    await insertSubscriber(db, {
      attribution: from(KEY),
      createdAt: sentDay,
      reviewReason: 'Adresse jetable',
    });
    await insertSubscriber(db, { attribution: from('autre-campagne-0000'), createdAt: sentDay });
    const admin = await insertBookableAdmin(db);
    await insertCallBooking(db, {
      contactId: lead.id,
      adminId: admin.id,
      attribution: from(KEY),
      createdAt: sentDay,
    });
    const cancelled = await insertContact(db, { createdAt: sentDay });
    await insertCallBooking(db, {
      contactId: cancelled.id,
      adminId: admin.id,
      startsAt: new Date('2027-04-06T09:00:00Z'),
      status: 'cancelled',
      attribution: from(KEY),
      createdAt: sentDay,
    });

    expect(await campaignResults(db, campaign.id)).toMatchObject({
      utmCampaign: KEY,
      visits: 18,
      leads: 2,
      signUps: 1,
      bookedCalls: 1,
    });

    // Through the API too.
    const { app } = createTestApp(ctx.database);
    const session = await signInAdmin(app, ctx.database.db);
    const res = await session.get(`/api/admin/campaigns/${campaign.id}/results`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ utmCampaign: KEY, visits: 18, leads: 2, signUps: 1, bookedCalls: 1 });
  });

  it('answers a French 404 for an unknown campaign', async () => {
    const error = await campaignResults(ctx.database.db, '5c0d7c4e-3f7e-4a51-9b55-0a1b2c3d4e5f').catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'Campagne introuvable.' });
  });
});
