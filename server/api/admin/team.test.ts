import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AdminTeamMember } from '#common/schemas/team-admin.ts';
import { teamMembers } from '#db/schema.ts';
import { expectUnauthorized, mediaContentContext, UNKNOWN_ID } from '#tests/helpers/admin-content.ts';
import { insertTeamMember } from '#tests/helpers/factories.ts';
import { expectInvalidFields } from '#tests/helpers/field-errors.ts';

// Photos are real uploads: a replaced or removed one that nothing uses any more is deleted.
const { ctx, ...api } = mediaContentContext<AdminTeamMember>('/api/admin/team', {
  item: 'member',
  list: 'members',
});
const { create, adminList, patch, move, remove, activity, activityCount } = api;

type PublicMember = {
  id: string;
  name: string;
  photoUrl: string | null;
  photoFocusX: number;
  photoFocusY: number;
  skills: string[];
};
const publicTeam = async (): Promise<PublicMember[]> =>
  (await request(ctx.testApp.app).get('/api/team').expect(200)).body;
const publicNames = async () => (await publicTeam()).map((m) => m.name);

describe('guard', () => {
  it('answers 401 without a session to every team route, and changes nothing', async () => {
    const member = await insertTeamMember(ctx.database.db, { name: 'Gardée Session' });
    await expectUnauthorized(
      api.anonymousCalls(
        { name: 'Intrus', position: 'Pirate' },
        { id: member.id, patch: { name: 'Piraté' } },
      ),
    );
    const [row] = await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(row?.name).toBe('Gardée Session');
  });

  it('refuses a write from another site (foreign Origin) with 403, even with a session', async () => {
    await api.fromAnotherSite({ name: 'Membre forgé', position: 'Pirate' });
    expect((await adminList()).map((m) => m.name)).not.toContain('Membre forgé');
  });
});

describe('GET /api/admin/team', () => {
  it('lists every member, hidden ones too, in the order the site shows them', async () => {
    await insertTeamMember(ctx.database.db, { name: 'Zoé Dernière', order: 90 });
    await insertTeamMember(ctx.database.db, { name: 'Yves Masqué', order: 80, isActive: false });
    const list = await adminList();
    const names = list.map((m) => m.name);
    expect(names.indexOf('Yves Masqué')).toBeLessThan(names.indexOf('Zoé Dernière'));
    expect(list.find((m) => m.name === 'Yves Masqué')).toMatchObject({ isActive: false, order: 80 });
    expect(await publicNames()).not.toContain('Yves Masqué');
  });
});

describe('POST /api/admin/team', () => {
  it('adds a member with skills typed as comma-separated text, logs it, and the home page API shows the card', async () => {
    const member = await create({
      name: '  Grâce Mbuyi ',
      position: 'Responsable marketing digital',
      bio: 'Dix ans de campagnes à Kinshasa.',
      skills: ' SEO, Publicité Facebook ,, seo,  Emailing ',
      photoUrl: '/media/grace.960.webp',
      linkedinUrl: 'https://www.linkedin.com/in/grace-mbuyi',
      twitterUrl: 'https://x.com/gracembuyi',
    });
    expect(member).toMatchObject({
      name: 'Grâce Mbuyi',
      skills: ['SEO', 'Publicité Facebook', 'Emailing'],
      photoUrl: '/media/grace.960.webp',
      linkedinUrl: 'https://www.linkedin.com/in/grace-mbuyi',
      twitterUrl: 'https://x.com/gracembuyi',
      isActive: true,
    });
    // Without an order, after everybody else.
    const list = await adminList();
    expect(list.at(-1)?.id).toBe(member.id);

    const card = (await publicTeam()).find((m) => m.id === member.id);
    expect(card).toMatchObject({
      name: 'Grâce Mbuyi',
      photoUrl: '/media/grace.960.webp',
      skills: ['SEO', 'Publicité Facebook', 'Emailing'],
    });
    expect(await activity('team.created', 'Grâce Mbuyi')).toMatchObject({
      title: 'Grâce Mbuyi ajouté(e) à l’équipe',
      description: 'Responsable marketing digital',
      userId: ctx.admin.user.id,
    });
  });

  it('takes skills as a list too, trimmed, and empty links as none', async () => {
    const member = await create({
      name: 'Patrick Ilunga',
      position: 'Développeur web',
      skills: [' React ', 'Node.js', '', 'react'],
      linkedinUrl: '',
      twitterUrl: null,
      order: 3,
    });
    expect(member).toMatchObject({
      skills: ['React', 'Node.js'],
      linkedinUrl: null,
      twitterUrl: null,
      photoUrl: null,
      bio: '',
      order: 3,
    });
  });

  it('refuses invalid fields with French messages per field, and stores nothing', async () => {
    await expectInvalidFields(
      api.tryCreate({
        name: 'A',
        position: '',
        linkedinUrl: 'http://www.linkedin.com/in/sans-https',
        twitterUrl: 'https://facebook.com/pas-twitter',
        photoUrl: 'javascript:alert(1)',
        order: -1,
      }),
      {
        name: 'Le nom doit contenir au moins 2 caractères',
        position: 'Le poste doit contenir au moins 2 caractères',
        linkedinUrl: 'Le lien LinkedIn doit être une adresse https:// de linkedin.com',
        twitterUrl: 'Le lien Twitter doit être une adresse https:// de x.com ou twitter.com',
        photoUrl: 'Photo invalide : téléversez une image',
        order: 'L’ordre ne peut pas être négatif',
      },
    );
    await expectInvalidFields(
      api.tryCreate({
        name: 'Trop Doué',
        position: 'Touche-à-tout',
        skills: Array.from({ length: 21 }, (_, i) => `Compétence ${i}`),
      }),
      { skills: '20 compétences au plus' },
    );
    expect((await adminList()).map((m) => m.name)).not.toContain('Trop Doué');
  });
});

describe('PATCH /api/admin/team/:id', () => {
  it('changes the fields, logs what changed, and the public team shows the new values', async () => {
    const member = await create({ name: 'Aline Kasongo', position: 'Stagiaire' });
    const res = await patch(member.id, {
      position: 'Chargée de communication',
      skills: 'TikTok, Canva',
    }).expect(200);
    expect(res.body.member).toMatchObject({
      name: 'Aline Kasongo',
      position: 'Chargée de communication',
      skills: ['TikTok', 'Canva'],
    });
    expect((await publicTeam()).find((m) => m.id === member.id)).toMatchObject({
      position: 'Chargée de communication',
      skills: ['TikTok', 'Canva'],
    });
    expect(await activity('team.updated', 'Aline Kasongo')).toMatchObject({
      title: 'Fiche de Aline Kasongo modifiée',
      description: 'Champs modifiés : poste, compétences',
      userId: ctx.admin.user.id,
    });
  });

  it('hides a member from the public site, then shows them again', async () => {
    const member = await create({ name: 'Jules Tshibanda', position: 'Vidéaste' });
    expect(await publicNames()).toContain('Jules Tshibanda');
    await patch(member.id, { isActive: false }).expect(200);
    expect(await publicNames()).not.toContain('Jules Tshibanda');
    expect((await adminList()).find((m) => m.id === member.id)?.isActive).toBe(false);
    expect(await activity('team.deactivated', 'Jules Tshibanda')).toMatchObject({
      title: 'Jules Tshibanda masqué(e) du site',
    });
    await patch(member.id, { isActive: true }).expect(200);
    expect(await publicNames()).toContain('Jules Tshibanda');
  });

  it('deletes the old photo when it is replaced or removed, not when it stays', async () => {
    const old = await api.uploadPhoto('ancienne.jpg');
    const member = await create({ name: 'Sarah Photo', position: 'Photographe', photoUrl: old.url });
    await patch(member.id, { bio: 'Nouvelle bio.' }).expect(200);
    await patch(member.id, { photoUrl: old.url }).expect(200);
    expect(await api.isStored(old)).toBe(true);

    const replacement = await api.uploadPhoto('nouvelle.jpg');
    await patch(member.id, { photoUrl: replacement.url }).expect(200);
    expect(await api.isStored(old)).toBe(false);
    expect(await api.isStored(replacement)).toBe(true);
    expect((await publicTeam()).find((m) => m.id === member.id)?.photoUrl).toBe(replacement.url);

    await patch(member.id, { photoUrl: null }).expect(200);
    expect(await api.isStored(replacement)).toBe(false);
    expect((await publicTeam()).find((m) => m.id === member.id)?.photoUrl).toBeNull();
  });

  it('keeps the photo’s focal point the staff chose, logged once, and refuses one outside the photo', async () => {
    const photo = await api.uploadPhoto('portrait.jpg');
    const member = await create({ name: 'Cadrée Mputu', position: 'Designer', photoUrl: photo.url });
    // Centred until the staff choose.
    expect(member).toMatchObject({ photoFocusX: 50, photoFocusY: 50 });
    await patch(member.id, { photoFocusX: 40, photoFocusY: 18 }).expect(200);
    expect((await publicTeam()).find((m) => m.id === member.id)).toMatchObject({
      photoFocusX: 40,
      photoFocusY: 18,
    });
    expect(await activity('team.updated', 'Cadrée Mputu')).toMatchObject({
      description: 'Champs modifiés\u00a0: cadrage de la photo',
    });
    const res = await patch(member.id, { photoFocusX: 101, photoFocusY: 12.5 }).expect(400);
    expect(res.body.error.fields).toEqual({
      photoFocusX: 'Cadrage invalide\u00a0: entre 0 et 100',
      photoFocusY: 'Cadrage invalide',
    });
    expect((await adminList()).find((m) => m.id === member.id)).toMatchObject({
      photoFocusX: 40,
      photoFocusY: 18,
    });
  });

  it('logs nothing when nothing changes', async () => {
    const member = await create({ name: 'Immuable Nzuzi', position: 'Analyste', skills: 'Data' });
    await patch(member.id, { name: 'Immuable Nzuzi', skills: ['Data'] }).expect(200);
    expect(await activityCount('Immuable Nzuzi')).toBe(1);
  });

  it('answers 404 for an unknown member and 400 for a malformed id or an invalid link', async () => {
    await api.expectUnknownAndMalformedIds({ name: 'Fantôme' }, 'Membre de l’équipe introuvable.');
    const member = await create({ name: 'Lien Valide', position: 'Consultant' });
    const http = await patch(member.id, { twitterUrl: 'http://twitter.com/lien' }).expect(400);
    expect(http.body.error.fields).toEqual({
      twitterUrl: 'Le lien Twitter doit être une adresse https:// de x.com ou twitter.com',
    });
  });
});

describe('POST /api/admin/team/:id/move', () => {
  it('moves a member up and down, and the public team follows', async () => {
    // Clear the order: earlier tests left members everywhere.
    const [first, second, third] = await Promise.all(
      ['Ordre Un', 'Ordre Deux', 'Ordre Trois'].map((name, i) =>
        insertTeamMember(ctx.database.db, { name, order: 1000 + i }),
      ),
    );
    if (!first || !second || !third) throw new Error('members not created');
    const tail = async () => (await publicNames()).slice(-3);
    expect(await tail()).toEqual(['Ordre Un', 'Ordre Deux', 'Ordre Trois']);

    const res = await move(third.id, 'up').expect(200);
    expect(res.body.members.slice(-3).map((m: AdminTeamMember) => m.name)).toEqual([
      'Ordre Un',
      'Ordre Trois',
      'Ordre Deux',
    ]);
    expect(await tail()).toEqual(['Ordre Un', 'Ordre Trois', 'Ordre Deux']);
    expect(await activity('team.reordered', 'Ordre Trois')).toMatchObject({
      title: 'Ordre Trois déplacé(e) vers le haut de l’équipe',
      userId: ctx.admin.user.id,
    });

    await move(first.id, 'down').expect(200);
    expect(await tail()).toEqual(['Ordre Trois', 'Ordre Un', 'Ordre Deux']);

    // Already last: nothing moves, nothing is logged.
    await move(second.id, 'down').expect(200);
    expect(await tail()).toEqual(['Ordre Trois', 'Ordre Un', 'Ordre Deux']);
    expect(await activityCount('Ordre Deux')).toBe(0);
  });

  it('refuses an unknown direction (400) and an unknown member (404)', async () => {
    const member = await create({ name: 'Immobile Team', position: 'Consultant' });
    await move(member.id, 'sideways').expect(400);
    const res = await move(UNKNOWN_ID, 'up').expect(404);
    expect(res.body.error.message).toBe('Membre de l’équipe introuvable.');
  });
});

describe('DELETE /api/admin/team/:id', () => {
  it('deletes a member, logs it, deletes the photo, and the public team no longer shows them', async () => {
    const photo = await api.uploadPhoto('depart.jpg');
    const member = await create({ name: 'Départ Lukaku', position: 'Designer', photoUrl: photo.url });
    await remove(member.id).expect(204);
    expect((await adminList()).map((m) => m.id)).not.toContain(member.id);
    expect(await publicNames()).not.toContain('Départ Lukaku');
    expect(await api.isStored(photo)).toBe(false);
    expect(await activity('team.deleted', 'Départ Lukaku')).toMatchObject({
      title: 'Départ Lukaku retiré(e) de l’équipe',
      description: 'Designer',
      userId: ctx.admin.user.id,
    });
  });

  it('answers 404 for an unknown member', async () => {
    const res = await remove(UNKNOWN_ID).expect(404);
    expect(res.body.error.message).toBe('Membre de l’équipe introuvable.');
  });
});
