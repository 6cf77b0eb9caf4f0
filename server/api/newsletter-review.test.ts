/**
 * No sign-up is lost to the per-address limit (docs/decisions/083-leads-kept-for-review.md): past
 * it, a sign-up is kept "À vérifier" with its confirmation email (the person must be able to
 * confirm), and the staff hear of it only once an admin says "Ce n'est pas du spam"; past the
 * daily ceiling, it is refused in French.
 */
import { and, count, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT } from '#common/schemas/newsletter.ts';
import { activityLogs, emailOutbox, pushDeliveries, pushSubscriptions, rateLimits } from '#db/schema.ts';
import { type AdminSession, signInAdmin } from '#tests/helpers/admin-session.ts';
import { recordEvents } from '#tests/helpers/events.ts';
import { subscriptionOf } from '#tests/helpers/factories.ts';
import { seededAppContext } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import type { AppEvent } from '../realtime/event-bus.ts';
import { RATE_LIMITS } from '../security/limits.ts';

const ctx = seededAppContext();
let testApp: ReturnType<typeof createTestApp>;
const events: AppEvent[] = [];
let admin: AdminSession;
const OVER_LIMIT = 'Plus de 10 inscriptions en 15 minutes depuis la même adresse';

beforeAll(async () => {
  testApp = createTestApp(ctx.database);
  await recordEvents(testApp.deps.events, events);
  admin = await signInAdmin(testApp.app, ctx.database.db);
  await ctx.database.db.insert(pushSubscriptions).values({
    userId: admin.user.id,
    endpoint: 'https://fcm.googleapis.com/fcm/send/newsletter-review-test',
    p256dh: 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    label: 'Téléphone de test',
  });
});
afterAll(async () => {
  await testApp?.deps.events.stop();
});

const subscribe = (email: string, ip: string) =>
  request(testApp.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', ip)
    .send({ email, source: 'footer', locale: 'fr', consentText: NEWSLETTER_CONSENT_TEXT });

async function confirm(email: string) {
  const [mail] = await ctx.database.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateKey, 'newsletter_confirmation')));
  const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  await request(testApp.app)
    .post('/api/newsletter/confirm')
    .set('X-Forwarded-For', '10.63.9.9')
    .send({ token })
    .expect(200);
}

const pushesOf = async (subscriberId: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(pushDeliveries)
      .where(like(pushDeliveries.dedupeKey, `subscriber:${subscriberId}:%`))
  )[0]?.n;
const announced = (email: string) =>
  events.filter((e) => e.type === 'new_subscription' && (e.data as { email: string }).email === email);

describe('POST /api/newsletter/subscribe from one busy address', () => {
  it('keeps 30 sign-ups sent in a minute, 20 "À vérifier", each with its confirmation email', async () => {
    const ip = '10.63.0.1';
    for (let i = 0; i < 30; i++) {
      const res = await subscribe(`abonne-${i}@example.cd`, ip);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ requiresConfirmation: true });
    }
    for (let i = 0; i < 30; i++) {
      const row = await subscriptionOf(ctx.database.db, `abonne-${i}@example.cd`);
      expect(row?.reviewReason ?? null).toBe(i < 10 ? null : OVER_LIMIT);
      const [mails] = await ctx.database.db
        .select({ n: count() })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, `abonne-${i}@example.cd`),
            eq(emailOutbox.templateKey, 'newsletter_confirmation'),
          ),
        );
      expect(mails?.n).toBe(1);
    }
  });

  it('tells the staff of a confirmation only for a sign-up that is not kept for review', async () => {
    await confirm('abonne-0@example.cd');
    await confirm('abonne-20@example.cd');
    const normal = await subscriptionOf(ctx.database.db, 'abonne-0@example.cd');
    const flagged = await subscriptionOf(ctx.database.db, 'abonne-20@example.cd');
    expect([normal?.status, flagged?.status]).toEqual(['active', 'active']);
    expect(await pushesOf(normal?.id ?? '')).toBe(1);
    expect(await pushesOf(flagged?.id ?? '')).toBe(0);
    await vi.waitFor(() => expect(announced('abonne-0@example.cd')).toHaveLength(1));
    expect(announced('abonne-20@example.cd')).toHaveLength(0);
  });

  it('lists the sign-ups to check, and "Ce n’est pas du spam" announces a confirmed one once', async () => {
    const list = await admin.get('/api/admin/newsletter?review=a_verifier&pageSize=100').expect(200);
    expect(list.body.total).toBe(20);
    expect(list.body.items.every((s: { reviewReason: string | null }) => s.reviewReason === OVER_LIMIT)).toBe(
      true,
    );
    const flagged = await subscriptionOf(ctx.database.db, 'abonne-20@example.cd');
    const id = flagged?.id ?? '';
    const clicks = await Promise.all([
      admin.post(`/api/admin/newsletter/${id}/not-spam`),
      admin.post(`/api/admin/newsletter/${id}/not-spam`),
    ]);
    for (const click of clicks) expect(click.body.subscriber).toMatchObject({ id, reviewReason: null });
    expect(await pushesOf(id)).toBe(1);
    await vi.waitFor(() => expect(announced('abonne-20@example.cd')).toHaveLength(1));
    const [logs] = await ctx.database.db
      .select({ n: count() })
      .from(activityLogs)
      .where(eq(activityLogs.type, 'subscriber.not_spam'));
    expect(logs?.n).toBe(1);
    const after = await admin.get('/api/admin/newsletter?review=a_verifier&pageSize=100').expect(200);
    expect(after.body.total).toBe(19);
  });

  it('refuses a sign-up past the address’s daily ceiling, in French, and keeps nothing', async () => {
    const ip = '10.63.0.2';
    await subscribe('avant-plafond@example.cd', ip).expect(200);
    await ctx.database.db
      .update(rateLimits)
      .set({ count: RATE_LIMITS.newsletterCeilingPerIp.limit })
      .where(eq(rateLimits.key, `newsletter-day:${ip}`));
    const res = await subscribe('apres-plafond@example.cd', ip).expect(429);
    expect(res.body.error.message).toMatch(
      /^Trop de demandes envoyées depuis votre connexion\. Veuillez réessayer dans \d+ heures?\.$/,
    );
    expect(res.headers['retry-after']).toBeDefined();
    expect(await subscriptionOf(ctx.database.db, 'apres-plafond@example.cd')).toBeUndefined();
  });
});
