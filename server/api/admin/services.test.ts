import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AdminService } from '#common/schemas/admin.ts';
import { services as servicesTable } from '#db/schema.ts';
import { adminContentApi, expectUnauthorized, UNKNOWN_ID } from '#tests/helpers/admin-content.ts';
import { adminTestContext } from '#tests/helpers/admin-session.ts';
import { insertService } from '#tests/helpers/factories.ts';
import { expectInvalidFields } from '#tests/helpers/field-errors.ts';
import { currentBackend } from '#tests/helpers/test-database.ts';
import { SERVICE_TREE_LOCK_KEY } from '../../admin/services.ts';

const ctx = adminTestContext();

const api = adminContentApi<AdminService>(ctx, '/api/admin/services', { item: 'service', list: 'services' });
const { create, adminList, patch, move, activity, activityCount, anonymousCalls } = api;

/** A sub-service of `parent`, created through the API. */
const createChild = (parent: AdminService, title: string, description: string) =>
  create({ title, description, parentServiceId: parent.id });

/** A service with one sub-service (described as `childDescription`), both created through the API. */
async function parentAndChild(parentTitle: string, childTitle: string, childDescription: string) {
  const parent = await create({ title: parentTitle, description: 'Il a des enfants.' });
  const child = await createChild(parent, childTitle, childDescription);
  return { parent, child };
}

const publicTitles = async (): Promise<string[]> =>
  (await request(ctx.testApp.app).get('/api/services').expect(200)).body.map(
    (s: { title: string }) => s.title,
  );

describe('guard', () => {
  it('answers 401 without a session to every services route, and stores nothing', async () => {
    const service = await insertService(ctx.database.db, { title: 'Gardé par la session' });
    await expectUnauthorized(
      anonymousCalls(
        { title: 'Intrus', description: 'Un service pirate.' },
        { id: service.id, patch: { title: 'Piraté' } },
      ),
    );
    const [row] = await ctx.database.db.select().from(servicesTable).where(eq(servicesTable.id, service.id));
    expect(row?.title).toBe('Gardé par la session');
    expect(await publicTitles()).not.toContain('Intrus');
  });

  it('refuses a write from another site (foreign Origin) with 403, even with a session', async () => {
    await api.fromAnotherSite({ title: 'Service forgé', description: 'Créé depuis un autre site.' });
    expect((await adminList()).map((s) => s.title)).not.toContain('Service forgé');
  });
});

describe('POST /api/admin/services', () => {
  it('creates a top-level service, logs it, and the public site lists it at once', async () => {
    const service = await create({
      title: '  Conseil en stratégie  ',
      description: 'Un accompagnement stratégique pour les PME.',
      icon: ' Megaphone ',
    });
    expect(service).toMatchObject({
      title: 'Conseil en stratégie',
      icon: 'megaphone',
      parentServiceId: null,
      isActive: true,
    });
    expect((await adminList()).map((s) => s.id)).toContain(service.id);
    expect(await publicTitles()).toContain('Conseil en stratégie');
    const detail = await request(ctx.testApp.app).get(`/api/services/${service.id}`).expect(200);
    expect(detail.body.icon).toBe('megaphone');

    const row = await activity('service.created', 'Conseil en stratégie');
    expect(row).toMatchObject({
      title: 'Service « Conseil en stratégie » créé',
      description: 'Service principal',
      userId: ctx.admin.user.id,
    });
  });

  it('creates a child under a parent, after its siblings, shown under the parent on the public site', async () => {
    const parent = await create({ title: 'Vidéo', description: 'Tout ce qui bouge à l’écran.' });
    const first = await createChild(parent, 'Clips courts', 'Des formats de 30 secondes.');
    const second = await createChild(parent, 'Films institutionnels', 'Présenter votre organisation.');
    expect([first.order, second.order]).toEqual([0, 1]);
    expect(second.parentServiceId).toBe(parent.id);

    const list = await adminList();
    const at = list.findIndex((s) => s.id === parent.id);
    expect(list.slice(at, at + 3).map((s) => s.title)).toEqual([
      'Vidéo',
      'Clips courts',
      'Films institutionnels',
    ]);

    const detail = await request(ctx.testApp.app).get(`/api/services/${parent.id}`).expect(200);
    expect(detail.body.children.map((c: { title: string }) => c.title)).toEqual([
      'Clips courts',
      'Films institutionnels',
    ]);
    expect(await activity('service.created', 'Clips courts')).toMatchObject({
      description: 'Sous-service de « Vidéo »',
      userId: ctx.admin.user.id,
    });
  });

  it('creates a hidden service: the admin sees it, the public site does not', async () => {
    const hidden = await create({
      title: 'Offre en préparation',
      description: 'Pas encore prête à être montrée.',
      isActive: false,
    });
    expect((await adminList()).find((s) => s.id === hidden.id)?.isActive).toBe(false);
    expect(await publicTitles()).not.toContain('Offre en préparation');
    await request(ctx.testApp.app).get(`/api/services/${hidden.id}`).expect(404);
  });

  it('refuses invalid fields with French messages per field, and stores nothing', async () => {
    await expectInvalidFields(
      api.tryCreate({
        title: 'X',
        description: 'court',
        icon: 'Mégaphone',
        order: -1,
        parentServiceId: 'abc',
      }),
      {
        title: 'Le titre doit contenir au moins 2 caractères',
        description: 'La description doit contenir au moins 10 caractères',
        icon: 'Le nom d’icône ne contient que des lettres sans accents, des chiffres et des tirets',
        order: 'L’ordre ne peut pas être négatif',
        parentServiceId: 'Service parent invalide',
      },
    );
    await expectInvalidFields(
      api.tryCreate({
        title: 'Ordre décimal',
        description: 'Une description correcte.',
        order: 1.5,
      }),
      { order: 'L’ordre doit être un nombre entier' },
    );
    expect((await adminList()).map((s) => s.title)).not.toContain('Ordre décimal');
  });

  it('refuses a parent that does not exist or is itself a child (two levels at most)', async () => {
    const unknown = await api
      .tryCreate({
        title: 'Orphelin',
        description: 'Sous un parent inconnu.',
        parentServiceId: UNKNOWN_ID,
      })
      .expect(400);
    expect(unknown.body.error.fields).toEqual({ parentServiceId: 'Service parent introuvable' });

    const top = await create({ title: 'Niveau 1', description: 'Un service principal.' });
    const child = await createChild(top, 'Niveau 2', 'Un sous-service.');
    const deep = await api
      .tryCreate({
        title: 'Niveau 3',
        description: 'Un troisième niveau.',
        parentServiceId: child.id,
      })
      .expect(400);
    expect(deep.body.error.fields.parentServiceId).toBe(
      '« Niveau 2 » est déjà un sous-service : choisissez un service principal (deux niveaux au plus)',
    );
    expect((await adminList()).map((s) => s.title)).not.toContain('Niveau 3');
  });
});

describe('PATCH /api/admin/services/:id', () => {
  it('changes the fields, logs what changed, and the public site shows the new values', async () => {
    const service = await create({ title: 'Ancien titre', description: 'Une description à revoir.' });
    const res = await patch(service.id, { title: 'Analyse de données', icon: 'database', order: 7 }).expect(
      200,
    );
    expect(res.body.service).toMatchObject({ title: 'Analyse de données', icon: 'database', order: 7 });

    const detail = await request(ctx.testApp.app).get(`/api/services/${service.id}`).expect(200);
    expect(detail.body).toMatchObject({ title: 'Analyse de données', icon: 'database', order: 7 });
    expect(await publicTitles()).not.toContain('Ancien titre');

    expect(await activity('service.updated', 'Analyse de données')).toMatchObject({
      title: 'Service « Analyse de données » modifié',
      description: 'Champs modifiés : titre, icône, ordre ; ancien titre « Ancien titre »',
      userId: ctx.admin.user.id,
    });
  });

  it('moves a service under a parent and back to the top level', async () => {
    const parent = await create({ title: 'Web', description: 'Sites et applications.' });
    const loose = await create({ title: 'Sites vitrines', description: 'Un site simple et rapide.' });
    const moved = await patch(loose.id, { parentServiceId: parent.id }).expect(200);
    expect(moved.body.service).toMatchObject({ parentServiceId: parent.id, order: 0 });
    const detail = await request(ctx.testApp.app).get(`/api/services/${parent.id}`).expect(200);
    expect(detail.body.children.map((c: { id: string }) => c.id)).toEqual([loose.id]);
    expect(await activity('service.updated', 'Sites vitrines')).toMatchObject({
      description: 'Champs modifiés : service parent, ordre ; Sous-service de « Web »',
    });

    const back = await patch(loose.id, { parentServiceId: null }).expect(200);
    expect(back.body.service.parentServiceId).toBeNull();
  });

  it('refuses to make a service its own parent or to place it under its own child', async () => {
    const parent = await create({ title: 'Ancêtre', description: 'Un service principal.' });
    const child = await createChild(parent, 'Descendant', 'Son sous-service.');
    const other = await create({ title: 'Autre principal', description: 'Un autre service.' });

    const self = await patch(parent.id, { parentServiceId: parent.id }).expect(400);
    expect(self.body.error.fields).toEqual({
      parentServiceId: 'Un service ne peut pas être son propre parent',
    });

    const cycle = await patch(parent.id, { parentServiceId: child.id }).expect(400);
    expect(cycle.body.error.fields).toEqual({
      parentServiceId: 'Un service ne peut pas être placé sous l’un de ses sous-services',
    });

    const withChildren = await patch(parent.id, { parentServiceId: other.id }).expect(400);
    expect(withChildren.body.error.fields).toEqual({
      parentServiceId: 'Ce service a des sous-services : il ne peut pas devenir lui-même un sous-service',
    });

    const [row] = await ctx.database.db.select().from(servicesTable).where(eq(servicesTable.id, parent.id));
    expect(row?.parentServiceId).toBeNull();
  });

  it('hides a service and its children from the public site (lists, detail, sitemap), then shows them again', async () => {
    const parent = await create({ title: 'Événementiel', description: 'Salons et lancements.' });
    const child = await createChild(parent, 'Stands de salon', 'Votre stand clé en main.');
    const sitemapIds = async () =>
      (await ctx.testApp.deps.content.listSitemapEntries()).services.map((s) => s.id);
    expect(await sitemapIds()).toEqual(expect.arrayContaining([parent.id, child.id]));

    const hide = await patch(parent.id, { isActive: false }).expect(200);
    expect(hide.body.service.isActive).toBe(false);
    expect(await publicTitles()).not.toContain('Événementiel');
    expect(await publicTitles()).not.toContain('Stands de salon');
    await request(ctx.testApp.app).get(`/api/services/${parent.id}`).expect(404);
    await request(ctx.testApp.app).get(`/api/services/${child.id}`).expect(404);
    expect(await sitemapIds()).not.toContain(parent.id);
    expect(await sitemapIds()).not.toContain(child.id);
    expect(await activity('service.deactivated', 'Événementiel')).toMatchObject({
      title: 'Service « Événementiel » masqué du site',
      description: 'Son sous-service est masqué avec lui',
      userId: ctx.admin.user.id,
    });

    await patch(parent.id, { isActive: true }).expect(200);
    expect(await publicTitles()).toEqual(expect.arrayContaining(['Événementiel', 'Stands de salon']));
    expect(await activity('service.activated', 'Événementiel')).toMatchObject({
      title: 'Service « Événementiel » affiché sur le site',
    });
  });

  it('logs nothing when nothing changes', async () => {
    const service = await create({ title: 'Inchangé', description: 'Rien ne bouge ici.' });
    await patch(service.id, { title: 'Inchangé' }).expect(200);
    expect(await activityCount('Inchangé')).toBe(1);
  });

  it('answers 404 for an unknown service and 400 for a malformed id or invalid field', async () => {
    const unknown = await patch(UNKNOWN_ID, { title: 'Fantôme' }).expect(404);
    expect(unknown.body.error.message).toBe('Service introuvable.');
    const malformed = await patch('pas-un-id', { title: 'Fantôme' }).expect(400);
    expect(malformed.body.error.fields).toEqual({ id: 'Identifiant invalide.' });
    const service = await create({ title: 'Ordre valide', description: 'Une description correcte.' });
    const negative = await patch(service.id, { order: -3 }).expect(400);
    expect(negative.body.error.fields).toEqual({ order: 'L’ordre ne peut pas être négatif' });
  });
});

describe('POST /api/admin/services/:id/move', () => {
  it('moves a child up and down among its siblings, as the public site then shows them', async () => {
    const parent = await create({ title: 'Formation', description: 'Former vos équipes.' });
    const a = await createChild(parent, 'Atelier A', 'Premier atelier.');
    const b = await createChild(parent, 'Atelier B', 'Deuxième atelier.');
    const c = await createChild(parent, 'Atelier C', 'Troisième atelier.');
    const children = async () =>
      (await request(ctx.testApp.app).get(`/api/services/${parent.id}`).expect(200)).body.children.map(
        (s: { title: string }) => s.title,
      );

    const res = await move(c.id, 'up').expect(200);
    expect(res.body.services.find((s: AdminService) => s.id === c.id)?.order).toBe(1);
    expect(await children()).toEqual(['Atelier A', 'Atelier C', 'Atelier B']);
    expect(await activity('service.reordered', 'Atelier C')).toMatchObject({
      title: 'Service « Atelier C » déplacé vers le haut',
      description: 'Sous-service de « Formation », position 2 sur 3',
      userId: ctx.admin.user.id,
    });

    await move(a.id, 'down').expect(200);
    expect(await children()).toEqual(['Atelier C', 'Atelier A', 'Atelier B']);

    // Already last: nothing moves, nothing is logged.
    const before = await activityCount('Atelier B');
    await move(b.id, 'down').expect(200);
    expect(await children()).toEqual(['Atelier C', 'Atelier A', 'Atelier B']);
    expect(await activityCount('Atelier B')).toBe(before);
  });

  it('refuses an unknown direction (400) and an unknown service (404)', async () => {
    const service = await create({ title: 'Immobile', description: 'Ne bouge pas.' });
    const bad = await move(service.id, 'left').expect(400);
    expect(bad.body.error.fields).toEqual({ direction: 'Direction invalide : « up » ou « down ».' });
    await move(UNKNOWN_ID, 'up').expect(404);
  });
});

describe('DELETE /api/admin/services/:id', () => {
  it('deletes a service without children; it disappears from the admin and public lists', async () => {
    const service = await create({ title: 'Éphémère', description: 'Bientôt supprimé.' });
    await ctx.admin.delete(`/api/admin/services/${service.id}`).expect(204);
    expect((await adminList()).map((s) => s.id)).not.toContain(service.id);
    expect(await publicTitles()).not.toContain('Éphémère');
    await request(ctx.testApp.app).get(`/api/services/${service.id}`).expect(404);
    expect(await activity('service.deleted', 'Éphémère')).toMatchObject({
      title: 'Service « Éphémère » supprimé',
      userId: ctx.admin.user.id,
    });
  });

  it('refuses with 409 to delete a parent without saying what becomes of its children', async () => {
    const parent = await create({ title: 'Parent prudent', description: 'Il a des enfants.' });
    await createChild(parent, 'Enfant 1', 'Premier enfant.');
    await createChild(parent, 'Enfant 2', 'Deuxième enfant.');
    const res = await ctx.admin.delete(`/api/admin/services/${parent.id}`).expect(409);
    expect(res.body.error.message).toBe(
      '« Parent prudent » a 2 sous-services : indiquez s’il faut les rattacher au premier niveau ou les supprimer avec lui.',
    );
    expect((await adminList()).map((s) => s.title)).toEqual(
      expect.arrayContaining(['Parent prudent', 'Enfant 1', 'Enfant 2']),
    );
    const bad = await ctx.admin.delete(`/api/admin/services/${parent.id}?children=keep`).expect(400);
    expect(bad.body.error.fields).toEqual({
      children: 'Choix invalide pour les sous-services : promote ou delete.',
    });
  });

  it('promotes the children to top-level services when asked', async () => {
    const { parent, child } = await parentAndChild('Parent promu', 'Enfant promu', 'Deviendra principal.');
    await ctx.admin.delete(`/api/admin/services/${parent.id}?children=promote`).expect(204);
    const list = await adminList();
    expect(list.map((s) => s.id)).not.toContain(parent.id);
    expect(list.find((s) => s.id === child.id)?.parentServiceId).toBeNull();
    const parents = await request(ctx.testApp.app).get('/api/services/parents').expect(200);
    expect(parents.body.map((s: { title: string }) => s.title)).toContain('Enfant promu');
    expect(await activity('service.deleted', 'Parent promu')).toMatchObject({
      description: 'Sous-services devenus services principaux : « Enfant promu »',
    });
  });

  it('deletes the children with their parent when asked', async () => {
    const { parent, child } = await parentAndChild('Parent supprimé', 'Enfant supprimé', 'Partira avec lui.');
    await ctx.admin.delete(`/api/admin/services/${parent.id}?children=delete`).expect(204);
    const left = await ctx.database.db
      .select()
      .from(servicesTable)
      .where(and(eq(servicesTable.id, child.id)));
    expect(left).toEqual([]);
    expect(await publicTitles()).not.toContain('Enfant supprimé');
    expect(await activity('service.deleted', 'Parent supprimé')).toMatchObject({
      description: 'Sous-services supprimés avec lui : « Enfant supprimé »',
    });
  });

  it('answers 404 for an unknown service', async () => {
    const res = await ctx.admin.delete(`/api/admin/services/${UNKNOWN_ID}`).expect(404);
    expect(res.body.error.message).toBe('Service introuvable.');
  });
});

// Only a server with several connections runs two requests' transactions at once.
if (currentBackend() === 'postgres') {
  describe('two admins changing the tree at the same time (PostgreSQL)', () => {
    it('runs tree changes one after the other, so crossed parent changes cannot build a cycle', async () => {
      const a = await create({ title: 'Croisé A', description: 'Premier service croisé.' });
      const b = await create({ title: 'Croisé B', description: 'Second service croisé.' });
      let first: Promise<request.Response> | undefined;
      let second: Promise<request.Response> | undefined;
      const settled: string[] = [];
      // Another change to the tree is in progress: both requests wait for it, then run in turn.
      await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SERVICE_TREE_LOCK_KEY})`);
        first = patch(a.id, { parentServiceId: b.id }).then((res) => {
          settled.push('first');
          return res;
        });
        second = patch(b.id, { parentServiceId: a.id }).then((res) => {
          settled.push('second');
          return res;
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(settled).toEqual([]);
      });
      const statuses = [(await first)?.status, (await second)?.status].sort();
      expect(statuses).toEqual([200, 400]);
      const rows = await ctx.database.db.select().from(servicesTable);
      const parentOf = (id: string) => rows.find((row) => row.id === id)?.parentServiceId ?? null;
      expect(parentOf(a.id) === null || parentOf(b.id) === null).toBe(true);
    });
  });
}
