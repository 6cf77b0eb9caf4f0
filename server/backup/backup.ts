/**
 * Backups and restores of the whole site (docs/decisions/099-backups.md): the database and the
 * media in one archive, with a manifest of checksums and the schema's version. `npm run backup`,
 * `npm run restore` and the server's nightly backup all come here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kinshasaClock } from '#common/kinshasa.ts';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import type { MediaStore } from '../media/store.ts';
import {
  type ArchiveEntry,
  BACKUP_FORMAT,
  BackupError,
  extractArchive,
  fileEntry,
  type Manifest,
  MEDIA_PREFIX,
  toBuffer,
  toFile,
  verifyArchive,
  writeArchive,
} from './archive.ts';
import {
  type DatabaseTarget,
  databasePartName,
  dumpDatabase,
  isDatabaseEmpty,
  knownMigrations,
  restoreDatabase,
  schemaVersion,
} from './database.ts';

export { BackupError } from './archive.ts';

/** `sauvegarde-2026-12-04-0200.tar`: the archive's name, by its Kinshasa date and time. */
export function backupFileName(at: Date): string {
  const { date, time } = kinshasaClock(at);
  return `${BACKUP_FILE_PREFIX}${date}-${time.replace(':', '')}.tar`;
}

/** A path in `dir` for a backup made at `at` that no other backup has (`-2`... on the same minute). */
export function newBackupPath(dir: string, at: Date): string {
  const base = backupFileName(at).replace(/\.tar$/, '');
  for (let n = 1; ; n++) {
    const candidate = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.tar`);
    if (!fs.existsSync(candidate)) return candidate;
  }
}

const BACKUP_FILE_PREFIX = 'sauvegarde-';
const BACKUP_FILE = /^sauvegarde-\d{4}-\d{2}-\d{2}-\d{4}(-\d+)?\.tar$/;

/** The backups in `dir`, newest first (their names sort by date). */
export async function listBackups(dir: string): Promise<{ name: string; size: number; modifiedAt: Date }[]> {
  if (!fs.existsSync(dir)) return [];
  const names = (await fs.promises.readdir(dir))
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .reverse();
  return Promise.all(
    names.map(async (name) => {
      const stat = await fs.promises.stat(path.join(dir, name));
      return { name, size: stat.size, modifiedAt: stat.mtime };
    }),
  );
}

/** Deletes all but the newest `keep` backups of `dir`; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((backup) => backup.name);
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true });
  return old;
}

/** The store's names, or a French refusal saying it cannot be read (`then`: what that means). */
async function storedNames(media: MediaStore, then = ''): Promise<string[]> {
  try {
    return await media.list();
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).replace(/\.$/, '');
    throw new BackupError(`Impossible de lire ${media.place} : ${reason}.${then}`);
  }
}

export type BackupSource = {
  database: DatabaseHandle;
  /** PostgreSQL's connection string (pg_dump opens its own connection); unused for PGlite. */
  databaseUrl?: string;
  /** Where the images are (a folder or an S3 bucket). */
  media: MediaStore;
};

export type BackupResult = { file: string; size: number; manifest: Manifest };

/**
 * Writes a backup to `file`: the database first, then the media files (an image uploaded in
 * between is kept without its row, never a row without its image, unless it was deleted
 * meanwhile, in which case it is left out).
 */
export async function createBackup(
  source: BackupSource,
  file: string,
  now = new Date(),
): Promise<BackupResult> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'backup-'));
  try {
    const databaseName = databasePartName(source.database.kind);
    const databaseFile = path.join(work, databaseName);
    await dumpDatabase(source.database, source.databaseUrl, databaseFile);
    const schema = await schemaVersion(source.database.db);
    // A file deleted since the listing is left out (open gives null).
    const media: ArchiveEntry[] = (await storedNames(source.media)).map((name) => ({
      name: `${MEDIA_PREFIX}${name}`,
      open: () => source.media.open(name),
    }));
    await fs.promises.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const { manifest, size } = await writeArchive(
      file,
      [fileEntry(databaseName, databaseFile), ...media],
      ([database, ...mediaFiles]) => {
        if (!database) throw new Error('The database part is missing');
        return {
          format: BACKUP_FORMAT,
          createdAt: now.toISOString(),
          database: { ...database, kind: source.database.kind },
          schema,
          media: mediaFiles,
        };
      },
    );
    return { file, size, manifest };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

export type RestoreTarget = { database: DatabaseTarget; media: MediaStore };

export type RestoreResult = {
  manifest: Manifest;
  /** Migrations applied after the restore, when the archive came from an older version. */
  migrated: number;
};

const kindName = { postgres: 'PostgreSQL', pglite: 'la base embarquée' } as const;

/**
 * Restores `file` into an empty database and media store (or emptied first with `force`): the
 * archive is checked whole first, and the store read, and nothing is changed if anything is wrong;
 * the database is then migrated forward when the archive is older than the code.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const manifest = await verifyArchive(file);
  if (manifest.database.kind !== target.database.kind)
    throw new BackupError(
      `Cette sauvegarde vient de ${kindName[manifest.database.kind]} et ne peut être restaurée que dans ${kindName[manifest.database.kind]} (la cible est ${kindName[target.database.kind]}). Rien n’a été modifié.`,
    );
  const known = knownMigrations().length;
  if (manifest.schema.migrations > known)
    throw new BackupError(
      `Cette sauvegarde vient d’une version plus récente du site (${manifest.schema.migrations} migrations, celle-ci en connaît ${known}) : mettez le site à jour d’abord. Rien n’a été modifié.`,
    );
  // Read first, --force or not: a bucket out of reach stops the restore before anything changes.
  const existing = await storedNames(target.media, ' Rien n’a été modifié.');
  if (!force) {
    const problems = [
      ...((await isDatabaseEmpty(target.database)) ? [] : ['la base de données']),
      ...(existing.length === 0 ? [] : [target.media.place]),
    ];
    if (problems.length > 0)
      throw new BackupError(
        `La cible n’est pas vide : ${problems.join(' et ')}. Restaurez dans une cible vide, ou ajoutez --force pour la remplacer. Rien n’a été modifié.`,
      );
  }

  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'restore-'));
  try {
    const databaseFile = path.join(work, manifest.database.name);
    await extractArchive(file, (name) => (name === manifest.database.name ? toFile(databaseFile) : null));
    await restoreDatabase(target.database, databaseFile, force);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }

  const incomplete = (what: string, error: unknown) =>
    new BackupError(
      `La base est restaurée, mais ${what} dans ${target.media.place} a échoué (${(error as Error).message}) : relancez la restauration avec --force.`,
    );
  for (const name of existing) {
    await target.media.remove(name).catch((error: unknown) => {
      throw incomplete(`la suppression de ${name}`, error);
    });
  }
  await extractArchive(
    file,
    (name) =>
      name.startsWith(MEDIA_PREFIX)
        ? toBuffer((bytes) => target.media.put(name.slice(MEDIA_PREFIX.length), bytes))
        : null,
    (name, error) => incomplete(`l’écriture de ${name}`, error),
  );

  const database = await openTarget(target.database);
  try {
    await migrateDatabase(database);
    const after = await schemaVersion(database.db);
    return { manifest, migrated: after.migrations - manifest.schema.migrations };
  } finally {
    await database.close();
  }
}

const openTarget = (target: DatabaseTarget): Promise<DatabaseHandle> =>
  target.kind === 'postgres'
    ? openDatabase({ databaseUrl: target.url, poolSize: 1 })
    : openDatabase({ dataDir: target.dataDir });
