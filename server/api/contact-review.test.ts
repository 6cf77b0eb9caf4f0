/**
 * No lead is lost to the per-address limit (docs/decisions/083-leads-kept-for-review.md): past it,
 * a lead is kept "À vérifier", answered as usual, and notifies nobody until an admin says "Ce
 * n'est pas du spam"; past the daily ceiling, it is refused in French.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, like } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activityLogs,
  contactNotes,
  contactRequests,
  emailOutbox,
  pushDeliveries,
  pushSubscriptions,
} from '#db/schema.ts';
import { type AdminSession, signInAdmin } from '#tests/helpers/admin-session.ts';
import { recordEvents } from '#tests/helpers/events.ts';
import { aCallRequest, aQuoteRequest } from '#tests/helpers/request-factories.ts';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';
import type { AppEvent } from '../realtime/event-bus.ts';
import { HONEYPOT_REVIEW_REASON } from '../security/honeypot.ts';
import { RATE_LIMITS } from '../security/limits.ts';

const ctx = mailingAppContext();
const events: AppEvent[] = [];
let admin: AdminSession;
const STAFF_INBOX = 'leads@lisanga-digital.cd';
const OVER_LIMIT = 'Plus de 10 demandes en 15 minutes depuis la même adresse';

beforeAll(async () => {
  await recordEvents(ctx.testApp.deps.events, events);
  admin = await signInAdmin(ctx.testApp.app, ctx.database.db);
  // One device of the signed-in admin: every lead that notifies the staff queues one push to it.
  await ctx.database.db.insert(pushSubscriptions).values({
    userId: admin.user.id,
    endpoint: 'https://fcm.googleapis.com/fcm/send/review-test',
    p256dh: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    label: 'Téléphone de test',
  });
});
// Registered after the context's own hooks, so it runs before the database closes.
afterAll(async () => {
  await ctx.testApp?.deps.events.stop();
});

const post = (body: unknown, ip: string) =>
  request(ctx.testApp.app)
    .post('/api/contact')
    .set('X-Forwarded-For', ip)
    .set('Idempotency-Key', randomUUID())
    .send(body as object);

const db = () => ctx.database.db;
const leadsOf = (ids: string[]) =>
  db().select().from(contactRequests).where(inArray(contactRequests.id, ids));
const staffEmailsOf = async (ids: string[]) =>
  (
    await db()
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.templateKey, 'lead_notification'),
          inArray(
            emailOutbox.dedupeKey,
            ids.map((id) => `lead:${id}`),
          ),
        ),
      )
  )[0]?.n;
const pushesOf = async (id: string) =>
  (
    await db()
      .select({ n: count() })
      .from(pushDeliveries)
      .where(like(pushDeliveries.dedupeKey, `lead:${id}:%`))
  )[0]?.n;
const newLeadEvents = (ids: string[]) =>
  events.filter((e) => e.type === 'new_contact' && ids.includes((e.data as { id: string }).id));

describe('POST /api/contact from one busy address (carrier-grade NAT, an office)', () => {
  it('stores 30 leads sent in a minute: 10 notify the staff, 20 are kept "À vérifier" without email nor push', async () => {
    const ip = '10.61.0.1';
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post(aQuoteRequest({ fullName: `Visiteur ${i}`, email: `v${i}@example.cd` }), ip);
      // The same success for every visitor: nothing tells one kept for review apart.
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String) });
      ids.push(res.body.id);
    }
    const stored = await leadsOf(ids);
    expect(stored).toHaveLength(30);
    const byId = new Map(stored.map((lead) => [lead.id, lead]));
    const normal = ids.slice(0, 10);
    const toCheck = ids.slice(10);
    expect(normal.map((id) => byId.get(id)?.reviewReason)).toEqual(normal.map(() => null));
    expect(toCheck.map((id) => byId.get(id)?.reviewReason)).toEqual(toCheck.map(() => OVER_LIMIT));

    expect(await staffEmailsOf(normal)).toBe(10);
    expect(await staffEmailsOf(toCheck)).toBe(0);
    for (const id of normal) expect(await pushesOf(id)).toBe(1);
    for (const id of toCheck) expect(await pushesOf(id)).toBe(0);
    await vi.waitFor(() => expect(newLeadEvents(normal)).toHaveLength(10));
    expect(newLeadEvents(toCheck)).toHaveLength(0);
    // The activity log says why each one was kept.
    const kept = await db()
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.type, 'contact.kept_for_review'));
    expect(kept.filter((log) => log.description?.endsWith(OVER_LIMIT))).toHaveLength(20);
  });

  it('keeps a call request over the limit for review and still gives the visitor their booking step', async () => {
    const ip = '10.61.0.2';
    for (let i = 0; i < RATE_LIMITS.contactPerIp.limit; i++)
      await post(aQuoteRequest({ email: `c${i}@example.cd` }), ip).expect(201);
    const res = await post(aCallRequest({ fullName: 'Appel Partagé' }), ip).expect(201);
    const [lead] = await leadsOf([res.body.id]);
    expect(lead?.reviewReason).toBe(OVER_LIMIT);
    expect(await staffEmailsOf([res.body.id])).toBe(0);
  });

  it('keeps a lead whose hidden anti-robot field is filled, "À vérifier", answered as any other', async () => {
    const res = await post(
      aQuoteRequest({ fullName: 'Remplissage Automatique', website: 'https://mon-site.cd' }),
      '10.61.0.3',
    ).expect(201);
    const [lead] = await leadsOf([res.body.id]);
    expect(lead?.reviewReason).toBe(HONEYPOT_REVIEW_REASON);
    expect(await staffEmailsOf([res.body.id])).toBe(0);
    expect(await pushesOf(res.body.id)).toBe(0);
  });

  it('bounds a flood: of 2,000 leads from one address, at most the daily ceiling is stored, never a 5xx', async () => {
    const ip = '10.61.0.4';
    const ceiling = RATE_LIMITS.contactCeilingPerIp.limit;
    const statuses: number[] = [];
    let refusal: request.Response | undefined;
    const started = performance.now();
    // 20 at a time: concurrent enough to race the counters, gentle on PGlite's one connection.
    for (let batch = 0; batch < 100; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(aQuoteRequest({ fullName: 'Inondation', email: `flood-${batch}-${i}@example.cd` }), ip),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) refusal ??= answer;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ceiling);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2000 - ceiling);
    const [stored] = await db()
      .select({ n: count() })
      .from(contactRequests)
      .where(like(contactRequests.email, 'flood-%'));
    expect(stored?.n).toBe(ceiling);
    // The refusal, in French, with when to try again (the form stays filled in the browser).
    expect(refusal?.body.error.code).toBe('rate_limited');
    expect(refusal?.body.error.message).toMatch(
      /^Trop de demandes envoyées depuis votre connexion\. Veuillez réessayer dans \d+ (heures?|minutes?)\.$/,
    );
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(15 * 60);
    console.info(`flood of 2,000 leads from one address: ${seconds.toFixed(1)} s`);
    // 2,000 requests: about 9 s on PostgreSQL, but 56 and 66 s on the embedded database in two
    // full runs here, where the rest of the suite shares the two cores: past the default minute.
  }, 180_000);
});

describe('"Ce n’est pas du spam" (POST /api/admin/contacts/:id/not-spam)', () => {
  it('clears the flag and sends the staff email (SMTP) and the push exactly once, even on a double click', async () => {
    const res = await post(
      aQuoteRequest({ fullName: 'Vraie Cliente', email: 'vraie@example.cd', website: 'autofill' }),
      '10.61.0.5',
    ).expect(201);
    const id: string = res.body.id;
    const filtered = await admin.get('/api/admin/contacts?review=a_verifier').expect(200);
    expect(filtered.body.items.map((c: { id: string }) => c.id)).toContain(id);
    expect(filtered.body.items.every((c: { reviewReason: string | null }) => c.reviewReason !== null)).toBe(
      true,
    );

    // A double click: two requests at once.
    const clicks = await Promise.all([
      admin.post(`/api/admin/contacts/${id}/not-spam`),
      admin.post(`/api/admin/contacts/${id}/not-spam`),
    ]);
    for (const click of clicks) {
      expect(click.status).toBe(200);
      expect(click.body.contact).toMatchObject({ id, reviewReason: null });
    }
    // A third, later: still nothing more.
    await admin.post(`/api/admin/contacts/${id}/not-spam`).expect(200);

    await ctx.testApp.deps.email.worker.runOnce();
    await ctx.smtp.requireEmail(STAFF_INBOX);
    const mails = ctx.smtp
      .messages()
      .filter((m) => m.to.includes(STAFF_INBOX) && m.text?.includes(`lead=${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.replyTo).toContain('vraie@example.cd');
    expect(mails[0]?.subject).toContain('Vraie Cliente');
    // Another pass of the worker finds nothing more to send for it.
    await ctx.testApp.deps.email.worker.runOnce();
    expect(ctx.smtp.messages().filter((m) => m.text?.includes(`lead=${id}`))).toHaveLength(1);
    expect(await pushesOf(id)).toBe(1);
    await vi.waitFor(() => expect(newLeadEvents([id])).toHaveLength(1));

    const logs = await db().select().from(activityLogs).where(eq(activityLogs.type, 'contact.not_spam'));
    expect(logs.filter((log) => log.title === 'Ce n’est pas du spam : Vraie Cliente')).toHaveLength(1);
    expect(logs[0]?.userId).toBe(admin.user.id);
    const timeline = await db()
      .select()
      .from(contactNotes)
      .where(and(eq(contactNotes.contactId, id), eq(contactNotes.kind, 'review')));
    expect(timeline).toHaveLength(1);

    const after = await admin.get('/api/admin/contacts?review=a_verifier').expect(200);
    expect(after.body.items.map((c: { id: string }) => c.id)).not.toContain(id);
    const stillFlagged = await db()
      .select({ n: count() })
      .from(contactRequests)
      .where(isNotNull(contactRequests.reviewReason));
    expect(after.body.total).toBe(stillFlagged[0]?.n);
  });

  it('answers 404 for an unknown lead', async () => {
    await admin.post(`/api/admin/contacts/${randomUUID()}/not-spam`).expect(404);
  });
});
