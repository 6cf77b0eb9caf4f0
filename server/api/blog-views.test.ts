import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { blogPosts } from '#db/schema.ts';
import { SEED_POSTS } from '#db/seed-data.ts';
import { insertPost, storedRow } from '#tests/helpers/factories.ts';
import { seededAppContext } from '#tests/helpers/seeded-database.ts';

const ctx = seededAppContext();

const storedPost = (slug: string) =>
  storedRow(ctx.database.db, blogPosts, eq(blogPosts.slug, slug), `post ${slug}`);

describe('POST /api/blog/:slug/views', () => {
  it('adds exactly one view per call, answers 204 without a body and is never cached', async () => {
    const slug = SEED_POSTS[0]?.slug as string;
    const before = await storedPost(slug);
    const res = await request(ctx.app).post(`/api/blog/${slug}/views`).expect(204);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await storedPost(slug)).views).toBe(before.views + 1);
    await request(ctx.app).post(`/api/blog/${slug}/views`).expect(204);
    const after = await storedPost(slug);
    expect(after.views).toBe(before.views + 2);
    // A view is not an edit: the sitemap's lastmod and the article's dateModified stay put.
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
  });

  it('shows the new count in the public API', async () => {
    const post = await insertPost(ctx.database.db, { views: 0 });
    await request(ctx.app).post(`/api/blog/${post.slug}/views`).expect(204);
    const res = await request(ctx.app).get(`/api/blog/${post.slug}`).expect(200);
    expect(res.body.views).toBe(1);
  });

  it('counts concurrent readers without losing any', async () => {
    const post = await insertPost(ctx.database.db, { views: 10 });
    await Promise.all(
      Array.from({ length: 10 }, () => request(ctx.app).post(`/api/blog/${post.slug}/views`).expect(204)),
    );
    expect((await storedPost(post.slug)).views).toBe(20);
  });

  it('accepts what navigator.sendBeacon sends: an empty text/plain body', async () => {
    const post = await insertPost(ctx.database.db, { views: 0 });
    await request(ctx.app)
      .post(`/api/blog/${post.slug}/views`)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send('')
      .expect(204);
    expect((await storedPost(post.slug)).views).toBe(1);
  });

  it('answers a JSON 404 for an unknown post and leaves an unpublished one untouched', async () => {
    const unknown = await request(ctx.app).post('/api/blog/article-inexistant/views').expect(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'Article introuvable.' });
    const draft = await insertPost(ctx.database.db, { isPublished: false, views: 0 });
    const res = await request(ctx.app).post(`/api/blog/${draft.slug}/views`).expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await storedPost(draft.slug)).views).toBe(0);
  });

  it('answers 400 with a French message for a malformed slug', async () => {
    const res = await request(ctx.app).post('/api/blog/Bad_Slug!/views').expect(400);
    expect(res.body.error.fields.slug).toBe('Adresse d’article invalide.');
    await request(ctx.app)
      .post(`/api/blog/${'a'.repeat(300)}/views`)
      .expect(400);
  });

  it('refuses another site’s page (cross-site beacon or foreign Origin) without counting', async () => {
    const post = await insertPost(ctx.database.db, { views: 5 });
    const crossSite = await request(ctx.app)
      .post(`/api/blog/${post.slug}/views`)
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(crossSite.body.error).toEqual({ code: 'cross_site', message: 'Requête refusée (autre site).' });
    await request(ctx.app)
      .post(`/api/blog/${post.slug}/views`)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect((await storedPost(post.slug)).views).toBe(5);
    // The site's own page, as Chromium sends its beacon.
    await request(ctx.app)
      .post(`/api/blog/${post.slug}/views`)
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Origin', 'http://localhost:3000')
      .expect(204);
    expect((await storedPost(post.slug)).views).toBe(6);
  });

  it('counts at most 60 views an hour from one address (French 429), other readers unaffected', async () => {
    const post = await insertPost(ctx.database.db, { views: 0 });
    const from = (ip: string) =>
      request(ctx.app).post(`/api/blog/${post.slug}/views`).set('X-Forwarded-For', ip);
    for (let i = 0; i < 60; i++) await from('10.9.9.9').expect(204);
    const refused = await from('10.9.9.9').expect(429);
    expect(refused.body.error.message).toMatch(/^Trop de demandes envoyées depuis votre connexion/);
    expect(refused.headers['retry-after']).toBeDefined();
    await from('10.9.9.10').expect(204);
    expect((await storedPost(post.slug)).views).toBe(61);
  });

  it('is POST only: a GET on the views URL changes nothing', async () => {
    const post = await insertPost(ctx.database.db, { views: 3 });
    await request(ctx.app).get(`/api/blog/${post.slug}/views`).expect(404);
    expect((await storedPost(post.slug)).views).toBe(3);
  });
});

describe('reading a post never counts a view', () => {
  it('leaves the count unchanged after GET /api/blog/:slug and GET /api/blog', async () => {
    const slug = SEED_POSTS[1]?.slug as string;
    const before = (await storedPost(slug)).views;
    for (let i = 0; i < 3; i++) {
      const res = await request(ctx.app).get(`/api/blog/${slug}`).expect(200);
      expect(res.body.views).toBe(before);
    }
    await request(ctx.app).get('/api/blog').expect(200);
    await request(ctx.app).head(`/api/blog/${slug}`).expect(200);
    expect((await storedPost(slug)).views).toBe(before);
  });
});
