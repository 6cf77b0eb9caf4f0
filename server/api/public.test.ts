import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SEED_POSTS, SEED_SERVICES } from '#db/seed-data.ts';
import { insertCaseStudy, insertPost, insertService, insertTeamMember } from '#tests/helpers/factories.ts';
import { seededAppContext } from '#tests/helpers/seeded-database.ts';

const ctx = seededAppContext();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('GET /api/services', () => {
  it('lists every active service ordered, and hides inactive ones', async () => {
    const hidden = await insertService(ctx.database.db, { title: 'Service masqué', isActive: false });
    const res = await request(ctx.app).get('/api/services').expect(200);
    const titles = res.body.map((s: { title: string }) => s.title);
    const expectedCount = SEED_SERVICES.reduce((n, p) => n + 1 + p.children.length, 0);
    expect(res.body).toHaveLength(expectedCount);
    expect(titles).toContain('Audit digital complet');
    expect(titles).not.toContain(hidden.title);
    const orders = res.body.map((s: { order: number }) => s.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('lists the four parent services in the footer order for the home page', async () => {
    const res = await request(ctx.app).get('/api/services/parents').expect(200);
    expect(res.body.map((s: { title: string }) => s.title)).toEqual([
      'Stratégie Marketing',
      'Marketing Digital',
      'Création de Contenu',
      'Branding',
    ]);
    expect(res.body.every((s: { parentServiceId: string | null }) => s.parentServiceId === null)).toBe(true);
  });

  it('gives one service with its children and parent', async () => {
    const parents = (await request(ctx.app).get('/api/services/parents')).body;
    const parent = parents[0];
    const res = await request(ctx.app).get(`/api/services/${parent.id}`).expect(200);
    expect(res.body.title).toBe('Stratégie Marketing');
    expect(res.body.children.map((c: { title: string }) => c.title)).toContain('Audit digital complet');
    const child = res.body.children[0];
    const childRes = await request(ctx.app).get(`/api/services/${child.id}`).expect(200);
    expect(childRes.body.parent.title).toBe('Stratégie Marketing');
  });

  it('answers 404 in JSON for an unknown or inactive service, and 400 for a malformed id', async () => {
    const unknown = await request(ctx.app).get(`/api/services/${UNKNOWN_ID}`).expect(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'Service introuvable.' });
    const inactive = await insertService(ctx.database.db, { isActive: false });
    await request(ctx.app).get(`/api/services/${inactive.id}`).expect(404);
    const malformed = await request(ctx.app).get('/api/services/abc').expect(400);
    expect(malformed.body.error.fields).toEqual({ id: 'Identifiant invalide.' });
  });
});

describe('services under a hidden parent', () => {
  it('are hidden with their parent: from the list and from their own page', async () => {
    const parent = await insertService(ctx.database.db, { title: 'Parent masqué', isActive: false });
    const child = await insertService(ctx.database.db, {
      title: 'Enfant orphelin',
      parentServiceId: parent.id,
    });
    const list = await request(ctx.app).get('/api/services').expect(200);
    expect(list.body.map((s: { title: string }) => s.title)).not.toContain(child.title);
    await request(ctx.app).get(`/api/services/${child.id}`).expect(404);
  });
});

describe('GET /api/team and /api/stats', () => {
  it('lists active team members by order, with their skills and links', async () => {
    const inactive = await insertTeamMember(ctx.database.db, { name: 'Ancien membre', isActive: false });
    const res = await request(ctx.app).get('/api/team').expect(200);
    expect(res.body).toHaveLength(6);
    expect(res.body.map((m: { name: string }) => m.name)).not.toContain(inactive.name);
    expect(res.body[0].skills.length).toBeGreaterThan(0);
    expect(res.body.filter((m: { linkedinUrl: string | null }) => m.linkedinUrl).length).toBeGreaterThan(0);
  });

  it('gives the home claims 7+, 15+ and 120 %', async () => {
    const res = await request(ctx.app).get('/api/stats').expect(200);
    expect(res.body.map((s: { value: number; unit: string }) => `${s.value}${s.unit}`)).toEqual([
      '7+',
      '15+',
      '120%',
    ]);
  });
});

describe('GET /api/blog', () => {
  it('pages the published posts, newest first, without their content', async () => {
    const first = await request(ctx.app).get('/api/blog?page=1&pageSize=3').expect(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 3, total: SEED_POSTS.length });
    expect(first.body.items).toHaveLength(3);
    expect(first.body.items[0]).not.toHaveProperty('content');
    const dates = first.body.items.map((p: { publishedAt: string }) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await request(ctx.app).get('/api/blog?page=2&pageSize=3').expect(200);
    expect(second.body.items[0].slug).not.toBe(first.body.items[0].slug);
  });

  it('filters by category and never shows drafts', async () => {
    const draft = await insertPost(ctx.database.db, { category: 'analytics', isPublished: false });
    const res = await request(ctx.app).get('/api/blog?category=analytics').expect(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((p: { category: string }) => p.category === 'analytics')).toBe(true);
    expect(res.body.items.map((p: { slug: string }) => p.slug)).not.toContain(draft.slug);
  });

  it('refuses a bad page, page size or category with French messages', async () => {
    const res = await request(ctx.app).get('/api/blog?page=0&pageSize=500&category=cuisine').expect(400);
    expect(res.body.error.fields).toEqual({
      page: 'Numéro de page invalide.',
      pageSize: 'Taille de page invalide (50 au plus).',
      category: 'Catégorie inconnue.',
    });
    await request(ctx.app).get('/api/blog?page=abc').expect(400);
  });

  it('gives a published post with its Markdown content', async () => {
    const slug = SEED_POSTS[0]?.slug as string;
    const res = await request(ctx.app).get(`/api/blog/${slug}`).expect(200);
    expect(res.body.slug).toBe(slug);
    expect(res.body.content).toContain('##');
  });

  it('answers 404 for an unknown or unpublished post, and 400 for a malformed slug', async () => {
    await request(ctx.app).get('/api/blog/article-inexistant').expect(404);
    const draft = await insertPost(ctx.database.db, { isPublished: false });
    await request(ctx.app).get(`/api/blog/${draft.slug}`).expect(404);
    const res = await request(ctx.app).get('/api/blog/Bad_Slug!').expect(400);
    expect(res.body.error.fields.slug).toBe('Adresse d’article invalide.');
  });
});

describe('GET /api/portfolio and /api/settings/public', () => {
  it('lists only published case studies with their results', async () => {
    const draft = await insertCaseStudy(ctx.database.db, { isPublished: false });
    const res = await request(ctx.app).get('/api/portfolio').expect(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.map((c: { id: string }) => c.id)).not.toContain(draft.id);
    expect(res.body[0].results[0]).toEqual({ label: expect.any(String), value: expect.any(String) });
  });

  it('gives the public settings and keeps email and system settings private', async () => {
    const res = await request(ctx.app).get('/api/settings/public').expect(200);
    expect(res.body['contact.phone']).toMatch(/^\+243/);
    expect(res.body['social.instagram']).toMatch(/^https:\/\//);
    expect(Object.keys(res.body).some((k) => k.startsWith('email.') || k.startsWith('system.'))).toBe(false);
  });
});

describe('HTTP behaviour of the public API', () => {
  it('sends an ETag and a short shared cache, and answers 304 when nothing changed', async () => {
    const res = await request(ctx.app).get('/api/services').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    await request(ctx.app).get('/api/services').set('If-None-Match', etag).expect(304);
    await insertService(ctx.database.db, { title: 'Nouveau service' });
    await request(ctx.app).get('/api/services').set('If-None-Match', etag).expect(200);
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    const res = await request(ctx.app).get('/api/nothing-here').expect(404);
    expect(res.body.error.code).toBe('not_found');
    await request(ctx.app).delete('/api/services').expect(404);
  });

  it('answers a malformed JSON body with 400, never 500', async () => {
    const res = await request(ctx.app)
      .post('/api/services')
      .set('Content-Type', 'application/json')
      .send('{"title": ')
      .expect(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('does not advertise the framework', async () => {
    const res = await request(ctx.app).get('/api/stats');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('health probes', () => {
  it('reports the process alive and the database reachable', async () => {
    await request(ctx.app).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(ctx.app).get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('malformed input never causes a 5xx', () => {
  const hostile = [
    '/api/services/%E0%A4%A',
    '/api/services/%ZZ',
    "/api/services/' OR 1=1--",
    `/api/services/${'a'.repeat(5_000)}`,
    '/api/blog/%E0%A4%A',
    `/api/blog/${'a'.repeat(300)}`,
    '/api/blog/..%2F..%2Fetc%2Fpasswd',
    '/api/blog?page=1e400',
    '/api/blog?page=-1',
    '/api/blog?page=1.5',
    '/api/blog?pageSize=0',
    '/api/blog?page=1&page=2',
    '/api/blog?category=',
    '/api/blog?category=%00',
    '/api/blog?page=%E0%A4%A',
  ];
  for (const url of hostile) {
    it(`GET ${url.slice(0, 60)} answers a JSON 4xx`, async () => {
      const res = await request(ctx.app).get(url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.message).toEqual(expect.any(String));
    });
  }
});

describe('outside the API', () => {
  it('answers a malformed path with 400 in one line, not a stack trace', async () => {
    const res = await request(ctx.app).get('/%E0%A4%A');
    // Without page rendering the path is unknown (404); Express's own decoding errors give 400.
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toMatch(/at .*\.js:\d+/);
  });
});
