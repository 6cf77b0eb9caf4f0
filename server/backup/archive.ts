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
import type { Readable } from 'node:stream';
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

/**
 * What goes into an archive: a name inside it and where its bytes come from (a file on disk, an
 * image of the media store). `open` gives null when the source is gone: the entry is left out.
 */
export type ArchiveEntry = { name: string; open: () => Promise<{ size: number; body: Readable } | null> };

/** An entry read from a file on disk. */
export const fileEntry = (name: string, file: string): ArchiveEntry => ({
  name,
  open: async () => ({ size: (await fs.promises.stat(file)).size, body: fs.createReadStream(file) }),
});

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
      const source = await entry.open();
      if (!source) continue;
      const { size, body } = source;
      const hash = createHash('sha256');
      const sink = pack.entry({ name: entry.name, size, mode: 0o644 });
      body.on('data', (chunk) => hash.update(chunk));
      await pipeline(body, sink);
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
    if (error instanceof BackupError || error instanceof SinkFailure) throw error;
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

/** A sink's own failure (the target, not the archive), carried out of eachEntry as it is. */
class SinkFailure extends Error {
  readonly entry: string;

  constructor(entry: string, cause: unknown) {
    super(`could not write ${entry}`, { cause });
    this.entry = entry;
  }
}

/** Where an extracted entry's bytes go: it reads the whole stream. */
export type EntrySink = (bytes: AsyncIterable<Buffer>) => Promise<void>;

/** A sink writing the entry to a file on disk. */
export const toFile =
  (target: string): EntrySink =>
  async (bytes) => {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(bytes, fs.createWriteStream(target));
  };

/** A sink handing the whole entry, in memory, to `use` (an image: a few hundred KB at most). */
export const toBuffer =
  (use: (bytes: Buffer) => Promise<void>): EntrySink =>
  async (bytes) =>
    use(await readAll(bytes));

/**
 * Hands each entry of the archive to the sink `sinkFor` gives for its name (null skips it).
 * Only call after verifyArchive: the archive's names are checked there. A sink's failure is
 * thrown as `failed(entry, error)` makes it (the archive is fine, its target is not).
 */
export async function extractArchive(
  file: string,
  sinkFor: (name: string) => EntrySink | null,
  failed: (entry: string, error: unknown) => Error = (_entry, error) => error as Error,
): Promise<void> {
  try {
    await eachEntry(file, async (name, stream) => {
      const sink = sinkFor(name);
      if (!sink) {
        for await (const _ of stream);
        return;
      }
      try {
        await sink(stream);
      } catch (error) {
        throw new SinkFailure(name, error);
      }
    });
  } catch (error) {
    if (error instanceof SinkFailure) throw failed(error.entry, error.cause);
    throw error;
  }
}
