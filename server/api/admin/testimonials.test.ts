import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { PublicTestimonial } from '#common/api-types.ts';
import type { AdminTestimonial } from '#common/schemas/testimonials-admin.ts';
import { caseStudies, testimonials } from '#db/schema.ts';
import {
  expectMovesFollowPublicOrder,
  expectUnauthorized,
  mediaContentContext,
  UNKNOWN_ID,
} from '#tests/helpers/admin-content.ts';
import { insertCaseStudy, insertService, insertTestimonial } from '#tests/helpers/factories.ts';
import { expectInvalidFields } from '#tests/helpers/field-errors.ts';

// Portraits and logos are real uploads: a replaced or removed one that nothing uses is deleted.
const { ctx, ...api } = mediaContentContext<AdminTestimonial>('/api/admin/testimonials', {
  item: 'testimonial',
  list: 'testimonials',
});
const { create, adminList, patch, move, remove, activity, activityCount } = api;

const QUOTE = 'Grâce à l’agence, nos ventes en ligne ont doublé en six mois !';
const publicTestimonials = async (): Promise<PublicTestimonial[]> =>
  (await request(ctx.testApp.app).get('/api/testimonials').expect(200)).body;
const publicOne = async (id: string) => (await publicTestimonials()).find((t) => t.id === id);

describe('guard', () => {
  it('answers 401 without a session to every route, and changes nothing', async () => {
    const row = await insertTestimonial(ctx.database.db, { authorName: 'Gardé Session' });
    await expectUnauthorized(
      api.anonymousCalls(
        { quote: QUOTE, authorName: 'Intrus' },
        { id: row.id, patch: { authorName: 'Piraté' } },
      ),
    );
    const [stored] = await ctx.database.db.select().from(testimonials).where(eq(testimonials.id, row.id));
    expect(stored?.authorName).toBe('Gardé Session');
  });

  it('refuses a write from another site (foreign Origin) with 403', async () => {
    await api.fromAnotherSite({ quote: QUOTE, authorName: 'Témoin forgé' });
    expect((await adminList()).map((t) => t.authorName)).not.toContain('Témoin forgé');
  });
});

describe('POST /api/admin/testimonials', () => {
  it('adds a testimonial linked to a case study and services, logs it, and the public API shows it', async () => {
    const study = await insertCaseStudy(ctx.database.db, { title: 'Boutique en ligne', isPublished: true });
    const service = await insertService(ctx.database.db, { title: 'Service témoigné' });
    const testimonial = await create({
      quote: `  ${QUOTE} `,
      authorName: ' Awa Kalala ',
      authorRole: 'Gérante',
      company: 'Kin Textiles',
      caseStudyId: study.id,
      serviceIds: [service.id, service.id],
    });
    expect(testimonial).toMatchObject({
      quote: QUOTE,
      authorName: 'Awa Kalala',
      authorRole: 'Gérante',
      company: 'Kin Textiles',
      caseStudyId: study.id,
      serviceIds: [service.id],
      photoUrl: null,
      logoUrl: null,
      isActive: true,
      isDemo: false,
    });
    expect((await adminList()).at(-1)?.id).toBe(testimonial.id);

    // The public card: French typography (a no-break space before "!"), the case study's title.
    expect(await publicOne(testimonial.id)).toEqual({
      id: testimonial.id,
      quote: 'Grâce à l’agence, nos ventes en ligne ont doublé en six mois\u00a0!',
      authorName: 'Awa Kalala',
      authorRole: 'Gérante',
      company: 'Kin Textiles',
      photoUrl: null,
      logoUrl: null,
      caseStudy: { id: study.id, title: 'Boutique en ligne' },
      serviceIds: [service.id],
    });
    expect(await activity('testimonial.created', 'Awa Kalala')).toMatchObject({
      title: 'Témoignage de Awa Kalala (Kin Textiles) ajouté',
      description: 'Visible sur le site',
      userId: ctx.admin.user.id,
    });
  });

  it('refuses invalid fields with a French message per field, and stores nothing', async () => {
    await expectInvalidFields(
      api.tryCreate({
        quote: 'Trop court',
        authorName: 'A',
        photoUrl: 'javascript:alert(1)',
        logoUrl: 'http://exemple.cd/logo.png',
        caseStudyId: 'pas-un-id',
        serviceIds: ['pas-un-id'],
        order: -1,
      }),
      {
        quote: 'Le témoignage doit contenir au moins 20 caractères',
        authorName: 'Le nom doit contenir au moins 2 caractères',
        photoUrl: 'Portrait invalide : téléversez une image',
        logoUrl: 'Logo invalide : téléversez une image',
        caseStudyId: 'Étude de cas invalide',
        'serviceIds.0': 'Service invalide',
        order: 'L’ordre ne peut pas être négatif',
      },
    );
    expect(await activityCount('Trop court')).toBe(0);
  });

  it('refuses a case study or a service that no longer exists, naming the field', async () => {
    await expectInvalidFields(
      api.tryCreate({ quote: QUOTE, authorName: 'Lien Perdu', caseStudyId: UNKNOWN_ID }),
      {
        caseStudyId: 'Cette étude de cas n’existe plus : choisissez-en une autre',
      },
    );
    await expectInvalidFields(
      api.tryCreate({ quote: QUOTE, authorName: 'Lien Perdu', serviceIds: [UNKNOWN_ID] }),
      {
        serviceIds: 'Un des services choisis n’existe plus : rechargez la page',
      },
    );
    expect((await adminList()).map((t) => t.authorName)).not.toContain('Lien Perdu');
  });
});

describe('what the public sees', () => {
  it('shows neither a hidden testimonial, nor an unpublished case study, nor a hidden service', async () => {
    const draft = await insertCaseStudy(ctx.database.db, {
      title: 'Étude en préparation',
      isPublished: false,
    });
    const hidden = await insertService(ctx.database.db, { title: 'Service masqué', isActive: false });
    const shown = await insertService(ctx.database.db, { title: 'Service affiché' });
    const testimonial = await create({
      quote: QUOTE,
      authorName: 'Bijou Public',
      caseStudyId: draft.id,
      serviceIds: [hidden.id, shown.id],
    });
    expect(await publicOne(testimonial.id)).toMatchObject({ caseStudy: null, serviceIds: [shown.id] });

    await patch(testimonial.id, { isActive: false }).expect(200);
    expect(await publicOne(testimonial.id)).toBeUndefined();
    expect(await activity('testimonial.deactivated', 'Bijou Public')).toMatchObject({
      title: 'Témoignage de Bijou Public masqué du site',
    });
  });

  it('keeps a testimonial whose case study is deleted, without the link', async () => {
    const study = await insertCaseStudy(ctx.database.db, { isPublished: true });
    const testimonial = await create({ quote: QUOTE, authorName: 'Étude Supprimée', caseStudyId: study.id });
    await ctx.database.db.delete(caseStudies).where(eq(caseStudies.id, study.id));
    expect((await adminList()).find((t) => t.id === testimonial.id)?.caseStudyId).toBeNull();
    expect(await publicOne(testimonial.id)).toMatchObject({ caseStudy: null });
  });
});

describe('PATCH /api/admin/testimonials/:id', () => {
  it('changes the fields and logs them; an edited demo testimonial is no longer a demo, a hidden one still is', async () => {
    const demo = await insertTestimonial(ctx.database.db, { authorName: 'Démo Mbala', isDemo: true });
    await patch(demo.id, { isActive: false }).expect(200);
    expect((await adminList()).find((t) => t.id === demo.id)).toMatchObject({
      isDemo: true,
      isActive: false,
    });

    const res = await patch(demo.id, { authorRole: 'Directeur', company: 'Mbala SARL' }).expect(200);
    expect(res.body.testimonial).toMatchObject({
      authorRole: 'Directeur',
      company: 'Mbala SARL',
      isDemo: false,
    });
    expect(await activity('testimonial.updated', 'Démo Mbala')).toMatchObject({
      title: 'Témoignage de Démo Mbala (Mbala SARL) modifié',
      description: 'Champs modifiés : fonction, entreprise',
    });
    // The form's "Aucune" sends an empty string: no case study.
    await patch(demo.id, { caseStudyId: '' }).expect(200);
    await patch(demo.id, { authorRole: 'Directeur' }).expect(200);
    expect(await activityCount('Démo Mbala')).toBe(2);
  });

  it('deletes the old portrait or logo when replaced or removed, not when it stays', async () => {
    const portrait = await api.uploadPhoto('portrait.jpg');
    const logo = await api.uploadPhoto('logo.jpg');
    const testimonial = await create({
      quote: QUOTE,
      authorName: 'Images Kabila',
      photoUrl: portrait.url,
      logoUrl: logo.url,
    });
    await patch(testimonial.id, { quote: `${QUOTE} Merci.` }).expect(200);
    expect(await api.isStored(portrait)).toBe(true);
    expect(await api.isStored(logo)).toBe(true);
    expect(await publicOne(testimonial.id)).toMatchObject({ photoUrl: portrait.url, logoUrl: logo.url });

    await patch(testimonial.id, { photoUrl: null }).expect(200);
    expect(await api.isStored(portrait)).toBe(false);
    expect(await api.isStored(logo)).toBe(true);
    // Still in use: the media library refuses to delete it.
    await api.expectMediaInUse(logo.url, 'un témoignage');

    await remove(testimonial.id).expect(204);
    expect(await api.isStored(logo)).toBe(false);
    expect(await activity('testimonial.deleted', 'Images Kabila')).toMatchObject({
      title: 'Témoignage de Images Kabila supprimé',
    });
  });

  it('answers 404 for an unknown testimonial and 400 for a malformed id', async () => {
    await api.expectUnknownAndMalformedIds({ authorName: 'Fantôme' }, 'Témoignage introuvable.');
  });
});

describe('POST /api/admin/testimonials/:id/move', () => {
  it('moves a testimonial up and down, and the public order follows', async () => {
    await expectMovesFollowPublicOrder(
      { move, activity },
      {
        add: (authorName, order) => insertTestimonial(ctx.database.db, { authorName, order }),
        publicNames: async () => (await publicTestimonials()).map((t) => t.authorName),
        activityType: 'testimonial.reordered',
        movedUpTitle: 'Témoignage de Ordre Trois déplacé vers le haut',
      },
    );
  });
});
