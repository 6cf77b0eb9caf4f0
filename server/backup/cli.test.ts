/**
 * `npm run backup` and `npm run restore` as an operator runs them (docs/decisions/099-backups.md):
 * separate processes on the environment's database (the test's backend) and media folder, their
 * French output, and exit code 1 with a clear message when they refuse.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { lockDataDir } from '#db/lock.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { insertContact } from '#tests/helpers/factories.ts';
import { s3ServerContext } from '#tests/helpers/s3.ts';
import {
  createEmptyPostgresDatabase,
  currentBackend,
  pgliteSnapshotPath,
} from '#tests/helpers/test-database.ts';

const backend = currentBackend();
const s3 = s3ServerContext();
const cleanups: (() => Promise<void>)[] = [];
let work: string;

/** The environment of a site: its own DATA_DIR (and media in it), and DATABASE_URL on postgres. */
type Site = { env: Record<string, string>; open: () => Promise<DatabaseHandle> };

async function newSite(name: string): Promise<Site> {
  const dataDir = path.join(work, name);
  if (backend === 'postgres') {
    const created = await createEmptyPostgresDatabase();
    cleanups.push(created.drop);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
      open: () => openDatabase({ databaseUrl: created.url, poolSize: 1 }),
    };
  }
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

async function run(script: 'backup' | 'restore', args: string[], site: Site) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.resolve(`scripts/${script}.ts`), ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...site.env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

let source: Site;

beforeAll(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-cli-'));
  source = await newSite('source');
  if (backend === 'pglite') {
    // The migrated snapshot, written as a data directory the way the server keeps it.
    fs.mkdirSync(source.env.DATA_DIR as string, { recursive: true });
    const pglite = await PGlite.create(path.join(source.env.DATA_DIR as string, 'pgdata'), {
      loadDataDir: new Blob([fs.readFileSync(pgliteSnapshotPath())]),
    });
    await pglite.close();
  }
  const database = await source.open();
  try {
    await migrateDatabase(database);
    await insertContact(database.db, { fullName: 'Awa Mbuyi' });
  } finally {
    await database.close();
  }
  fs.mkdirSync(path.join(source.env.DATA_DIR as string, 'media'), { recursive: true });
  fs.writeFileSync(path.join(source.env.DATA_DIR as string, 'media', 'logo-800.webp'), 'image');
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await fs.promises.rm(work, { recursive: true, force: true });
});

/**
 * Each command is a Node process that loads the server's code and opens the database: seconds each
 * on a quiet machine, and four of them in the first test; a busy CI machine takes several times
 * longer (decision 065's ceilings).
 */
const PROCESSES_CEILING = 240_000;

describe(`npm run backup and npm run restore (${backend})`, { timeout: PROCESSES_CEILING }, () => {
  it('write an archive into BACKUP_DIR, restore it into an empty site, and refuse a second restore', async () => {
    const backup = await run('backup', [], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const written = /^Sauvegarde écrite : (.+sauvegarde-\d{4}-\d{2}-\d{2}-\d{4}\.tar)$/m.exec(
      backup.stdout,
    )?.[1];
    expect(written, backup.stdout).toBeDefined();
    expect(path.dirname(written as string)).toBe(path.join(source.env.DATA_DIR as string, 'backups'));
    expect(backup.stdout).toMatch(/\d+ migrations\), 1 fichiers d’images, en \d+(,\d)? s/);

    const target = await newSite('target');
    const restore = await run('restore', [written as string], target);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toMatch(/^Sauvegarde du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} restaurée/);
    const restored = await target.open();
    try {
      const leads = await restored.db.query.contactRequests.findMany();
      expect(leads.map((lead) => lead.fullName)).toEqual(['Awa Mbuyi']);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(target.env.DATA_DIR as string, 'media', 'logo-800.webp'), 'utf8')).toBe(
      'image',
    );

    const again = await run('restore', [written as string], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^La cible n’est pas vide : la base de données et le dossier des images/);
    expect((await run('restore', [written as string, '--force'], target)).code).toBe(0);
  });

  it('restore the images into the bucket MEDIA_STORE=s3 names', async () => {
    const archive = path.join(work, 'for-the-bucket.tar');
    expect((await run('backup', [archive], source)).code).toBe(0);
    const bucket = await s3.server.bucket();
    const target = await newSite('in-a-bucket');
    target.env = { ...target.env, ...bucket.env };

    const restore = await run('restore', [archive], target);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain('1 fichiers d’images');
    expect(await bucket.read('logo-800.webp')).toMatchObject({ bytes: Buffer.from('image') });
    expect(fs.existsSync(path.join(target.env.DATA_DIR as string, 'media'))).toBe(false);
  });

  it('say what to do without an archive, or with one that is not a backup', async () => {
    const target = await newSite('nothing');
    const none = await run('restore', [], target);
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe('Indiquez l’archive à restaurer : npm run restore -- FICHIER [--force]');
    const notABackup = path.join(work, 'notes.tar');
    fs.writeFileSync(notABackup, 'ceci n’est pas une archive');
    const refused = await run('restore', [notABackup], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Rien n’a été modifié\.$/m);
  });

  // The embedded database only: PostgreSQL serves the server and pg_dump at once.
  if (backend === 'pglite')
    it('refuse to copy the embedded database while the server holds it', async () => {
      const release = lockDataDir(source.env.DATA_DIR as string);
      try {
        const refused = await run('backup', [], source);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(
          `est ouverte par le serveur (pid ${process.pid}) : arrêtez-le d’abord`,
        );
      } finally {
        release();
      }
    });
});
