import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLogs,
  campaignJobs,
  contentPublications,
  newsletterSubscriptions,
  subscriberTokens,
} from '#db/schema.ts';
import { type AdminSession, nextTestIp, signInAdmin, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { insertCaseStudy, insertPost, insertSubscriber, seededTemplateId } from '#tests/helpers/factories.ts';
import { aCampaignInput } from '#tests/helpers/request-factories.ts';
import { oneParagraph } from '#tests/helpers/rich-text.ts';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';

const ctx = mailingAppContext({ env: { CAMPAIGN_RATE_PER_SECOND: '500' } });
let admin: AdminSession;
let monthlyId: string;

beforeAll(async () => {
  admin = await signInAdmin(ctx.testApp.app, ctx.database.db);
  monthlyId = await seededTemplateId(ctx.database.db, 'monthly_newsletter');
});
afterAll(async () => {
  await ctx.testApp?.deps.campaigns.worker.stop();
});

/** A campaign of the seeded monthly newsletter. */
const input = (overrides: Partial<Parameters<typeof aCampaignInput>[0]> = {}) =>
  aCampaignInput({ templateId: monthlyId, ...overrides });

async function createDraft(overrides: Parameters<typeof input>[0] = {}): Promise<string> {
  const res = await admin.post('/api/admin/campaigns').send(input(overrides)).expect(201);
  return res.body.campaign.id as string;
}

const activityTypes = async () =>
  (await ctx.database.db.select({ type: activityLogs.type }).from(activityLogs)).map((r) => r.type);

describe('access', () => {
  it('refuses visitors without a session (401) and writes without the CSRF headers (403)', async () => {
    await request(ctx.testApp.app).get('/api/admin/campaigns').expect(401);
    await request(ctx.testApp.app)
      .post('/api/admin/campaigns/segment-count')
      .set('Origin', TEST_ORIGIN)
      .set('X-Requested-With', 'fetch')
      .set('X-Forwarded-For', nextTestIp())
      .send({ segment: { tags: [] } })
      .expect(401);
    await request(ctx.testApp.app)
      .post('/api/admin/campaigns')
      .set('Cookie', admin.cookie)
      .set('X-Forwarded-For', nextTestIp())
      .send(input())
      .expect(403);
  });
});

describe('drafts', () => {
  it('creates a campaign with the settings’ sender, shows it in the list and its live recipient count', async () => {
    await insertSubscriber(ctx.database.db, { email: 'api1@exemple.cd', status: 'active', tags: ['api'] });
    await insertSubscriber(ctx.database.db, { email: 'api2@exemple.cd', status: 'pending', tags: ['api'] });
    const res = await admin
      .post('/api/admin/campaigns')
      .send(input({ title: 'Newsletter d’avril', segment: { tags: ['api'] } }))
      .expect(201);
    expect(res.body.campaign).toMatchObject({
      title: 'Newsletter d’avril',
      status: 'draft',
      paused: false,
      senderName: 'Lisanga Digital',
      senderEmail: 'newsletter@lisanga-digital.cd',
      templateName: 'Newsletter mensuelle',
      segment: { tags: ['api'] },
      recipientCount: 1,
      jobs: { total: 0, queued: 0, sent: 0 },
    });
    const list = await admin.get('/api/admin/campaigns?status=draft').expect(200);
    expect(list.body.items.map((c: { id: string }) => c.id)).toContain(res.body.campaign.id);

    const counted = await admin
      .post('/api/admin/campaigns/segment-count')
      .send({ segment: { tags: ['api', 'autre'] } })
      .expect(200);
    expect(counted.body).toEqual({ count: 1 });
    expect(await activityTypes()).toContain('campaign.created');
  });

  it('answers 400 with French messages for invalid input', async () => {
    const res = await admin
      .post('/api/admin/campaigns')
      .send(
        input({
          title: 'x',
          templateId: 'pas-un-uuid',
          segment: { tags: [], subscribedFrom: '2026-05-01', subscribedTo: '2026-04-01' },
        }),
      )
      .expect(400);
    expect(res.body.error.fields).toMatchObject({
      title: 'Le titre doit contenir au moins 2 caractères',
      templateId: 'Choisissez un modèle',
      'segment.subscribedTo': 'La date de fin doit suivre la date de début',
    });
    const unknownTemplate = await admin
      .post('/api/admin/campaigns')
      .send(input({ templateId: crypto.randomUUID() }))
      .expect(400);
    expect(unknownTemplate.body.error.fields.templateId).toBe(
      'Ce modèle n’existe plus : choisissez-en un autre.',
    );
    const id = await createDraft();
    const past = await admin
      .post(`/api/admin/campaigns/${id}/schedule`)
      .send({ scheduledAt: '2020-01-01T10:00:00+01:00' })
      .expect(400);
    expect(past.body.error.fields.scheduledAt).toBe('Choisissez une date et une heure à venir.');
    await admin.post(`/api/admin/campaigns/${id}/schedule`).send({ scheduledAt: 'demain' }).expect(400);
    await admin.get('/api/admin/campaigns/pas-un-id').expect(400);
    await admin.get(`/api/admin/campaigns/${crypto.randomUUID()}`).expect(404);
  });

  it('schedules, unschedules, edits and deletes a draft; refuses the transitions that do not apply (409)', async () => {
    const id = await createDraft();
    const pause = await admin.post(`/api/admin/campaigns/${id}/pause`).expect(409);
    expect(pause.body.error.message).toBe('Cette campagne n’est pas en cours d’envoi.');
    await admin.post(`/api/admin/campaigns/${id}/unschedule`).expect(409);
    await admin.post(`/api/admin/campaigns/${id}/cancel`).expect(409);

    const at = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    const scheduled = await admin
      .post(`/api/admin/campaigns/${id}/schedule`)
      .send({ scheduledAt: at })
      .expect(200);
    expect(scheduled.body.campaign).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const deleting = await admin.delete(`/api/admin/campaigns/${id}`).expect(409);
    expect(deleting.body.error.message).toContain('Seul un brouillon peut être supprimé');
    const edited = await admin
      .put(`/api/admin/campaigns/${id}`)
      .send(input({ title: 'Titre revu' }))
      .expect(200);
    expect(edited.body.campaign).toMatchObject({ title: 'Titre revu', status: 'scheduled' });

    const draft = await admin.post(`/api/admin/campaigns/${id}/unschedule`).expect(200);
    expect(draft.body.campaign).toMatchObject({ status: 'draft', scheduledAt: null });
    await admin.delete(`/api/admin/campaigns/${id}`).expect(204);
    await admin.get(`/api/admin/campaigns/${id}`).expect(404);
    expect(await activityTypes()).toEqual(
      expect.arrayContaining([
        'campaign.scheduled',
        'campaign.updated',
        'campaign.unscheduled',
        'campaign.deleted',
      ]),
    );
  });
});

describe('preview and test send', () => {
  it('previews for one subscriber without issuing tokens, and sends a test through the outbox without any job', async () => {
    const reader = await insertSubscriber(ctx.database.db, {
      email: 'apercu@exemple.cd',
      firstName: 'Mireille',
      status: 'active',
      tags: ['apercu'],
    });
    const id = await createDraft({
      segment: { tags: ['apercu'] },
      subject: 'Pour vous, {{firstName}}',
      content: { contentHtml: '<p>Les nouveautés du mois</p>' },
    });
    const preview = await admin
      .get(`/api/admin/campaigns/${id}/preview?subscriberId=${reader.id}`)
      .expect(200);
    expect(preview.body).toMatchObject({
      subject: 'Pour vous, Mireille',
      subscriberEmail: 'apercu@exemple.cd',
    });
    expect(preview.body.html).toContain('Les nouveautés du mois');
    expect(preview.body.text).toContain('Bonjour Mireille');
    const anonymous = await admin.get(`/api/admin/campaigns/${id}/preview`).expect(200);
    expect(anonymous.body.subscriberEmail).toBeNull();
    await admin.get(`/api/admin/campaigns/${id}/preview?subscriberId=${crypto.randomUUID()}`).expect(404);
    const [tokens] = await ctx.database.db
      .select({ n: count() })
      .from(subscriberTokens)
      .where(eq(subscriberTokens.subscriberId, reader.id));
    expect(tokens?.n).toBe(0);

    await admin.post(`/api/admin/campaigns/${id}/test`).send({ email: 'pas une adresse' }).expect(400);
    await admin
      .post(`/api/admin/campaigns/${id}/test`)
      .send({ email: 'Collegue@Lisanga-Digital.cd' })
      .expect(202);
    await ctx.testApp.deps.email.worker.runOnce();
    const mail = await ctx.smtp.requireEmail('collegue@lisanga-digital.cd');
    // The test greets an invented person: no subscriber's name goes to the typed address.
    expect(mail.subject).toBe('[TEST] Pour vous, Grâce');
    expect(`${mail.text}${mail.html}`).not.toContain('Mireille');
    // Not a list message: no one-click header that would answer 400 to the mailbox provider.
    expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
    const [jobs] = await ctx.database.db
      .select({ n: count() })
      .from(campaignJobs)
      .where(eq(campaignJobs.campaignId, id));
    expect(jobs?.n).toBe(0);
    expect(await activityTypes()).toContain('campaign.test_sent');
  });
});

describe('sending', () => {
  it('sends now, pauses, resumes, and reports the results once sent', async () => {
    for (const email of ['envoi1@exemple.cd', 'envoi2@exemple.cd', 'envoi3@exemple.cd']) {
      await insertSubscriber(ctx.database.db, { email, status: 'active', tags: ['envoi'] });
    }
    const empty = await createDraft({ segment: { tags: ['personne'] } });
    const nobody = await admin.post(`/api/admin/campaigns/${empty}/send`).expect(422);
    expect(nobody.body.error.fields.segment).toBe(
      'Aucun abonné actif ne correspond aux destinataires choisis : il n’y a personne à qui envoyer.',
    );

    const id = await createDraft({ segment: { tags: ['envoi'] } });
    const sending = await admin.post(`/api/admin/campaigns/${id}/send`).expect(200);
    expect(sending.body.campaign).toMatchObject({
      status: 'sending',
      recipientCount: 3,
      jobs: { queued: 3, total: 3 },
    });
    await admin.post(`/api/admin/campaigns/${id}/send`).expect(409);
    const locked = await admin.put(`/api/admin/campaigns/${id}`).send(input()).expect(409);
    expect(locked.body.error.message).toBe(
      'Une campagne envoyée ou en cours d’envoi ne peut plus être modifiée.',
    );

    const paused = await admin.post(`/api/admin/campaigns/${id}/pause`).expect(200);
    expect(paused.body.campaign).toMatchObject({ status: 'sending', paused: true });
    await admin.post(`/api/admin/campaigns/${id}/pause`).expect(409);
    expect(await ctx.testApp.deps.campaigns.worker.runOnce()).toMatchObject({ sent: 0 });

    const resumed = await admin.post(`/api/admin/campaigns/${id}/resume`).expect(200);
    expect(resumed.body.campaign.paused).toBe(false);
    expect(await ctx.testApp.deps.campaigns.worker.runOnce()).toMatchObject({ sent: 3 });
    const sent = await admin.get(`/api/admin/campaigns/${id}`).expect(200);
    expect(sent.body.campaign).toMatchObject({ status: 'sent', jobs: { sent: 3, queued: 0, total: 3 } });
    expect(sent.body.campaign.sentAt).not.toBeNull();
    await admin.post(`/api/admin/campaigns/${id}/cancel`).expect(409);
    await admin.post(`/api/admin/campaigns/${id}/resume`).expect(409);

    const results = await admin.get(`/api/admin/campaigns/${id}/results`).expect(200);
    expect(results.body).toMatchObject({ sent: 3, failed: 0, queued: 0 });
    expect(await activityTypes()).toEqual(
      expect.arrayContaining(['campaign.sent', 'campaign.paused', 'campaign.resumed', 'campaign.finished']),
    );
  });

  it('cancels a campaign while it is sending', async () => {
    await insertSubscriber(ctx.database.db, {
      email: 'annul1@exemple.cd',
      status: 'active',
      tags: ['annul'],
    });
    const id = await createDraft({ segment: { tags: ['annul'] } });
    await admin.post(`/api/admin/campaigns/${id}/send`).expect(200);
    const cancelled = await admin.post(`/api/admin/campaigns/${id}/cancel`).expect(200);
    expect(cancelled.body.campaign).toMatchObject({ status: 'failed', jobs: { failed: 1, queued: 0 } });
    expect(cancelled.body.campaign.cancelledAt).not.toBeNull();
    expect(await ctx.testApp.deps.campaigns.worker.runOnce()).toMatchObject({ sent: 0 });
  });
});

describe('new content', () => {
  it('lists unprocessed publications, drafts an announcement, and sending it marks them processed', async () => {
    await insertSubscriber(ctx.database.db, { email: 'annonce@exemple.cd', status: 'active' });
    const post = await insertPost(ctx.database.db, { slug: 'guide-mobile-money', isPublished: true });
    const [publication] = await ctx.database.db
      .insert(contentPublications)
      .values({
        contentType: 'blog',
        contentId: post.id,
        title: 'Le guide du Mobile Money',
        url: 'http://localhost:3000/blog/guide-mobile-money',
      })
      .returning();
    if (!publication) throw new Error('publication not inserted');
    const pending = await admin.get('/api/admin/campaigns/new-content').expect(200);
    expect(pending.body.publications).toContainEqual(
      expect.objectContaining({ id: publication.id, title: 'Le guide du Mobile Money', contentType: 'blog' }),
    );

    await admin.post('/api/admin/campaigns/announcement').send({ publicationIds: [] }).expect(400);
    const created = await admin
      .post('/api/admin/campaigns/announcement')
      .send({ publicationIds: [publication.id] })
      .expect(201);
    expect(created.body.campaign).toMatchObject({
      status: 'draft',
      title: 'Annonce : Le guide du Mobile Money',
      subject: 'Nouveau sur notre site : Le guide du Mobile Money',
      templateName: 'Annonce de nouveau contenu',
      publicationIds: [publication.id],
      content: {
        contentTitle: 'Le guide du Mobile Money',
        contentUrl: 'http://localhost:3000/blog/guide-mobile-money',
      },
    });
    const id = created.body.campaign.id as string;
    await admin.post(`/api/admin/campaigns/${id}/send`).expect(200);
    const [row] = await ctx.database.db
      .select({ processed: contentPublications.processed })
      .from(contentPublications)
      .where(eq(contentPublications.id, publication.id));
    expect(row?.processed).toBe(true);
    const after = await admin.get('/api/admin/campaigns/new-content').expect(200);
    expect(after.body.publications.map((p: { id: string }) => p.id)).not.toContain(publication.id);
    // A publication already announced cannot be announced again.
    await admin
      .post('/api/admin/campaigns/announcement')
      .send({ publicationIds: [publication.id] })
      .expect(400);

    await ctx.testApp.deps.campaigns.worker.runOnce();
    const mail = await ctx.smtp.requireEmail('annonce@exemple.cd');
    expect(mail.subject).toBe('Nouveau sur notre site : Le guide du Mobile Money');
    const [subscriber] = await ctx.database.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'annonce@exemple.cd'));
    expect(subscriber?.status).toBe('active');
  });
});

describe('block composer', () => {
  const text = (value: string) => ({ type: 'text', text: value });
  const chip = (fallback: string) => ({ type: 'firstName', attrs: { fallback } });
  const composed = (blocks: object[], overrides: Record<string, unknown> = {}) => {
    const { templateId: _template, content: _content, ...rest } = input(overrides);
    return { ...rest, blocks };
  };

  it('sends a campaign written in blocks: the first name or its fallback, the site’s content, the typed text kept as text', async () => {
    await insertSubscriber(ctx.database.db, {
      email: 'blocs1@exemple.cd',
      firstName: 'Amani',
      status: 'active',
      tags: ['blocs'],
    });
    await insertSubscriber(ctx.database.db, {
      email: 'blocs2@exemple.cd',
      status: 'active',
      tags: ['blocs'],
    });
    const post = await insertPost(ctx.database.db, {
      title: 'Vendre sur WhatsApp en 2026',
      slug: 'vendre-whatsapp-2026',
      excerpt: 'Catalogue et réponses rapides.',
    });
    const study = await insertCaseStudy(ctx.database.db, {
      title: 'Boutique Makala en ligne',
      clientName: 'Makala SARL',
      description: 'Une **boutique** qui vend désormais sur [Instagram](https://instagram.com).',
      isPublished: true,
    });
    const blocks = [
      { id: 'a', type: 'heading', text: oneParagraph(text('Les nouvelles du mois')) },
      {
        id: 'b',
        type: 'paragraph',
        text: oneParagraph(
          text('Bonjour '),
          chip('cher lecteur'),
          text(', voici {{unsubscribeUrl}} en toutes lettres.'),
        ),
      },
      { id: 'c', type: 'button', label: 'Demander un devis', url: '/contact#devis' },
      { id: 'd', type: 'divider' },
      { id: 'e', type: 'latestPosts', count: 1 },
      { id: 'f', type: 'caseStudy', caseStudyId: study.id },
    ];
    const created = await admin
      .post('/api/admin/campaigns')
      .send(
        composed(blocks, {
          segment: { tags: ['blocs'] },
          subject: 'Du nouveau, {{#firstName}}{{firstName}}{{/firstName}}{{^firstName}}ami{{/firstName}}',
        }),
      )
      .expect(201);
    expect(created.body.campaign).toMatchObject({ templateId: null, templateName: null, problems: [] });
    expect(created.body.campaign.blocks).toHaveLength(6);
    const id = created.body.campaign.id as string;

    const preview = await admin
      .post('/api/admin/campaigns/compose-preview')
      .send({ subject: 'Aperçu', blocks, firstName: null })
      .expect(200);
    expect(preview.body.text).toContain('Bonjour cher lecteur, voici {{unsubscribeUrl}} en toutes lettres.');
    expect(preview.body.text).toContain('Vendre sur WhatsApp en 2026');
    expect(preview.body.text).toContain('Client : Makala SARL');
    expect(preview.body.text).toContain('Une boutique qui vend désormais sur Instagram.');
    expect(preview.body.html).toContain(`/blog/${post.slug}`);
    expect(preview.body.html).toContain(`/portfolio#case-${study.id}`);

    await admin.post(`/api/admin/campaigns/${id}/send`).expect(200);
    expect(await ctx.testApp.deps.campaigns.worker.runOnce()).toMatchObject({ sent: 2 });
    const amani = await ctx.smtp.requireEmail('blocs1@exemple.cd');
    expect(amani.subject).toBe('Du nouveau, Amani');
    expect(amani.text).toContain('Bonjour Amani, voici {{unsubscribeUrl}} en toutes lettres.');
    expect(amani.text).toContain('Les nouvelles du mois');
    expect(amani.html).toMatch(/href="http:\/\/[^"]+\/t\/c\/[^"]+"[^>]*>\s*Demander un devis/);
    const other = await ctx.smtp.requireEmail('blocs2@exemple.cd');
    expect(other.subject).toBe('Du nouveau, ami');
    expect(other.text).toContain('Bonjour cher lecteur, voici');
  });

  it('refuses to send or schedule an empty campaign, a broken link, a case study gone, or nobody to send to', async () => {
    await insertSubscriber(ctx.database.db, { email: 'pret@exemple.cd', status: 'active', tags: ['pret'] });
    const empty = await admin
      .post('/api/admin/campaigns')
      .send(composed([{ type: 'paragraph', text: oneParagraph() }], { segment: { tags: ['pret'] } }))
      .expect(201);
    const emptyId = empty.body.campaign.id as string;
    expect(empty.body.campaign.problems).toEqual([
      'Le contenu est vide : écrivez au moins un paragraphe ou ajoutez un bloc.',
    ]);
    const refused = await admin.post(`/api/admin/campaigns/${emptyId}/send`).expect(422);
    expect(refused.body.error).toMatchObject({
      code: 'not_ready',
      fields: { body: 'Le contenu est vide : écrivez au moins un paragraphe ou ajoutez un bloc.' },
    });
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await admin.post(`/api/admin/campaigns/${emptyId}/schedule`).send({ scheduledAt: inAnHour }).expect(422);
    const still = await admin.get(`/api/admin/campaigns/${emptyId}`).expect(200);
    expect(still.body.campaign.status).toBe('draft');

    // A title or paragraph left empty among written ones: a blank line in every email.
    const blank = await admin
      .post('/api/admin/campaigns')
      .send(
        composed(
          [
            { type: 'paragraph', text: oneParagraph(text('Bonjour')) },
            { type: 'heading', text: oneParagraph() },
          ],
          {
            segment: { tags: ['pret'] },
          },
        ),
      )
      .expect(201);
    expect(blank.body.campaign.problems).toEqual([
      'Bloc 2 (Titre) : ce bloc est vide ; écrivez-le ou supprimez-le.',
    ]);
    await admin.post(`/api/admin/campaigns/${blank.body.campaign.id}/send`).expect(422);

    const hidden = await insertCaseStudy(ctx.database.db, { isPublished: false });
    const live = await insertPost(ctx.database.db, { slug: 'article-en-ligne', isPublished: true });
    await insertPost(ctx.database.db, { slug: 'brouillon-cache', isPublished: false });
    const broken = await admin
      .post('/api/admin/campaigns')
      .send(
        composed(
          [
            {
              type: 'paragraph',
              text: oneParagraph({
                type: 'text',
                text: 'notre article',
                marks: [{ type: 'link', attrs: { href: `/blog/${live.slug}` } }],
              }),
            },
            { type: 'button', label: 'Lire', url: '/blog/brouillon-cache' },
            { type: 'button', label: 'Ailleurs', url: 'https://exemple.org/page' },
            { type: 'button', label: 'Faute', url: 'http://localhost:3000/servics' },
            { type: 'caseStudy', caseStudyId: hidden.id },
          ],
          { segment: { tags: ['personne-ici'] } },
        ),
      )
      .expect(201);
    expect(broken.body.campaign.problems).toEqual([
      'Bloc 5 (Étude de cas) : cette étude de cas n’est plus publiée.',
      'Bloc 2 : le lien « /blog/brouillon-cache » ne mène à aucune page du site.',
      'Bloc 4 : le lien « http://localhost:3000/servics » ne mène à aucune page du site.',
      'Aucun abonné actif ne correspond aux destinataires choisis : il n’y a personne à qui envoyer.',
    ]);
    const brokenSend = await admin.post(`/api/admin/campaigns/${broken.body.campaign.id}/send`).expect(422);
    expect(Object.keys(brokenSend.body.error.fields).sort()).toEqual(['body', 'links', 'segment']);
    const [jobs] = await ctx.database.db
      .select({ n: count() })
      .from(campaignJobs)
      .where(eq(campaignJobs.campaignId, broken.body.campaign.id));
    expect(jobs?.n).toBe(0);

    const invalid = await admin
      .post('/api/admin/campaigns')
      .send(
        composed([
          { type: 'button', label: '', url: 'javascript:alert(1)' },
          { type: 'image', src: '/media/photo.960.webp', alt: ' ' },
          { type: 'mystere' },
        ]),
      )
      .expect(400);
    expect(invalid.body.error.fields).toMatchObject({
      'blocks.0.label': 'Indiquez le texte du bouton',
      'blocks.0.url': 'Une adresse commençant par https://, mailto:, tel: ou / (une page du site)',
      'blocks.1.alt': 'Décrivez l’image en quelques mots',
      'blocks.2.type': 'Type de bloc inconnu',
    });
    // A subject that is only the first name, without fallback words, is empty for some readers.
    const nameless = await admin
      .post('/api/admin/campaigns')
      .send(
        composed([{ type: 'paragraph', text: oneParagraph(text('Bonjour')) }], {
          subject: '{{#firstName}}{{firstName}}{{/firstName}}',
          segment: { tags: ['pret'] },
        }),
      )
      .expect(201);
    expect(nameless.body.campaign.problems).toEqual([
      'L’objet est vide pour un abonné sans prénom : donnez des mots de remplacement au « Prénom » de l’objet.',
    ]);
    const namelessSend = await admin
      .post(`/api/admin/campaigns/${nameless.body.campaign.id}/send`)
      .expect(422);
    expect(Object.keys(namelessSend.body.error.fields)).toEqual(['subject']);

    const both = await admin
      .post('/api/admin/campaigns')
      .send({ ...input(), blocks: [] })
      .expect(400);
    expect(both.body.error.fields.templateId).toBe('Choisissez un modèle');
  });

  it('sends a test greeting the chosen subscriber by their first name, with example links', async () => {
    const reader = await insertSubscriber(ctx.database.db, {
      email: 'lecteur-test@exemple.cd',
      firstName: 'Bijou',
      status: 'active',
    });
    const created = await admin
      .post('/api/admin/campaigns')
      .send(
        composed([{ type: 'paragraph', text: oneParagraph(text('Bonjour '), chip('à vous'), text(' !')) }], {
          subject: 'Essai',
        }),
      )
      .expect(201);
    const id = created.body.campaign.id as string;
    await admin
      .post(`/api/admin/campaigns/${id}/test`)
      .send({ email: 'equipe-test@lisanga-digital.cd', subscriberId: reader.id })
      .expect(202);
    await ctx.testApp.deps.email.worker.runOnce();
    const mail = await ctx.smtp.requireEmail('equipe-test@lisanga-digital.cd');
    expect(mail.subject).toBe('[TEST] Essai');
    expect(mail.text).toContain('Bonjour Bijou\u00a0!');
    expect(mail.text).toContain('/newsletter/unsubscribe?token=exemple');
    await admin
      .post(`/api/admin/campaigns/${id}/test`)
      .send({ email: 'equipe-test@lisanga-digital.cd', subscriberId: crypto.randomUUID() })
      .expect(404);
  });
});
