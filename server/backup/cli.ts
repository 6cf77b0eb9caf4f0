/**
 * The operator's commands (docs/decisions/099-backups.md), the same from a checkout
 * (`npm run backup`, `npm run restore`) and from the built server in a container
 * (`node build/server/index.js backup`, `... restore FILE --force`):
 * - backup [FILE]: one archive of the database and the media, in BACKUP_DIR unless FILE is given.
 *   With the embedded database, the server must be stopped (it holds the data directory); its
 *   nightly backup runs inside it.
 * - restore FILE [--force]: into the database and media store the environment names (DATABASE_URL
 *   or DATA_DIR; MEDIA_DIR, or the bucket with MEDIA_STORE=s3). The archive is checked whole
 *   first; the target must be empty unless --force; the database is then migrated forward when the
 *   archive is older than this version. The server must be stopped.
 * Their output is French, for the operator; a refusal is one French line on stderr and exit code 1.
 */
import path from 'node:path';
import { formatInKinshasa } from '#common/kinshasa.ts';
import { formatBackupSize } from '#common/schemas/backups.ts';
import { openDatabase } from '#db/client.ts';
import { DataDirLockedError } from '#db/lock.ts';
import { readEnv } from '../env.ts';
import { createMediaStore } from '../media/store.ts';
import { BackupError, createBackup, newBackupPath, restoreBackup } from './backup.ts';

export const BACKUP_COMMANDS = { backup: backupCommand, restore: restoreCommand } as const;

const secondsSince = (started: number) =>
  ((Date.now() - started) / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });

/** Runs a command: its lines on stdout, exit code 0; a refusal's French message on stderr, 1. */
export async function runBackupCommand(name: keyof typeof BACKUP_COMMANDS, args: string[]): Promise<number> {
  try {
    process.stdout.write(`${(await BACKUP_COMMANDS[name](args)).join('\n')}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

async function backupCommand(args: string[]): Promise<string[]> {
  const env = readEnv();
  const started = Date.now();
  const target = args[0] ? path.resolve(args[0]) : newBackupPath(env.BACKUP_DIR, new Date());
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `La base embarquée de ${env.DATA_DIR} est ouverte par le serveur (pid ${error.pid}) : arrêtez-le d’abord, ou comptez sur sa sauvegarde de chaque nuit.`,
      );
    throw error;
  }
  try {
    const { manifest, size } = await createBackup(
      { database, databaseUrl: env.DATABASE_URL, media: createMediaStore(env) },
      target,
    );
    return [
      `Sauvegarde écrite : ${target}`,
      `  ${formatBackupSize(size)}, base ${database.kind === 'postgres' ? 'PostgreSQL' : 'embarquée'} (${manifest.schema.migrations} migrations), ${manifest.media.length} fichiers d’images, en ${secondsSince(started)} s`,
    ];
  } finally {
    await database.close();
  }
}

async function restoreCommand(args: string[]): Promise<string[]> {
  const force = args.includes('--force');
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new BackupError('Indiquez l’archive à restaurer : npm run restore -- FICHIER [--force]');
  const env = readEnv();
  const started = Date.now();
  try {
    const { manifest, migrated } = await restoreBackup(
      path.resolve(file),
      {
        database: env.DATABASE_URL
          ? { kind: 'postgres', url: env.DATABASE_URL }
          : { kind: 'pglite', dataDir: env.DATA_DIR },
        media: createMediaStore(env),
      },
      { force },
    );
    return [
      `Sauvegarde du ${formatInKinshasa(manifest.createdAt, 'dateTimeSeconds')} restaurée, en ${secondsSince(started)} s`,
      `  ${manifest.media.length} fichiers d’images${migrated > 0 ? `, ${migrated} migration(s) appliquée(s) depuis` : ''}`,
    ];
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `La base embarquée de ${env.DATA_DIR} est ouverte par le serveur (pid ${error.pid}) : arrêtez-le d’abord. Rien n’a été modifié.`,
      );
    throw error;
  }
}
