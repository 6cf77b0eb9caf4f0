import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, currentBackend } from '#tests/helpers/test-database.ts';
import { openDatabase, queryRows, withoutWaitingForDisk } from './client.ts';

const run = promisify(execFile);

if (currentBackend() === 'pglite') {
  describe('withoutWaitingForDisk on PGlite', () => {
    const dirs: string[] = [];
    afterEach(() => {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    });

    // PGlite lives in the application's process: a write that did not wait for the disk is lost
    // with the process (no WAL writer flushes it later), and the outbox's `sent` mark is one.
    it('keeps a write made with it when the process is killed right after', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-commit-mode-'));
      dirs.push(dir);
      const child = `
        import { PGlite } from '@electric-sql/pglite';
        import { sql } from 'drizzle-orm';
        import { openDatabase, withoutWaitingForDisk } from ${JSON.stringify(path.resolve('db/client.ts'))};
        const { db } = await openDatabase({ pglite: await PGlite.create(${JSON.stringify(dir)}) });
        await db.execute(sql\`create table mark (id int primary key, status text not null)\`);
        await db.execute(sql\`insert into mark values (1, 'pending')\`);
        await db.execute(sql\`update mark set status = 'sent' from \${withoutWaitingForDisk(db)} where id = 1\`);
        process.kill(process.pid, 'SIGKILL');
      `;
      await expect(run(process.execPath, ['--input-type=module', '-e', child])).rejects.toMatchObject({
        signal: 'SIGKILL',
      });

      const pglite = await PGlite.create(dir);
      try {
        expect((await pglite.query('select status from mark')).rows).toEqual([{ status: 'sent' }]);
      } finally {
        await pglite.close();
      }
    });
  });
}

if (currentBackend() === 'postgres') {
  describe('withoutWaitingForDisk on PostgreSQL', () => {
    it('makes its statement commit without waiting for the disk, and that statement only', async () => {
      const empty = await createEmptyPostgresDatabase();
      // One connection: the setting read after the statement is the one it ran on.
      const database = await openDatabase({ databaseUrl: empty.url, poolSize: 1 });
      try {
        const { db } = database;
        // The test cluster does not wait for the disk at all: this connection does, as production.
        await db.execute(sql`set synchronous_commit = on`);
        await db.execute(sql`create table mark (id int primary key, status text not null)`);
        await db.execute(sql`insert into mark values (1, 'pending')`);
        const during = await queryRows<{ mode: string }>(
          db,
          sql`update mark set status = 'sent' from ${withoutWaitingForDisk(db)} where id = 1
              returning current_setting('synchronous_commit') as mode`,
        );
        expect(during).toEqual([{ mode: 'off' }]);
        const after = await queryRows<{ mode: string }>(
          db,
          sql`select current_setting('synchronous_commit') as mode`,
        );
        expect(after).toEqual([{ mode: 'on' }]);
        expect(await queryRows(db, sql`select status from mark`)).toEqual([{ status: 'sent' }]);
      } finally {
        await database.close();
        await empty.drop();
      }
    });
  });
}
