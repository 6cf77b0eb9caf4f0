/**
 * Sends what the outbox holds. Safe with several server instances on one PostgreSQL:
 * 1. claim: one statement picks due rows `FOR UPDATE SKIP LOCKED` and gives them a 2-minute lease
 *    (`locked_until`); it commits before anything is sent, so no other instance takes those rows,
 *    and the rows of an instance that crashed come back when the lease runs out;
 * 2. send each claimed message outside any transaction (an SMTP exchange can take seconds; holding
 *    row locks or a pooled connection that long would starve the site);
 * 3. record the outcome: sent, or retried later with exponential backoff, or failed for good.
 *    `sent` is committed just before the message's end goes out (the transport's `commit`), with
 *    a fresh lease; the lease ends (`confirm`) once the SMTP server answered. A row `sent` whose
 *    lease ran out, or that a lone instance finds leased as it starts (crashed-leases.ts), is a
 *    send its process never saw through: killed between the mark and the server's answer, the
 *    message's end may or may not have left. It is sent again, with the same Message-ID (decision
 *    119): a transactional email (a lead's staff notification, a confirmation) must not be lost,
 *    and the receiver recognises the rare second copy. A send that fails after the mark puts the
 *    row back to pending with its failure.
 * A send whose outcome is uncertain (the connection dropped after the end went out) is retried
 * with the same Message-ID for the same reason. For that same reason none of these writes waits
 * for the disk on a PostgreSQL server (`withoutWaitingForDisk`): a crash of PostgreSQL that loses
 * a mark or a confirmation makes the message pending again, sent again with its Message-ID, never
 * lost. PGlite, whose crash is the application's, commits them as usual.
 * Every time comes from the injected `now()` and is compared as a query parameter, never with
 * SQL now(): tests drive the clock, and the database clock does not matter.
 */
import { and, asc, eq } from 'drizzle-orm';
import { type Database, queryPreparedRows, withoutWaitingForDisk } from '#db/client.ts';
import { emailOutbox, type OutboxMessage } from '#db/schema.ts';
import {
  claimRows,
  dueAndUnleased,
  logReopenedSends,
  mayStillSend,
  recordFailedAttempt,
  reopenUnconfirmedSends,
} from '../background/claim.ts';
import { createPollLoop, describeError, type PollLoop, type SenderOptions } from '../background/poll-loop.ts';
import type { Logger } from '../logger.ts';
import { plainTextHtml, renderTemplate } from './templates.ts';
import type { MailTransport, OutgoingEmail } from './transport.ts';
import { MailSendError } from './transport.ts';

/** A message is given up after this many failed attempts (spanning about 5 hours, see backoff). */
export const MAX_ATTEMPTS = 16;
/** How long a claim protects a row; longer than a batch of sends with their 30 s timeouts takes. */
export const LEASE_MS = 2 * 60_000;
/** How often a run looks for sends left unconfirmed by a stopped instance (their lease ran out). */
const REOPEN_CHECK_MS = 30_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 30 * 60_000;
const BACKOFF_JITTER = 0.1;

/**
 * Wait before the attempt after the `attempt`-th failure: 30 s, 1 min, 2 min ... capped at
 * 30 min, each ±10 % so a burst of failures does not retry in lockstep. `random` is in [0, 1).
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
  const jitter = 1 + BACKOFF_JITTER * (2 * random() - 1);
  return Math.round(base * jitter);
}

export type RunResult = { sent: number; failed: number; retried: number };

/** The row of a message being sent was no longer pending when it was to be marked sent. */
class NoLongerPending extends Error {}

/** Whether `error`, or an error it wraps (a transport's MailSendError), is a `kind`. */
function causedBy(error: unknown, kind: new () => Error): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    if (cause instanceof kind) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A run claims and sends until nothing is due; `wake()` after enqueueing, once the transaction
 * committed; `stop()` releases the claimed rows not yet sent.
 */
export type OutboxWorker = PollLoop<RunResult>;

export type OutboxWorkerOptions = SenderOptions & {
  transport: MailTransport;
  batchSize?: number;
  /** For the backoff jitter; tests pin it. */
  random?: () => number;
  /** Renders the messages queued without HTML (EmailMessage.templateVariables). */
  render?: typeof renderTemplate;
};

/**
 * The end of each send's lease once its server answered (`confirm`), and the sends another
 * process marked and never confirmed, pending again (`reopenInterrupted`, decision 119).
 */
function sendConfirmations(db: Database, logger: Logger) {
  /** Sends the server answered whose lease could not be ended yet (the database was away). */
  const unconfirmed = new Set<string>();

  /** Ends the lease of a message the server answered: its send is seen through, never made again. */
  async function confirm(id: string): Promise<void> {
    try {
      await queryPreparedRows(
        db,
        db
          .update(emailOutbox)
          .set({ lockedUntil: null })
          .from(withoutWaitingForDisk(db))
          .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sent')))
          .getSQL(),
      );
      unconfirmed.delete(id);
    } catch (error) {
      unconfirmed.add(id);
      logger.warn({ err: error, outboxId: id }, 'email sent, its confirmation not recorded yet; retrying');
    }
  }

  let reopenCheckedAt = Number.NEGATIVE_INFINITY;

  /**
   * At the start of a run: the confirmations the database missed are recorded; and every
   * REOPEN_CHECK_MS, the sends another instance marked and never confirmed before its lease ran
   * out (it was killed between the two) are pending again, sent with their Message-ID.
   */
  async function reopenInterrupted(at: Date): Promise<void> {
    for (const id of unconfirmed) await confirm(id);
    if (at.getTime() - reopenCheckedAt < REOPEN_CHECK_MS) return;
    reopenCheckedAt = at.getTime();
    const reopened = await reopenUnconfirmedSends(db, emailOutbox, at);
    logReopenedSends(
      logger,
      reopened.map((row) => row.messageId),
    );
  }

  return { confirm, reopenInterrupted };
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport } = options;
  const logger = options.logger.child({ component: 'outbox-worker' });
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const batchSize = options.batchSize ?? 10;
  const random = options.random ?? Math.random;
  const render = options.render ?? renderTemplate;
  const confirmations = sendConfirmations(db, logger);

  async function claim(): Promise<{ rows: OutboxMessage[]; leaseUntil: Date }> {
    const at = now();
    const leaseUntil = new Date(at.getTime() + LEASE_MS);
    // One statement, committed on its own: the lease is visible to every instance before
    // sending. It does not wait for the disk, nor do the marks below: what a crash of PostgreSQL
    // loses of them only sends a message again, with its Message-ID (decision 119).
    const rows = await claimRows(db, emailOutbox, {
      where: dueAndUnleased(emailOutbox, 'pending', at),
      orderBy: [asc(emailOutbox.nextAttemptAt)],
      limit: batchSize,
      set: { lockedUntil: leaseUntil },
      from: withoutWaitingForDisk(db),
    });
    rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
    return { rows, leaseUntil };
  }

  /** The message as it leaves: one queued without HTML is rendered now from its template. */
  async function outgoing(row: OutboxMessage): Promise<OutgoingEmail> {
    if (row.html !== null) return { ...row, html: row.html };
    try {
      if (!row.templateKey || !row.templateVariables) throw new Error('no template to render it with');
      const email = await render(db, row.templateKey, row.templateVariables);
      return { ...row, subject: email.subject, html: email.html, textBody: email.text };
    } catch (error) {
      // A template broken (or deleted) in the admin must never cost a message: its plain version.
      logger.error(
        { err: error, outboxId: row.id, template: row.templateKey },
        'email template failed; sending the plain version',
      );
      return { ...row, html: plainTextHtml(row.textBody) };
    }
  }

  async function deliver(row: OutboxMessage, result: RunResult): Promise<void> {
    const attempts = row.attempts + 1;
    const log = { outboxId: row.id, messageId: row.messageId, template: row.templateKey, attempts };
    // Only a pending row is updated: an admin may have cancelled it meanwhile.
    const stillPending = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending'));
    let committed = false;
    // Prepared: under a burst of leads this runs once per email. The fresh lease covers the rest
    // of the send (its end, the server's answer: one socket timeout at most), until `confirm`.
    const commit = async () => {
      const markedAt = now();
      const marked = await queryPreparedRows(
        db,
        db
          .update(emailOutbox)
          .set({
            status: 'sent',
            sentAt: markedAt,
            attempts,
            lockedUntil: new Date(markedAt.getTime() + LEASE_MS),
          })
          .from(withoutWaitingForDisk(db))
          .where(stillPending)
          .returning({ id: emailOutbox.id })
          .getSQL(),
      );
      // Sent by another instance, or taken out of the queue, meanwhile: its end never goes out.
      if (marked.length === 0) throw new NoLongerPending();
      committed = true;
    };
    let error: unknown;
    try {
      const outcome = await transport.send(await outgoing(row), { commit });
      if (!outcome.accepted) {
        error = new MailSendError(`not accepted: ${outcome.response}`, { permanent: false });
      }
    } catch (caught) {
      error = caught;
    }
    if (causedBy(error, NoLongerPending)) {
      logger.info(log, 'email no longer pending, not sent');
      return;
    }

    if (error === undefined) {
      // A transport that takes no commit (a test's) is recorded after the send, as before.
      if (!committed) await commit();
      await confirmations.confirm(row.id);
      result.sent += 1;
      logger.info(log, 'email sent');
      return;
    }
    if (committed) {
      // Recorded as sent just before the server refused it (or the connection dropped): pending again.
      await db
        .update(emailOutbox)
        .set({ status: 'pending', sentAt: null })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sent')));
    }

    const permanent = error instanceof MailSendError && error.permanent;
    const lastError = describeError(error);
    const giveUp = permanent || attempts >= MAX_ATTEMPTS;
    const nextAttemptAt = giveUp ? null : new Date(now().getTime() + backoffDelayMs(attempts, random));
    await recordFailedAttempt(db, emailOutbox, stillPending, { attempts, lastError, nextAttemptAt }, result);
    if (nextAttemptAt) {
      logger.warn({ ...log, error: lastError, nextAttemptAt }, 'email not sent, will retry');
    } else {
      logger.error(
        { ...log, error: lastError },
        permanent ? 'email refused by the server, given up' : 'email failed too many times, given up',
      );
    }
  }

  async function run(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0, retried: 0 };
    await confirmations.reopenInterrupted(now());
    // Each pass either sends a row or moves it into the future, so this ends once nothing is due.
    while (!stopping()) {
      const { rows, leaseUntil } = await claim();
      if (rows.length === 0) break;
      const batch = { db, table: emailOutbox, status: 'pending', ids: rows.map((r) => r.id), leaseUntil };
      for (const [index, row] of rows.entries()) {
        if (!(await mayStillSend(batch, index, { now, stopping, visitorsFirst: options.visitorsFirst })))
          break;
        await deliver(row, result);
      }
    }
    return result;
  }

  const loop = createPollLoop({
    run,
    pollIntervalMs,
    logger,
    failureMessage: 'outbox run failed',
    visitorsFirst: options.visitorsFirst,
  });
  const stopping = () => loop.isStopping();
  return loop;
}
