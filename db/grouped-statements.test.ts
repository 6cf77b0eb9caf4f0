import { randomUUID } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { hasPgCode } from './client.ts';
import { batchSql, batchStatement, groupStatements, isRolledBack, type Work } from './grouped-statements.ts';
import { idempotencyKeys } from './schema.ts';
import type { CompiledStatement } from './statement-text.ts';

const context = databaseContext();

/** One work: a claimed key (its unique index is what a batch can run into). */
const claim = (key: string): Work => ({
  writes: [
    context.database.db
      .insert(idempotencyKeys)
      .values({ scope: 'group-commit-test', key, requestHash: 'h', responseStatus: 201, responseBody: {} }),
  ],
  key,
});

async function storedKeys(keys: string[]): Promise<string[]> {
  const rows = await context.database.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.key, keys));
  return rows.map((row) => row.key).sort();
}

/** The statements the database receives (drizzle prepares each, named or not). */
function countStatements() {
  const session = context.database.db._.session as unknown as {
    prepareQuery: (...args: unknown[]) => unknown;
  };
  return vi.spyOn(session, 'prepareQuery');
}

describe('statements committed together', () => {
  it('commits the works that arrive while one commits together, in one statement, each stored once', async () => {
    const commit = groupStatements(context.database.db);
    const keys = Array.from({ length: 20 }, () => randomUUID());
    const statements = countStatements();
    try {
      await Promise.all(keys.map((key) => commit(claim(key))));
      // The first goes at once, alone; the 19 that came while it committed share the next.
      expect(statements.mock.calls.length).toBe(2);
    } finally {
      statements.mockRestore();
    }
    expect(await storedKeys(keys)).toEqual([...keys].sort());
  });

  it('runs each work of a refused batch again alone: only the one at fault fails, with its own error', async () => {
    const commit = groupStatements(context.database.db);
    const taken = randomUUID();
    await commit(claim(taken));
    const keys = Array.from({ length: 5 }, () => randomUUID());
    const works = [...keys.slice(0, 2), taken, ...keys.slice(2)].map((key) => commit(claim(key)));
    const outcomes = await Promise.allSettled(works);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(hasPgCode((outcomes[2] as PromiseRejectedResult).reason, '23505')).toBe(true);
    expect(await storedKeys([...keys, taken])).toEqual([...keys, taken].sort());
  });

  it('keeps a retry of a key still being written out of the batches: it runs alone once the first settled', async () => {
    const commit = groupStatements(context.database.db);
    const [first, other, last] = [randomUUID(), randomUUID(), randomUUID()];
    const statements = countStatements();
    try {
      const outcomes = await Promise.allSettled([
        commit(claim(first)),
        commit(claim(other)),
        commit(claim(first)),
        commit(claim(last)),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      // The retry fails on its key alone, as a retry always did (its caller reads the first answer).
      expect(hasPgCode((outcomes[2] as PromiseRejectedResult).reason, '23505')).toBe(true);
      // The first alone, the two others together, the retry alone: no batch refused and sent again.
      expect(statements.mock.calls.length).toBe(3);
    } finally {
      statements.mockRestore();
    }
    expect(await storedKeys([first, other, last])).toEqual([first, other, last].sort());
  });

  it('fails every work of a batch whose outcome is unknown (connection lost), and runs none again', async () => {
    const commit = groupStatements(context.database.db);
    const lost = new Error('Connection terminated unexpectedly');
    const first = commit(claim(randomUUID()));
    const statements = countStatements().mockReturnValueOnce({ execute: () => Promise.reject(lost) });
    try {
      const batch = [randomUUID(), randomUUID(), randomUUID()];
      const outcomes = await Promise.allSettled(batch.map((key) => commit(claim(key))));
      await first;
      expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual([
        lost,
        lost,
        lost,
      ]);
      // The batch's one statement, and none of its works sent again alone.
      expect(statements.mock.calls.length).toBe(1);
    } finally {
      statements.mockRestore();
    }
  });
});

describe('batchStatement', () => {
  it('writes the statement drizzle would compose for the batch, parameters numbered in turn', () => {
    const db = context.database.db;
    const works = [
      claim('a-key-0001'),
      { ...claim('b-key-0002'), select: sql`pg_notify(${'c'}, ${'p'})` },
      claim('c-key-0003'),
    ];
    const dialect = (db._.session as unknown as { dialect: { sqlToQuery(query: SQL): CompiledStatement } })
      .dialect;
    const { sql: text, params } = dialect.sqlToQuery(batchSql(works));
    expect(batchStatement(db, works)).toEqual({ sql: text, params });
  });
});

describe('isRolledBack', () => {
  const serverError = (code: string, severity = 'ERROR') => Object.assign(new Error('x'), { code, severity });

  it('is certain for an error PostgreSQL answered the statement with, also wrapped by drizzle', () => {
    expect(isRolledBack(serverError('23505'))).toBe(true);
    expect(isRolledBack(serverError('40P01'))).toBe(true);
    expect(isRolledBack(new Error('Failed query', { cause: serverError('22001') }))).toBe(true);
  });

  it('is not for a lost connection, a server shutting down or crashing', () => {
    expect(isRolledBack(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isRolledBack(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isRolledBack(serverError('57P01', 'FATAL'))).toBe(false);
    expect(isRolledBack(serverError('08006', 'FATAL'))).toBe(false);
    expect(isRolledBack(serverError('XX000'))).toBe(false);
  });
});
