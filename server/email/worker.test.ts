import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox } from '#db/schema.ts';
import { aCallInvitation, storedRow } from '#tests/helpers/factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { calendarPart, startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts';
import { currentBackend } from '#tests/helpers/test-database.ts';
import { callInvitation } from '../booking/invitation.ts';
import { createOutbox, type EmailMessage } from './outbox.ts';
import { createMailTransport, type MailTransport } from './transport.ts';
import {
  backoffDelayMs,
  createOutboxWorker,
  LEASE_MS,
  MAX_ATTEMPTS,
  type OutboxWorkerOptions,
} from './worker.ts';

const logger = pino({ level: 'silent' });

/** The raw message with its quoted-printable and base64 parts decoded, as a mail client reads them. */
describe('backoffDelayMs', () => {
  const MINUTE = 60_000;
  const schedule = (random: () => number) =>
    Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffDelayMs(i + 1, random));

  it('doubles from 30 s up to a 30 min cap', () => {
    expect(schedule(() => 0.5)).toEqual([
      30_000,
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      16 * MINUTE,
      ...Array(9).fill(30 * MINUTE),
    ]);
  });

  it('stays within ±10 %', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(27_000);
    expect(backoffDelayMs(1, () => 0.999_999)).toBe(33_000);
    expect(backoffDelayMs(12, () => 0)).toBe(27 * MINUTE);
    expect(backoffDelayMs(12, () => 0.999_999)).toBe(33 * MINUTE);
  });

  it('spreads the 15 retries over more than an hour, even with the shortest jitter', () => {
    const shortest = schedule(() => 0).reduce((sum, delay) => sum + delay, 0);
    const longest = schedule(() => 0.999_999).reduce((sum, delay) => sum + delay, 0);
    expect(shortest).toBeGreaterThan(60 * MINUTE);
    // About 5 hours: a mail server down for an afternoon does not lose the message.
    expect(shortest).toBeGreaterThan(4 * 60 * MINUTE);
    expect(longest).toBeLessThan(6 * 60 * MINUTE);
  });
});

describe('outbox worker', () => {
  let database: DatabaseHandle;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let clock: Date;
  const now = () => new Date(clock.getTime());
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const outbox = createOutbox({ publicUrl: 'https://lisanga.test' });

  beforeEach(async () => {
    database = await createSeededDatabase({ compile: false, adminPassword: 'a-long-password-123' });
    smtp = await startSmtpServer();
    transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', logger });
    // Ahead of the database clock that stamped next_attempt_at, so fresh rows are due.
    clock = new Date(Date.now() + 1_000);
  });
  afterEach(async () => {
    transport.close();
    await smtp.close();
    await database.close();
  });

  const worker = (overrides: Partial<OutboxWorkerOptions> = {}) =>
    createOutboxWorker({ db: database.db, transport, logger, now, random: () => 0.5, ...overrides });
  /**
   * Enqueues a message. A message due now is stamped with the database's clock, which may have
   * passed the test's on a busy host (a second after beforeEach): the test's clock then moves up
   * to that stamp, so the message is due for the worker as the test means it.
   */
  const enqueue = async (overrides: Partial<EmailMessage> = {}) => {
    const queued = await outbox.enqueueEmail(database.db, {
      to: 'client@exemple.cd',
      subject: 'Votre devis',
      html: '<p>Bonjour</p>',
      text: 'Bonjour',
      ...overrides,
    });
    if (!overrides.sendAfter) {
      const [row] = await database.db
        .select({ at: emailOutbox.nextAttemptAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, queued.id));
      if (row?.at && row.at > clock) clock = new Date(row.at.getTime());
    }
    return queued;
  };
  const rowOf = (id: string) =>
    storedRow(database.db, emailOutbox, eq(emailOutbox.id, id), `outbox row ${id}`);
  /**
   * The SMTP transport, with the worker's commit (`mark`: recording the message as sent) run
   * through `around`, which decides what happens around it (or instead of it).
   */
  const committing = (around: (mark: () => Promise<void>) => Promise<void>): MailTransport => ({
    ...transport,
    send: (message, options) =>
      transport.send(message, { commit: () => around(async () => options?.commit?.()) }),
  });

  it('delivers a message once, with the stored Message-ID, sender, recipients, subject and both parts', async () => {
    const { id, messageId } = await enqueue({
      to: 'grace@exemple.cd',
      from: '"Équipe Lisanga, Kinshasa" <contact@lisanga-digital.cd>',
      replyTo: 'jp.kasongo@exemple.cd',
      subject: 'Nouveau contact : Jean-Pierre & Fils — devis été 2025',
      html: '<p>Bonjour <strong>Grâce</strong>, voici le <a href="https://lisanga.test/x">lien</a>.</p>',
      text: 'Bonjour Grâce, voici le lien [https://lisanga.test/x].',
      headers: { 'List-Unsubscribe': '<https://lisanga.test/u?t=abc>' },
    });

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const email = await smtp.requireEmail('grace@exemple.cd');
    expect(email.messageId).toBe(messageId);
    expect(email.envelope).toEqual({ from: 'contact@lisanga-digital.cd', to: ['grace@exemple.cd'] });
    expect(email.from).toBe('Équipe Lisanga, Kinshasa <contact@lisanga-digital.cd>');
    // On the wire the name is one encoded word: its comma cannot split it into two addresses.
    const rawFrom = /^From: (.*(?:\r\n[ \t].*)*)/m.exec(email.raw)?.[1] ?? '';
    expect(rawFrom.replace(/=\?[^?]+\?[QB]\?[^?]*\?=/gi, '')).not.toContain(',');
    expect(email.to).toBe('grace@exemple.cd');
    expect(email.replyTo).toBe('jp.kasongo@exemple.cd');
    expect(email.subject).toBe('Nouveau contact : Jean-Pierre & Fils — devis été 2025');
    expect(email.headers.get('list-unsubscribe')).toBe('<https://lisanga.test/u?t=abc>');
    expect(email.text).toBe('Bonjour Grâce, voici le lien [https://lisanga.test/x].');
    expect(email.html).toBe(
      '<p>Bonjour <strong>Grâce</strong>, voici le <a href="https://lisanga.test/x">lien</a>.</p>',
    );

    const row = await rowOf(id);
    expect(new Date(email.date).getTime()).toBe(Math.floor(row.createdAt.getTime() / 1000) * 1000);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, sentAt: now() });

    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages()).toHaveLength(1);
  });

  it('sends an invitation as its text/calendar part, with its METHOD, readable by a calendar', async () => {
    const calendar = callInvitation(
      aCallInvitation({
        sequence: 2,
        cancelled: true,
        attendee: { name: 'Amani Kabeya', email: 'amani@exemple.cd' },
        publicUrl: 'https://lisanga.test',
      }),
    );
    await enqueue({ to: 'amani@exemple.cd', subject: 'Appel annulé', calendar });
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    const email = await smtp.requireEmail('amani@exemple.cd');
    expect(email.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    const part = calendarPart(email);
    const events = Object.values(ical.sync.parseICS(part)).filter((c) => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: 'call-6d1f0c3a-2b4e-4c5d-8e9f-0a1b2c3d4e5f@lisanga.test' });
  });

  it('holds a message until its sendAfter time (a reminder before a call)', async () => {
    const { id } = await enqueue({
      to: 'rappel@exemple.cd',
      sendAfter: new Date(clock.getTime() + 3_600_000),
    });
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect((await rowOf(id)).status).toBe('pending');
    advance(3_600_000);
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    await smtp.requireEmail('rappel@exemple.cd');
  });

  it('retries after 421 answers with backoff, then delivers exactly once with the same Message-ID', async () => {
    const { id, messageId } = await enqueue();
    smtp.failNext(3, 421);
    const w = worker();

    const expectedDelays = [30_000, 60_000, 120_000];
    for (const [index, delay] of expectedDelays.entries()) {
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: index + 1, lockedUntil: null });
      expect(row.lastError).toMatch(/421/);
      expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + delay);
      // Not due yet: nothing happens one second before the retry time.
      advance(delay - 1_000);
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
      advance(1_000);
    }
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });

    expect(smtp.attempts()).toBe(4);
    expect(smtp.messages()).toHaveLength(1);
    expect(smtp.messages()[0]?.messageId).toBe(messageId);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('records a message as sent, leased, before the SMTP server has its end, and ends the lease once answered', async () => {
    const { id } = await enqueue({ to: 'panne@exemple.cd' });
    const atCommit: { status: string; leased: boolean; delivered: number }[] = [];
    const w = worker({
      transport: committing(async (mark) => {
        await mark();
        // Still open on the server: a kill now leaves a sent, leased row and a message it drops.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const row = await rowOf(id);
        atCommit.push({
          status: row.status,
          leased: row.lockedUntil !== null,
          delivered: smtp.messages().length,
        });
      }),
    });
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(atCommit).toEqual([{ status: 'sent', leased: true, delivered: 0 }]);
    expect(smtp.messages()).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', lockedUntil: null });

    // A send seen through is never made again, however late the next run.
    advance(LEASE_MS + 60_000);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages()).toHaveLength(1);
  });

  it('sends again, with its Message-ID, a message whose sender stopped between its mark and the answer', async () => {
    const { id, messageId } = await enqueue({ to: 'coupure@exemple.cd' });
    // The process dies after the mark: nothing after it ever runs.
    const killed = worker({
      transport: {
        ...transport,
        send: async (_message, options) => {
          await options?.commit?.();
          return new Promise(() => {});
        },
      },
    });
    void killed.runOnce();
    await expect.poll(async () => (await rowOf(id)).status).toBe('sent');

    // Another instance leaves it while the dead one's lease runs.
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    advance(LEASE_MS + 1_000);
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(smtp.messages().map((m) => m.messageId)).toEqual([messageId]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
  });

  it('records a confirmation the database missed at the next run, so the message is not sent again', async () => {
    const { id } = await enqueue({ to: 'instable@exemple.cd' });
    const session = database.db._.session as unknown as {
      prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown;
    };
    const prepare = session.prepareQuery.bind(session);
    let refusals = 1;
    const spy = vi.spyOn(session, 'prepareQuery').mockImplementation((query, ...rest) => {
      // The confirmation: it ends the lease of one sent row (a claim takes its rows by a subquery).
      const confirming =
        / where \("email_outbox"\."id" = \$3 and .*"status" = \$4\)$/.test(query.sql) &&
        query.sql.startsWith('update "email_outbox" set "locked_until" = $1, "updated_at" = $2 from');
      if (confirming && refusals-- > 0) throw new Error('connection terminated');
      return prepare(query, ...rest);
    });
    try {
      const w = worker();
      expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
      expect((await rowOf(id)).lockedUntil).not.toBeNull();
      await w.runOnce();
      expect(await rowOf(id)).toMatchObject({ status: 'sent', lockedUntil: null });
    } finally {
      spy.mockRestore();
    }
    advance(LEASE_MS + 60_000);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.messages()).toHaveLength(1);
  });

  it('delivers nothing when the commit fails (a process killed before it), and sends the message once later', async () => {
    const { id } = await enqueue({ to: 'avant@exemple.cd' });
    const failing = worker({
      transport: committing(async () => {
        throw new Error('database unreachable');
      }),
    });
    expect(await failing.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    // The server dropped the message it never got the end of.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages()).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });

    advance(60_000);
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    expect(smtp.messages()).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends the end of a message whose row another instance marked sent meanwhile', async () => {
    const { id } = await enqueue({ to: 'deja@exemple.cd' });
    const w = worker({
      transport: committing(async (mark) => {
        // Between this worker's claim and its own mark: another instance sent it.
        await database.db
          .update(emailOutbox)
          .set({ status: 'sent', attempts: 1 })
          .where(eq(emailOutbox.id, id));
        await mark();
      }),
    });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    // The server dropped the message it never got the end of.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages()).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('gives up at once on a permanent 5xx refusal', async () => {
    const { id } = await enqueue();
    smtp.failNext(1, 550);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 1, retried: 0 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lockedUntil: null, sentAt: null });
    expect(row.lastError).toMatch(/550/);

    advance(24 * 3_600_000);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.attempts()).toBe(1);
  });

  it(`marks a message failed after ${MAX_ATTEMPTS} failed attempts`, async () => {
    const { id } = await enqueue();
    smtp.failNext(100, 451);
    const w = worker();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
      advance(60 * 60_000);
    }
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, retried: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(smtp.attempts()).toBe(MAX_ATTEMPTS);

    advance(24 * 3_600_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
  });

  it('retries when the SMTP server cannot be reached, without leaking the password', async () => {
    const { id } = await enqueue();
    const closed = await startSmtpServer();
    await closed.close();
    const unreachable = createMailTransport({
      smtpUrl: `smtp://mailer:s3cr3t-p4ss@127.0.0.1:${closed.port}`,
      dataDir: '/nonexistent',
      logger,
    });
    expect(await worker({ transport: unreachable }).runOnce()).toEqual({ sent: 0, failed: 0, retried: 1 });
    unreachable.close();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/127\.0\.0\.1/);
    expect(row.lastError).not.toContain('s3cr3t-p4ss');
  });

  it('does not take a row another instance holds a lease on, until the lease expires', async () => {
    const { id } = await enqueue();
    await database.db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(clock.getTime() + LEASE_MS) })
      .where(eq(emailOutbox.id, id));
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
    advance(LEASE_MS + 1_000);
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
  });

  it('never delivers a message twice with two workers running at once', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      ids.add((await enqueue({ to: `abonne${i}@exemple.cd`, subject: `Numéro ${i}` })).messageId);
    }
    // Thirty inserts can take longer than the second the clock was set ahead on a loaded machine:
    // the last rows would not be due yet for the workers' clock (22 of 30 sent once in CI).
    clock = new Date(Math.max(clock.getTime(), Date.now() + 1_000));
    const a = worker({ batchSize: 4 });
    const b = worker({ batchSize: 4 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);

    expect(ra.sent + rb.sent).toBe(30);
    expect(ra.failed + rb.failed + ra.retried + rb.retried).toBe(0);
    const delivered = smtp.messages().map((m) => m.messageId);
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered)).toEqual(ids);
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  // PGlite runs one transaction at a time, so a row locked by another session only exists on a server.
  // Defined only where it means something, rather than reported as skipped on PGlite.
  (currentBackend() === 'postgres' ? it : () => undefined)(
    'skips a row another session has locked instead of waiting for it (SKIP LOCKED)',
    async () => {
      const locked = await enqueue({ to: 'verrou@exemple.cd' });
      const free = await enqueue({ to: 'libre@exemple.cd' });
      const result = await database.db.transaction(async (tx) => {
        await tx.select().from(emailOutbox).where(eq(emailOutbox.id, locked.id)).for('update');
        // Runs on another pooled connection while this transaction holds the row lock.
        return worker().runOnce();
      });
      expect(result).toEqual({ sent: 1, failed: 0, retried: 0 });
      expect((await rowOf(free.id)).status).toBe('sent');
      expect(await rowOf(locked.id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    },
  );

  it('stop() lets the send in flight finish and releases the rest of the claimed batch', async () => {
    for (let i = 0; i < 3; i += 1) await enqueue({ to: `lot${i}@exemple.cd` });
    let stopped: Promise<void> | undefined;
    const w = worker({
      transport: {
        kind: 'smtp',
        send: async (message) => {
          stopped ??= w.stop();
          return transport.send(message);
        },
        forget: async () => {},
        close: () => {},
      },
    });
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
    await stopped;
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1);
    expect(
      rows.filter((r) => r.status === 'pending' && r.lockedUntil === null && r.attempts === 0),
    ).toHaveLength(2);
  });

  it('waits its turn before each email while visitors keep the thread busy (decision 121)', async () => {
    for (let i = 0; i < 2; i += 1) await enqueue({ to: `tour${i}@exemple.cd` });
    const turns: (() => void)[] = [];
    const w = worker({
      visitorsFirst: { requestArrived() {}, turn: () => new Promise((go) => turns.push(go)) },
    });
    const run = w.runOnce();
    await vi.waitFor(() => expect(turns).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(smtp.messages()).toHaveLength(0);
    turns[0]?.();
    await smtp.requireEmail('tour0@exemple.cd');
    await vi.waitFor(() => expect(turns).toHaveLength(2));
    expect(smtp.messages()).toHaveLength(1);
    turns[1]?.();
    expect(await run).toEqual({ sent: 2, failed: 0, retried: 0 });
  });

  it('sends soon after wake() once started, and stop() waits for it', async () => {
    const w = createOutboxWorker({ db: database.db, transport, logger, pollIntervalMs: 60_000 });
    w.start();
    try {
      // Let the first poll find nothing, so only wake() can send the message below.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await enqueue({ to: 'reveil@exemple.cd' });
      w.wake();
      const email = await smtp.requireEmail('reveil@exemple.cd');
      expect(email.subject).toBe('Votre devis');
    } finally {
      await w.stop();
    }
  });
});
