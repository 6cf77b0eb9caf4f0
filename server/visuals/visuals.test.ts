import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileName } from '#common/schemas/media.ts';
import { type CoverImage, pageShareImage, type ShareImage } from '#common/visuals.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { blogPosts } from '#db/schema.ts';
import { insertCaseStudy, insertPost } from '#tests/helpers/factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { visualFiles } from './routes.ts';
import { createVisualStore } from './store.ts';

let database: DatabaseHandle;
let dataDir: string;
let app: ReturnType<typeof createTestApp>['app'];
let deps: ReturnType<typeof createTestApp>['deps'];

beforeAll(async () => {
  database = await createSeededDatabase({ content: true, compile: false });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'visuals-test-'));
  ({ app, deps } = createTestApp(database, { DATA_DIR: dataDir }));
});
afterAll(async () => {
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** GET with the body as bytes, whatever the content type. */
function getBytes(target: express.Express, url: string) {
  return request(target)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** Every `url width` pair of a srcset. */
function candidates(srcset: string) {
  return srcset.split(', ').map((entry) => {
    const [url, width] = entry.split(' ');
    return { url: url as string, width: Number(width?.replace('w', '')) };
  });
}

function expectImmutableImageHeaders(headers: Record<string, string>, type: string) {
  expect(headers['content-type']).toBe(type);
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
}

async function firstPublicPost() {
  const res = await request(app).get('/api/blog').expect(200);
  return res.body.items[0] as {
    id: string;
    slug: string;
    title: string;
    cover: CoverImage;
    shareImage: ShareImage;
  };
}

// Rendering is CPU work: on a busy 2-core machine a few renders take tens of seconds.
describe('generated covers', { timeout: 90_000 }, () => {
  it('serve every width of a post cover in AVIF and WebP, 3:2, with year-long immutable caching', async () => {
    const post = await firstPublicPost();
    expect(post.cover.uploaded).toBe(false);
    expect(post.cover.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    const files = post.cover.sources.flatMap((source) => {
      const list = candidates(source.srcset);
      expect(list.map((c) => c.width)).toEqual([480, 800, 1200]);
      return list.map((c) => ({ ...c, type: source.type }));
    });
    await Promise.all(
      files.map(async ({ url, width, type }) => {
        const res = await getBytes(app, url).expect(200);
        expectImmutableImageHeaders(res.headers, type);
        const meta = await sharp(res.body as Buffer).metadata();
        expect(meta.format).toBe(type === 'image/avif' ? 'heif' : 'webp');
        expect([meta.width, meta.height]).toEqual([width, Math.round((width * 2) / 3)]);
      }),
    );
  });

  it('draws the key figures of a case study on its cover', async () => {
    const res = await request(app).get('/api/portfolio').expect(200);
    const study = res.body[0] as { cover: CoverImage; results: unknown[] };
    expect(study.results.length).toBeGreaterThan(0);
    const [webp] = study.cover.sources.filter((s) => s.type === 'image/webp');
    const url = candidates(webp?.srcset ?? '').find((c) => c.width === 800)?.url as string;
    const image = await getBytes(app, url).expect(200);
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ width: 800, height: 533 });
    // Another case study with other figures gets another image.
    const other = await insertCaseStudy(database.db, {
      isPublished: true,
      results: [{ label: 'Abonnés', value: '+5 000' }],
    });
    const list = await request(app).get('/api/portfolio').expect(200);
    const otherCover = (list.body as { id: string; cover: CoverImage }[]).find(
      (c) => c.id === other.id,
    )?.cover;
    expect(otherCover?.src).not.toBe(study.cover.src);
    const otherImage = await getBytes(app, otherCover?.src as string).expect(200);
    const a = await sharp(image.body as Buffer)
      .resize(800, 533)
      .raw()
      .toBuffer();
    const b = await sharp(otherImage.body as Buffer)
      .raw()
      .toBuffer();
    expect(a.equals(b)).toBe(false);
  });

  it('keeps the cover when the title changes (it does not print it) but not the share image; a new category redirects the old cover', async () => {
    const post = await insertPost(database.db, { title: 'Un premier titre', category: 'branding' });
    const read = async () =>
      (await request(app).get(`/api/blog/${post.slug}`).expect(200)).body as {
        cover: CoverImage;
        shareImage: ShareImage;
      };
    const before = await read();
    await getBytes(app, before.cover.src).expect(200);
    await database.db
      .update(blogPosts)
      .set({ title: 'Un titre tout à fait différent, avec des accents : éèàçœ' })
      .where(eq(blogPosts.id, post.id));
    const retitled = await read();
    expect(retitled.cover.src).toBe(before.cover.src);
    expect(retitled.shareImage.url).not.toBe(before.shareImage.url);

    await database.db.update(blogPosts).set({ category: 'analytics' }).where(eq(blogPosts.id, post.id));
    const after = await read();
    expect(after.cover.src).not.toBe(before.cover.src);
    const stale = await request(app).get(before.cover.src).expect(307);
    expect(stale.headers.location).toBe(after.cover.src);
    expect(stale.headers['cache-control']).toBe('no-store');
    await getBytes(app, after.cover.src).expect(200);
  });

  it('renders once for a burst of requests, then serves the stored file', async () => {
    const store = createVisualStore({ directory: path.join(dataDir, 'burst'), logger: deps.logger });
    const burstApp = express().use('/visuals', visualFiles(deps, store));
    const post = await firstPublicPost();
    const url = candidates(post.cover.sources[1]?.srcset ?? '')[0]?.url as string;
    const answers = await Promise.all(Array.from({ length: 6 }, () => getBytes(burstApp, url)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => (a.body as Buffer).toString('base64'))).size).toBe(1);
    expect(store.renderCount).toBe(1);
    await getBytes(burstApp, url).expect(200);
    expect(store.renderCount).toBe(1);
    await fs.access(path.join(dataDir, 'burst', 'cover', url.split('/').pop() as string));
  });
});

describe('share images (og:image)', { timeout: 90_000 }, () => {
  it('are 1200x630 PNG files for static pages, services and posts', async () => {
    const service = (await request(app).get('/api/services/parents').expect(200)).body[0] as {
      id: string;
      title: string;
    };
    const servicePage = await request(app).get(`/api/services/${service.id}`).expect(200);
    const { serviceShareImage } = await import('#common/visuals.ts');
    const post = await firstPublicPost();
    const urls = [
      pageShareImage('home').url,
      pageShareImage('legal.cookies').url,
      pageShareImage('blog.branding').url,
      serviceShareImage({
        id: service.id,
        title: servicePage.body.title,
        parentTitle: servicePage.body.parent?.title ?? null,
      }).url,
      post.shareImage.url,
    ];
    for (const url of urls) {
      const res = await getBytes(app, url).expect(200);
      expectImmutableImageHeaders(res.headers, 'image/png');
      expect(await sharp(res.body as Buffer).metadata()).toMatchObject({
        format: 'png',
        width: 1200,
        height: 630,
      });
    }
  });

  it('answer HEAD without a body and refuse other methods', async () => {
    const url = pageShareImage('about').url;
    const head = await request(app).head(url).expect(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1000);
    const post = await request(app).post(url).expect(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('uploaded images win', { timeout: 90_000 }, () => {
  it('replace the generated cover and become the share image, cropped to 1200x630 JPEG', async () => {
    // An upload as server/media writes it: `<uuid>.<width>.webp` variants in MEDIA_DIR.
    const id = '0b5d6a8e-3f3c-4c1e-9a7e-2f4b8d9c1a00';
    const mediaDir = path.join(dataDir, 'media');
    await fs.mkdir(mediaDir, { recursive: true });
    for (const width of [480, 960, 1600]) {
      const photo = await sharp({
        create: { width, height: Math.round(width * 0.75), channels: 3, background: '#dc2626' },
      })
        .webp()
        .toBuffer();
      await fs.writeFile(path.join(mediaDir, mediaFileName(id, width)), photo);
    }
    const upload = `/media/${mediaFileName(id, 1600)}`;
    const post = await insertPost(database.db, { coverImage: upload });
    const body = (await request(app).get(`/api/blog/${post.slug}`).expect(200)).body as {
      cover: CoverImage;
      shareImage: ShareImage;
    };
    expect(body.cover).toMatchObject({ src: upload, uploaded: true });
    expect(body.cover.sources).toEqual([
      {
        type: 'image/webp',
        srcset: `/media/${mediaFileName(id, 480)} 480w, /media/${mediaFileName(id, 960)} 960w, ${upload} 1600w`,
      },
    ]);
    expect(body.shareImage).toMatchObject({ type: 'image/jpeg', width: 1200, height: 630 });
    const res = await getBytes(app, body.shareImage.url).expect(200);
    expectImmutableImageHeaders(res.headers, 'image/jpeg');
    const image = sharp(res.body as Buffer);
    expect(await image.metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The photo itself (solid red), not the green generated visual.
    const { dominant } = await image.stats();
    expect(dominant.r).toBeGreaterThan(180);
    expect(dominant.g).toBeLessThan(80);

    const study = await insertCaseStudy(database.db, { isPublished: true, imageUrl: upload });
    const list = (await request(app).get('/api/portfolio').expect(200)).body as {
      id: string;
      cover: CoverImage;
    }[];
    expect(list.find((c) => c.id === study.id)?.cover).toMatchObject({ src: upload, uploaded: true });
  });
});

describe('unknown names', { timeout: 90_000 }, () => {
  it('answer 404, never cached, for anything the server did not generate', async () => {
    const post = await firstPublicPost();
    const unpublished = await insertPost(database.db, { isPublished: false, publishedAt: null });
    const validHash = post.cover.src.split('-').pop()?.split('.')[0] as string;
    const names = [
      '/visuals/cover/post-00000000-0000-4000-8000-000000000000-abcdefghijk.800.webp',
      `/visuals/cover/post-${unpublished.id}-${validHash}.800.webp`,
      `/visuals/cover/post-${post.id}-${validHash}.640.webp`,
      `/visuals/cover/post-${post.id}-${validHash}.800.png`,
      `/visuals/cover/POST-${post.id}-${validHash}.800.webp`,
      `/visuals/cover/case-${post.id}-${validHash}.800.webp`,
      '/visuals/og/page-nope-abcdefghijk.png',
      '/visuals/og/page-__proto__-abcdefghijk.png',
      '/visuals/og/page-toString-abcdefghijk.png',
      `/visuals/og/service-${post.id}-abcdefghijk.png`,
      '/visuals/og/..%2f..%2fpackage.json',
      '/visuals/og/%2e%2e/%2e%2e/package.json',
      '/visuals/cover/../../package.json',
      '/visuals/other/page-home-abcdefghijk.png',
      '/visuals/og',
      '/visuals/',
    ];
    for (const url of names) {
      const res = await request(app).get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
    }
  });
});
