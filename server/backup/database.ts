/**
 * The database's part of a backup (docs/decisions/099-backups.md): PostgreSQL through Debian's
 * `pg_dump` in its custom format, restored by `pg_restore` in one transaction; the embedded
 * database through PGlite's own dump of its data directory, restored by starting PGlite on it.
 * The connection's secrets reach the PostgreSQL tools through their environment (PGPASSWORD...),
 * never on a command line another user could read.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { type Database, type DatabaseHandle, queryRows } from '#db/client.ts';
import { lockDataDir } from '#db/lock.ts';
import { MIGRATIONS_DIR } from '#db/migrate.ts';
import { BackupError } from './archive.ts';

const run = promisify(execFile);

export type DatabaseKind = DatabaseHandle['kind'];

/** Where a restore writes: a PostgreSQL database, or the embedded database's data directory. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export const databasePartName = (kind: DatabaseKind) =>
  kind === 'postgres' ? 'database.pgdump' : 'database.pglite.tar.gz';

/** The PostgreSQL tools: PG_BIN, else the newest of Debian's server packages, else the PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], 'bin', name) : name;
}

/** The connection as libpq's environment variables. */
function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const config = parseConnectionString(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const set = (name: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') env[name] = String(value);
  };
  set('PGHOST', config.host);
  set('PGPORT', config.port);
  set('PGUSER', config.user);
  set('PGPASSWORD', config.password);
  set('PGDATABASE', config.database);
  if (config.ssl) env.PGSSLMODE ??= 'require';
  return env;
}

async function runTool(name: 'pg_dump' | 'pg_restore', args: string[], url: string) {
  try {
    await run(pgTool(name), args, { env: libpqEnvironment(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new BackupError(
        `${name} est introuvable : installez le paquet Debian postgresql-client (ou donnez PG_BIN).`,
      );
    throw new BackupError(
      `${name} a échoué : ${(stderr ?? String(error)).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
}

/** Writes the database's part to `file`. */
export async function dumpDatabase(database: DatabaseHandle, url: string | undefined, file: string) {
  if (database.pglite) {
    // What the data directory holds on disk is brought up to date first; the dump waits for the
    // statement in progress and is taken between two statements.
    await database.pglite.exec('checkpoint');
    const dump = await database.pglite.dumpDataDir('gzip');
    await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return;
  }
  if (!url) throw new Error('A PostgreSQL backup needs its connection string');
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

type Journal = { entries: { idx: number; when: number; tag: string }[] };

/** The migrations this code knows (drizzle-kit's journal), in order. */
export function knownMigrations(): Journal['entries'] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal.entries;
}

/** How many migrations the database has applied, and the last one's tag. */
export async function schemaVersion(db: Database): Promise<{ migrations: number; tag: string | null }> {
  const [row] = await queryRows<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = row?.last ? Number(row.last) : null;
  return {
    migrations: row?.count ?? 0,
    tag: knownMigrations().find((entry) => entry.when === last)?.tag ?? null,
  };
}

/** Whether the target holds no table yet (a database) or no data directory yet (PGlite). */
export async function isDatabaseEmpty(target: DatabaseTarget): Promise<boolean> {
  if (target.kind === 'pglite') {
    const pgdata = path.join(target.dataDir, 'pgdata');
    return !fs.existsSync(pgdata) || fs.readdirSync(pgdata).length === 0;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return (result.rows[0]?.count ?? 0) === 0;
  } finally {
    await client.end();
  }
}

/** Drops everything the target holds (restore --force). */
async function emptyDatabase(target: DatabaseTarget) {
  if (target.kind === 'pglite') {
    await fs.promises.rm(path.join(target.dataDir, 'pgdata'), { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

/** Restores the database's part from `file` into the target, emptied first when `force`. */
export async function restoreDatabase(target: DatabaseTarget, file: string, force: boolean) {
  if (target.kind === 'postgres') {
    if (force) await emptyDatabase(target);
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${parseConnectionString(target.url).database ?? ''}`,
        file,
      ],
      target.url,
    );
    return;
  }
  // The server's lock: nobody else may have the data directory open while it is replaced.
  const release = lockDataDir(target.dataDir);
  try {
    if (force) await emptyDatabase(target);
    const pgdata = path.join(target.dataDir, 'pgdata');
    try {
      const pglite = await PGlite.create(pgdata, {
        loadDataDir: new Blob([await fs.promises.readFile(file)]),
      });
      await pglite.close();
    } catch (error) {
      await fs.promises.rm(pgdata, { recursive: true, force: true });
      throw error;
    }
  } finally {
    release();
  }
}
