/**
 * A local S3 server for the tests (s3rver, pure JavaScript, files in a temporary folder) on a
 * free loopback port, and a client of its own to look into its buckets: what a test checks is
 * read past the site's media store, the way an operator would look into the bucket.
 *
 * s3rver checks that the access key exists, but its signature check disagrees with the SDK's
 * path-style listing (`/bucket/` signed, `/bucket` checked), so signatures are not compared.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';

/** s3rver's one account. */
export const S3_TEST_KEY = { id: 'S3RVER', secret: 'S3RVER' } as const;

let buckets = 0;

export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_TEST_KEY.id, secretAccessKey: S3_TEST_KEY.secret },
  });

  /** A new empty bucket, and its objects as the bucket holds them. */
  async function bucket() {
    const name = `media-${process.pid}-${++buckets}`;
    await client.send(new CreateBucketCommand({ Bucket: name }));
    return {
      name,
      /** The site's environment for this bucket. */
      env: {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: name,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: S3_TEST_KEY.id,
        S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secret,
        S3_FORCE_PATH_STYLE: 'true',
      },
      /** Every key, sorted. */
      async keys(): Promise<string[]> {
        const answer = await client.send(new ListObjectsV2Command({ Bucket: name }));
        return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
      },
      /** The object's bytes and content type, or null. */
      async read(key: string): Promise<{ bytes: Buffer; contentType?: string } | null> {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
          return {
            bytes: Buffer.from(await (answer.Body?.transformToByteArray() ?? new Uint8Array())),
            contentType: answer.ContentType,
          };
        } catch (error) {
          if ((error as Error).name === 'NoSuchKey') return null;
          throw error;
        }
      },
      async write(key: string, bytes: Buffer) {
        await client.send(new PutObjectCommand({ Bucket: name, Key: key, Body: bytes }));
      },
      async remove(key: string) {
        await client.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
      },
      /** Every object, by key, as its SHA-256. */
      async checksums(): Promise<Record<string, string>> {
        const sums: Record<string, string> = {};
        for (const key of await this.keys()) {
          const object = await this.read(key);
          if (object) sums[key] = createHash('sha256').update(object.bytes).digest('hex');
        }
        return sums;
      },
    };
  }

  return {
    endpoint,
    bucket,
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
export type S3TestBucket = Awaited<ReturnType<S3TestServer['bucket']>>;

/** An S3 address where nothing answers: a loopback port taken, then closed again. */
export async function unreachableEndpoint(): Promise<string> {
  const closed = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => closed.once('listening', resolve));
  const { port } = closed.address() as net.AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A test file's S3 server, started before its tests and stopped after them. */
export function s3ServerContext(): { server: S3TestServer } {
  const context = {} as { server: S3TestServer };
  beforeAll(async () => {
    context.server = await startS3Server();
  });
  afterAll(async () => {
    await context.server?.close();
  });
  return context;
}
