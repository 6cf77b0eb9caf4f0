import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AdminCaseStudy } from '#common/schemas/portfolio-admin.ts';
import { activityLogs, caseStudies } from '#db/schema.ts';
import {
  adminContentApi,
  expectUnauthorized,
  isStored,
  postFromAnotherSite,
  uploadPhoto,
} from '#tests/helpers/admin-content.ts';
import { adminTestContext, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { aCaseStudyInput } from '#tests/helpers/request-factories.ts';
import { currentBackend } from '#tests/helpers/test-database.ts';

const ctx = adminTestContext();

type CaseStudy = AdminCaseStudy;

const api = adminContentApi<CaseStudy>(ctx, '/api/admin/portfolio', { item: 'caseStudy', list: 'items' });
const create = (overrides: Record<string, unknown> = {}) => api.create(aCaseStudyInput(overrides));
const { lastActivity } = api;
const publicationsOf = (id: string) => api.publicationsOf('portfolio', id);
const publicTitles = async () =>
  ((await request(ctx.testApp.app).get('/api/portfolio')).body as { title: string }[]).map((c) => c.title);

describe('admin portfolio API', () => {
  it('answers 401 without a session and 403 for a foreign Origin, storing nothing', async () => {
    await expectUnauthorized(api.anonymousCalls(aCaseStudyInput()));
    const foreign = await postFromAnotherSite(ctx, '/api/admin/portfolio').send(aCaseStudyInput());
    expect(foreign.status).toBe(403);
    expect(await ctx.database.db.select().from(caseStudies)).toEqual([]);
  });

  it('creates an unpublished case study with its results as label/value JSON, and logs it', async () => {
    const created = await create({ results: [{ label: '  Ventes  ', value: ' x3 ' }] });
    expect(created).toMatchObject({ isPublished: false, results: [{ label: 'Ventes', value: 'x3' }] });
    const [row] = await ctx.database.db.select().from(caseStudies).where(eq(caseStudies.id, created.id));
    expect(row?.results).toEqual([{ label: 'Ventes', value: 'x3' }]);
    expect(await lastActivity()).toMatchObject({ type: 'case_study.created', userId: ctx.admin.user.id });
    expect(await publicTitles()).not.toContain(created.title);
    expect((await ctx.admin.get(`/api/admin/portfolio/${created.id}`)).body.caseStudy.title).toBe(
      created.title,
    );
  });

  it('shows a draft its drawn cover to signed-in staff only, the public route keeping it hidden', async () => {
    const created = await create({ title: 'Refonte du site de Kin Boutique', imageUrl: null });
    expect(created.coverUrl).toMatch(/^\/api\/admin\/visuals\/cover\/case-[\w-]+\.480\.webp$/);
    const cover = await ctx.admin.get(created.coverUrl ?? '').expect(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    expect(cover.headers['cache-control']).toContain('no-store');
    expect((cover.body as Buffer).subarray(8, 12).toString()).toBe('WEBP');
    expect((await request(ctx.testApp.app).get(created.coverUrl ?? '')).status).toBe(401);
    const publicName = (created.coverUrl ?? '').replace('/api/admin/visuals', '/visuals');
    expect((await request(ctx.testApp.app).get(publicName)).status).toBe(404);
    // Once published, the list gives the public file, which is the same drawing.
    const published = (await ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`)).body.caseStudy;
    expect(published.coverUrl).toBe(publicName.replace('.480.', '.800.'));
    expect((await request(ctx.testApp.app).get(publicName)).status).toBe(200);
  });

  it('answers 400 with French messages per field, results included', async () => {
    const res = await ctx.admin.post('/api/admin/portfolio').send({
      title: '',
      clientName: ' ',
      industry: 'x'.repeat(81),
      description: '',
      imageUrl: 'http://non-chiffre.example/a.jpg',
      results: [{ label: '', value: '+10 %' }, { label: 'Ventes' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: 'Le titre est requis',
      clientName: 'Le client est requis',
      industry: 'Le secteur fait 80 caractères au plus',
      description: 'La description est requise',
      imageUrl: 'Image invalide : téléversez une image ou donnez une adresse https',
      'results.0.label': 'Le libellé est requis',
      'results.1.value': 'La valeur est requise',
    });
    const tooMany = await ctx.admin.post('/api/admin/portfolio').send(
      aCaseStudyInput({
        results: Array.from({ length: 9 }, (_, i) => ({ label: `L${i}`, value: `${i}` })),
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.results).toBe('8 résultats au plus');
  });

  it('updates with PUT and PATCH, and logs each change', async () => {
    const created = await create();
    const put = await ctx.admin.put(`/api/admin/portfolio/${created.id}`).send(
      aCaseStudyInput({
        title: `Refonte ${created.id.slice(0, 8)}`,
        clientName: 'Kin Agro',
        imageUrl: 'https://images.exemple.cd/kin-agro.jpg',
        results: [],
      }),
    );
    expect(put.status).toBe(200);
    expect(put.body.caseStudy).toMatchObject({ title: `Refonte ${created.id.slice(0, 8)}`, results: [] });
    const keepImage = await ctx.admin
      .patch(`/api/admin/portfolio/${created.id}`)
      .send({ industry: 'Boissons' });
    expect(keepImage.body.caseStudy).toMatchObject({
      industry: 'Boissons',
      imageUrl: 'https://images.exemple.cd/kin-agro.jpg',
      results: [],
    });
    const patch = await ctx.admin.patch(`/api/admin/portfolio/${created.id}`).send({ imageUrl: null });
    expect(patch.status).toBe(200);
    expect(patch.body.caseStudy).toMatchObject({ imageUrl: null, clientName: 'Kin Agro' });
    const same = await ctx.admin
      .patch(`/api/admin/portfolio/${created.id}`)
      .send({ imageUrl: null, results: [], clientName: 'Kin Agro' });
    expect(same.body.caseStudy.updatedAt).toBe(patch.body.caseStudy.updatedAt);
    const updates = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'case_study.updated'), eq(activityLogs.userId, ctx.admin.user.id)));
    expect(updates.filter((a) => a.title.includes(`Refonte ${created.id.slice(0, 8)}`))).toHaveLength(3);
  });

  it('publishes: shown on the public portfolio with its results, recorded once for the campaigns', async () => {
    const created = await create();
    const res = await ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`);
    expect(res.status).toBe(200);
    expect(res.body.caseStudy.isPublished).toBe(true);
    expect(await lastActivity()).toMatchObject({ type: 'case_study.published', userId: ctx.admin.user.id });

    const publicList = (await request(ctx.testApp.app).get('/api/portfolio')).body as CaseStudy[];
    const shown = publicList.find((c) => c.id === created.id);
    expect(shown?.results).toEqual(aCaseStudyInput().results);

    const [publication, ...more] = await publicationsOf(created.id);
    expect(more).toEqual([]);
    expect(publication).toMatchObject({
      url: `${TEST_ORIGIN}/portfolio`,
      processed: false,
      title: created.title,
    });

    // Unpublished: gone from the public list; published again: still one record.
    expect(
      (await ctx.admin.post(`/api/admin/portfolio/${created.id}/unpublish`)).body.caseStudy.isPublished,
    ).toBe(false);
    expect(await lastActivity()).toMatchObject({ type: 'case_study.unpublished', userId: ctx.admin.user.id });
    expect(await publicTitles()).not.toContain(created.title);
    await ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`);
    expect(await publicTitles()).toContain(created.title);
    expect(await publicationsOf(created.id)).toHaveLength(1);
  });

  it('lists with status filter and search', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await create({ title: `Liste ${tag} A` });
    await create({ title: `Liste ${tag} B` });
    await ctx.admin.post(`/api/admin/portfolio/${a.id}/publish`);
    const titles = async (query: string) =>
      ((await ctx.admin.get(`/api/admin/portfolio?q=${tag}${query}`)).body.items as CaseStudy[]).map(
        (c) => c.title,
      );
    expect((await titles('')).sort()).toEqual([`Liste ${tag} A`, `Liste ${tag} B`]);
    expect(await titles('&status=published')).toEqual([`Liste ${tag} A`]);
    expect(await titles('&status=draft')).toEqual([`Liste ${tag} B`]);
    expect((await ctx.admin.get('/api/admin/portfolio?status=tout')).body.error.fields.status).toBe(
      'Statut invalide',
    );
  });

  it('deletes: 204, gone from the site, its unprocessed record removed, logged; unknown ids are 404', async () => {
    const created = await create();
    await ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`);
    expect((await ctx.admin.delete(`/api/admin/portfolio/${created.id}`)).status).toBe(204);
    expect(await publicTitles()).not.toContain(created.title);
    expect(await publicationsOf(created.id)).toEqual([]);
    expect(await lastActivity()).toMatchObject({ type: 'case_study.deleted', userId: ctx.admin.user.id });

    for (const res of [
      await ctx.admin.get(`/api/admin/portfolio/${created.id}`),
      await ctx.admin.patch(`/api/admin/portfolio/${created.id}`).send({ title: 'x' }),
      await ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`),
      await ctx.admin.delete(`/api/admin/portfolio/${created.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Étude de cas introuvable.');
    }
    expect((await ctx.admin.get('/api/admin/portfolio/123')).status).toBe(400);
  });
});

if (currentBackend() === 'postgres') {
  describe('admin portfolio API on PostgreSQL: concurrent publication', () => {
    it('two admins publishing at once record one publication and one log line', async () => {
      const created = await create();
      const results = await Promise.all([
        ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`),
        ctx.admin.post(`/api/admin/portfolio/${created.id}/publish`),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(await publicationsOf(created.id)).toHaveLength(1);
      const logs = await ctx.database.db
        .select()
        .from(activityLogs)
        .where(
          and(
            eq(activityLogs.type, 'case_study.published'),
            eq(activityLogs.title, `Étude de cas publiée : ${created.title}`),
          ),
        );
      expect(logs).toHaveLength(1);
    });
  });
}

describe('a case study’s gallery and before/after pair', () => {
  const media = adminTestContext({ mediaDir: true });
  const galleryApi = adminContentApi<CaseStudy>(media, '/api/admin/portfolio', {
    item: 'caseStudy',
    list: 'items',
  });

  it('keeps the images in order with their words, shows them once published, and releases the ones taken out', async () => {
    const [first, second, before, after] = await Promise.all(
      ['atelier.jpg', 'vitrine.jpg', 'avant.jpg', 'apres.jpg'].map((name) => uploadPhoto(media, name)),
    );
    if (!first || !second || !before || !after) throw new Error('uploads missing');
    const created = await galleryApi.create(
      aCaseStudyInput({
        gallery: [
          { url: first.url, alt: ' L’atelier de couture, à Kinshasa ' },
          { url: second.url, alt: 'La vitrine refaite' },
        ],
        beforeAfter: {
          before: { url: before.url, alt: 'L’ancienne page d’accueil' },
          after: { url: after.url, alt: 'La nouvelle page d’accueil' },
        },
      }),
    );
    expect(created.gallery).toEqual([
      { url: first.url, alt: 'L’atelier de couture, à Kinshasa' },
      { url: second.url, alt: 'La vitrine refaite' },
    ]);
    await media.admin.post(`/api/admin/portfolio/${created.id}/publish`).expect(200);
    const shown = (await request(media.testApp.app).get('/api/portfolio').expect(200)).body.find(
      (c: { id: string }) => c.id === created.id,
    );
    expect(shown.gallery.map((image: { alt: string }) => image.alt)).toEqual([
      'L’atelier de couture, à Kinshasa',
      'La vitrine refaite',
    ]);
    expect(shown.beforeAfter).toEqual({
      before: { url: before.url, alt: 'L’ancienne page d’accueil' },
      after: { url: after.url, alt: 'La nouvelle page d’accueil' },
    });

    // In use: the media library will not delete a gallery image.
    const library = await media.admin.get('/api/admin/media').expect(200);
    const item = library.body.items.find((m: { url: string }) => m.url === second.url);
    const refused = await media.admin.delete(`/api/admin/media/${item.id}`).expect(409);
    expect(refused.body.error.message).toContain('une étude de cas');

    // Reordered, one image out, the pair removed (both halves empty): what left is released.
    await galleryApi
      .patch(created.id, {
        gallery: [{ url: second.url, alt: 'La vitrine refaite' }],
        beforeAfter: { before: { url: null, alt: '' }, after: { url: null, alt: ' ' } },
      })
      .expect(200);
    expect(await isStored(media, first)).toBe(false);
    expect(await isStored(media, before)).toBe(false);
    expect(await isStored(media, after)).toBe(false);
    expect(await isStored(media, second)).toBe(true);

    await media.admin.delete(`/api/admin/portfolio/${created.id}`).expect(204);
    expect(await isStored(media, second)).toBe(false);
  });

  it('asks for every image’s words, and for both halves of a pair', async () => {
    const photo = await uploadPhoto(media, 'sans-texte.jpg');
    const res = await media.admin
      .post('/api/admin/portfolio')
      .send(
        aCaseStudyInput({
          gallery: [
            { url: photo.url, alt: '  ' },
            { url: null, alt: 'Une image absente' },
          ],
          beforeAfter: { before: { url: photo.url, alt: 'Avant' }, after: { url: null, alt: '' } },
        }),
      )
      .expect(400);
    expect(res.body.error.fields).toEqual({
      'gallery.0.alt': 'Décrivez l’image (texte alternatif requis)',
      'gallery.1.url': 'Ajoutez une image',
      'beforeAfter.after.url': 'Ajoutez une image',
      'beforeAfter.after.alt': 'Décrivez l’image (texte alternatif requis)',
    });
    const tooMany = await media.admin
      .post('/api/admin/portfolio')
      .send(
        aCaseStudyInput({ gallery: Array.from({ length: 13 }, () => ({ url: photo.url, alt: 'Image' })) }),
      )
      .expect(400);
    expect(tooMany.body.error.fields.gallery).toBe('12 images au plus');
  });
});
