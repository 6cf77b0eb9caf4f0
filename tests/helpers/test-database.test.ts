/**
 * Each test's database starts as the migrated snapshot, whatever the test before did with its own
 * (docs/decisions/113-test-database-reuse.md): on PGlite the instance is reused once emptied, and
 * nothing of the earlier test may show through.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { contactRequests } from '#db/schema.ts';
import { isWithoutDatabase } from '../setup/database-files.ts';
import { insertContact } from './factories.ts';
import { createTestDatabase, currentBackend } from './test-database.ts';

/** When the Postgres server behind the database started: one value per PGlite instance. */
const startedAt = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
  (await queryRows<{ at: string }>(database.db, sql`select pg_postmaster_start_time()::text as at`))[0]?.at;

describe(`a test's database (${currentBackend()})`, () => {
  it('holds none of the rows, schema changes or sequence positions of the database closed before it', async () => {
    const first = await createTestDatabase();
    await insertContact(first.db, { fullName: 'Awa Mbuyi' });
    const [used] = await queryRows<{ id: string }>(
      first.db,
      sql`select nextval('drizzle.__drizzle_migrations_id_seq')::text as id`,
    );
    await first.db.execute(sql`create table left_behind (id int)`);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(await second.db.select().from(contactRequests)).toEqual([]);
      const [next] = await queryRows<{ id: string }>(
        second.db,
        sql`select nextval('drizzle.__drizzle_migrations_id_seq')::text as id`,
      );
      expect(next?.id).toBe(used?.id);
      expect(
        await queryRows(second.db, sql`select from pg_tables where tablename = 'left_behind'`),
      ).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('refuses every query through a closed database, even when its instance serves the next test', async () => {
    const first = await createTestDatabase();
    await first.close();
    const second = await createTestDatabase();
    try {
      const refused = await insertContact(first.db, { fullName: 'Awa Mbuyi' }).then(
        () => undefined,
        (error: Error) => error.cause,
      );
      expect(String(refused)).toMatch(/PGlite is closed|after calling end on the pool/);
      expect(await second.db.select().from(contactRequests)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  if (currentBackend() === 'pglite') {
    it('reuses the instance a test closed, emptied, instead of starting another', async () => {
      const first = await createTestDatabase();
      await insertContact(first.db, { fullName: 'Awa Mbuyi' });
      const instance = await startedAt(first);
      await first.close();
      const second = await createTestDatabase();
      try {
        expect(await startedAt(second)).toBe(instance);
        expect(await second.db.select().from(contactRequests)).toEqual([]);
      } finally {
        await second.close();
      }
    });

    it('stops the notifications a closed database listened to', async () => {
      const first = await createTestDatabase();
      const heard: string[] = [];
      await first.pglite?.listen('events', (payload) => heard.push(payload));
      await first.close();
      const second = await createTestDatabase();
      try {
        await second.pglite?.query(`select pg_notify('events', 'for the next test')`);
        await second.pglite?.query('select 1');
        expect(heard).toEqual([]);
      } finally {
        await second.close();
      }
    });

    it('starts another instance when the closed one changed the schema', async () => {
      const first = await createTestDatabase();
      const instance = await startedAt(first);
      await first.db.execute(sql`alter table contact_requests add column left_behind int`);
      await first.close();
      const second = await createTestDatabase();
      try {
        expect(await startedAt(second)).not.toBe(instance);
        expect(
          await queryRows(
            second.db,
            sql`select from information_schema.columns where column_name = 'left_behind'`,
          ),
        ).toHaveLength(0);
      } finally {
        await second.close();
      }
    });
  }
});

describe('the files that run on PostgreSQL too', () => {
  it('are every file but the browser’s code, the shared code and the source checks', () => {
    expect(isWithoutDatabase('app/features/leads/contact-form.test.tsx')).toBe(true);
    expect(isWithoutDatabase(path.resolve('common/kinshasa.test.ts'))).toBe(true);
    expect(isWithoutDatabase('tests/source/docs.test.ts')).toBe(true);
    expect(isWithoutDatabase('server/api/contact.test.ts')).toBe(false);
    expect(isWithoutDatabase('tests/attack/public-forms.test.ts')).toBe(false);
    expect(isWithoutDatabase('db/migrations.test.ts')).toBe(false);
  });

  it('a file of those folders that opens a database is stopped with the reason, never run on PGlite alone', async () => {
    const { testPath } = expect.getState();
    expect.setState({ testPath: path.resolve('app/features/leads/contact-form.test.tsx') });
    try {
      await expect(createTestDatabase()).rejects.toThrow(
        'app/features/leads/contact-form.test.tsx opens a database, but its folder runs on PGlite only',
      );
    } finally {
      expect.setState({ testPath });
    }
  });
});
