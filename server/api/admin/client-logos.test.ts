import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PublicClientLogo } from '#common/api-types.ts';
import type { AdminClientLogo } from '#common/schemas/client-logos-admin.ts';
import type { UploadedMedia } from '#common/schemas/media.ts';
import { clientLogos } from '#db/schema.ts';
import {
  expectMovesFollowPublicOrder,
  expectUnauthorized,
  mediaContentContext,
} from '#tests/helpers/admin-content.ts';
import { insertClientLogo } from '#tests/helpers/factories.ts';

// Logos are real uploads: a replaced or removed one that nothing uses is deleted.
const { ctx, ...api } = mediaContentContext<AdminClientLogo>('/api/admin/client-logos', {
  item: 'clientLogo',
  list: 'clientLogos',
});
const { create, adminList, patch, move, remove, activity, activityCount } = api;

const publicLogos = async (): Promise<PublicClientLogo[]> =>
  (await request(ctx.testApp.app).get('/api/client-logos').expect(200)).body;
const publicOne = async (id: string) => (await publicLogos()).find((logo) => logo.id === id);

/** A client's SVG logo as a design tool exports it, uploaded through the media library. */
async function uploadSvgLogo(): Promise<UploadedMedia> {
  const svg =
    '<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60">' +
    '<circle cx="30" cy="30" r="26" fill="#d97706"/><rect x="70" y="20" width="160" height="20" fill="#1f2937"/></svg>';
  const res = await ctx.admin
    .post('/api/admin/media')
    .attach('file', Buffer.from(svg), { filename: 'kin-textiles.svg', contentType: 'image/svg+xml' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.media as UploadedMedia;
}

describe('guard', () => {
  it('answers 401 without a session to every route, and changes nothing', async () => {
    const row = await insertClientLogo(ctx.database.db, { name: 'Gardé Session' });
    await expectUnauthorized(
      api.anonymousCalls({ name: 'Intrus' }, { id: row.id, patch: { name: 'Piraté' } }),
    );
    const [stored] = await ctx.database.db.select().from(clientLogos).where(eq(clientLogos.id, row.id));
    expect(stored?.name).toBe('Gardé Session');
  });

  it('refuses a write from another site (foreign Origin) with 403', async () => {
    await api.fromAnotherSite({ name: 'Logo forgé' });
    expect((await adminList()).map((logo) => logo.name)).not.toContain('Logo forgé');
  });
});

describe('POST /api/admin/client-logos', () => {
  it('adds a client with its SVG logo drawn as WebP and its site, logs it, and the public API shows it', async () => {
    const image = await uploadSvgLogo();
    expect(image.url).toMatch(/\.960\.webp$/);
    const logo = await create({
      name: ' Kin Textiles ',
      logoUrl: image.url,
      websiteUrl: ' https://kintextiles.cd ',
    });
    expect(logo).toMatchObject({
      name: 'Kin Textiles',
      logoUrl: image.url,
      websiteUrl: 'https://kintextiles.cd',
      isActive: true,
      isDemo: false,
    });
    expect((await adminList()).at(-1)?.id).toBe(logo.id);
    expect(await publicOne(logo.id)).toEqual({
      id: logo.id,
      name: 'Kin Textiles',
      logoUrl: image.url,
      websiteUrl: 'https://kintextiles.cd',
    });
    expect(await activity('client_logo.created', 'Kin Textiles')).toMatchObject({
      title: 'Logo de Kin Textiles ajouté',
      description: 'Visible sur le site',
      userId: ctx.admin.user.id,
    });
  });

  it('refuses invalid fields with a French message per field, and stores nothing', async () => {
    const res = await api
      .tryCreate({ name: 'K', logoUrl: 'javascript:alert(1)', websiteUrl: 'http://exemple.cd', order: -1 })
      .expect(400);
    expect(res.body.error.fields).toEqual({
      name: 'Le nom du client doit contenir au moins 2 caractères',
      logoUrl: 'Logo invalide\u00a0: téléversez une image',
      websiteUrl: 'Le site du client doit être une adresse https:// (par exemple https://exemple.cd)',
      order: 'L’ordre ne peut pas être négatif',
    });
    const tooLong = await api.tryCreate({ name: 'N'.repeat(61) }).expect(400);
    expect(Object.keys(tooLong.body.error.fields)).toEqual(['name']);
    expect(await activityCount('Logo de K ajouté')).toBe(0);
    expect((await adminList()).some((logo) => logo.name === 'K' || logo.name.startsWith('NNN'))).toBe(false);
  });
});

describe('PATCH and DELETE /api/admin/client-logos/:id', () => {
  it('hides a logo from the public, and an edited demo logo is no longer a demo while a hidden one still is', async () => {
    const demo = await insertClientLogo(ctx.database.db, { name: 'Démo Wordmark', isDemo: true });
    expect(await publicOne(demo.id)).toEqual({
      id: demo.id,
      name: 'Démo Wordmark',
      logoUrl: null,
      websiteUrl: null,
    });

    await patch(demo.id, { isActive: false }).expect(200);
    expect(await publicOne(demo.id)).toBeUndefined();
    expect((await adminList()).find((logo) => logo.id === demo.id)).toMatchObject({
      isDemo: true,
      isActive: false,
    });
    expect(await activity('client_logo.deactivated', 'Démo Wordmark')).toMatchObject({
      title: 'Logo de Démo Wordmark masqué du site',
    });

    const res = await patch(demo.id, { websiteUrl: 'https://wordmark.cd' }).expect(200);
    expect(res.body.clientLogo).toMatchObject({ websiteUrl: 'https://wordmark.cd', isDemo: false });
    expect(await activity('client_logo.updated', 'Démo Wordmark')).toMatchObject({
      description: 'Champs modifiés\u00a0: site',
    });
  });

  it('deletes the old image when replaced or when the logo is deleted; the media library refuses to delete one in use', async () => {
    const first = await api.uploadPhoto('logo.jpg');
    const second = await uploadSvgLogo();
    const logo = await create({ name: 'Images Lukaku', logoUrl: first.url });

    await patch(logo.id, { name: 'Images Lukaku SARL' }).expect(200);
    expect(await api.isStored(first)).toBe(true);
    await patch(logo.id, { logoUrl: second.url }).expect(200);
    expect(await api.isStored(first)).toBe(false);

    await api.expectMediaInUse(second.url, 'un logo client');

    await remove(logo.id).expect(204);
    expect(await api.isStored(second)).toBe(false);
    expect(await publicOne(logo.id)).toBeUndefined();
    expect(await activity('client_logo.deleted', 'Images Lukaku SARL')).toMatchObject({
      title: 'Logo de Images Lukaku SARL supprimé',
    });
  });

  it('answers 404 for an unknown logo and 400 for a malformed id', async () => {
    await api.expectUnknownAndMalformedIds({ name: 'Fantôme' }, 'Logo introuvable.');
  });
});

describe('POST /api/admin/client-logos/:id/move', () => {
  it('moves a logo up and down, and the public order follows', async () => {
    await expectMovesFollowPublicOrder(
      { move, activity },
      {
        add: (name, order) => insertClientLogo(ctx.database.db, { name, order }),
        publicNames: async () => (await publicLogos()).map((logo) => logo.name),
        activityType: 'client_logo.reordered',
        movedUpTitle: 'Logo de Ordre Trois déplacé vers le haut',
      },
    );
  });
});
