/**
 * A fresh, migrated database for each test file, on the backend the Vitest project names:
 * - `pglite`: restored from a migrated data-dir snapshot (about a second, instead of ~5 s), or an
 *   earlier test's instance emptied back to that snapshot (tests/helpers/pglite-pool.ts);
 * - `postgres`: a new database cloned from a migrated template on the server of TEST_DATABASE_URL.
 * No mocked database anywhere: the same SQL runs as in production.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { MIGRATIONS_DIR, migrateDatabase } from '#db/migrate.ts';
import { isWithoutDatabase } from '../setup/database-files.ts';
import { leasePglite } from './pglite-pool.ts';

export type TestBackend = 'pglite' | 'postgres';

/**
 * One template per checkout: two checkouts (worktrees, a second clone) running Vitest on the same
 * server at once would otherwise drop each other's template in the middle of a run.
 */
export const TEMPLATE_DATABASE = `agence_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 10)}`;
const CACHE_DIR = path.resolve('node_modules/.cache/agence-tests');

export function currentBackend(): TestBackend {
  return process.env.TEST_DB_BACKEND === 'postgres' ? 'postgres' : 'pglite';
}

/** Hash of the migration files: the snapshot is rebuilt only when they change. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export function pgliteSnapshotPath(): string {
  return path.join(CACHE_DIR, `pglite-${migrationsHash()}.tar.gz`);
}

/** Global setup for the pglite project: migrate once, keep the data dir as a tarball. */
export async function preparePgliteSnapshot(): Promise<void> {
  const target = pgliteSnapshotPath();
  if (fs.existsSync(target)) return;
  const pglite = await PGlite.create();
  const handle = await openDatabase({ pglite });
  await migrateDatabase(handle);
  const dump = await pglite.dumpDataDir('gzip');
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, target);
  await pglite.close();
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Global setup for the postgres project: a migrated template database to clone per test file. */
export async function preparePostgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, TEMPLATE_DATABASE), poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();
  await admin.end();
  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await client.end();
  };
}

/**
 * A file of the folders that run on PGlite alone (tests/setup/database-files.ts) may not open a
 * database: it would never be tested on PostgreSQL.
 */
function expectDatabaseAllowed() {
  const file = expect.getState().testPath;
  if (file && isWithoutDatabase(file))
    throw new Error(
      `${path.relative(process.cwd(), file)} opens a database, but its folder runs on PGlite only: move the test, or the folder out of WITHOUT_DATABASE (tests/setup/database-files.ts)`,
    );
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  expectDatabaseAllowed();
  if (currentBackend() === 'pglite') {
    const pglite = await leasePglite(() =>
      PGlite.create({ loadDataDir: new Blob([fs.readFileSync(pgliteSnapshotPath())]) }),
    );
    return openDatabase({ pglite });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `agence_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The connection string of the PostgreSQL database `database` is on (postgres project only). */
export async function databaseUrlOf(database: DatabaseHandle): Promise<string> {
  const current = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return withDatabase(process.env.TEST_DATABASE_URL as string, current.rows[0]?.name ?? '');
}

/**
 * A second connection (pool of `poolSize`) to the PostgreSQL database `database` is on, as
 * another instance of the site would open: only for the postgres project (PGlite is one process).
 */
export async function openSameDatabase(database: DatabaseHandle, poolSize: number): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: await databaseUrlOf(database), poolSize });
}

/** A new, empty PostgreSQL database on the test server (postgres project only), and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  expectDatabaseAllowed();
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `agence_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
