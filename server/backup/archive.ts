/**
 * A backup archive (docs/decisions/099-backups.md): one uncompressed tar holding the
 * database's part, the media files under `media/`, and `manifest.json` last, which gives every
 * other entry's size and SHA-256. The parts compress themselves (pg_dump's custom format, PGlite's
 * gzip tarball, WebP images), so the container does not.
 *
 * Writing hashes each file as it streams into the archive, and the archive is written beside its
 * final name and renamed when complete: a crash leaves no half archive under that name. Reading
 * checks every entry against the manifest before anything is restored.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

export const MANIFEST_NAME = 'manifest.json';
export const MEDIA_PREFIX = 'media/';
export const BACKUP_FORMAT = 'lisanga-backup/1';

export type ArchivedFile = { name: string; size: number; sha256: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: ArchivedFile & { kind: 'postgres' | 'pglite' };
  /** The migrations the database had: `count` applied, the last one's `tag`. */
  schema: { migrations: number; tag: string | null };
  media: ArchivedFile[];
};

/** Refused archive: the message is French, for the operator who runs `npm run restore`. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** What goes into an archive: a name inside it and the file on disk it is read from. */
export type ArchiveEntry = { name: string; file: string };

/**
 * Writes `entries`, then the manifest `complete` makes of their sizes and checksums, to `target`.
 * Returns the manifest and the archive's size.
 */
export async function writeArchive(
  target: string,
  entries: ArchiveEntry[],
  complete: (files: ArchivedFile[]) => Manifest,
): Promise<{ manifest: Manifest; size: number }> {
  const partial = `${target}.partial`;
  const pack = tar.pack();
  const output = fs.createWriteStream(partial);
  const written = pipeline(pack, output);
  try {
    const files: ArchivedFile[] = [];
    for (const entry of entries) {
      const { size } = await fs.promises.stat(entry.file);
      const hash = createHash('sha256');
      const sink = pack.entry({ name: entry.name, size, mode: 0o644 });
      const source = fs.createReadStream(entry.file);
      source.on('data', (chunk) => hash.update(chunk));
      await pipeline(source, sink);
      files.push({ name: entry.name, size, sha256: hash.digest('hex') });
    }
    const manifest = complete(files);
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_NAME, size: text.length, mode: 0o644 }, text);
    pack.finalize();
    await written;
    await fsyncFile(partial);
    await fs.promises.rename(partial, target);
    return { manifest, size: (await fs.promises.stat(target)).size };
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

async function fsyncFile(file: string) {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every entry of the archive in order, each read whole through `onEntry` (its stream must be consumed). */
async function eachEntry(
  file: string,
  onEntry: (name: string, stream: AsyncIterable<Buffer>) => Promise<void>,
) {
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  try {
    // Each entry yields the bytes of its file (tar-stream types them loosely).
    for await (const entry of extract) await onEntry(entry.header.name, entry as AsyncIterable<Buffer>);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`L’archive est illisible (${(error as Error).message}). Rien n’a été modifié.`);
  }
}

const readAll = async (stream: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/**
 * Reads the archive once and checks it: its manifest, and every entry's size and SHA-256 against
 * it, with nothing missing and nothing more. Throws a BackupError (French) when anything differs.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`L’archive ${file} n’existe pas.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: Buffer | null = null;
  await eachEntry(file, async (name, stream) => {
    if (name === MANIFEST_NAME) {
      manifestText = await readAll(stream);
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of stream) {
      hash.update(chunk);
      size += chunk.length;
    }
    seen.set(name, { size, sha256: hash.digest('hex') });
  });
  const manifest = parseManifest(manifestText);
  const expected = [manifest.database, ...manifest.media];
  for (const part of expected) {
    const found = seen.get(part.name);
    if (!found) throw damaged(`${part.name} manque`);
    if (found.size !== part.size || found.sha256 !== part.sha256)
      throw damaged(`${part.name} ne correspond pas à sa somme de contrôle`);
  }
  const extra = [...seen.keys()].filter((name) => !expected.some((part) => part.name === name));
  if (extra.length > 0) throw damaged(`${extra[0]} n’est pas dans le manifeste`);
  return manifest;
}

const damaged = (what: string) =>
  new BackupError(`L’archive est endommagée : ${what}. Rien n’a été modifié.`);

function parseManifest(text: Buffer | null): Manifest {
  if (!text) throw damaged('son manifeste manque');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text.toString('utf8')) as Manifest;
  } catch {
    throw damaged('son manifeste est illisible');
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(
      'Ce fichier n’est pas une sauvegarde du site (format inconnu). Rien n’a été modifié.',
    );
  const safe = (name: unknown) =>
    typeof name === 'string' && !path.isAbsolute(name) && !name.split('/').includes('..') && name !== '';
  if (!manifest.database || !safe(manifest.database.name) || !Array.isArray(manifest.media))
    throw damaged('son manifeste est incomplet');
  for (const file of manifest.media)
    if (!safe(file.name) || !file.name.startsWith(MEDIA_PREFIX))
      throw damaged(`le nom ${file.name} est refusé`);
  return manifest;
}

/**
 * Writes the archive's entries to disk: each entry `place` maps to a path (or null to skip it).
 * Only call after verifyArchive: the archive's names are checked there.
 */
export async function extractArchive(file: string, place: (name: string) => string | null): Promise<void> {
  await eachEntry(file, async (name, stream) => {
    const target = place(name);
    if (!target) {
      for await (const _ of stream);
      return;
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const output = fs.createWriteStream(target);
    await pipeline(stream, output);
  });
}
