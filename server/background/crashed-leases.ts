/**
 * The leases a dead process left behind. A sender's lease (`locked_until`, claim.ts) keeps its
 * rows for two minutes; when the process holding them is killed (SIGKILL, the kernel's OOM
 * killer, a power cut), a restarted site would wait that long before sending the emails, campaign
 * jobs and push deliveries it had claimed. An instance that knows it is the only one alive frees
 * every lease as it starts, before its senders run:
 * - PGlite: the data directory's lock (db/lock.ts) already says so, one process per directory;
 * - PostgreSQL: every running instance holds a shared advisory lock on a session of its own (a
 *   session ends with its process); an instance that can also take it exclusively is alone.
 * Freeing the lease of a row still pending never sends a message twice: a message is recorded as
 * sent before its end leaves (server/email/transport.ts), so such a row was never delivered. An
 * email recorded as sent whose lease is still held is a send the dead process never saw answered:
 * it is pending again, sent with its Message-ID (server/email/worker.ts, decision 119).
 */
import { isNotNull } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseHandle } from '#db/client.ts';
import { campaignJobs, emailOutbox, pushDeliveries } from '#db/schema.ts';
import type { Logger } from '../logger.ts';
import { logReopenedSends, reopenUnconfirmedSends } from './claim.ts';

/** The advisory lock every running instance holds shared (db/migrate.ts lists the others). */
export const INSTANCES_LOCK_KEY = 727_100_007;
const RECONNECT_DELAY_MS = 1_000;

/**
 * Frees every lease of the senders' tables: how many rows were held, and the Message-IDs of the
 * emails sent again because their send was never confirmed.
 */
export async function releaseAllLeases(db: Database): Promise<{ released: number; resent: string[] }> {
  const reopened = await reopenUnconfirmedSends(db, emailOutbox);
  let released = reopened.length;
  for (const table of [emailOutbox, campaignJobs, pushDeliveries]) {
    const rows = await db
      .update(table)
      .set({ lockedUntil: null })
      .where(isNotNull(table.lockedUntil))
      .returning({ id: table.id });
    released += rows.length;
  }
  return { released, resent: reopened.map((row) => row.messageId) };
}

/** The log lines of what a start freed. */
function logReleased(logger: Logger, { released, resent }: { released: number; resent: string[] }) {
  if (released > 0) logger.warn({ released }, 'leases left by a stopped process freed');
  logReopenedSends(logger, resent);
}

export type InstancePresence = {
  /** Rows whose lease a dead process had left, freed at start (0 when other instances run). */
  released: number;
  /** Ends this instance's presence (its session), at shutdown. */
  stop: () => Promise<void>;
};

/** Frees the leases of dead processes when this instance is alone, and marks it as running. */
export async function takeOverCrashedLeases(
  handle: DatabaseHandle,
  logger: Logger,
): Promise<InstancePresence> {
  if (!handle.pool) {
    const freed = await releaseAllLeases(handle.db);
    logReleased(logger, freed);
    return { released: freed.released, stop: async () => {} };
  }
  const options = handle.pool.options;
  let stopped = false;
  let client: pg.Client | undefined;

  /** A session holding the shared lock, taken again when the connection is lost. */
  async function hold(): Promise<pg.Client> {
    const session = new pg.Client(options);
    session.on('error', (error) => {
      if (stopped) return;
      logger.warn({ err: error }, 'instance presence connection lost; reconnecting');
      session.end().catch(() => {});
      setTimeout(() => void holdWithRetry(), RECONNECT_DELAY_MS);
    });
    await session.connect();
    await session.query('select pg_advisory_lock_shared($1)', [INSTANCES_LOCK_KEY]);
    client = session;
    return session;
  }

  async function holdWithRetry(): Promise<void> {
    if (stopped) return;
    try {
      await hold();
    } catch (error) {
      logger.warn({ err: error }, 'could not mark this instance as running; retrying');
      setTimeout(() => void holdWithRetry(), RECONNECT_DELAY_MS);
    }
  }

  const session = await hold();
  let released = 0;
  // Exclusive on top of our own shared lock: granted only when no other session holds it.
  const { rows } = await session.query<{ alone: boolean }>('select pg_try_advisory_lock($1) as alone', [
    INSTANCES_LOCK_KEY,
  ]);
  if (rows[0]?.alone) {
    try {
      const freed = await releaseAllLeases(handle.db);
      released = freed.released;
      logReleased(logger, freed);
    } finally {
      await session.query('select pg_advisory_unlock($1)', [INSTANCES_LOCK_KEY]);
    }
  }
  return {
    released,
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}
