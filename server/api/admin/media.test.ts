import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, type MediaItem, mediaSrcset, type UploadedMedia } from '#common/schemas/media.ts';
import { activityLogs, media, teamMembers } from '#db/schema.ts';
import { createApp } from '#server/app.ts';
import { createAppDeps } from '#server/app-deps.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { postFromAnotherSite } from '#tests/helpers/admin-content.ts';
import { adminTestContext, nextTestIp, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { activitiesOfType, insertPost, insertTeamMember } from '#tests/helpers/factories.ts';
import { s3ServerContext, unreachableEndpoint } from '#tests/helpers/s3.ts';
import { releaseMediaUrl } from '../../media/release.ts';

// The whole suite runs twice: on the filesystem store (MEDIA_DIR) and on an S3 bucket of a local
// S3 server (MEDIA_STORE=s3). What it checks is read from the folder or the bucket directly.
const s3 = s3ServerContext();

// --- Test images, made by sharp so they are real files of each format. ---

const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });

/** A landscape JPEG stored sideways with EXIF orientation 6 (a phone photo) and personal EXIF data. */
const sidewaysJpeg = () =>
  noise(1200, 600)
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret-Exif-Marie', Artist: 'Marie Kabila' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
const widePng = () => noise(1700, 300).png().toBuffer();
const smallWebp = () => noise(300, 200).webp().toBuffer();
const smallJpeg = () => noise(64, 48).jpeg().toBuffer();

/** A valid PNG header claiming 20 000 x 20 000 pixels: cheap to make, 400 MP to decode. */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(20_001))), // one row only
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The folder or the bucket, looked at from outside the site: file names, bytes, changes by hand. */
type StoredFiles = {
  names(): Promise<string[]>;
  read(name: string): Promise<Buffer>;
  write(name: string, bytes: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
};

describe.each(['filesystem', 's3'] as const)('uploaded images on the %s store', (kind) => {
  let storage: StoredFiles;
  const ctx = adminTestContext({
    mediaDir: true,
    env: async () => {
      if (kind === 'filesystem') {
        storage = {
          names: async () => fs.readdirSync(ctx.mediaDir).filter((name) => !name.startsWith('.')),
          read: async (name) => fs.readFileSync(path.join(ctx.mediaDir, name)),
          write: async (name, bytes) => fs.writeFileSync(path.join(ctx.mediaDir, name), bytes),
          remove: async (name) => fs.unlinkSync(path.join(ctx.mediaDir, name)),
        };
        return {};
      }
      const bucket = await s3.server.bucket();
      storage = {
        names: () => bucket.keys(),
        read: async (name) => {
          const object = await bucket.read(name);
          if (!object) throw new Error(`${name} is not in the bucket`);
          return object.bytes;
        },
        write: (name, bytes) => bucket.write(name, bytes),
        remove: (name) => bucket.remove(name),
      };
      return bucket.env;
    },
  });

  const upload = (bytes: Buffer, filename: string, contentType: string) =>
    ctx.admin.post('/api/admin/media').attach('file', bytes, { filename, contentType });

  const uploaded = async (bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => {
    const res = await upload(bytes, filename, contentType);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.media as UploadedMedia;
  };

  /** The stored bytes of an image's URL. */
  const fileOf = (url: string) => storage.read(url.replace(/^\/media\//, ''));
  const rowOf = async (id: string) => (await ctx.database.db.select().from(media).where(eq(media.id, id)))[0];
  const filesOfId = async (id: string) => (await storage.names()).filter((name) => name.startsWith(id));

  describe('POST /api/admin/media: accepted images', () => {
    it('turns a sideways phone JPEG upright, in WebP, without its EXIF data', async () => {
      const item = await uploaded(await sidewaysJpeg(), 'Réunion équipe.jpg');
      // Upright it is 600 x 1200: only the 480 width fits.
      expect(item.url).toBe(`/media/${item.id}.480.webp`);
      expect(item).toMatchObject({ width: 480, height: 960, variants: { '480': item.url } });
      expect(item.srcset).toBe(`${item.url} 480w`);

      const stored = await fileOf(item.url);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 480, height: 960 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('Secret-Exif-Marie')).toBe(false);

      const row = await rowOf(item.id);
      expect(row).toMatchObject({
        originalName: 'Réunion équipe.jpg',
        mimeType: 'image/jpeg',
        width: 600,
        height: 1200,
        variants: { '480': `${item.id}.480.webp` },
        uploadedBy: ctx.admin.user.id,
      });
      const [log] = await ctx.database.db
        .select()
        .from(activityLogs)
        .where(
          and(
            eq(activityLogs.type, 'media.uploaded'),
            eq(activityLogs.title, 'Image envoyée : Réunion équipe.jpg'),
          ),
        );
      expect(log?.userId).toBe(ctx.admin.user.id);
    });

    it('draws an SVG logo into transparent WebP files, sharp at twice a logo’s size, with nothing of its markup kept', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Exported by a design tool -->\n' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 50">' +
          '<defs><linearGradient id="g"><stop offset="0" stop-color="#16a34a"/><stop offset="1" stop-color="#0b2e1a"/></linearGradient></defs>' +
          '<rect x="0" y="0" width="50" height="50" rx="10" fill="url(#g)"/><use xlink:href="#g"/>' +
          '<rect x="60" y="15" width="140" height="20" fill="#0b2e1a"/><desc>Marque-Secrète</desc></svg>',
      );
      const item = await uploaded(svg, 'Logo Kin Textiles.svg', 'image/svg+xml');
      // Its longest side drawn at 960 px: the 480 and 960 widths.
      expect(Object.keys(item.variants)).toEqual(['480', '960']);
      expect(item).toMatchObject({ url: item.variants['960'], width: 960, height: 240 });
      const stored = await fileOf(item.url);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 960, height: 240, hasAlpha: true });
      expect(stored.includes('Marque-Secrète')).toBe(false);
      // Drawn: green on the left, transparent where the SVG drew nothing.
      const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
      ];
      expect(pixel(20, 120)[3]).toBe(255);
      expect(pixel(20, 120)[1]).toBeGreaterThan(pixel(20, 120)[0] ?? 0);
      expect(pixel(600, 20)[3]).toBe(0);
      expect(await rowOf(item.id)).toMatchObject({ mimeType: 'image/svg+xml', width: 960, height: 240 });
    });

    it('makes every width a wide image can fill, the largest being the url', async () => {
      const item = await uploaded(await widePng(), 'bandeau.png', 'image/png');
      expect(Object.keys(item.variants)).toEqual(['480', '960', '1600']);
      expect(item.url).toBe(item.variants['1600']);
      expect(item).toMatchObject({ width: 1600, height: 282 });
      expect(item.srcset).toBe(
        `${item.variants['480']} 480w, ${item.variants['960']} 960w, ${item.variants['1600']} 1600w`,
      );
      // Public pages store only the URL; the same srcset comes back from it.
      expect(mediaSrcset(item.url)).toBe(item.srcset);
      expect(mediaSrcset('https://images.example.com/a.jpg')).toBeUndefined();
      for (const [width, url] of Object.entries(item.variants)) {
        const meta = await sharp(await fileOf(url)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(Number(width));
      }
    });

    it('keeps a small image at its own width, never enlarged', async () => {
      const item = await uploaded(await smallWebp(), 'logo.webp', 'image/webp');
      expect(item.variants).toEqual({ '300': `/media/${item.id}.300.webp` });
      expect(mediaSrcset(item.url)).toBe(`/media/${item.id}.300.webp 300w`);
      expect((await rowOf(item.id))?.mimeType).toBe('image/webp');
    });

    it('believes the content, not the name: a PNG named photo.jpg sent as image/jpeg is a PNG', async () => {
      const item = await uploaded(await noise(500, 500).png().toBuffer(), 'photo.jpg', 'image/jpeg');
      expect((await rowOf(item.id))?.mimeType).toBe('image/png');
      expect((await sharp(await fileOf(item.url)).metadata()).format).toBe('webp');
    });

    it('accepts a photo just under 5 MB (incompressible noise, as a camera PNG)', async () => {
      const big = await sharp({
        create: {
          width: 1250,
          height: 1250,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 1 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(big.length).toBeLessThan(5 * 1024 * 1024);
      const item = await uploaded(big, 'appareil.png', 'image/png');
      expect(Object.keys(item.variants)).toEqual(['480', '960']);
      expect((await rowOf(item.id))?.byteSize).toBe(big.length);
    });

    it('lists the latest uploads with their original name and detected type', async () => {
      const item = await uploaded(await smallJpeg(), 'liste-unique.jpg');
      const res = await ctx.admin.get('/api/admin/media');
      expect(res.status).toBe(200);
      const found = (res.body.items as MediaItem[]).find((i) => i.id === item.id);
      expect(found).toMatchObject({
        originalName: 'liste-unique.jpg',
        mimeType: 'image/jpeg',
        url: item.url,
      });
      expect((res.body.items as MediaItem[])[0]?.id).toBe(item.id);
    });
  });

  describe('POST /api/admin/media: refused files', () => {
    // The rows and files there were when the test began: a refused file adds neither.
    let before = { rows: 0, files: 0 };
    beforeEach(async () => {
      before = { rows: await ctx.database.db.$count(media), files: (await storage.names()).length };
    });
    /** The answer (an upload's, say) is the refusal `status` with `message`, and nothing is stored. */
    const expectRefused = async (
      answer: request.Response | PromiseLike<request.Response>,
      status: number,
      message: string,
    ) => {
      const res = await answer;
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.message).toBe(message);
      // Nothing stored: no row, no file.
      expect(await ctx.database.db.$count(media)).toBe(before.rows);
      expect((await storage.names()).length).toBe(before.files);
    };

    it('refuses an SVG with script, entities or external files with 415, whatever name and type it comes with', async () => {
      const svg = (body: string, prolog = '') =>
        Buffer.from(`${prolog}<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`);
      const script = svg('<script>alert(1)</script>');
      await expectRefused(upload(script, 'logo.svg', 'image/svg+xml'), 415, MEDIA_MESSAGES.hiddenCode);
      await expectRefused(upload(script, 'logo.png', 'image/png'), 415, MEDIA_MESSAGES.hiddenCode);
      await expectRefused(
        upload(svg('<rect onclick="steal()" width="5" height="5"/>'), 'logo.svg', 'image/svg+xml'),
        415,
        MEDIA_MESSAGES.hiddenCode,
      );
      // The billion laughs: entities expanding into each other.
      const laughs = svg(
        '<text>&lol3;</text>',
        '<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;">]>',
      );
      await expectRefused(upload(laughs, 'logo.svg', 'image/svg+xml'), 415, MEDIA_MESSAGES.svgEntities);
      for (const external of [
        '<image href="file:///etc/passwd" width="5" height="5"/>',
        '<image xlink:href="https://tracker.example/pixel.png" width="5" height="5"/>',
        '<rect width="5" height="5" style="fill: url(https://tracker.example/p)"/>',
        '<style>@import "https://fonts.example/x.css";</style>',
      ]) {
        await expectRefused(
          upload(svg(external), 'logo.svg', 'image/svg+xml'),
          415,
          MEDIA_MESSAGES.svgExternal,
        );
      }
      await expectRefused(
        upload(Buffer.from('<svg><rect'), 'logo.svg', 'image/svg+xml'),
        415,
        MEDIA_MESSAGES.unreadable,
      );
    });

    it('refuses a GIF, a TIFF and an HTML page named .png with 415', async () => {
      await expectRefused(upload(GIF_1PX, 'anim.gif', 'image/gif'), 415, MEDIA_MESSAGES.wrongType);
      const tiff = await noise(20, 20).tiff().toBuffer();
      await expectRefused(upload(tiff, 'scan.jpg', 'image/jpeg'), 415, MEDIA_MESSAGES.wrongType);
      const html = Buffer.from(
        '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      );
      await expectRefused(upload(html, 'photo.png', 'image/png'), 415, MEDIA_MESSAGES.wrongType);
    });

    it('refuses polyglots: a real JPEG or GIF carrying HTML or script', async () => {
      const jpegWithHtml = Buffer.concat([
        await smallJpeg(),
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]);
      await expectRefused(upload(jpegWithHtml, 'photo.jpg', 'image/jpeg'), 415, MEDIA_MESSAGES.hiddenCode);
      // The payload in a JPEG comment segment, the file still a valid JPEG.
      const jpeg = await smallJpeg();
      const comment = Buffer.from('<script src=//evil.example/x.js></script>');
      const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
      const jpegWithComment = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
      expect((await sharp(jpegWithComment).metadata()).format).toBe('jpeg');
      await expectRefused(upload(jpegWithComment, 'photo.jpg', 'image/jpeg'), 415, MEDIA_MESSAGES.hiddenCode);
      const gifar = Buffer.concat([GIF_1PX, Buffer.from('<script>alert(1)</script>')]);
      await expectRefused(upload(gifar, 'photo.gif', 'image/gif'), 415, MEDIA_MESSAGES.wrongType);
      const jpegStartThenHtml = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('<body onload=alert(1)>'),
      ]);
      await expectRefused(
        upload(jpegStartThenHtml, 'photo.jpg', 'image/jpeg'),
        415,
        MEDIA_MESSAGES.hiddenCode,
      );
    });

    it('stores none of the extra bytes of an image carrying data without markup', async () => {
      const withTrailer = Buffer.concat([await smallJpeg(), Buffer.from('TRAILER-PAYLOAD-7f3a')]);
      const item = await uploaded(withTrailer, 'trailer.jpg');
      expect((await fileOf(item.url)).includes('TRAILER-PAYLOAD-7f3a')).toBe(false);
    });

    it('refuses a truncated or fake image it cannot decode in full', async () => {
      const jpeg = await noise(400, 300).jpeg().toBuffer();
      const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
      await expectRefused(upload(truncated, 'coupee.jpg', 'image/jpeg'), 415, MEDIA_MESSAGES.unreadable);
      const fakeWebp = Buffer.concat([
        Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
        Buffer.alloc(64, 7),
      ]);
      await expectRefused(upload(fakeWebp, 'faux.webp', 'image/webp'), 415, MEDIA_MESSAGES.unreadable);
    });

    it('refuses a file over 5 MB with 413', async () => {
      const sixMegabytes = Buffer.concat([await smallJpeg(), Buffer.alloc(6 * 1024 * 1024, 1)]);
      await expectRefused(upload(sixMegabytes, 'grande.jpg', 'image/jpeg'), 413, MEDIA_MESSAGES.tooLarge);
    });

    it('refuses a file over 5 MB with 413 when its size is not announced (chunked upload)', async () => {
      const boundary = '----media-test-boundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.alloc(6 * 1024 * 1024, 2),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await new Promise<request.Response>((resolve, reject) => {
        const req = ctx.admin
          .post('/api/admin/media')
          .set('Content-Type', `multipart/form-data; boundary=${boundary}`);
        // Written in pieces without a length: the server only finds out while reading.
        req.set('Transfer-Encoding', 'chunked');
        for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.subarray(i, i + 256 * 1024));
        req.end((error, response) => (error ? reject(error) : resolve(response)));
      });
      await expectRefused(res, 413, MEDIA_MESSAGES.tooLarge);
    });

    it('answers a malformed multipart body (cut short, no boundary) with a French 400, never a 500', async () => {
      for (const [contentType, body] of [
        ['multipart/form-data; boundary=xx', '--xx\r\nbroken'],
        [
          'multipart/form-data; boundary=xx',
          '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        ],
        ['multipart/form-data', 'x'],
      ] as const) {
        const res = await ctx.admin.post('/api/admin/media').set('Content-Type', contentType).send(body);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        await expectRefused(res, 400, MEDIA_MESSAGES.notMultipart);
      }
    });

    it('refuses an image over the pixel limit before decoding it', async () => {
      await expectRefused(
        upload(hugePngHeader(), 'immense.png', 'image/png'),
        422,
        MEDIA_MESSAGES.tooManyPixels,
      );
    });

    it('asks for a file when none is sent, and for one only when two are', async () => {
      const none = await ctx.admin.post('/api/admin/media').field('titre', 'sans fichier');
      await expectRefused(none, 400, MEDIA_MESSAGES.missingFile);
      expect(none.body.error.fields).toEqual({ file: MEDIA_MESSAGES.missingFile });
      const jpeg = await smallJpeg();
      const two = await ctx.admin
        .post('/api/admin/media')
        .attach('file', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' })
        .attach('file', jpeg, { filename: 'b.jpg', contentType: 'image/jpeg' });
      await expectRefused(two, 400, MEDIA_MESSAGES.oneFile);
      const json = await ctx.admin.post('/api/admin/media').send({ file: 'data:image/png;base64,AAAA' });
      await expectRefused(json, 415, MEDIA_MESSAGES.notMultipart);
    });

    it('answers 401 without a session and 403 from a foreign origin', async () => {
      const jpeg = await smallJpeg();
      const anonymous = await request(ctx.testApp.app)
        .post('/api/admin/media')
        .set('Origin', TEST_ORIGIN)
        .set('X-Requested-With', 'fetch')
        .set('X-Forwarded-For', nextTestIp())
        .attach('file', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
      expect(anonymous.status).toBe(401);
      expect((await request(ctx.testApp.app).get('/api/admin/media')).status).toBe(401);
      const foreign = await postFromAnotherSite(ctx, '/api/admin/media')
        .set('X-Forwarded-For', nextTestIp())
        .attach('file', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' });
      expect(foreign.status).toBe(403);
      expect(await ctx.database.db.$count(media)).toBe(before.rows);
    });
  });

  describe('GET /media/:name', () => {
    it('serves a stored image as WebP with a year of immutable caching and nosniff', async () => {
      const item = await uploaded(await smallJpeg(), 'servie.jpg');
      const res = await request(ctx.testApp.app).get(item.url).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(res.body as Buffer, await fileOf(item.url))).toBe(0);
      const head = await request(ctx.testApp.app).head(item.url);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
      const overwrite = await request(ctx.testApp.app).put(item.url).send('x');
      expect(overwrite.status).toBe(405);
      expect((await fileOf(item.url)).length).toBeGreaterThan(1);
    });

    it('answers 404 for anything but a generated name: traversal, other files, unknown ids', async () => {
      await storage.write('notes.txt', Buffer.from('secret'));
      const item = await uploaded(await smallJpeg(), 'voisine.jpg');
      const name = item.url.replace('/media/', '');
      const attempts = [
        '/media/notes.txt',
        '/media/../package.json',
        '/media/..%2f..%2fpackage.json',
        '/media/%2e%2e/%2e%2e/package.json',
        `/media/..%2F${name}`,
        `/media/%2fetc%2fpasswd`,
        '/media//etc/passwd',
        `/media/${name}/..`,
        `/media/${name}%00.png`,
        `/media/${name.toUpperCase()}`,
        `/media/.${name}.1.tmp`,
        '/media/00000000-0000-4000-8000-000000000000.480.webp',
        '/media/',
      ];
      for (const url of attempts) {
        const res = await request(ctx.testApp.app).get(url);
        expect(res.status, url).toBe(404);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.text, url).not.toContain('secret');
      }
    });
  });

  describe('DELETE /api/admin/media/:id and releaseMediaUrl', () => {
    it('refuses with 409 while a team member shows the image, deletes it once unused', async () => {
      const item = await uploaded(await smallJpeg(), 'portrait.jpg');
      const member = await insertTeamMember(ctx.database.db, { photoUrl: item.url });
      const inUse = await ctx.admin.delete(`/api/admin/media/${item.id}`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.error.message).toBe(
        'Cette image est encore utilisée par un membre de l’équipe : retirez-la d’abord.',
      );
      expect(await filesOfId(item.id)).toHaveLength(1);

      await ctx.database.db.update(teamMembers).set({ photoUrl: null }).where(eq(teamMembers.id, member.id));
      const deleted = await ctx.admin.delete(`/api/admin/media/${item.id}`);
      expect(deleted.status).toBe(204);
      expect(await rowOf(item.id)).toBeUndefined();
      expect(await filesOfId(item.id)).toHaveLength(0);
      expect((await request(ctx.testApp.app).get(item.url)).status).toBe(404);
      const logs = await activitiesOfType(ctx.database.db, 'media.deleted');
      expect(
        logs.some((l) => l.title === 'Image supprimée : portrait.jpg' && l.userId === ctx.admin.user.id),
      ).toBe(true);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = await ctx.admin.delete('/api/admin/media/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Image introuvable.');
      expect((await ctx.admin.delete('/api/admin/media/pas-un-id')).status).toBe(400);
    });

    it('releases a replaced image: deleted when unused, kept while referenced anywhere', async () => {
      const { deps } = ctx.testApp;
      const old = await uploaded(await widePng(), 'ancienne.png', 'image/png');
      const cover = await uploaded(await smallJpeg(), 'couverture.jpg');
      const inline = await uploaded(await smallJpeg(), 'dans-le-texte.jpg');
      await insertPost(ctx.database.db, { coverImage: cover.variants['64'] });
      await insertPost(ctx.database.db, { content: `Voir ![schéma](${inline.url}) ci-dessous.` });

      // Any variant of the released image counts: the smallest URL releases the whole upload.
      await releaseMediaUrl(deps, old.variants['480']);
      expect(await rowOf(old.id)).toBeUndefined();
      expect(await filesOfId(old.id)).toEqual([]);
      expect((await request(ctx.testApp.app).get(old.url)).status).toBe(404);

      await releaseMediaUrl(deps, cover.url);
      await releaseMediaUrl(deps, inline.url);
      expect(await rowOf(cover.id)).toBeDefined();
      expect(await rowOf(inline.id)).toBeDefined();
      expect((await request(ctx.testApp.app).get(cover.url)).status).toBe(200);
    });

    it('ignores URLs that are not ours and never throws on files already gone', async () => {
      const { deps } = ctx.testApp;
      const item = await uploaded(await smallJpeg(), 'disparue.jpg');
      for (const name of await filesOfId(item.id)) await storage.remove(name);
      await expect(releaseMediaUrl(deps, item.url)).resolves.toBeUndefined();
      expect(await rowOf(item.id)).toBeUndefined();

      const count = await ctx.database.db.$count(media);
      for (const url of [null, undefined, '', 'https://cdn.example.com/x.jpg', '/media/../../etc/passwd']) {
        await expect(releaseMediaUrl(deps, url)).resolves.toBeUndefined();
      }
      expect(await ctx.database.db.$count(media)).toBe(count);
    });
  });
});

describe('uploaded images while the S3 bucket cannot be reached or refuses the key', () => {
  const ctx = adminTestContext({
    env: async () => ({ ...(await s3.server.bucket()).env, S3_ENDPOINT: await unreachableEndpoint() }),
  });

  it('answers /media with a 503 no cache keeps, never a 404 a browser would believe', async () => {
    const res = await request(ctx.testApp.app).get('/media/00000000-0000-4000-8000-000000000000.480.webp');
    expect(res.status).toBe(503);
    expect(res.text).toBe('Image momentanément indisponible.');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('logs the failure without the secret key, even when the bucket refuses the key', async () => {
    const secret = 'secret-qui-ne-doit-jamais-sortir';
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      ...(await s3.server.bucket()).env,
      S3_ACCESS_KEY_ID: 'CLE-INCONNUE',
      S3_SECRET_ACCESS_KEY: secret,
    });
    const lines: string[] = [];
    const logger = createLogger(env, { destination: { write: (line: string) => lines.push(line) } });
    const app = createApp(createAppDeps({ database: ctx.database, env, logger }));
    const res = await request(app).get('/media/00000000-0000-4000-8000-000000000000.480.webp');
    expect(res.status).toBe(503);
    const log = lines.join('');
    expect(log).toContain('media store unavailable');
    expect(log).toContain('InvalidAccessKeyId');
    expect(log).not.toContain(secret);
  });

  it('refuses an upload with a French error and records nothing', async () => {
    const before = await ctx.database.db.$count(media);
    const res = await ctx.admin
      .post('/api/admin/media')
      .attach('file', await smallJpeg(), { filename: 'perdue.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body.error.message).toBe(
      'Le stockage des images ne répond pas\u00a0: l’image n’a pas été enregistrée. Réessayez dans quelques instants.',
    );
    expect(await ctx.database.db.$count(media)).toBe(before);
  });
});
