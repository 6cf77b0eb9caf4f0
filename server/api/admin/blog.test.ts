import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { activityLogs, blogPosts } from '#db/schema.ts';
import { publishDuePosts } from '#server/admin/blog.ts';
import { adminContentApi, expectUnauthorized, postFromAnotherSite } from '#tests/helpers/admin-content.ts';
import { adminTestContext, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { activitiesOfType } from '#tests/helpers/factories.ts';
import { expectInvalidFields } from '#tests/helpers/field-errors.ts';
import { aBlogPostInput } from '#tests/helpers/request-factories.ts';
import { currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';

const ctx = adminTestContext();

type Post = {
  id: string;
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  coverImage: string | null;
  content: string;
  isPublished: boolean;
  publishedAt: string | null;
  views: number;
};

let counter = 0;
const unique = (label: string) => `${label} ${++counter} ${randomUUID().slice(0, 6)}`;

const api = adminContentApi<Post>(ctx, '/api/admin/blog', { item: 'post', list: 'items' });
const create = (overrides: Record<string, unknown> = {}) => api.create(aBlogPostInput(overrides));
const { lastActivity } = api;
const activitiesOf = (type: string) => activitiesOfType(ctx.database.db, type);
const publicationsOf = (id: string) => api.publicationsOf('blog', id);

describe('admin blog API: access', () => {
  it('answers 401 without a session, on reads and writes', async () => {
    await expectUnauthorized(api.anonymousCalls(aBlogPostInput()));
    expect(await ctx.database.db.select().from(blogPosts)).toHaveLength(0);
  });

  it('refuses a write from a foreign Origin with 403 and stores nothing', async () => {
    const res = await postFromAnotherSite(ctx, '/api/admin/blog').send(
      aBlogPostInput({ title: 'Article piégé' }),
    );
    expect(res.status).toBe(403);
    expect(
      await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.title, 'Article piégé')),
    ).toEqual([]);
  });
});

describe('admin blog API: writing posts', () => {
  it('creates a draft with a slug generated from the title, logs it, and keeps it off the site', async () => {
    const title = `Étude : l’œuvre du « Growth » en RDC ${randomUUID().slice(0, 4)} !`;
    const post = await create({ title, content: '## Pourquoi\n\nParce que **vos clients** sont en ligne.' });
    expect(post.slug).toMatch(/^etude-l-oeuvre-du-growth-en-rdc-[a-z0-9]{4}$/);
    expect(post.isPublished).toBe(false);
    expect(post.publishedAt).toBeNull();
    expect(post.views).toBe(0);

    const activity = await lastActivity();
    expect(activity).toMatchObject({ type: 'post.created', userId: ctx.admin.user.id });
    expect(activity?.title).toContain(title);

    expect((await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).status).toBe(404);
    const detail = await ctx.admin.get(`/api/admin/blog/${post.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.post.content).toContain('**vos clients**');
  });

  it('suffixes a generated slug that is taken, but refuses a taken slug typed by the admin', async () => {
    const title = unique('Même titre');
    const first = await create({ title });
    const second = await create({ title });
    expect(second.slug).toBe(`${first.slug}-2`);

    const typed = await ctx.admin.post('/api/admin/blog').send(aBlogPostInput({ slug: first.slug }));
    expect(typed.status).toBe(409);
    expect(typed.body.error.fields).toEqual({ slug: 'Ce slug est déjà utilisé.' });

    const renamed = await ctx.admin.patch(`/api/admin/blog/${second.id}`).send({ slug: first.slug });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.message).toBe('Ce slug est déjà utilisé.');
  });

  it('cuts a long generated slug to 80 characters at a word boundary', async () => {
    const post = await create({
      title: `${'transformation digitale '.repeat(6)}${randomUUID().slice(0, 4)}`,
    });
    expect(post.slug.length).toBeLessThanOrEqual(80);
    expect(post.slug).toMatch(/^transformation-digitale-.*[a-z0-9]$/);
  });

  it('answers 400 with French messages per field', async () => {
    await expectInvalidFields(
      ctx.admin.post('/api/admin/blog').send({
        title: '  ',
        slug: 'Pas Un Slug!',
        category: 'cuisine',
        coverImage: 'javascript:alert(1)',
        content: '',
      }),
      {
        title: 'Le titre est requis',
        slug: expect.stringMatching(/lettres minuscules/),
        category: 'Choisissez une catégorie',
        coverImage: 'Image invalide : téléversez une image ou donnez une adresse https',
        content: 'Le contenu est requis',
      },
    );

    await expectInvalidFields(
      ctx.admin
        .post('/api/admin/blog')
        .send(aBlogPostInput({ metaDescription: 'x'.repeat(161), coverAlt: 'y'.repeat(201) })),
      {
        metaDescription: 'La description fait 160 caractères au plus',
        coverAlt: 'Le texte alternatif fait 200 caractères au plus',
      },
    );

    await expectInvalidFields(
      ctx.admin
        .post('/api/admin/blog')
        .send(aBlogPostInput({ content: 'Avant.\n\n![](/media/photo.960.webp)\n\nAprès.' })),
      {
        content: 'Chaque image du contenu doit avoir un texte alternatif',
      },
    );

    const unknownField = await ctx.admin.patch(`/api/admin/blog/${randomUUID()}`).send({ views: 1000 });
    expect(unknownField.status).toBe(400);
  });

  it('updates a post with PUT and PATCH, and logs the changes without one line per autosave', async () => {
    const post = await create({ coverImage: '/media/couverture.960.webp' });
    const put = await ctx.admin.put(`/api/admin/blog/${post.id}`).send(
      aBlogPostInput({
        title: 'Titre revu',
        slug: `titre-revu-${post.id.slice(0, 8)}`,
        category: 'branding',
        coverImage: '/media/couverture.960.webp',
      }),
    );
    expect(put.status).toBe(200);
    expect(put.body.post).toMatchObject({ title: 'Titre revu', category: 'branding' });
    expect(put.body.post.slug).toBe(`titre-revu-${post.id.slice(0, 8)}`);

    const patch = await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({ excerpt: 'Nouveau résumé' });
    expect(patch.status).toBe(200);
    // Only the field sent changes: the cover and the rest stay.
    expect(patch.body.post).toMatchObject({
      title: 'Titre revu',
      excerpt: 'Nouveau résumé',
      coverImage: '/media/couverture.960.webp',
      category: 'branding',
    });

    const removedCover = await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({ coverImage: '' });
    expect(removedCover.body.post.coverImage).toBeNull();

    // The same values again: nothing written, nothing logged.
    const same = await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({ excerpt: 'Nouveau résumé' });
    expect(same.body.post.updatedAt).toBe(removedCover.body.post.updatedAt);

    // The new title is logged with its note; the edits right after it (the editor saves a draft every
    // few seconds) add no line; an edit ten minutes later does.
    const updates = async () =>
      (await activitiesOf('post.updated')).filter((a) => a.title.endsWith(' Titre revu'));
    expect(await updates()).toHaveLength(1);
    expect((await updates())[0]).toMatchObject({
      userId: ctx.admin.user.id,
      description: expect.stringContaining(post.title),
    });
    await ctx.database.db
      .update(activityLogs)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(activityLogs.type, 'post.updated'));
    await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({ excerpt: 'Résumé du lendemain' });
    expect(await updates()).toHaveLength(2);
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const unknown = randomUUID();
    for (const res of [
      await ctx.admin.get(`/api/admin/blog/${unknown}`),
      await ctx.admin.patch(`/api/admin/blog/${unknown}`).send({ title: 'x' }),
      await ctx.admin.post(`/api/admin/blog/${unknown}/publish`),
      await ctx.admin.post(`/api/admin/blog/${unknown}/unpublish`),
      await ctx.admin.delete(`/api/admin/blog/${unknown}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Article introuvable.');
    }
    expect((await ctx.admin.get('/api/admin/blog/pas-un-id')).status).toBe(400);
  });
});

describe('admin blog API: publication and the public site', () => {
  it('publishes: the post is read on the public API, the feed and the sitemap; the campaigns get one record', async () => {
    const post = await create({
      content: '# Titre\n\nUn lien <script>alert(1)</script>vers [nous](/contact).',
    });
    const res = await ctx.admin.post(`/api/admin/blog/${post.id}/publish`);
    expect(res.status).toBe(200);
    expect(res.body.post.isPublished).toBe(true);
    expect(res.body.post.publishedAt).not.toBeNull();

    const page = await request(ctx.testApp.app).get(`/api/blog/${post.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.title).toBe(post.title);
    // No description of its own: search engines and shared links read the excerpt.
    expect(page.body.description).toBe(page.body.excerpt);

    const list = await request(ctx.testApp.app).get('/api/blog?pageSize=50');
    expect(list.body.items.map((p: { slug: string }) => p.slug)).toContain(post.slug);
    const feed = await ctx.testApp.deps.content.listPosts({ page: 1, pageSize: 20 });
    expect(feed.items.map((p) => p.slug)).toContain(post.slug);
    const sitemap = await ctx.testApp.deps.content.listSitemapEntries();
    expect(sitemap.posts.map((p) => p.slug)).toContain(post.slug);

    const [publication, ...more] = await publicationsOf(post.id);
    expect(more).toEqual([]);
    expect(publication).toMatchObject({
      title: post.title,
      url: `${TEST_ORIGIN}/blog/${post.slug}`,
      processed: false,
    });
    expect(await lastActivity()).toMatchObject({ type: 'post.published', userId: ctx.admin.user.id });

    // Publishing again changes nothing and logs nothing.
    const activityCount = (await activitiesOf('post.published')).length;
    expect((await ctx.admin.post(`/api/admin/blog/${post.id}/publish`)).status).toBe(200);
    expect(await activitiesOf('post.published')).toHaveLength(activityCount);

    // Described for search engines and shares, with its cover described: both reach the public page.
    await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({
      metaDescription: 'Trois conseils pour votre marque à Kinshasa.',
      coverImage: '/media/6f1c2d7e-0000-4000-8000-000000000009.960.webp',
      coverAlt: 'Une boutique de Gombe',
    });
    const described = (await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).body;
    expect(described.description).toBe('Trois conseils pour votre marque à Kinshasa.');
    expect(described.cover.alt).toBe('Une boutique de Gombe');
    expect(described.shareImage.alt).toMatch(/, Une boutique de Gombe$/);
  });

  it('unpublishes: the public page 404s and leaves the sitemap; republishing keeps the date and is not announced twice', async () => {
    const post = await create();
    const published = (await ctx.admin.post(`/api/admin/blog/${post.id}/publish`)).body.post as Post;

    const res = await ctx.admin.post(`/api/admin/blog/${post.id}/unpublish`);
    expect(res.status).toBe(200);
    expect(res.body.post.isPublished).toBe(false);
    expect(await lastActivity()).toMatchObject({ type: 'post.unpublished', userId: ctx.admin.user.id });
    expect((await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).status).toBe(404);
    const sitemap = await ctx.testApp.deps.content.listSitemapEntries();
    expect(sitemap.posts.map((p) => p.slug)).not.toContain(post.slug);
    // The record stays for the campaigns' history (decision 015).
    expect(await publicationsOf(post.id)).toHaveLength(1);

    const again = await ctx.admin.post(`/api/admin/blog/${post.id}/publish`);
    expect(again.body.post.publishedAt).toBe(published.publishedAt);
    expect(await publicationsOf(post.id)).toHaveLength(1);
  });

  it('changing the slug of a published post moves it: the old address leads to the new one', async () => {
    const { content } = ctx.testApp.deps;
    const post = await create();
    await ctx.admin.post(`/api/admin/blog/${post.id}/publish`);
    const newSlug = `nouvelle-adresse-${post.id.slice(0, 8)}`;
    const res = await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({ slug: newSlug });
    expect(res.status).toBe(200);
    expect((await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).status).toBe(404);
    expect((await request(ctx.testApp.app).get(`/api/blog/${newSlug}`)).status).toBe(200);
    expect((await lastActivity())?.description).toContain(`/blog/${post.slug} → /blog/${newSlug}`);
    // The page /blog/{old} answers a 301 to the address of today (the loader asks this).
    expect(await content.findMovedPost(post.slug)).toBe(newSlug);

    // Moved again: both former addresses lead to the last one.
    const third = `troisieme-adresse-${post.id.slice(0, 8)}`;
    await ctx.admin.patch(`/api/admin/blog/${post.id}`).send({ slug: third });
    expect(await content.findMovedPost(post.slug)).toBe(third);
    expect(await content.findMovedPost(newSlug)).toBe(third);

    // Unpublished, it leads nowhere; another post taking a former address gets it for itself.
    await ctx.admin.post(`/api/admin/blog/${post.id}/unpublish`);
    expect(await content.findMovedPost(newSlug)).toBeUndefined();
    await ctx.admin.post(`/api/admin/blog/${post.id}/publish`);
    const other = await create({ slug: post.slug });
    expect(other.slug).toBe(post.slug);
    expect(await content.findMovedPost(post.slug)).toBeUndefined();
    expect(await content.findMovedPost(newSlug)).toBe(third);

    // A draft never read at its address leaves no former address behind.
    const draft = await create();
    await ctx.admin.patch(`/api/admin/blog/${draft.id}`).send({ slug: `brouillon-${draft.id.slice(0, 8)}` });
    expect(await content.findMovedPost(draft.slug)).toBeUndefined();
  });

  it('deletes a post: gone from the site, unprocessed publication records removed, logged', async () => {
    const post = await create();
    await ctx.admin.post(`/api/admin/blog/${post.id}/publish`);
    const res = await ctx.admin.delete(`/api/admin/blog/${post.id}`);
    expect(res.status).toBe(204);
    expect((await ctx.admin.get(`/api/admin/blog/${post.id}`)).status).toBe(404);
    expect((await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).status).toBe(404);
    expect(await publicationsOf(post.id)).toEqual([]);
    const activity = await lastActivity();
    expect(activity).toMatchObject({ type: 'post.deleted', userId: ctx.admin.user.id });
    expect(activity?.title).toContain(post.title);
  });
});

describe('admin blog API: planned publication', () => {
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('plans a draft at a time to come, refuses a past or malformed one, and cancels it', async () => {
    const post = await create();
    const past = await ctx.admin
      .post(`/api/admin/blog/${post.id}/schedule`)
      .send({ publishAt: inMinutes(-1) });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ publishAt: 'Choisissez une date et une heure à venir' });
    const malformed = await ctx.admin
      .post(`/api/admin/blog/${post.id}/schedule`)
      .send({ publishAt: 'demain' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toEqual({ publishAt: 'Date et heure invalides' });
    const tooFar = await ctx.admin
      .post(`/api/admin/blog/${post.id}/schedule`)
      .send({ publishAt: inMinutes(60 * 24 * 400) });
    expect(tooFar.body.error.fields).toEqual({ publishAt: 'Choisissez une date dans les douze mois' });

    // Kinshasa time as the screen sends it: 2 hours ahead, at +01:00.
    const at = new Date(Date.now() + 2 * 3_600_000);
    const kinshasa = `${new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;
    const planned = await ctx.admin.post(`/api/admin/blog/${post.id}/schedule`).send({ publishAt: kinshasa });
    expect(planned.status).toBe(200);
    expect(planned.body.post).toMatchObject({ isPublished: false });
    expect(new Date(planned.body.post.scheduledAt).getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
    expect(await lastActivity()).toMatchObject({ type: 'post.scheduled', userId: ctx.admin.user.id });
    expect((await lastActivity())?.description).toMatch(
      /^Le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(heure de Kinshasa\)$/,
    );
    // Still off the site until its time.
    expect((await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).status).toBe(404);

    const cancelled = await ctx.admin.delete(`/api/admin/blog/${post.id}/schedule`);
    expect(cancelled.body.post.scheduledAt).toBeNull();
    expect(await lastActivity()).toMatchObject({ type: 'post.unscheduled' });

    // A published post is not planned; publishing a planned one now clears its plan.
    await ctx.admin.post(`/api/admin/blog/${post.id}/schedule`).send({ publishAt: inMinutes(30) });
    const published = await ctx.admin.post(`/api/admin/blog/${post.id}/publish`);
    expect(published.body.post).toMatchObject({ isPublished: true, scheduledAt: null });
    const again = await ctx.admin
      .post(`/api/admin/blog/${post.id}/schedule`)
      .send({ publishAt: inMinutes(30) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Cet article est déjà publié.');
  });

  it('publishes a planned post when its time comes, once, even with two instances running at once', async () => {
    const post = await create();
    const at = new Date(Date.now() + 60_000);
    await ctx.admin.post(`/api/admin/blog/${post.id}/schedule`).send({ publishAt: at.toISOString() });
    const { db } = ctx.database;
    expect(await publishDuePosts(db, TEST_ORIGIN, new Date(at.getTime() - 1000))).toEqual([]);

    // Two instances run the task at the same moment: on PostgreSQL each with its own connection pool
    // (PGlite serves one process, so there the two runs take turns).
    const second = currentBackend() === 'postgres' ? await openSameDatabase(ctx.database, 2) : null;
    try {
      const runs = await Promise.all([
        publishDuePosts(db, TEST_ORIGIN, new Date(at.getTime() + 1000)),
        publishDuePosts(second?.db ?? db, TEST_ORIGIN, new Date(at.getTime() + 1000)),
      ]);
      expect(runs.flat().map((row) => row.id)).toEqual([post.id]);
    } finally {
      await second?.close();
    }
    const published = (await ctx.admin.get(`/api/admin/blog/${post.id}`)).body.post;
    // Read from its planned time, which is the date readers see.
    expect(published).toMatchObject({ isPublished: true, scheduledAt: null });
    expect(new Date(published.publishedAt).getTime()).toBe(at.getTime());
    expect((await request(ctx.testApp.app).get(`/api/blog/${post.slug}`)).status).toBe(200);
    expect(await publicationsOf(post.id)).toHaveLength(1);
    const logged = (await activitiesOf('post.published')).filter((a) => a.title.endsWith(post.title));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      userId: null,
      description: `/blog/${post.slug} (publication programmée)`,
    });
  });
});

describe('admin blog API: list and preview', () => {
  it('filters by status, category and search, pages, and shows the views', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await create({ title: `Filtre ${tag} analytics`, category: 'analytics' });
    const b = await create({ title: `Filtre ${tag} branding`, category: 'branding' });
    await create({ title: `Filtre ${tag} brouillon`, category: 'analytics' });
    await ctx.admin.post(`/api/admin/blog/${a.id}/publish`);
    await ctx.admin.post(`/api/admin/blog/${b.id}/publish`);
    await ctx.database.db.update(blogPosts).set({ views: 42 }).where(eq(blogPosts.id, a.id));

    const titles = async (query: string) => {
      const res = await ctx.admin.get(`/api/admin/blog?q=${tag}&${query}`);
      expect(res.status).toBe(200);
      return (res.body.items as Post[]).map((p) => p.title).sort();
    };
    expect(await titles('')).toHaveLength(3);
    expect(await titles('status=published')).toEqual([a.title, b.title].sort());
    expect(await titles('status=draft')).toEqual([`Filtre ${tag} brouillon`]);
    expect(await titles('category=analytics&status=published')).toEqual([a.title]);

    const byViews = await ctx.admin.get(`/api/admin/blog?q=${tag}&sort=views&pageSize=1`);
    expect(byViews.body).toMatchObject({ total: 3, page: 1, pageSize: 1 });
    expect(byViews.body.items[0]).toMatchObject({ id: a.id, views: 42 });
    expect(byViews.body.items[0].content).toBeUndefined();

    const bad = await ctx.admin.get('/api/admin/blog?status=archive&category=cuisine&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      status: 'Statut invalide',
      category: 'Catégorie invalide',
      page: 'Page invalide',
    });
  });

  it('renders the preview with the public page’s sanitising renderer', async () => {
    const res = await ctx.admin
      .post('/api/admin/blog/preview')
      .send({ content: '# Titre\n\n**Gras** <script>alert(1)</script> [site](https://exemple.cd)' });
    expect(res.status).toBe(200);
    // h1 is clamped to h2 (the page has its own h1), scripts are dropped, external links hardened.
    expect(res.body.html).toContain('<h2>Titre</h2>');
    expect(res.body.html).toContain('<strong>Gras</strong>');
    expect(res.body.html).not.toContain('<script');
    expect(res.body.html).toContain('rel="noopener noreferrer"');
    expect(res.headers['cache-control']).toContain('no-store');

    const tooLong = await ctx.admin.post('/api/admin/blog/preview').send({ content: 42 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.content).toBe('Contenu invalide');
  });
});

if (currentBackend() === 'postgres') {
  describe('admin blog API on PostgreSQL: concurrent saves', () => {
    it('two admins saving the same new slug at once: one post, one 409', async () => {
      const slug = `course-${randomUUID().slice(0, 8)}`;
      const results = await Promise.all([
        ctx.admin.post('/api/admin/blog').send(aBlogPostInput({ slug })),
        ctx.admin.post('/api/admin/blog').send(aBlogPostInput({ slug })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await ctx.database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug))).toHaveLength(1);
    });
  });
}
