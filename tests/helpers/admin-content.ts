/**
 * What the API tests of the admin's content (services, team, blog, portfolio) share: the calls
 * of the list's API, its activity rows and publication records, and the guard's two refusals (no
 * session; a session used from another site).
 */
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import request, { type Test } from 'supertest';
import { expect } from 'vitest';
import type { UploadedMedia } from '#common/schemas/media.ts';
import { activityLogs, contentPublications, media } from '#db/schema.ts';
import { type AdminTestContext, adminTestContext, TEST_ORIGIN } from './admin-session.ts';

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The API of the list at `path` (e.g. '/api/admin/team'), whose answers carry one item under
 * `keys.item` ('member') and the list under `keys.list` ('members').
 */
export function adminContentApi<T>(
  ctx: AdminTestContext,
  path: string,
  keys: { item: string; list: string },
) {
  const itemPath = (id: string) => `${path}/${id}`;
  return {
    /** Creates an item; anything but a 201 fails the test with the answer's body. */
    create: async (body: Record<string, unknown>): Promise<T> => {
      const res = await ctx.admin.post(path).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body[keys.item];
    },
    /** Sends a creation as is, for the test to check the answer (a refusal). */
    tryCreate: (body: Record<string, unknown>) => ctx.admin.post(path).send(body),
    adminList: async (): Promise<T[]> => (await ctx.admin.get(path).expect(200)).body[keys.list],
    patch: (id: string, body: Record<string, unknown>) => ctx.admin.patch(itemPath(id)).send(body),
    move: (id: string, direction: string) => ctx.admin.post(`${itemPath(id)}/move`).send({ direction }),
    remove: (id: string) => ctx.admin.delete(itemPath(id)),
    /** Creating with the admin's session but from another site (a foreign Origin) is refused with 403. */
    fromAnotherSite: async (body: Record<string, unknown>) => {
      const res = await postFromAnotherSite(ctx, path).send(body);
      expect(res.status).toBe(403);
    },
    /**
     * Changing (`patch` sent) an unknown item answers 404 with `missing`, a malformed id 400 naming
     * the id; deleting an unknown item answers 404.
     */
    expectUnknownAndMalformedIds: async (patch: Record<string, unknown>, missing: string) => {
      const unknown = await ctx.admin.patch(itemPath(UNKNOWN_ID)).send(patch).expect(404);
      expect(unknown.body.error.message).toBe(missing);
      const malformed = await ctx.admin.patch(itemPath('123')).send(patch).expect(400);
      expect(malformed.body.error.fields).toEqual({ id: 'Identifiant invalide.' });
      await ctx.admin.delete(itemPath(UNKNOWN_ID)).expect(404);
    },
    /**
     * Calls without a session (see expectUnauthorized): reading the list and creating (`create`
     * sent), and with `item`, changing it (`item.patch` sent), moving and deleting it, as an
     * ordered list (services, team) allows.
     */
    anonymousCalls: (
      create: Record<string, unknown>,
      item?: { id: string; patch: Record<string, unknown> },
    ) => {
      const anonymous = request(ctx.testApp.app);
      const calls = [anonymous.get(path), anonymous.post(path).send(create)];
      if (item) {
        calls.push(
          anonymous.patch(itemPath(item.id)).send(item.patch),
          anonymous.post(`${itemPath(item.id)}/move`).send({ direction: 'up' }),
          anonymous.delete(itemPath(item.id)),
        );
      }
      return calls;
    },
    /** The latest activity row of that type naming that text in its title. */
    activity: async (type: string, titleContains: string) => {
      const rows = await ctx.database.db
        .select()
        .from(activityLogs)
        .where(eq(activityLogs.type, type))
        .orderBy(desc(activityLogs.createdAt));
      return rows.find((row) => row.title.includes(titleContains));
    },
    activityCount: async (titleContains: string) => {
      const rows = await ctx.database.db.select().from(activityLogs);
      return rows.filter((row) => row.title.includes(titleContains)).length;
    },
    /** The newest activity row. */
    lastActivity: async () =>
      (await ctx.database.db.select().from(activityLogs).orderBy(desc(activityLogs.createdAt)).limit(1))[0],
    /** The publication records of one post ('blog') or case study ('portfolio'). */
    publicationsOf: (contentType: 'blog' | 'portfolio', id: string) =>
      ctx.database.db
        .select()
        .from(contentPublications)
        .where(and(eq(contentPublications.contentType, contentType), eq(contentPublications.contentId, id))),
  };
}

/**
 * The context (adminTestContext) and API (adminContentApi) of a list whose items show uploads:
 * the app has a media folder, so that an upload replaced or removed is really deleted; `uploadPhoto`,
 * `isStored` and `expectMediaInUse` are the functions of that name on this context.
 */
export function mediaContentContext<T>(path: string, keys: { item: string; list: string }) {
  const ctx = adminTestContext({ mediaDir: true });
  return {
    ctx,
    ...adminContentApi<T>(ctx, path, keys),
    uploadPhoto: (filename?: string) => uploadPhoto(ctx, filename),
    isStored: (item: UploadedMedia) => isStored(ctx, item),
    expectMediaInUse: (url: string, usedBy: string) => expectMediaInUse(ctx, url, usedBy),
  };
}

/** Each call, sent as the site's own page would but without a session, is refused with 401. */
export async function expectUnauthorized(calls: Test[]) {
  for (const call of calls) {
    const res = await call.set('Origin', TEST_ORIGIN).set('X-Requested-With', 'fetch');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Authentification requise.');
  }
}

/** A POST carrying the admin's session from another site (a foreign Origin). */
export const postFromAnotherSite = (ctx: AdminTestContext, path: string) =>
  request(ctx.testApp.app)
    .post(path)
    .set('Cookie', ctx.admin.cookie)
    .set('Origin', 'https://evil.example')
    .set('X-Requested-With', 'fetch');

/**
 * A real photo uploaded through the media library (a small JPEG made by sharp), for the content
 * that shows it; `isStored` tells whether the upload is still there (row and public URL).
 */
export async function uploadPhoto(ctx: AdminTestContext, filename = 'photo.jpg') {
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const res = await ctx.admin
    .post('/api/admin/media')
    .attach('file', bytes, { filename, contentType: 'image/jpeg' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.media as UploadedMedia;
}

/** The media library refuses (409) to delete the upload at `url` while it is in use by `usedBy`. */
export async function expectMediaInUse(ctx: AdminTestContext, url: string, usedBy: string) {
  const library = await ctx.admin.get('/api/admin/media').expect(200);
  const item = library.body.items.find((m: { url: string }) => m.url === url);
  const refused = await ctx.admin.delete(`/api/admin/media/${item.id}`).expect(409);
  expect(refused.body.error.message).toContain(usedBy);
}

export async function isStored(ctx: AdminTestContext, item: UploadedMedia) {
  const rows = await ctx.database.db.$count(media, eq(media.id, item.id));
  const served = (await request(ctx.testApp.app).get(item.url)).status === 200;
  expect(served, `${item.url} served while its row is ${rows ? 'there' : 'gone'}`).toBe(rows === 1);
  return served;
}

/**
 * The move journey of a whole-table order (the testimonials, the client logos): three items added
 * last (`add(name, order)`), the third moved up (its activity row titled `movedUpTitle`), then the
 * first moved down, the tail of the public list (`publicNames`) following each time; an unknown
 * item answers 404.
 */
export async function expectMovesFollowPublicOrder(
  api: Pick<ReturnType<typeof adminContentApi>, 'move' | 'activity'>,
  journey: {
    add: (name: string, order: number) => Promise<{ id: string }>;
    publicNames: () => Promise<string[]>;
    activityType: string;
    movedUpTitle: string;
  },
) {
  const [first, , third] = await Promise.all(
    ['Ordre Un', 'Ordre Deux', 'Ordre Trois'].map((name, i) => journey.add(name, 1000 + i)),
  );
  if (!first || !third) throw new Error('items not created');
  const tail = async () => (await journey.publicNames()).slice(-3);
  expect(await tail()).toEqual(['Ordre Un', 'Ordre Deux', 'Ordre Trois']);

  await api.move(third.id, 'up').expect(200);
  expect(await tail()).toEqual(['Ordre Un', 'Ordre Trois', 'Ordre Deux']);
  expect(await api.activity(journey.activityType, 'Ordre Trois')).toMatchObject({
    title: journey.movedUpTitle,
  });
  await api.move(first.id, 'down').expect(200);
  expect(await tail()).toEqual(['Ordre Trois', 'Ordre Un', 'Ordre Deux']);
  await api.move(UNKNOWN_ID, 'up').expect(404);
}
