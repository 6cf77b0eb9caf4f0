/**
 * The round trip an operator relies on (docs/decisions/099-backups.md), on the test's own backend:
 * a seeded site with leads, subscribers, a campaign and uploaded images → backup → restore into
 * an empty database and media folder → every table's rows and every media file identical. A
 * damaged archive, a non-empty target and an archive from an older version behave as promised.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '#db/client.ts';
import { MIGRATIONS_DIR } from '#db/migrate.ts';
import { readEnv } from '#server/env.ts';
import { storeUpload } from '#server/media/library.ts';
import { createMediaStore, filesystemStore, type MediaStore } from '#server/media/store.ts';
import {
  insertActiveSubscriber,
  insertAdminUser,
  insertCampaign,
  insertCampaignJob,
  insertContact,
} from '#tests/helpers/factories.ts';
import { type S3TestBucket, s3ServerContext, unreachableEndpoint } from '#tests/helpers/s3.ts';
import { createSeededDatabase, databaseContext } from '#tests/helpers/seeded-database.ts';
import { createEmptyPostgresDatabase, currentBackend, databaseUrlOf } from '#tests/helpers/test-database.ts';
import { BackupError, createBackup, type RestoreTarget, restoreBackup } from './backup.ts';
import { type DatabaseTarget, knownMigrations } from './database.ts';

const backend = currentBackend();
const context = databaseContext({ open: () => createSeededDatabase({ content: true, compile: false }) });
const cleanups: (() => Promise<void>)[] = [];
let work: string;
let sourceMedia: string;
let sourceUrl: string | undefined;
let adminId: string;

const s3 = s3ServerContext();

/** An empty target of the test's backend: a new database (or data directory) and media folder. */
async function emptyTarget(name: string): Promise<RestoreTarget & { mediaDir: string }> {
  let database: DatabaseTarget;
  if (backend === 'postgres') {
    const created = await createEmptyPostgresDatabase();
    cleanups.push(created.drop);
    database = { kind: 'postgres', url: created.url };
  } else {
    database = { kind: 'pglite', dataDir: path.join(work, `${name}-data`) };
  }
  const mediaDir = path.join(work, `${name}-media`);
  return { database, media: filesystemStore(mediaDir), mediaDir };
}

const openTarget = (target: RestoreTarget) =>
  target.database.kind === 'postgres'
    ? openDatabase({ databaseUrl: target.database.url, poolSize: 1 })
    : openDatabase({ dataDir: target.database.dataDir });

/** Every table's rows (the application's and the migrations' own), sorted, as JSON. */
async function everyRow(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const all = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select * from ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`,
    );
    rows[`${table.schema}.${table.name}`] = all.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/** The restored target holds every row of the source, table by table. */
async function expectSameRows(target: RestoreTarget) {
  const restored = await openTarget(target);
  try {
    expect(await everyRow(restored)).toEqual(await everyRow(context.database));
  } finally {
    await restored.close();
  }
}

/** Every file of a folder, by name, as its SHA-256. */
function filesOf(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(fs.readFileSync(path.join(dir, name)))
          .digest('hex'),
      ]),
  );
}

async function targetIsEmpty(target: RestoreTarget) {
  const mediaEmpty = (await target.media.list()).length === 0;
  if (target.database.kind === 'pglite')
    return mediaEmpty && !fs.existsSync(path.join(target.database.dataDir, 'pgdata'));
  const client = new pg.Client({ connectionString: target.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_tables where schemaname = 'public'`,
    );
    return mediaEmpty && rows[0]?.count === 0;
  } finally {
    await client.end();
  }
}

const backupOf = (database: DatabaseHandle, file: string, media: MediaStore = filesystemStore(sourceMedia)) =>
  createBackup({ database, databaseUrl: sourceUrl, media }, file);

/** Two images uploaded into `media`, rows and files, as the admin's upload does it. */
async function uploadTwoImages(media: MediaStore, uploadedBy: string) {
  const deps = {
    database: context.database,
    media,
    logger: { info() {}, warn() {}, error() {} },
  } as unknown as Parameters<typeof storeUpload>[0];
  for (const background of ['#1b6b4a', '#f2c14e']) {
    const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background } })
      .png()
      .toBuffer();
    await storeUpload(deps, { bytes, originalName: `visuel ${background}.png`, uploadedBy });
  }
}

beforeAll(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  sourceMedia = path.join(work, 'media');
  const { db } = context.database;
  if (backend === 'postgres') sourceUrl = await databaseUrlOf(context.database);
  const { user: admin } = await insertAdminUser(db);
  for (let i = 0; i < 3; i++) await insertContact(db);
  const subscriber = await insertActiveSubscriber(db);
  await insertActiveSubscriber(db, { firstName: 'Grâce' });
  const campaign = await insertCampaign(db, { status: 'sent' });
  await insertCampaignJob(db, campaign.id, subscriber.id);
  adminId = admin.id;
  await uploadTwoImages(filesystemStore(sourceMedia), admin.id);
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await fs.promises.rm(work, { recursive: true, force: true });
});

/**
 * Each test backs up and restores whole sites, the embedded database starting anew for each: a
 * minute or more while the browser journeys run beside the unit tests.
 */
const ROUND_TRIPS = { timeout: 180_000 };

describe(`backup and restore (${backend})`, ROUND_TRIPS, () => {
  it('restores every table’s rows and every media file, identical, into an empty site', async () => {
    const archive = path.join(work, 'site.tar');
    const { manifest, size } = await backupOf(context.database, archive);
    expect(size).toBeGreaterThan(0);
    expect(manifest.database.kind).toBe(backend);
    expect(manifest.schema).toEqual({
      migrations: knownMigrations().length,
      tag: knownMigrations().at(-1)?.tag,
    });
    // Every file of both uploads (each in its widths).
    expect(manifest.media.length).toBeGreaterThanOrEqual(2);
    expect(manifest.media.map((file) => file.name)).toEqual(
      Object.keys(filesOf(sourceMedia)).map((name) => `media/${name}`),
    );
    expect(fs.readdirSync(work).filter((name) => name.endsWith('.partial'))).toEqual([]);

    const target = await emptyTarget('restored');
    const result = await restoreBackup(archive, target);
    expect(result.migrated).toBe(0);

    const restored = await openTarget(target);
    try {
      const [before, after] = [await everyRow(context.database), await everyRow(restored)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(before['public.contact_requests']).toHaveLength(3);
      expect(before['public.media']).toHaveLength(2);
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(filesOf(target.mediaDir)).toEqual(filesOf(sourceMedia));
  });

  it('refuses a damaged archive with a French message and changes nothing', async () => {
    const archive = path.join(work, 'damaged.tar');
    await backupOf(context.database, archive);
    const bytes = fs.readFileSync(archive);
    // One byte of the last media file changed (the manifest, written last, follows it).
    const manifestAt = bytes.lastIndexOf(Buffer.from('"format"'));
    bytes[manifestAt - 2048] = (bytes[manifestAt - 2048] ?? 0) ^ 0xff;
    fs.writeFileSync(archive, bytes);

    const target = await emptyTarget('damaged');
    const refusal = restoreBackup(archive, target);
    await expect(refusal).rejects.toThrow(BackupError);
    await expect(refusal).rejects.toThrow(
      /^L’archive est endommagée : media\/.+ ne correspond pas à sa somme de contrôle\. Rien n’a été modifié\.$/,
    );
    expect(await targetIsEmpty(target)).toBe(true);

    fs.writeFileSync(archive, bytes.subarray(0, bytes.length / 2));
    await expect(restoreBackup(archive, target)).rejects.toThrow(/Rien n’a été modifié/);
    expect(await targetIsEmpty(target)).toBe(true);
  });

  it('refuses a target that is not empty, and replaces it with --force', async () => {
    const archive = path.join(work, 'again.tar');
    await backupOf(context.database, archive);
    const target = await emptyTarget('again');
    await restoreBackup(archive, target);
    // The restored site goes on living: a lead arrives after the restore.
    const live = await openTarget(target);
    try {
      await insertContact(live.db, { fullName: 'Arrivé après la restauration' });
    } finally {
      await live.close();
    }

    await expect(restoreBackup(archive, target)).rejects.toThrow(
      /^La cible n’est pas vide : la base de données et le dossier des images \(.+\)\. Restaurez dans une cible vide, ou ajoutez --force pour la remplacer\. Rien n’a été modifié\.$/,
    );
    await restoreBackup(archive, target, { force: true });
    await expectSameRows(target);
  });

  it('migrates forward an archive made by an older version', async () => {
    // A database as the previous version left it: every migration but the last.
    const older = path.join(work, 'older-migrations');
    fs.cpSync(MIGRATIONS_DIR, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    fs.writeFileSync(journalFile, JSON.stringify(journal));

    let database: DatabaseHandle;
    if (backend === 'postgres') {
      const created = await createEmptyPostgresDatabase();
      cleanups.push(created.drop);
      const pool = new pg.Pool({ connectionString: created.url, max: 1 });
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: older });
      await pool.end();
      sourceUrl = created.url;
      database = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
    } else {
      const pglite = await PGlite.create();
      await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: older });
      database = await openDatabase({ pglite });
    }
    const archive = path.join(work, 'older.tar');
    try {
      const { manifest } = await backupOf(database, archive, filesystemStore(path.join(work, 'no-media')));
      expect(manifest.schema.migrations).toBe(knownMigrations().length - 1);
    } finally {
      await database.close();
      if (context.database.kind === 'postgres') sourceUrl = await databaseUrlOf(context.database);
    }

    const target = await emptyTarget('older');
    expect((await restoreBackup(archive, target)).migrated).toBe(1);
    const restored = await openTarget(target);
    try {
      const [applied] = await queryRows<{ count: number }>(
        restored.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied?.count).toBe(knownMigrations().length);
    } finally {
      await restored.close();
    }
  });
});

describe(`backup and restore with the images in an S3 bucket (${backend})`, ROUND_TRIPS, () => {
  let source: S3TestBucket;
  const bucketStore = (bucket: S3TestBucket) => createMediaStore(readEnv(bucket.env));
  /** An empty target whose images go to a new bucket. */
  const emptyS3Target = async (name: string) => {
    const bucket = await s3.server.bucket();
    return { bucket, target: { ...(await emptyTarget(name)), media: bucketStore(bucket) } };
  };

  beforeAll(async () => {
    source = await s3.server.bucket();
    await uploadTwoImages(bucketStore(source), adminId);
  });

  it('archives every object of the bucket and restores them, identical, into an empty bucket', async () => {
    const archive = path.join(work, 's3.tar');
    const { manifest } = await backupOf(context.database, archive, bucketStore(source));
    const objects = await source.checksums();
    // Both uploads (900 px wide: one 480-px variant each).
    expect(Object.keys(objects)).toHaveLength(2);
    expect(manifest.media.map((file) => file.name)).toEqual(
      Object.keys(objects).map((key) => `media/${key}`),
    );

    const { bucket, target } = await emptyS3Target('s3-restored');
    await restoreBackup(archive, target);
    expect(await bucket.checksums()).toEqual(objects);
    await expectSameRows(target);
  });

  it('moves a folder’s images into a bucket, refuses a bucket that holds images, and replaces them with --force', async () => {
    const archive = path.join(work, 'folder-to-s3.tar');
    await backupOf(context.database, archive);
    const { bucket, target } = await emptyS3Target('folder-to-s3');
    await bucket.write('ancienne.480.webp', Buffer.from('pas dans l’archive'));

    await expect(restoreBackup(archive, target)).rejects.toThrow(
      `La cible n’est pas vide\u00a0: le bucket des images (${bucket.name}). Restaurez dans une cible vide, ou ajoutez --force pour la remplacer. Rien n’a été modifié.`,
    );
    expect(await bucket.keys()).toEqual(['ancienne.480.webp']);
    expect(await targetIsEmpty({ ...target, media: filesystemStore(target.mediaDir) })).toBe(true);

    await restoreBackup(archive, target, { force: true });
    expect(await bucket.checksums()).toEqual(filesOf(sourceMedia));
  });

  it('refuses to restore into a bucket it cannot reach, before changing anything', async () => {
    const archive = path.join(work, 'unreachable.tar');
    await backupOf(context.database, archive);
    const { bucket, target } = await emptyS3Target('unreachable');
    const unreachable = createMediaStore(
      readEnv({ ...bucket.env, S3_ENDPOINT: await unreachableEndpoint() }),
    );
    await expect(restoreBackup(archive, { ...target, media: unreachable })).rejects.toThrow(
      new RegExp(
        `^Impossible de lire le bucket des images \\(${bucket.name}\\)\u00a0: .+\\. Rien n’a été modifié\\.$`,
      ),
    );
    expect(await targetIsEmpty(target)).toBe(true);
  });
});
