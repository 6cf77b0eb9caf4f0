import { describe, expect, it } from 'vitest';
import { databaseErrorCode } from '#server/http/error-handler.ts';
import { createGroupCommit, TOO_MANY_WAITING } from './group-commit.ts';

/** A write that takes `ms` and records each batch it was given. */
function slowWrite(ms: number, fail?: (rows: number[]) => boolean) {
  const batches: number[][] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  return {
    batches,
    maxConcurrent: () => maxConcurrent,
    write: async (rows: number[]) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await new Promise((resolve) => setTimeout(resolve, ms));
      concurrent--;
      if (fail?.(rows)) throw new Error('write failed');
      batches.push(rows);
    },
  };
}

/** A group commit writing through `writer`, with `options` (1,000 rows may wait unless said). */
const commitThrough = (
  writer: ReturnType<typeof slowWrite>,
  options: { maxDelayMs: number; maxRows: number; concurrency: number; maxQueued?: number },
) => createGroupCommit({ write: writer.write, maxQueued: 1_000, ...options });

describe('group commit', () => {
  it('writes rows handed in together as one batch, and settles each only after its batch', async () => {
    const writer = slowWrite(20);
    const commit = commitThrough(writer, { maxDelayMs: 5, maxRows: 100, concurrency: 1 });
    const settled: number[] = [];
    const all = Array.from({ length: 10 }, (_, i) => commit.add(i).then(() => settled.push(i)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Handed to the write, not yet committed: nobody has an answer.
    expect(settled).toEqual([]);
    await Promise.all(all);
    expect(writer.batches).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]);
  });

  it('never writes more batches at once than its connections, and a burst is written in full batches', async () => {
    const writer = slowWrite(15);
    const commit = commitThrough(writer, { maxDelayMs: 2, maxRows: 50, concurrency: 2 });
    const rows = Array.from({ length: 400 }, (_, i) => i);
    await Promise.all(rows.map((row) => commit.add(row)));
    expect(writer.maxConcurrent()).toBeLessThanOrEqual(2);
    expect(writer.batches.flat().sort((a, b) => a - b)).toEqual(rows);
    expect(writer.batches.every((batch) => batch.length <= 50)).toBe(true);
    expect(writer.batches.length).toBe(8);
  });

  it('fails the requests of a failed batch only', async () => {
    const writer = slowWrite(5, (rows) => rows.includes(0));
    const commit = commitThrough(writer, { maxDelayMs: 1, maxRows: 2, concurrency: 1 });
    const results = await Promise.allSettled([0, 1, 2, 3].map((row) => commit.add(row)));
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    await commit.drain();
  });

  it('with no delay, writes a row at once when a writer is free, and those arriving meanwhile together', async () => {
    const writer = slowWrite(10);
    const commit = commitThrough(writer, { maxDelayMs: 0, maxRows: 100, concurrency: 1 });
    await Promise.all([0, 1, 2, 3].map((row) => commit.add(row)));
    expect(writer.batches).toEqual([[0], [1, 2, 3]]);
  });

  it('writes the rows of a batch refused whole again alone, so that only the row at fault fails', async () => {
    const writer = slowWrite(5, (rows) => rows.includes(2));
    const alone: number[] = [];
    const commit = createGroupCommit<number>({
      write: writer.write,
      retryAlone: {
        when: (error) => (error as Error).message === 'write failed',
        write: async (row) => {
          alone.push(row);
          if (row === 2) throw new Error(`row ${row} refused`);
        },
      },
      maxDelayMs: 0,
      maxRows: 100,
      concurrency: 1,
      maxQueued: 1_000,
    });
    const results = await Promise.allSettled([2, 0, 1, 2, 3].map((row) => commit.add(row)));
    // The first, alone in its batch, keeps its error; the second batch is tried again row by row.
    expect(
      results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'ok')),
    ).toEqual(['write failed', 'ok', 'ok', 'row 2 refused', 'ok']);
    expect(alone).toEqual([0, 1, 2, 3]);
  });

  it('refuses at once, rather than holding in memory, the rows past its waiting limit', async () => {
    const writer = slowWrite(20);
    const commit = commitThrough(writer, { maxDelayMs: 1, maxRows: 2, concurrency: 1, maxQueued: 3 });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((row) => commit.add(row)));
    // 0 and 1 are being written; 2, 3 and 4 wait; 5 is one too many.
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    // Told apart from a database error: the request answers 503, to be sent again later.
    expect(databaseErrorCode((results[5] as PromiseRejectedResult).reason)).toBe(TOO_MANY_WAITING);
  });
});
