/**
 * How the background tasks take work that several instances poll at once (the email outbox, the
 * push deliveries, the campaigns' jobs, the lead reminders): the due rows are selected
 * `FOR UPDATE SKIP LOCKED` (a row another instance holds is passed over) and marked as taken in
 * the same statement, so no row is ever taken twice. A sender marks its rows with a lease
 * (`locked_until`), committed before anything is sent: the rows of an instance that crashed come
 * back when the lease runs out.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import type { Logger } from '../logger.ts';
import type { VisitorsFirst } from './visitors-first.ts';

type ClaimedTable = PgTable & { id: AnyPgColumn };

/**
 * Takes at most `limit` rows of `claimed` that `where` selects, first by `orderBy`, skipping the rows
 * locked elsewhere, and gives them `set`: one UPDATE … RETURNING, the rows as they now are.
 */
export async function claimRows<T extends ClaimedTable>(
  db: Database,
  claimed: T,
  claim: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    set: Record<string, unknown>;
    /** A FROM source of the UPDATE (`withoutWaitingForDisk`). */
    from?: SQL;
  },
): Promise<T['$inferSelect'][]> {
  const table: ClaimedTable = claimed;
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(claim.where)
    .orderBy(...claim.orderBy)
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  const update = db.update(table).set(claim.set);
  return (await (claim.from ? update.from(claim.from) : update)
    .where(inArray(table.id, due))
    .returning()) as T['$inferSelect'][];
}

/** A table of rows sent with retries: a status, the time of the next attempt, a lease. */
type LeasedTable = ClaimedTable & {
  status: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  lockedUntil: AnyPgColumn;
};

/**
 * The rows still `status` whose next attempt has come, and that no running lease holds at `at`.
 * `at` has milliseconds and the database's `now()` microseconds: a row queued during the
 * millisecond of `at` is due too (not one poll later).
 */
export function dueAndUnleased(table: LeasedTable, status: string, at: Date): SQL | undefined {
  return and(
    eq(table.status, status),
    lt(table.nextAttemptAt, new Date(at.getTime() + 1)),
    or(isNull(table.lockedUntil), lt(table.lockedUntil, at)),
  );
}

/** Gives rows back without counting an attempt (a stop, a lease too short to send safely). */
export async function releaseLeases(db: Database, table: LeasedTable, ids: string[], status: string) {
  if (ids.length === 0) return;
  await db
    .update(table)
    .set({ lockedUntil: null })
    .where(and(inArray(table.id, ids), eq(table.status, status)));
}

/** A leased table whose rows record when they were sent. */
type SentTable = LeasedTable & { sentAt: AnyPgColumn };

/**
 * The rows marked `sent` whose sender never confirmed the server's answer: still leased, the lease
 * run out at `at` (or any lease, with no `at`: a lone instance starting, crashed-leases.ts). Their
 * process stopped between the mark and the answer, so the message may not have left: they are
 * pending again, due now, and returned as they were.
 */
export async function reopenUnconfirmedSends<T extends SentTable>(
  db: Database,
  sent: T,
  at?: Date,
): Promise<T['$inferSelect'][]> {
  const table: SentTable = sent;
  return (await db
    .update(table)
    .set({ status: 'pending', sentAt: null, lockedUntil: null })
    .where(and(eq(table.status, 'sent'), at ? lt(table.lockedUntil, at) : isNotNull(table.lockedUntil)))
    .returning()) as T['$inferSelect'][];
}

/** The one log line of the emails sent again, with their Message-IDs (`npm run test:faults` reads it). */
export function logReopenedSends(logger: Logger, messageIds: string[]): void {
  if (messageIds.length === 0) return;
  logger.warn(
    { messageIds },
    'emails whose send was never confirmed (their sender stopped): sent again with their Message-ID',
  );
}

/** A table of rows sent with retries that counts the attempts and keeps the last error. */
type AttemptedTable = LeasedTable & { attempts: AnyPgColumn; lastError: AnyPgColumn };

/**
 * Records a failed attempt at a leased row (`where` keeps it only while still pending): tried again
 * at `nextAttemptAt`, or given up (`failed`) when there is none, and counted so in `counts`. The
 * lease ends either way.
 */
export async function recordFailedAttempt(
  db: Database,
  table: AttemptedTable,
  where: SQL | undefined,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date | null },
  counts: { retried: number; failed: number },
): Promise<void> {
  const { attempts, lastError, nextAttemptAt } = failure;
  await db
    .update(table)
    .set(
      nextAttemptAt
        ? { attempts, lastError, nextAttemptAt, lockedUntil: null }
        : { status: 'failed', attempts, lastError, lockedUntil: null },
    )
    .where(where);
  if (nextAttemptAt) counts.retried += 1;
  else counts.failed += 1;
}

/** A row is not sent once less than this remains of its lease: another instance may take it soon. */
const LEASE_SAFETY_MS = 45_000;

/** Whether a lease ending at `leaseUntil` is too close to its end at `at` to start a send. */
export const leaseEndsSoon = (leaseUntil: Date, at: Date) =>
  leaseUntil.getTime() - at.getTime() < LEASE_SAFETY_MS;

/** A claimed batch sent row by row (the email outbox, the push worker). */
export type LeasedBatch = {
  db: Database;
  table: LeasedTable;
  status: string;
  ids: string[];
  leaseUntil: Date;
};

/**
 * Before the batch's row `index` is sent: the sender's turn (docs/decisions/121-visitors-first.md),
 * then whether the row may still be sent. When the sender stops, or too little is left of the
 * lease (the turns and slow servers make a batch last), the rows from `index` on go back to the
 * queue before another instance may take them and send them too, and the answer is false.
 */
export async function mayStillSend(
  batch: LeasedBatch,
  index: number,
  sender: { now: () => Date; stopping: () => boolean; visitorsFirst?: VisitorsFirst },
): Promise<boolean> {
  await sender.visitorsFirst?.turn();
  if (!sender.stopping() && !leaseEndsSoon(batch.leaseUntil, sender.now())) return true;
  await releaseLeases(batch.db, batch.table, batch.ids.slice(index), batch.status);
  return false;
}
