/**
 * Statements committed together (docs/decisions/118-group-commit.md). Work that commits on its
 * own, as ONE statement (inOneStatement: a lead with its idempotency key, its emails, its log
 * entry and its events), waits while another batch is committing; the works that gathered in the
 * meantime are then sent together as one statement: one round trip and one commit for all of them
 * instead of one each (db/group-commit.ts). A work that finds no batch committing runs at once,
 * alone, exactly as inOneStatement alone would.
 *
 * The batch is one statement, so it commits whole or not at all. When PostgreSQL refuses it (one
 * work's idempotency key already claimed, one work's value refused), nothing of it was stored, and
 * each of its works runs again alone: each gets its own answer or its own error, as if no other had
 * been beside it. When the batch's outcome is unknown (the connection lost before the answer),
 * every work of it fails with that error, as a lone statement's would.
 *
 * As within one inOneStatement, the works of a batch see one snapshot: none may read what another
 * writes, nor update a row another updates (PostgreSQL would apply only one of the two). A lead's
 * writes only insert rows of its own.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  compileStatement,
  type Database,
  inOneStatement,
  queryCompiledRows,
  queryPreparedRows,
  type Statement,
} from './client.ts';
import { createGroupCommit } from './group-commit.ts';
import type { CompiledStatement } from './statement-text.ts';

/**
 * What one request commits: its writes, the statement's result (its events' `pg_notify`), and
 * the idempotency key it claims, if any.
 */
export type Work = { writes: Statement[]; select?: SQL; key?: string };

/** Commits one work; resolves once it is durably stored (its batch's commit returned). */
export type CommitWork = (work: Work) => Promise<void>;

/**
 * The works of a batch as one statement: every write a CTE of its own, every result selected.
 * Each write and result is compiled on its own, its text known from its shape (compileStatement),
 * and its parameters numbered after those before it: compiling the whole batch with drizzle would
 * walk every chunk of it again for each batch.
 */
export function batchStatement(db: Database, works: Work[]): CompiledStatement {
  const params: unknown[] = [];
  const ctes: string[] = [];
  const selects: string[] = [];
  const add = (query: SQL): string | undefined => {
    const piece = compileStatement(db, query);
    const offset = params.length;
    let placeholders = 0;
    const text = piece.sql.replace(/\$(\d+)/g, (_match, n: string) => {
      placeholders++;
      return `$${Number(n) + offset}`;
    });
    params.push(...piece.params);
    // A `$` with digits that is not a parameter: let drizzle number the whole batch instead.
    return placeholders === piece.params.length ? text : undefined;
  };
  for (const write of works.flatMap((work) => work.writes)) {
    const text = add(write.getSQL());
    if (text === undefined) return compileStatement(db, batchSql(works));
    ctes.push(`"write_${ctes.length}" as (${text})`);
  }
  for (const work of works) {
    const select = work.select ? add(work.select) : '1';
    if (select === undefined) return compileStatement(db, batchSql(works));
    selects.push(select);
  }
  return { sql: `with ${ctes.join(', ')} select ${selects.join(', ')}`, params };
}

/** The same batch as drizzle composes it. */
export function batchSql(works: Work[]): SQL {
  return inOneStatement(
    works.flatMap((work) => work.writes),
    sql.join(
      works.map((work) => work.select ?? sql`1`),
      sql`, `,
    ),
  );
}

/**
 * Whether PostgreSQL answered the statement with an error of its own, so that it is certain that
 * nothing of it was committed. Not for a lost connection (no answer: the outcome is unknown), nor
 * for the server's shutdown or a crash (classes 57, 58, XX), where the answer may come after it.
 */
export function isRolledBack(error: unknown): boolean {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 4; depth++) {
    const details = cause as { code?: unknown; severity?: unknown };
    if (typeof details.code === 'string' && typeof details.severity === 'string') {
      return /^[0-9A-Z]{5}$/.test(details.code) && !/^(08|57|58|XX)/.test(details.code);
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Works in one batch at most: about 60 parameters a lead, far below PostgreSQL's 65,535. */
const MAX_BATCH = 64;
/** Works waiting at most (the database slow or gone): past it a request answers 503 at once. */
const MAX_WAITING = 5_000;

/**
 * Commits works one batch at a time, each batch one statement. A work whose key is already
 * waiting or being written (a retry sent while the first attempt is still in flight) is kept out
 * of the batches: it waits for the first to settle, then runs alone. In a batch, its certain refusal
 * (the key is claimed) would send every other work of the batch again; alone, it fails on the key
 * as a retry always did, and its caller reads the first answer.
 */
export function groupStatements(db: Database): CommitWork {
  const alone = async (work: Work) => {
    await queryPreparedRows(db, inOneStatement(work.writes, work.select));
  };
  const commit = createGroupCommit<Work>({
    write: async (works) => {
      if (works.length === 1) return alone(works[0] as Work);
      // Not prepared: a batch's text depends on how many works, and which, it holds.
      await queryCompiledRows(db, batchStatement(db, works));
    },
    retryAlone: { when: isRolledBack, write: alone },
    maxDelayMs: 0,
    maxRows: MAX_BATCH,
    concurrency: 1,
    maxQueued: MAX_WAITING,
  });
  const pendingKeys = new Map<string, Promise<void>>();
  return (work) => {
    const { key } = work;
    if (key === undefined) return commit.add(work);
    const earlier = pendingKeys.get(key);
    const after = () => alone(work);
    const run = earlier ? earlier.then(after, after) : commit.add(work);
    pendingKeys.set(key, run);
    return run.finally(() => {
      if (pendingKeys.get(key) === run) pendingKeys.delete(key);
    });
  };
}
