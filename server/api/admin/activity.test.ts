import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '#common/schemas/activity-admin.ts';
import { type AdminSession, adminTestContext, signInAdmin } from '#tests/helpers/admin-session.ts';
import { insertActivity } from '#tests/helpers/factories.ts';

const ctx = adminTestContext({ seed: { content: true, compile: false } });
let colleague: AdminSession;

beforeAll(async () => {
  const { testApp, database, admin } = ctx;
  colleague = await signInAdmin(testApp.app, database.db);
  const db = database.db;
  // Kinshasa is UTC+1: 23:30 UTC on the 9th is already the 10th there.
  await insertActivity(db, {
    type: 'contact.status_changed',
    title: 'Statut du contact Marie Kabila : En cours',
    description: 'Nouveau → En cours',
    userId: admin.user.id,
    createdAt: new Date('2026-03-09T23:30:00Z'),
  });
  await insertActivity(db, {
    type: 'contacts.exported',
    title: 'Export CSV des contacts (12)',
    userId: colleague.user.id,
    createdAt: new Date('2026-03-08T10:00:00Z'),
  });
  await insertActivity(db, {
    type: 'subscriber.updated',
    title: 'Abonné modifié : amani@exemple.cd',
    userId: colleague.user.id,
    createdAt: new Date('2026-03-07T10:00:00Z'),
  });
  await insertActivity(db, {
    type: 'contact.created',
    title: 'Nouvelle demande de devis : 100% Kin',
    userId: null,
    createdAt: new Date('2026-03-06T10:00:00Z'),
  });
});

const list = async (query = '') =>
  (await ctx.admin.get(`/api/admin/activity?${query}`).expect(200)).body as ActivityPage;
const titles = (page: ActivityPage) => page.items.map((i) => i.title);

describe('GET /api/admin/activity', () => {
  it('answers 401 without a session', async () => {
    const res = await request(ctx.testApp.app).get('/api/admin/activity').expect(401);
    expect(res.body.error.message).toBe('Authentification requise.');
  });

  it('lists newest first with the author, the system shown as no one', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(titles(page)).toEqual([
      'Statut du contact Marie Kabila : En cours',
      'Export CSV des contacts (12)',
      'Abonné modifié : amani@exemple.cd',
      'Nouvelle demande de devis : 100% Kin',
    ]);
    expect(page.items[0]).toMatchObject({
      type: 'contact.status_changed',
      description: 'Nouveau → En cours',
      createdAt: '2026-03-09T23:30:00.000Z',
      user: { id: ctx.admin.user.id, firstName: 'Agent', lastName: 'Test', email: ctx.admin.user.email },
    });
    expect(page.items[3]?.user).toBeNull();
    expect(page.types).toEqual(['contact', 'subscriber']);
    expect(page.authors.map((a) => a.id).sort()).toEqual([ctx.admin.user.id, colleague.user.id].sort());
  });

  it('filters by type family (plural resources included), exact type, author and text', async () => {
    expect(titles(await list('type=contact'))).toEqual([
      'Statut du contact Marie Kabila : En cours',
      'Export CSV des contacts (12)',
      'Nouvelle demande de devis : 100% Kin',
    ]);
    expect(titles(await list('type=contact.created'))).toEqual(['Nouvelle demande de devis : 100% Kin']);
    expect(titles(await list(`userId=${colleague.user.id}`))).toEqual([
      'Export CSV des contacts (12)',
      'Abonné modifié : amani@exemple.cd',
    ]);
    expect(titles(await list('q=AMANI'))).toEqual(['Abonné modifié : amani@exemple.cd']);
    expect(titles(await list(`q=${encodeURIComponent('100%')}`))).toEqual([
      'Nouvelle demande de devis : 100% Kin',
    ]);
    expect((await list('q=en%20cours')).total).toBe(1);
  });

  it('filters by days of the Kinshasa calendar', async () => {
    expect(titles(await list('from=2026-03-10'))).toEqual(['Statut du contact Marie Kabila : En cours']);
    expect(titles(await list('from=2026-03-07&to=2026-03-08'))).toEqual([
      'Export CSV des contacts (12)',
      'Abonné modifié : amani@exemple.cd',
    ]);
    expect((await list('to=2026-03-09')).total).toBe(3);
  });

  it('pages without overlap', async () => {
    const first = await list('pageSize=3');
    const second = await list('pageSize=3&page=2');
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(second.total).toBe(4);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(4);
  });

  it('refuses wrong filters with French messages per field', async () => {
    const res = await ctx.admin
      .get('/api/admin/activity?userId=moi&from=hier&to=2026-13-45&type=DROP%20TABLE&pageSize=500')
      .expect(400);
    expect(res.body.error.fields).toEqual({
      userId: 'Auteur invalide',
      from: 'Date de début invalide',
      to: 'Date de fin invalide',
      type: 'Type invalide',
      pageSize: 'Taille de page invalide',
    });
    const reversed = await ctx.admin.get('/api/admin/activity?from=2026-03-10&to=2026-03-01').expect(400);
    expect(reversed.body.error.fields).toEqual({ to: 'La date de fin doit suivre la date de début' });
  });

  it('lists the settings screen’s own changes, with their author', async () => {
    await ctx.admin
      .patch('/api/admin/settings')
      .send({ 'contact.hours': 'Lundi - samedi, 8h - 17h' })
      .expect(200);
    const stats = (await colleague.get('/api/admin/settings/stats').expect(200)).body.stats as {
      id: string;
    }[];
    await colleague.patch(`/api/admin/settings/stats/${stats[0]?.id}`).send({ value: 9 }).expect(200);
    const settings = await list('type=setting');
    expect(settings.items).toEqual([
      expect.objectContaining({
        type: 'setting.updated',
        title: 'Paramètre modifié : Horaires d’ouverture',
        user: expect.objectContaining({ id: ctx.admin.user.id }),
      }),
    ]);
    const figures = await list('type=stat');
    expect(figures.items).toEqual([
      expect.objectContaining({
        title: 'Chiffre clé modifié : Entreprises accompagnées (9+)',
        user: expect.objectContaining({ id: colleague.user.id }),
      }),
    ]);
    expect((await list()).items[0]?.type).toBe('stat.updated');
  });
});
