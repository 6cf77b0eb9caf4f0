import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { campaignJobs, emailEvents, newsletterSubscriptions } from '#db/schema.ts';
import { insertActiveSubscriber, insertCampaign, insertCampaignJob } from '#tests/helpers/factories.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';

const SECRET = 'secret-du-relais-webhook-0123456789';
let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp(database, { EMAIL_WEBHOOK_SECRET: SECRET });
});
afterAll(async () => {
  await database?.close();
});

const post = (body: unknown, authorization: string | null = `Bearer ${SECRET}`, app = testApp.app) => {
  const req = request(app).post('/api/webhooks/email');
  if (authorization !== null) req.set('Authorization', authorization);
  return req.send(body as object);
};

async function sentJob() {
  const campaign = await insertCampaign(database.db);
  const subscriber = await insertActiveSubscriber(database.db);
  const job = await insertCampaignJob(database.db, campaign.id, subscriber.id);
  return { campaign, subscriber, job, messageId: job.messageId as string };
}

async function state(jobId: string, subscriberId: string) {
  const [job] = await database.db.select().from(campaignJobs).where(eq(campaignJobs.id, jobId));
  const [subscriber] = await database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, subscriberId));
  const events = await database.db
    .select()
    .from(emailEvents)
    .where(eq(emailEvents.campaignId, job?.campaignId as string));
  return { job, subscriber, events };
}

describe('POST /api/webhooks/email — authentication', () => {
  it('does not exist when EMAIL_WEBHOOK_SECRET is not configured', async () => {
    const { messageId, subscriber } = await sentJob();
    const withoutSecret = createTestApp(database);
    const body = { events: [{ type: 'bounce', bounceType: 'hard', messageId, recipient: subscriber.email }] };
    const res = await post(body, `Bearer ${SECRET}`, withoutSecret.app).expect(404);
    expect(res.body.error.code).toBe('not_found');
    const [row] = await database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, subscriber.id));
    expect(row?.status).toBe('active');
  });

  it('refuses a wrong or missing secret with a French 401 and changes nothing', async () => {
    const { job, subscriber, messageId } = await sentJob();
    const body = { events: [{ type: 'bounce', bounceType: 'hard', messageId, recipient: subscriber.email }] };
    for (const authorization of [
      `Bearer ${SECRET}x`,
      `Bearer ${SECRET.slice(0, -1)}`,
      SECRET,
      'Bearer ',
      null,
    ]) {
      const res = await post(body, authorization).expect(401);
      expect(res.body.error.message).toBe('Authentification du webhook invalide.');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    const after = await state(job.id, subscriber.id);
    expect(after.job?.status).toBe('sent');
    expect(after.subscriber?.status).toBe('active');
    expect(after.events).toEqual([]);
  });
});

describe('POST /api/webhooks/email — events', () => {
  it('a hard bounce marks the job bounced and suppresses the subscriber', async () => {
    const { job, subscriber, messageId } = await sentJob();
    const res = await post({
      events: [
        {
          type: 'bounce',
          bounceType: 'hard',
          messageId,
          recipient: subscriber.email,
          occurredAt: '2026-11-20T08:30:00+01:00',
        },
      ],
    }).expect(200);
    expect(res.body).toEqual({ received: 1, recorded: 1, duplicates: 0, unmatched: 0 });
    const after = await state(job.id, subscriber.id);
    expect(after.job?.status).toBe('bounced');
    expect(after.subscriber).toMatchObject({ status: 'bounced', isActive: false });
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({
      type: 'bounce',
      subscriberId: subscriber.id,
      metaJson: { messageId, recipient: subscriber.email, bounceType: 'hard' },
    });
    expect(after.events[0]?.occurredAt.toISOString()).toBe('2026-11-20T07:30:00.000Z');
  });

  it('a complaint marks the job complained and unsubscribes the subscriber', async () => {
    const { job, subscriber, messageId } = await sentJob();
    // Providers often quote the Message-ID without its angle brackets.
    const bare = messageId.replace(/^<|>$/g, '');
    await post({ events: [{ type: 'complaint', messageId: bare, recipient: subscriber.email }] }).expect(200);
    const after = await state(job.id, subscriber.id);
    expect(after.job?.status).toBe('complained');
    expect(after.subscriber).toMatchObject({ status: 'unsubscribed', isActive: false });
    expect(after.events.map((e) => e.type)).toEqual(['complaint']);
  });

  it('a soft bounce and a delivery are recorded without suppressing anybody', async () => {
    const { job, subscriber, messageId } = await sentJob();
    await post({
      events: [
        { type: 'delivery', messageId, recipient: subscriber.email },
        { type: 'bounce', bounceType: 'soft', messageId, recipient: subscriber.email },
      ],
    }).expect(200);
    const after = await state(job.id, subscriber.id);
    expect(after.job?.status).toBe('sent');
    expect(after.subscriber?.status).toBe('active');
    expect(after.events.map((e) => e.type).sort()).toEqual(['bounce', 'delivery']);
  });

  it('counts an event once when the provider sends it again, but a hard bounce after a soft one still counts', async () => {
    const { job, subscriber, messageId } = await sentJob();
    const delivery = { type: 'delivery', messageId, recipient: subscriber.email };
    await post({ events: [delivery] }).expect(200);
    const retried = await post({ events: [delivery, delivery] }).expect(200);
    expect(retried.body).toEqual({ received: 2, recorded: 0, duplicates: 2, unmatched: 0 });

    await post({ events: [{ type: 'bounce', bounceType: 'soft', messageId, recipient: subscriber.email }] });
    const hard = await post({
      events: [{ type: 'bounce', bounceType: 'hard', messageId, recipient: subscriber.email }],
    });
    expect(hard.body.recorded).toBe(1);

    const after = await state(job.id, subscriber.id);
    expect(after.events.map((e) => e.type).sort()).toEqual(['bounce', 'bounce', 'delivery']);
    expect(after.subscriber?.status).toBe('bounced');
  });

  it('ignores events of messages that are not campaign emails', async () => {
    const res = await post({
      events: [
        { type: 'bounce', bounceType: 'hard', messageId: '<inconnu@ailleurs.cd>', recipient: 'x@exemple.cd' },
      ],
    }).expect(200);
    expect(res.body).toEqual({ received: 1, recorded: 0, duplicates: 0, unmatched: 1 });
  });

  it('answers 400 with French messages for a malformed body, and records nothing', async () => {
    const { job, subscriber, messageId } = await sentJob();
    const res = await post({
      events: [
        { type: 'bounce', bounceType: 'hard', messageId, recipient: subscriber.email },
        { type: 'opened', messageId, recipient: 'pas-un-email', bounceType: 'dur', occurredAt: 'hier' },
      ],
    }).expect(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.fields).toMatchObject({
      'events.1.type': 'Type d’événement inconnu (delivery, bounce ou complaint)',
      'events.1.recipient': 'Email invalide',
      'events.1.bounceType': 'Type de rejet invalide (hard ou soft)',
      'events.1.occurredAt': 'Date invalide (ISO 8601 attendu)',
    });
    expect((await post({}).expect(400)).body.error.fields.events).toBe('La liste des événements est requise');
    expect((await post({ events: [] }).expect(400)).body.error.fields.events).toBe('Aucun événement');
    // The valid first event was not applied either: the request is all or nothing at validation.
    const after = await state(job.id, subscriber.id);
    expect(after.subscriber?.status).toBe('active');
    expect(after.events).toEqual([]);
  });
});
