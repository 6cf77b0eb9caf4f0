/**
 * The response cache on the public API (docs/decisions/031), on a real database with
 * the content triggers of migration 0006 and the event bus listening, as an instance runs it.
 */
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { blogPosts, services as servicesTable } from '#db/schema.ts';
import { insertPost, insertService, insertTeamMember } from '#tests/helpers/factories.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { AppDeps } from '../app-deps.ts';
import { cacheKey, isSharedPage } from './response-cache.ts';

let database: DatabaseHandle;
let app: ReturnType<typeof createTestApp>['app'];
let deps: AppDeps;

beforeEach(async () => {
  database = await createTestDatabase();
  ({ app, deps } = createTestApp(database));
  await deps.events.start();
});
afterEach(async () => {
  await deps.events.stop();
  await database.close();
});

const titles = (body: { title: string }[]) => body.map((s) => s.title);

/**
 * Runs a write and waits until this instance has heard the database announce it. An answer made
 * while the announcement is on its way is served but not kept, so a test that counts hits starts
 * reading after it: on a busy machine the announcement can come after the first read.
 */
async function written<T>(table: string, write: () => Promise<T>): Promise<T> {
  let stopListening = () => {};
  const heard = new Promise<void>((resolve) => {
    stopListening = deps.events.subscribe((event) => {
      if (event.type === 'content.changed' && event.data.table === table) resolve();
    });
  });
  try {
    const result = await write();
    await heard;
    return result;
  } finally {
    stopListening();
  }
}

/** A change reaches the cache when its transaction commits, through the database's notification. */
async function untilMiss(path: string, expected: (body: unknown) => boolean) {
  await expect.poll(async () => expected((await request(app).get(path)).body)).toBe(true);
}

describe('response cache', () => {
  it('makes an answer once, then serves it with an ETag and a 304 for a client that has it', async () => {
    await written('services', () => insertService(database.db, { title: 'Stratégie digitale' }));
    const first = await request(app).get('/api/services').set('Accept-Encoding', 'br, gzip').expect(200);
    const again = await request(app).get('/api/services').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(titles(again.body)).toContain('Stratégie digitale');
    expect([first.headers['x-cache'], again.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(deps.responseCache?.stats()).toMatchObject({ entries: 1, misses: 1, hits: 1 });
    const notModified = await request(app)
      .get('/api/services')
      .set('If-None-Match', String(first.headers.etag));
    expect(notModified.status).toBe(304);
    expect(notModified.text ?? '').toBe('');
  });

  it('a change to a table drops exactly the answers made from it, whoever wrote it', async () => {
    const service = await written('services', () => insertService(database.db, { title: 'Avant' }));
    await written('team_members', () => insertTeamMember(database.db, { name: 'Awa Kabila' }));
    await request(app).get('/api/services').expect(200);
    await request(app).get('/api/team').expect(200);
    expect(deps.responseCache?.stats().entries).toBe(2);

    // Written straight to the database, as a script or another instance would.
    await database.db.update(servicesTable).set({ title: 'Après' }).where(eq(servicesTable.id, service.id));
    await untilMiss('/api/services', (body) => titles(body as { title: string }[]).includes('Après'));
    // The team's answer was not made from services: still kept.
    const hitsBefore = deps.responseCache?.stats().hits ?? 0;
    await request(app).get('/api/team').expect(200);
    expect(deps.responseCache?.stats().hits).toBe(hitsBefore + 1);
  });

  it("a reader counted on a post drops the API’s blog answers (they show views), never the pages' reads", async () => {
    await written('blog_posts', () =>
      insertPost(database.db, { slug: 'un-article', title: 'Un article', isPublished: true }),
    );
    // A page's read of the same posts (the blog page does not show views), kept under its own key.
    app.get('/page-du-blog', (req, res) =>
      deps.responseCache?.serve(req, res, '/page-du-blog', async () => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(await deps.content.listPosts({ page: 1, pageSize: 9 }))),
      })),
    );
    await request(app).get('/page-du-blog').expect(200);
    await request(app).get('/api/blog').expect(200);
    await request(app).get('/api/blog/un-article').expect(200);
    await request(app).get('/api/services').expect(200);
    await request(app).post('/api/blog/un-article/views').set('X-Requested-With', 'fetch').expect(204);
    await untilMiss('/api/blog/un-article', (body) => (body as { views: number }).views === 1);
    await untilMiss('/api/blog', (body) =>
      (body as { items: { slug: string; views: number }[] }).items.some((p) => p.views === 1),
    );
    // Neither services nor the page's read of the posts showed the counter: still kept.
    expect((await request(app).get('/api/services')).headers['x-cache']).toBe('hit');
    expect((await request(app).get('/page-du-blog')).headers['x-cache']).toBe('hit');

    await database.db
      .update(blogPosts)
      .set({ title: 'Nouveau titre' })
      .where(eq(blogPosts.slug, 'un-article'));
    await untilMiss('/api/blog', (body) =>
      (body as { items: { title: string }[] }).items.some((p) => p.title.startsWith('Nouveau titre')),
    );
  });

  it('keeps nothing while the event bus does not listen (a change could not reach it)', async () => {
    await deps.events.stop();
    await insertService(database.db, { title: 'Premier' });
    await request(app).get('/api/services').expect(200);
    await request(app).get('/api/services').expect(200);
    expect(deps.responseCache?.stats()).toMatchObject({ entries: 0, hits: 0 });
    await deps.events.start();
    await request(app).get('/api/services').expect(200);
    expect(deps.responseCache?.stats().entries).toBe(1);
  });

  it('a visit from a shared link (fbclid, utm_*) gets the answer kept for the page itself', async () => {
    expect(cacheKey('/blog?utm_source=whatsapp&page=2&fbclid=IwAR0x')).toBe('/blog?page=2');
    expect(cacheKey('/?gclid=abc&utm_medium=social')).toBe('/');
    expect(cacheKey('/services')).toBe('/services');
    await request(app).get('/api/services').expect(200);
    const shared = await request(app)
      .get('/api/services?fbclid=IwAR2-un-clic&utm_source=facebook')
      .expect(200);
    expect(shared.headers['x-cache']).toBe('hit');
    const other = await request(app).get('/api/blog?page=1').expect(200);
    expect(other.headers['x-cache']).toBe('miss');
  });

  it('errors and refused queries are never kept', async () => {
    await request(app).get('/api/services/00000000-0000-4000-8000-000000000000').expect(404);
    await request(app).get('/api/blog?page=zero').expect(400);
    await request(app).get('/api/blog/article-inconnu').expect(404);
    expect(deps.responseCache?.stats().entries).toBe(0);
  });
});

describe('pages kept for every visitor', () => {
  it('never keeps a page React Router would route to the back-office or a personal page, however the address is written', () => {
    const personal = [
      '/admin',
      '/Admin',
      '/ADMIN/dashboard',
      '/admin/',
      '/admin.data',
      '/admin/_.data',
      '/Admin/Contacts.data?_routes=routes%2Fadmin%2Fcontacts',
      '/%61dmin',
      '/%41DMIN/login',
      '/admin%2Fdashboard',
      '//admin',
      '/blog/../admin',
      '/blog/%2e%2e/admin',
      '/appel-decouverte.data?token=abc',
      '/Appel-Decouverte?token=abc',
      '/appel-decouverte/?token=abc',
      '/newsletter/manage.data?token=x',
      '/NEWSLETTER/Confirm?token=x',
      '/newsletter/unsubscribe/_.data?token=x',
      '/newsletter/%6Danage?token=x',
      '/apercu.data?token=x',
      '/%61percu?token=x',
    ];
    for (const url of personal) expect(isSharedPage(url), url).toBe(false);
    const shared = [
      '/',
      '/_.data',
      '/blog',
      '/blog.data',
      '/Blog?page=2',
      '/administration',
      '/blog/admin',
      '/newsletter/welcome',
    ];
    for (const url of shared) expect(isSharedPage(url), url).toBe(true);
  });
});
