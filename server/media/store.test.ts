/**
 * The media store's promise, the same for a folder and for an S3 bucket (a local S3 server on
 * loopback): what is put is read back whole, listed and removed; what is not there is null, not
 * an error; and a bucket out of reach is an error, never taken for a missing image.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import { s3ServerContext, unreachableEndpoint } from '#tests/helpers/s3.ts';
import { createMediaStore, type MediaStore, readStored } from './store.ts';

const s3 = s3ServerContext();

/** Each kind of store, fresh, with a way to look at what it holds from outside the store. */
const kinds = {
  filesystem: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-store-'));
    const store = createMediaStore(readEnv({ MEDIA_DIR: dir }));
    return {
      store,
      outside: async () => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort(),
      cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const bucket = await s3.server.bucket();
    const store = createMediaStore(readEnv(bucket.env));
    return { store, outside: () => bucket.keys(), cleanup: () => {} };
  },
};

describe.each(Object.keys(kinds) as (keyof typeof kinds)[])('the %s media store', (kind) => {
  let store: MediaStore;
  let outside: () => Promise<string[]>;
  let cleanup: () => void;
  beforeAll(async () => {
    ({ store, outside, cleanup } = await kinds[kind]());
  });
  afterAll(() => cleanup());

  it('keeps what is put, whole, lists it sorted and removes it', async () => {
    expect(await store.list()).toEqual([]);
    const photo = Buffer.from(`photo-${kind}-`.repeat(5_000));
    await store.put('b.480.webp', photo);
    await store.put('a.960.webp', Buffer.from('petite'));
    await store.put('dossier/c.txt', Buffer.from('restaurée d’une sauvegarde'));

    expect(await store.list()).toEqual(['a.960.webp', 'b.480.webp', 'dossier/c.txt']);
    expect(await outside()).toEqual(expect.arrayContaining(['a.960.webp', 'b.480.webp']));
    expect(await readStored(store, 'b.480.webp')).toEqual(photo);
    expect(await store.size('b.480.webp')).toBe(photo.length);
    const opened = await store.open('a.960.webp');
    expect(opened?.size).toBe(6);
    opened?.body.destroy();

    await store.remove('b.480.webp');
    await store.remove('b.480.webp');
    expect(await store.list()).toEqual(['a.960.webp', 'dossier/c.txt']);
    expect(await outside()).not.toContain('b.480.webp');
  });

  it('answers null for a name it does not hold, and never throws for one already gone', async () => {
    expect(await store.open('inconnue.480.webp')).toBeNull();
    expect(await store.size('inconnue.480.webp')).toBeNull();
    expect(await readStored(store, 'inconnue.480.webp')).toBeNull();
    await expect(store.remove('inconnue.480.webp')).resolves.toBeUndefined();
  });

  it('says where the images are, in French, for the operator', () => {
    expect(store.place).toMatch(
      kind === 's3' ? /^le bucket des images \(media-\d+-\d+\)$/ : /^le dossier des images \(\/.+\)$/,
    );
  });
});

describe('the filesystem media store', () => {
  it('never lists a file still being written, nor writes outside its folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-store-'));
    try {
      const store = createMediaStore(readEnv({ MEDIA_DIR: dir }));
      fs.writeFileSync(path.join(dir, '.a.480.webp.123.tmp'), 'à moitié');
      await store.put('a.480.webp', Buffer.from('entière'));
      expect(await store.list()).toEqual(['a.480.webp']);
      await expect(store.put('../dehors.webp', Buffer.from('x'))).rejects.toThrow(/not a media name/);
      expect(fs.existsSync(path.join(dir, '..', 'dehors.webp'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the S3 media store', () => {
  it('stores each image as an object of its own, typed image/webp, in the configured bucket', async () => {
    const bucket = await s3.server.bucket();
    const store = createMediaStore(readEnv(bucket.env));
    await store.put('d.480.webp', Buffer.from('RIFF....WEBP'));
    expect(await bucket.read('d.480.webp')).toEqual({
      bytes: Buffer.from('RIFF....WEBP'),
      contentType: 'image/webp',
    });
  });

  it('fails, rather than answering "no such image", when the bucket cannot be reached or refuses the key', async () => {
    const bucket = await s3.server.bucket();
    const unreachable = createMediaStore(
      readEnv({ ...bucket.env, S3_ENDPOINT: await unreachableEndpoint() }),
    );
    await expect(unreachable.open('d.480.webp')).rejects.toThrow();
    await expect(unreachable.list()).rejects.toThrow();

    const wrongKey = createMediaStore(readEnv({ ...bucket.env, S3_ACCESS_KEY_ID: 'INCONNUE' }));
    await expect(wrongKey.put('e.480.webp', Buffer.from('x'))).rejects.toThrow(/Access Key Id/);
    expect(await bucket.keys()).toEqual([]);
  });

  it('refuses MEDIA_STORE=s3 without a bucket, and a key without its secret, naming the variable', () => {
    expect(() => readEnv({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => readEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(readEnv({})).toMatchObject({ MEDIA_STORE: 'filesystem', S3_FORCE_PATH_STYLE: false });
  });
});
