/**
 * The embedded databases of a Vitest worker, kept for the next test once emptied
 * (docs/decisions/113-test-database-reuse.md). Starting PGlite from the migrated snapshot costs
 * about a second of CPU (untarring the data directory, starting Postgres in WASM); the suite
 * opened about 150 of them, 40 % of its CPU. A database a test has closed is emptied back to the
 * migrated snapshot instead (tens of milliseconds) and handed to the next test that opens one.
 *
 * What a test sees is unchanged:
 * - it gets a lease, not the instance: after `close()` every call through the lease fails with
 *   PGlite's own "PGlite is closed", so work a test left running can never reach the next test's
 *   data, and the listeners it registered are removed;
 * - the instance is emptied only if its schema is exactly the snapshot's (tables, columns,
 *   constraints, indexes, functions, triggers, types, the migrations applied): a test that changed
 *   the schema (a restore, an older migration) closes its instance for good;
 * - emptying resets the data tables, every sequence and the session (settings, LISTEN, prepared
 *   statements, advisory locks).
 */
import type { PGlite } from '@electric-sql/pglite';

type Pristine = { schema: string; sequences: Map<string, string | null> };

/** Instances emptied and ready, at most MAX_IDLE of them (a test opens up to three at once). */
const idle: PGlite[] = [];
const MAX_IDLE = 3;
let pristine: Promise<Pristine> | undefined;

/** The user's schemas: everything but Postgres's own catalogs. */
const USER_NAMESPACE = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`;

/** The rows of `expression` over `from`, sorted, as one text. */
const sorted = (expression: string, from: string) =>
  `(select string_agg(x, ',' order by x) from (select ${expression} as x ${from}) as listed)`;

/** One text for the whole schema as the migrations left it; any difference discards the instance. */
const SCHEMA_FINGERPRINT = `
select md5(concat_ws('|',
  ${sorted(`format('%s.%s:%s', n.nspname, c.relname, c.relkind)`, `from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}`)},
  ${sorted(
    `format('%s.%s:%s:%s:%s:%s', c.oid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))`,
    `from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum where ${USER_NAMESPACE} and a.attnum > 0`,
  )},
  ${sorted(`format('%s:%s', c.conname, pg_get_constraintdef(c.oid))`, `from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${USER_NAMESPACE}`)},
  ${sorted(`format('%s:%s', p.proname, md5(p.prosrc))`, `from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NAMESPACE}`)},
  ${sorted(`format('%s:%s:%s', t.tgrelid::regclass, t.tgname, t.tgenabled)`, 'from pg_trigger t where not t.tgisinternal')},
  ${sorted(`format('%s:%s:%s', t.typname, e.enumsortorder, e.enumlabel)`, 'from pg_enum e join pg_type t on t.oid = e.enumtypid')},
  ${sorted(`format('%s:%s', hash, created_at)`, 'from drizzle.__drizzle_migrations')},
  (select count(*) from pg_db_role_setting)
)) as schema`;

/** Every sequence's position (null: never used). */
const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences`;

/** The data tables (the migrations' own table is part of the schema, checked above). */
const DATA_TABLES = `
select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p') and not c.relispartition and ${USER_NAMESPACE} and n.nspname <> 'drizzle'`;

async function readPristine(pglite: PGlite): Promise<Pristine> {
  const schema = (await pglite.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]?.schema ?? '';
  const sequences = (await pglite.query<{ name: string; value: string | null }>(SEQUENCES)).rows;
  return { schema, sequences: new Map(sequences.map(({ name, value }) => [name, value])) };
}

/**
 * Empties a closed test's instance back to the snapshot; false when it cannot be (closed for
 * real, or its schema changed), and the instance is then closed.
 */
async function empty(pglite: PGlite, expected: Pristine): Promise<boolean> {
  if (pglite.closed) return false;
  try {
    // The transaction waits for one the test left running, then runs alone.
    return await pglite.transaction(async (tx) => {
      await tx.exec('unlisten *; reset all; deallocate all; select pg_advisory_unlock_all()');
      const schema = (await tx.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows[0]?.schema;
      if (schema !== expected.schema) return false;
      const tables = (await tx.query<{ name: string }>(DATA_TABLES)).rows.map(({ name }) => name);
      const written = (
        await tx.query<{ name: string }>(
          tables
            .map((name) => `select '${name}' as name where exists (select from ${name})`)
            .join(' union all '),
        )
      ).rows.map(({ name }) => name);
      if (written.length > 0) await tx.exec(`truncate ${written.join(', ')} cascade`);
      for (const { name, value } of (await tx.query<{ name: string; value: string | null }>(SEQUENCES))
        .rows) {
        const wanted = expected.sequences.get(name);
        if (wanted === undefined) return false;
        if (value === wanted) continue;
        await tx.query(
          wanted === null
            ? `select setval('${name}', (select start_value from pg_sequences where format('%I.%I', schemaname, sequencename) = '${name}'), false)`
            : `select setval('${name}', ${wanted}, true)`,
        );
      }
      return true;
    });
  } catch {
    return false;
  }
}

/**
 * A lease on `pglite` for one test: the instance itself, until `close()`, which hands it back
 * (`release`) and makes every later call fail as on a closed PGlite.
 */
function lease(pglite: PGlite, release: () => Promise<void>): PGlite {
  let closed = false;
  const unlistens: (() => Promise<void>)[] = [];
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'closed') return closed || target.closed;
      if (property === 'close')
        return async () => {
          if (closed) return;
          closed = true;
          for (const unlisten of unlistens.splice(0)) await unlisten().catch(() => {});
          await release();
        };
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (closed) return () => Promise.reject(new Error('PGlite is closed'));
      if (property === 'listen')
        return async (...args: Parameters<PGlite['listen']>) => {
          const unlisten = await target.listen(...args);
          unlistens.push(unlisten);
          return unlisten;
        };
      return value.bind(target);
    },
  });
}

/** A PGlite with the snapshot's schema and no data: an emptied one when there is, else a new one. */
export async function leasePglite(start: () => Promise<PGlite>): Promise<PGlite> {
  const pglite = idle.pop() ?? (await start());
  pristine ??= readPristine(pglite);
  const expected = await pristine;
  return lease(pglite, async () => {
    if (idle.length < MAX_IDLE && (await empty(pglite, expected))) idle.push(pglite);
    else if (!pglite.closed) await pglite.close();
  });
}
