/**
 * Where uploaded images are kept (docs/decisions/100-media-on-s3.md): one interface, two places.
 * `filesystem` is a folder (MEDIA_DIR, the default); `s3` is a bucket of any S3-compatible service
 * (AWS S3, Cloudflare R2, MinIO), so that instances on several machines share no disk. Uploads,
 * /media, deletions, the share images and backups all go through this interface and nothing else.
 *
 * Names are relative paths with `/` separators (the site writes `<uuid>.<width>.webp`; a backup
 * may bring others back). A stored name never gets other bytes (decision 039), so no method has
 * to care about a file changing while it is read.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Env } from '../env.ts';

/** One stored file: its size, and its bytes as a stream to read once (or destroy). */
export type StoredFile = { size: number; body: Readable };

export interface MediaStore {
  /** Where the images are, in French, for the operator's messages: `le dossier des images (/srv/media)`. */
  readonly place: string;
  /** Stores `bytes` under `name`; a reader never sees part of them. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file by that name, or null when there is none. */
  open(name: string): Promise<StoredFile | null>;
  /** The file's size without its bytes, or null when there is none. */
  size(name: string): Promise<number | null>;
  /** Deletes the file; one already gone is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored name, sorted; a file still being written is not one yet. */
  list(): Promise<string[]>;
}

/** The whole file by that name, or null. */
export async function readStored(store: MediaStore, name: string): Promise<Buffer | null> {
  const file = await store.open(name);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The store MEDIA_STORE names, configured from the environment. */
export function createMediaStore(
  env: Pick<
    Env,
    | 'MEDIA_STORE'
    | 'MEDIA_DIR'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): MediaStore {
  if (env.MEDIA_STORE === 'filesystem') return filesystemStore(env.MEDIA_DIR);
  if (!env.S3_BUCKET) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
  return s3Store({
    bucket: env.S3_BUCKET,
    client: new S3Client({
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      // The bodies are buffers of known length, signed with their SHA-256 (SigV4): an extra CRC32
      // adds nothing, and some S3-compatible services refuse the SDK's default checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A visitor's image waits on this: a service that does not answer fails fast, then retried.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
      maxAttempts: 3,
    }),
  });
}

/** A folder: files written aside under a dot-name and renamed, so a reader never sees half of one. */
export function filesystemStore(directory: string): MediaStore {
  const root = path.resolve(directory);
  const pathOf = (name: string) => {
    const full = path.resolve(root, name);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`not a media name: ${name}`);
    return full;
  };
  const missing = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  };
  return {
    place: `le dossier des images (${root})`,
    async put(name, bytes) {
      const target = pathOf(name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
      try {
        await fs.promises.writeFile(partial, bytes, { flag: 'wx' });
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async open(name) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(pathOf(name), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const stat = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { size: stat.size, body: handle.createReadStream() };
    },
    async size(name) {
      try {
        const stat = await fs.promises.stat(pathOf(name));
        return stat.isFile() ? stat.size : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      await fs.promises.rm(pathOf(name), { force: true });
    },
    async list() {
      if (!fs.existsSync(root)) return [];
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      return (
        entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          // A file being written (`.name.pid.tmp`) is not one yet.
          .filter((name) => !path.posix.basename(name).startsWith('.'))
          .sort()
      );
    },
  };
}

/** What S3 answers for a key that is not there (GetObject: NoSuchKey; HeadObject: a bare 404). */
const isNoSuchKey = (error: unknown) => {
  const { name } = error as { name?: string };
  return name === 'NoSuchKey' || name === 'NotFound';
};

/** A bucket: each name is an object key. PutObject is atomic, so readers never see part of one. */
export function s3Store({ client, bucket }: { client: S3Client; bucket: string }): MediaStore {
  return {
    place: `le bucket des images (${bucket})`,
    async put(name, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: name,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: name.endsWith('.webp') ? 'image/webp' : 'application/octet-stream',
        }),
      );
    },
    async open(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        return { size: answer.ContentLength ?? 0, body: answer.Body as Readable };
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },
    async size(name) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      // S3 answers 204 whether or not the key existed.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },
    async list() {
      const names: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key);
      }
      return names.sort();
    },
  };
}
