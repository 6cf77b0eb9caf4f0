/**
 * Group commit: rows handed in while a batch is being written (or within `maxDelayMs`) are written
 * together, and each caller's promise settles once its batch is committed (or has failed). One
 * commit, one fsync, for up to `maxRows` rows. Used by the audience's beacons (decision 084: one
 * multi-row INSERT; 3,000 beacons a second cost a few dozen statements, not 3,000) and by the leads
 * (decision 118: their statements as one, db/grouped-statements.ts).
 *
 * At most `concurrency` batches are written at once: while every writer is busy, the next batch
 * grows instead of queueing for a connection, so a burst makes bigger batches, never more
 * connections.
 */
export type GroupCommitOptions<T> = {
  /** Writes one batch, in one statement; throws when nothing was stored. */
  write: (rows: T[]) => Promise<void>;
  /**
   * When a batch of several rows failed with an error for which `when` says that nothing of it was
   * stored, each of its rows is written again alone, and settles with its own outcome: one row at
   * fault fails alone. Without it, every row of a failed batch fails with the batch's error.
   */
  retryAlone?: { when: (error: unknown) => boolean; write: (row: T) => Promise<void> };
  /** The longest a row waits for others before its batch is written; 0: at once if a writer is free. */
  maxDelayMs: number;
  /** A batch is written at once when it reaches this many rows. */
  maxRows: number;
  /** Batches written at the same time. */
  concurrency: number;
  /**
   * Rows waiting at most (the database slow or gone): past it a row is refused at once rather than
   * held in memory, and its request answers 503.
   */
  maxQueued: number;
};

export type GroupCommit<T> = {
  /** Settles once the row is committed (or its batch failed: the batch's error). */
  add(row: T): Promise<void>;
  /** Waits for every row handed in so far to be written or to fail. */
  drain(): Promise<void>;
};

/**
 * The code of the error a row past the waiting limit is refused with: the database is slow or gone,
 * and the request may be sent again later (the HTTP layer answers 503 with Retry-After).
 */
export const TOO_MANY_WAITING = 'too_many_waiting';

type Pending<T> = { row: T; resolve: () => void; reject: (error: unknown) => void };

export function createGroupCommit<T>(options: GroupCommitOptions<T>): GroupCommit<T> {
  const { write, retryAlone, maxDelayMs, maxRows, concurrency, maxQueued } = options;
  let queue: Pending<T>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing = 0;
  const inFlight = new Set<Promise<void>>();

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0 && writing < concurrency) {
      const batch = queue.slice(0, maxRows);
      queue = queue.slice(batch.length);
      writing++;
      const done = write(batch.map((pending) => pending.row)).then(
        () => {
          for (const pending of batch) pending.resolve();
        },
        async (error: unknown) => {
          if (batch.length > 1 && retryAlone?.when(error)) {
            await Promise.all(
              batch.map((pending) => retryAlone.write(pending.row).then(pending.resolve, pending.reject)),
            );
            return;
          }
          for (const pending of batch) pending.reject(error);
        },
      );
      const tracked = done.finally(() => {
        writing--;
        inFlight.delete(tracked);
        // Rows that arrived while every writer was busy have waited long enough.
        if (queue.length > 0) flush();
      });
      inFlight.add(tracked);
    }
  }

  return {
    add(row) {
      if (queue.length >= maxQueued) {
        return Promise.reject(Object.assign(new Error('too many rows waiting'), { code: TOO_MANY_WAITING }));
      }
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (queue.length >= maxRows || (maxDelayMs === 0 && writing < concurrency)) flush();
        else if (!timer && writing < concurrency) timer = setTimeout(flush, maxDelayMs);
      });
    },
    async drain() {
      flush();
      while (inFlight.size > 0 || queue.length > 0) {
        await Promise.all([...inFlight]);
        flush();
      }
    },
  };
}
