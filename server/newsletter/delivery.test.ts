/**
 * Newsletter emails while the mail server has a bad time: a real SMTP server on
 * 127.0.0.1 answers 421 (try again later) for a while, or is not there at all, then accepts.
 * Every email of the double opt-in must arrive exactly once afterwards, each attempt being the
 * same message (same Message-ID), so a receiver can recognise a resend. The app is the real one
 * (subscribe and confirm over HTTP); the outbox worker runs on a clock the test moves forward.
 */
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT } from '#common/schemas/newsletter.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox } from '#db/schema.ts';
import { subscriptionOf } from '#tests/helpers/factories.ts';
import { type CapturedEmail, startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { compileTemplates } from '../email/templates.ts';
import { createOutboxWorker, type OutboxWorker, type RunResult } from '../email/worker.ts';
import { seedDatabase } from '../seed.ts';

const PUBLIC_URL = 'https://www.lisanga-digital.cd';
const logger = pino({ level: 'silent' });
const NOTHING: RunResult = { sent: 0, failed: 0, retried: 0 };

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let testApp: ReturnType<typeof createTestApp>;
let worker: OutboxWorker;
let clock: Date;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeEach(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { content: false, adminPassword: 'correct-horse-battery' });
  await compileTemplates(database.db);
  smtp = await startSmtpServer();
  testApp = createTestApp(database, { SMTP_URL: smtp.url, PUBLIC_URL });
  // The app's own worker is never started here (wake() does nothing): this one, on the test's
  // clock and without jitter, is the only sender.
  worker = createOutboxWorker({
    db: database.db,
    transport: testApp.deps.email.transport,
    logger,
    now: () => new Date(clock.getTime()),
    random: () => 0.5,
  });
  // Ahead of the database clock that stamps a new message's next_attempt_at, so it is due at once:
  // a minute ahead, because on a loaded machine more than a second can pass before the test's
  // first request (a clock only 1 s ahead then found the new message not yet due).
  clock = new Date(Date.now() + 60_000);
});
afterEach(async () => {
  testApp?.deps.email.transport.close();
  await smtp?.close();
  await database?.close();
});

let ipCounter = 0;
const subscribe = (email: string) =>
  request(testApp.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', `10.40.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`)
    .send({ email, source: 'footer', locale: 'fr', consentText: NEWSLETTER_CONSENT_TEXT });

async function outboxRow(to: string, templateKey: 'newsletter_confirmation' | 'newsletter_welcome') {
  const rows = await database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.templateKey, templateKey)));
  expect(rows, `${templateKey} rows for ${to}`).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
}

const deliveredTo = (to: string) => smtp.messages().filter((m) => m.envelope.to.includes(to));
const refusedTo = (to: string) => smtp.refused().filter((m) => m.envelope.to.includes(to));

function tokenIn(mail: CapturedEmail, path: string): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}\\?token=([A-Za-z0-9_-]+)`).exec(
    mail.text ?? '',
  );
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

/**
 * Runs the worker through an outage of `refusals` attempts at one message: each attempt is
 * refused and rescheduled after the backoff (30 s, 1 min, 2 min ...), nothing before its time.
 */
async function sitOutRefusals(to: string, templateKey: Parameters<typeof outboxRow>[1], refusals: number) {
  for (let attempt = 1; attempt <= refusals; attempt += 1) {
    expect(await worker.runOnce()).toEqual({ ...NOTHING, retried: 1 });
    const row = await outboxRow(to, templateKey);
    expect(row).toMatchObject({ status: 'pending', attempts: attempt, lockedUntil: null, sentAt: null });
    expect(row.lastError).toMatch(/421/);
    const delay = 30_000 * 2 ** (attempt - 1);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + delay);
    advance(delay - 1_000);
    expect(await worker.runOnce()).toEqual(NOTHING);
    advance(1_000);
  }
}

describe('newsletter emails while the SMTP server refuses mail (421), then accepts', () => {
  it('delivers the confirmation, then the welcome email, each exactly once with the same Message-ID', async () => {
    const email = 'amani.kabeya@example.cd';
    smtp.failNext(3, 421);
    expect((await subscribe('Amani.Kabeya@Example.CD').expect(200)).body).toEqual({
      requiresConfirmation: true,
    });

    await sitOutRefusals(email, 'newsletter_confirmation', 3);
    expect(deliveredTo(email)).toHaveLength(0);
    expect(await worker.runOnce()).toEqual({ ...NOTHING, sent: 1 });

    const [confirmation, ...extra] = deliveredTo(email);
    expect(extra).toHaveLength(0);
    if (!confirmation) throw new Error('no confirmation delivered');
    expect(confirmation.subject).toMatch(/^Confirmez votre inscription/);
    const confirmationRow = await outboxRow(email, 'newsletter_confirmation');
    expect(confirmationRow).toMatchObject({ status: 'sent', attempts: 4 });
    expect(confirmation.messageId).toBe(confirmationRow.messageId);
    // The three refused attempts were this very message, not three new ones.
    const refusedConfirmations = refusedTo(email);
    expect(refusedConfirmations.map((m) => m.messageId)).toEqual(Array(3).fill(confirmationRow.messageId));
    for (const attempt of refusedConfirmations) {
      expect({ date: attempt.date, text: attempt.text }).toEqual({
        date: confirmation.date,
        text: confirmation.text,
      });
    }

    // The link of the delivered email still confirms (by POST), and the welcome email meets a new outage.
    smtp.failNext(2, 421);
    await request(testApp.app)
      .post('/api/newsletter/confirm')
      .send({ token: tokenIn(confirmation, '/newsletter/confirm') })
      .expect(200);
    const subscriber = await subscriptionOf(database.db, email);
    expect(subscriber?.status).toBe('active');

    await sitOutRefusals(email, 'newsletter_welcome', 2);
    expect(deliveredTo(email)).toHaveLength(1);
    expect(await worker.runOnce()).toEqual({ ...NOTHING, sent: 1 });

    const welcome = deliveredTo(email)[1];
    if (!welcome) throw new Error('no welcome delivered');
    expect(welcome.subject).toMatch(/^Bienvenue/);
    const welcomeRow = await outboxRow(email, 'newsletter_welcome');
    expect(welcomeRow).toMatchObject({ status: 'sent', attempts: 3 });
    expect(welcome.messageId).toBe(welcomeRow.messageId);
    expect(welcome.messageId).not.toBe(confirmation.messageId);
    expect(
      refusedTo(email)
        .slice(3)
        .map((m) => m.messageId),
    ).toEqual(Array(2).fill(welcomeRow.messageId));
    expect(welcome.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/www\.lisanga-digital\.cd\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43,}>$/,
    );
    expect(welcome.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Nothing goes out twice, however long the worker keeps running.
    advance(24 * 3_600_000);
    expect(await worker.runOnce()).toEqual(NOTHING);
    expect(deliveredTo(email)).toHaveLength(2);
    expect(smtp.attempts()).toBe(4 + 3);

    // The one-click header of the delivered welcome email works: the retries did not stale its token.
    const oneClick = new URL((welcome.headers.get('list-unsubscribe') ?? '').slice(1, -1));
    await request(testApp.app)
      .post(`${oneClick.pathname}${oneClick.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    const after = await subscriptionOf(database.db, email);
    expect(after?.status).toBe('unsubscribed');
  });

  it('delivers every confirmation queued during an outage of over an hour once, when the server accepts again', async () => {
    const addresses = ['bola@example.cd', 'chance@example.cd', 'dorcas@example.cd'];
    smtp.failNext(1_000, 421);
    for (const address of addresses) await subscribe(address).expect(200);

    // Seven rounds of refusals: 30 s + 1 + 2 + 4 + 8 + 16 + 30 min after the first, over an hour.
    const start = clock.getTime();
    for (let round = 1; round <= 7; round += 1) {
      expect(await worker.runOnce()).toEqual({ ...NOTHING, retried: 3 });
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.every((r) => r.status === 'pending' && r.attempts === round)).toBe(true);
      clock = new Date(Math.max(...rows.map((r) => r.nextAttemptAt.getTime())));
    }
    expect(clock.getTime() - start).toBeGreaterThan(60 * 60_000);
    expect(smtp.messages()).toHaveLength(0);
    expect(smtp.refused()).toHaveLength(3 * 7);

    smtp.failNext(0);
    expect(await worker.runOnce()).toEqual({ ...NOTHING, sent: 3 });
    advance(24 * 3_600_000);
    expect(await worker.runOnce()).toEqual(NOTHING);

    for (const address of addresses) {
      const row = await outboxRow(address, 'newsletter_confirmation');
      expect(row).toMatchObject({ status: 'sent', attempts: 8 });
      expect(deliveredTo(address).map((m) => m.messageId)).toEqual([row.messageId]);
      expect(refusedTo(address).map((m) => m.messageId)).toEqual(Array(7).fill(row.messageId));
      expect(deliveredTo(address)[0]?.subject).toMatch(/^Confirmez votre inscription/);
    }
  });

  it('delivers a confirmation queued while the SMTP server is down once it is back on its port', async () => {
    const email = 'eli@example.cd';
    const port = smtp.port;
    await smtp.close();
    await subscribe(email).expect(200);

    expect(await worker.runOnce()).toEqual({ ...NOTHING, retried: 1 });
    const waiting = await outboxRow(email, 'newsletter_confirmation');
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/127\.0\.0\.1/);

    smtp = await startSmtpServer({ port });
    advance(30_000);
    expect(await worker.runOnce()).toEqual({ ...NOTHING, sent: 1 });
    const delivered = await smtp.requireEmail(email);
    expect(delivered.messageId).toBe(waiting.messageId);
    expect(delivered.subject).toMatch(/^Confirmez votre inscription/);
    advance(24 * 3_600_000);
    expect(await worker.runOnce()).toEqual(NOTHING);
    expect(smtp.messages()).toHaveLength(1);
  });
});
