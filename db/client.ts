/**
 * One code path, two databases: embedded PGlite (Postgres in WASM) in a data directory when no
 * DATABASE_URL is given, and a real PostgreSQL server through `pg` when it is. Both are driven by
 * the same Drizzle schema, queries and migrations.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';
import { type CompiledStatement, statementText } from './statement-text.ts';

export type Schema = typeof schema;
/** The database as the application sees it, whichever driver is behind. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a raw SQL statement (migrations locking, health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Present for PGlite: the embedded instance (tests snapshot it). */
  pglite?: PGlite;
  /** Present for PostgreSQL: the pool. */
  pool?: pg.Pool;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export type OpenDatabaseOptions =
  /** `statementTimeoutMs`: every statement of the pool's connections ends after it (none by default). */
  | { databaseUrl: string; poolSize?: number; statementTimeoutMs?: number }
  | { dataDir: string }
  | { pglite: PGlite };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementTimeoutMs);
  }
  if ('pglite' in options) return wrapPglite(options.pglite, () => {});
  const release = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(path.join(options.dataDir, 'pgdata'));
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

function wrapPglite(client: PGlite, release: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

function openPostgres(connectionString: string, max: number, statementTimeoutMs?: number): DatabaseHandle {
  // Under a burst, requests queue for a connection rather than fail: 30 s is longer than any
  // reasonable wait and still ends a request whose database is truly gone.
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 30_000,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A client losing its connection (server restart, failover) must not crash the process: the
  // pool's 'error' event covers idle clients; a client checked out by a request has no listener
  // of the pool's, and pg emits the loss on the client itself. The query in flight fails (the
  // request answers 503), and the pool replaces the broken client.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** Statement text to its name: hashing a long text on every call costs more than looking it up. */
const preparedNames = new Map<string, string>();

type Session = {
  dialect: { sqlToQuery(query: SQL): CompiledStatement };
  prepareQuery(
    query: CompiledStatement,
    fields: undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
};
// drizzle's own `execute` (pg-core/session.js), with a name: the session's dialect is protected.
const sessionOf = (db: Database) => db._.session as unknown as Session;

/** A statement's text and parameters, its text compiled once per shape (db/statement-text.ts). */
export function compileStatement(db: Database, query: SQL): CompiledStatement {
  const session = sessionOf(db);
  return statementText(query, (query) => session.dialect.sqlToQuery(query));
}

/**
 * Rows of a compiled statement; `name` makes it a named prepared statement, which PostgreSQL
 * parses and plans once per connection. PGlite runs it like any other statement.
 */
export async function queryCompiledRows<T>(
  db: Database,
  compiled: CompiledStatement,
  name?: string,
): Promise<T[]> {
  const result = (await sessionOf(db).prepareQuery(compiled, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}

/**
 * Rows of a raw SQL statement run as a named prepared statement: PostgreSQL parses and plans it
 * once per connection instead of on every call (the hot writes of a lead, for one). Only for
 * statements whose text does not depend on the data: each distinct text stays prepared on every
 * connection of the pool.
 */
export async function queryPreparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const compiled = compileStatement(db, query);
  let name = preparedNames.get(compiled.sql);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
    if (preparedNames.size < 1000) preparedNames.set(compiled.sql, name);
  }
  return queryCompiledRows<T>(db, compiled, name);
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`, typed here once. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Anything drizzle can print as SQL: an insert, update or delete builder, or a `sql` fragment.
 * A builder is also a promise that runs it when awaited: pass it on, or its `getSQL()`, never
 * `await` it (nor return it from an async function).
 */
export type Statement = SQLWrapper;

/**
 * Several writes as ONE statement (PostgreSQL's data-modifying CTEs, each run exactly once):
 * atomic without a transaction, and one round trip instead of one per write plus BEGIN and
 * COMMIT. `select` is the statement's own result (a `pg_notify(...)` list, say). The writes see
 * the same snapshot, so none may read what another writes in the same statement.
 */
export function inOneStatement(writes: Statement[], select: SQL = sql`1`): SQL {
  const parts = writes.map((write, i) => sql`${sql.identifier(`write_${i}`)} as (${write.getSQL()})`);
  return parts.length === 0 ? sql`select ${select}` : sql`with ${sql.join(parts, sql`, `)} select ${select}`;
}

const asynchronousCommit = sql`(select set_config('synchronous_commit', 'off', true)) as commit_mode`;
const synchronousCommit = sql`(select 'on') as commit_mode`;

/**
 * A FROM source that makes the UPDATE naming it commit without waiting for the disk, on a
 * PostgreSQL server: it sets `synchronous_commit = off` for the statement's own implicit
 * transaction, which PostgreSQL reads when that transaction commits, and adds its one row to
 * nothing (`update … from` it). One statement instead of BEGIN, SET LOCAL, the write and COMMIT.
 * Only for writes whose loss with a crash of PostgreSQL costs a repeat and nothing else (a sender's
 * lease and marks, decision 119): the server outlives the application, so a crash of the
 * application loses none of them.
 * PGlite commits as usual: it runs inside the application, whose crash is the database's, and has
 * no WAL writer to write an asynchronous commit later, so a kill loses every one since the last
 * synchronous commit (a sent message's mark among them, then sent again unannounced). Its
 * commits do not flush anyway: PGlite runs with fsync off (decision 119, 2026-12-07 section).
 */
export function withoutWaitingForDisk(db: Database): SQL {
  return (db as { $client?: unknown }).$client instanceof PGlite ? synchronousCommit : asynchronousCommit;
}

/**
 * Whether a database error (or its cause: drizzle wraps the driver's) has this SQLSTATE code and,
 * when given, names this constraint. `23505` is a unique violation.
 */
export function hasPgCode(error: unknown, code: string, constraint?: string): boolean {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 4; depth++) {
    const details = cause as { code?: string; constraint?: string };
    if (details.code === code) return constraint === undefined || details.constraint === constraint;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work` in a transaction. Drizzle types a transaction apart from the database although it
 * answers the same queries; every function here takes a `Database`, so it gets one.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}
