import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EmailTemplateDetail,
  EmailTemplateSummary,
  MjmlProblem,
  TemplateCompileResult,
} from '#common/schemas/campaigns.ts';
import type { TemplateBlock, TemplateBlocks } from '#common/schemas/template-blocks.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { activityLogs, emailCampaigns, emailTemplates } from '#db/schema.ts';
import { SEED_EMAIL_TEMPLATES } from '#db/seed-email-templates.ts';
import { type AdminSession, nextTestIp, signInAdmin, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { oneParagraph } from '#tests/helpers/rich-text.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { templateBlocksFromMjml } from '../../email/template-blocks.ts';
import { renderTemplate } from '../../email/templates.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;

beforeAll(async () => {
  database = await createTestDatabase();
  // What server/seed.ts writes: the built-in templates, not yet compiled.
  await database.db
    .insert(emailTemplates)
    .values(SEED_EMAIL_TEMPLATES.map((t) => ({ ...t, compiledHtml: '' })));
  testApp = createTestApp(database);
  admin = await signInAdmin(testApp.app, database.db);
});
afterAll(async () => {
  await database?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const VALID_MJML = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text>Bonjour{{#firstName}} {{firstName}}{{/firstName}},</mj-text>
        <mj-text>{{intro}}</mj-text>
        <mj-button href="{{ctaUrl}}">Découvrir</mj-button>
        <mj-text><a href="{{unsubscribeUrl}}">Se désinscrire</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/** mj-text directly in mj-body (line 3), and an attribute MJML does not know (line 6). */
const BROKEN_MJML = `<mjml>
  <mj-body>
    <mj-text>Perdu hors d’une colonne</mj-text>
    <mj-section>
      <mj-column>
        <mj-button colour="red" href="https://example.com">Bouton</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const VARIABLES = [
  { name: 'firstName', description: 'Prénom', example: 'Grâce' },
  { name: 'intro', description: 'Texte d’introduction', example: 'Voici nos nouveautés <du mois>' },
  { name: 'ctaUrl', description: 'Lien du bouton', example: 'https://lisanga-digital.cd/blog' },
  { name: 'unsubscribeUrl', description: 'Désinscription', example: 'https://lisanga-digital.cd/u?t=1' },
];

let keyCounter = 0;
const uniqueKey = () => `promo_${Date.now().toString(36)}_${++keyCounter}`;

async function createTemplate(overrides: Record<string, unknown> = {}): Promise<EmailTemplateDetail> {
  const res = await admin.post('/api/admin/email-templates').send({
    key: uniqueKey(),
    name: 'Promotion de saison',
    subject: 'Nos offres{{#firstName}}, {{firstName}}{{/firstName}}',
    mjml: VALID_MJML,
    variables: VARIABLES,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.template;
}

/** PUT /api/admin/email-templates/:id with the subject "Objet" and VALID_MJML unless `body` sets them. */
const saveTemplate = (id: string, body: Record<string, unknown>) =>
  admin.put(`/api/admin/email-templates/${id}`).send({ subject: 'Objet', mjml: VALID_MJML, ...body });

const list = async (): Promise<EmailTemplateSummary[]> =>
  (await admin.get('/api/admin/email-templates').expect(200)).body.templates;

async function latestActivity(type: string) {
  const [row] = await database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.type, type))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  return row;
}

describe('guard', () => {
  it('answers 401 without a session and changes nothing', async () => {
    const [seeded] = await list();
    if (!seeded) throw new Error('no seeded template');
    const anonymous = request(testApp.app);
    const calls = [
      anonymous.get('/api/admin/email-templates'),
      anonymous.get(`/api/admin/email-templates/${seeded.id}`),
      anonymous.post('/api/admin/email-templates/compile').send({ mjml: VALID_MJML }),
      anonymous
        .put(`/api/admin/email-templates/${seeded.id}`)
        .send({ name: 'Piraté', subject: 'x', mjml: VALID_MJML }),
      anonymous.delete(`/api/admin/email-templates/${seeded.id}`),
    ];
    for (const call of calls) {
      const res = await call.set('Origin', TEST_ORIGIN).set('X-Requested-With', 'fetch');
      expect(res.status).toBe(401);
    }
    const [row] = await database.db.select().from(emailTemplates).where(eq(emailTemplates.id, seeded.id));
    expect(row?.name).toBe(seeded.name);
  });
});

describe('GET /api/admin/email-templates', () => {
  it('lists the seeded templates as built-in, with their variables', async () => {
    const templates = await list();
    for (const seed of SEED_EMAIL_TEMPLATES) {
      const found = templates.find((t) => t.key === seed.key);
      expect(found, seed.key).toMatchObject({ name: seed.name, subject: seed.subject, builtIn: true });
      expect(found?.variables.map((v) => v.name)).toEqual(seed.variablesJson.map((v) => v.name));
    }
    expect(templates.map((t) => t.key)).toEqual(
      expect.arrayContaining(['content_announcement', 'monthly_newsletter', 'newsletter_confirmation']),
    );
  });

  it('gives one template with its MJML source; 404 for an unknown id, 400 for a malformed one', async () => {
    const summary = (await list()).find((t) => t.key === 'monthly_newsletter');
    const res = await admin.get(`/api/admin/email-templates/${summary?.id}`).expect(200);
    expect(res.body.template.mjml).toContain('{{{contentHtml}}}');
    expect(res.headers['cache-control']).toContain('no-store');
    const unknown = await admin.get(`/api/admin/email-templates/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Modèle d’email introuvable.');
    expect((await admin.get('/api/admin/email-templates/abc')).status).toBe(400);
  });
});

describe('POST /api/admin/email-templates/compile', () => {
  it('renders the preview with the example values, HTML-escaped, and writes nothing', async () => {
    const before = await database.db.select().from(emailTemplates);
    const res = await admin
      .post('/api/admin/email-templates/compile')
      .send({ mjml: VALID_MJML, variables: VARIABLES })
      .expect(200);
    const result = res.body as TemplateCompileResult;
    expect(result.errors).toEqual([]);
    expect(result.html).toContain('Bonjour Grâce,');
    expect(result.html).toContain('Voici nos nouveautés &lt;du mois&gt;');
    // Mustache escapes `/` in values too; a browser reads the same address.
    expect(result.html).toContain('href="https:&#x2F;&#x2F;lisanga-digital.cd&#x2F;blog"');
    expect(result.html).not.toContain('{{');
    expect(await database.db.select().from(emailTemplates)).toEqual(before);
  });

  it('lists MJML problems in French with their line', async () => {
    const res = await admin
      .post('/api/admin/email-templates/compile')
      .send({ mjml: BROKEN_MJML, variables: [] })
      .expect(200);
    const errors = res.body.errors as MjmlProblem[];
    expect(errors).toContainEqual({
      line: 3,
      message: expect.stringMatching(/^Ligne 3\s: La balise mj-text n’est pas autorisée dans mj-body/),
    });
    expect(errors).toContainEqual({
      line: 6,
      message: 'Ligne 6 : L’attribut colour n’est pas autorisé sur cette balise.',
    });
  });

  it('previews the composer’s unsaved blocks as the email they compose to', async () => {
    const seed = SEED_EMAIL_TEMPLATES.find((t) => t.key === 'newsletter_manage_link');
    if (!seed) throw new Error('seeded template');
    const example = seed.variablesJson.find((v) => v.name === 'firstName')?.example;
    const blocks = templateBlocksFromMjml(seed.mjml);
    if (!blocks) throw new Error('the seeded template has blocks');
    blocks.blocks.push({
      type: 'paragraph',
      text: oneParagraph(
        { type: 'text', text: 'Encore merci ' },
        { type: 'variable', attrs: { name: 'firstName' } },
      ),
    });
    const res = await admin
      .post('/api/admin/email-templates/compile')
      .send({ mjml: '', blocks, variables: seed.variablesJson })
      .expect(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.html).toContain(`Encore merci ${example}`);
    expect(res.body.html).toContain('Gérer mes préférences');
    // The MJML the blocks compose to comes along: the switch to the MJML editor opens it.
    expect(res.body.mjml).toContain('Encore merci{{#firstName}} {{firstName}}{{/firstName}}');
    expect(res.body.mjml).toContain('<mjml');
  });

  it('explains an unclosed Mustache section and a source that is not MJML at all', async () => {
    const unclosed = await admin
      .post('/api/admin/email-templates/compile')
      .send({ mjml: VALID_MJML.replace('{{intro}}', '{{#intro}}') })
      .expect(200);
    expect(unclosed.body.errors).toEqual([
      { line: null, message: 'La section {{#intro}} n’est pas fermée par {{/intro}}.' },
    ]);

    const notMjml = await admin
      .post('/api/admin/email-templates/compile')
      .send({ mjml: 'Bonjour, ceci est un email en texte' })
      .expect(200);
    expect(notMjml.body.html).toBe('');
    expect(notMjml.body.errors[0].message).toMatch(/^Le source n’a pas pu être lu comme du MJML/);
  });
});

describe('POST /api/admin/email-templates', () => {
  it('creates a template, compiled and ready to send, and logs it', async () => {
    const template = await createTemplate({ name: 'Offre de rentrée' });
    expect(template).toMatchObject({ name: 'Offre de rentrée', builtIn: false, mjml: VALID_MJML });
    expect(template.compiledHtml).toContain('{{intro}}');
    expect(template.compiledHtml).not.toMatch(/^<!-- mjml:/);

    // The stored compilation is the one the sender uses as is (no recompilation needed).
    const [row] = await database.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id));
    expect(row?.compiledHtml).toMatch(/^<!-- mjml:[0-9a-f]{16} -->\n/);
    const rendered = await renderTemplate(database.db, template.key, { firstName: 'Aline', intro: 'Promo' });
    expect(rendered.subject).toBe('Nos offres, Aline');
    expect(rendered.text).toContain('Promo');

    expect(await latestActivity('email_template.created')).toMatchObject({
      title: 'Modèle d’email créé : Offre de rentrée',
      userId: admin.user.id,
    });
  });

  it('refuses a used key (409), a bad key, and MJML with errors (400 with the problems)', async () => {
    const existing = await createTemplate();
    const taken = await admin
      .post('/api/admin/email-templates')
      .send({ key: existing.key, name: 'Doublon', subject: '', mjml: VALID_MJML });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.key).toBe('Un modèle utilise déjà cette clé.');

    const badKey = await admin
      .post('/api/admin/email-templates')
      .send({ key: 'Mauvaise Clé', name: 'Clé', subject: '', mjml: VALID_MJML });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.fields.key).toBe('Clé invalide : lettres minuscules, chiffres et _');

    const key = uniqueKey();
    const broken = await admin
      .post('/api/admin/email-templates')
      .send({ key, name: 'Cassé', subject: '', mjml: BROKEN_MJML });
    expect(broken.status).toBe(400);
    expect(broken.body.error.mjmlErrors).toHaveLength(2);
    expect(broken.body.error.fields.mjml).toMatch(/^Ligne 3\s: .*\(et 1 autre\(s\) erreur\(s\)\)$/);
    expect(await database.db.select().from(emailTemplates).where(eq(emailTemplates.key, key))).toEqual([]);
  });
});

describe('PUT /api/admin/email-templates/:id', () => {
  it('stores a built-in template edited by the admin; the next email uses it', async () => {
    const seeded = (await list()).find((t) => t.key === 'newsletter_welcome');
    if (!seeded) throw new Error('newsletter_welcome not seeded');
    const { template } = (await admin.get(`/api/admin/email-templates/${seeded.id}`).expect(200)).body as {
      template: EmailTemplateDetail;
    };
    const mjml = template.mjml.replace('Bienvenue parmi nous !', 'Bienvenue dans la famille Lisanga !');
    const res = await saveTemplate(seeded.id, {
      name: template.name,
      subject: 'Bienvenue {{firstName}} !',
      mjml,
      variables: template.variables,
    }).expect(200);
    expect(res.body.template.mjml).toBe(mjml);
    expect(res.body.template.builtIn).toBe(true);

    const rendered = await renderTemplate(database.db, 'newsletter_welcome', { firstName: 'Joël' });
    expect(rendered.subject).toBe('Bienvenue Joël !');
    expect(rendered.html).toContain('Bienvenue dans la famille Lisanga !');
    expect(await latestActivity('email_template.updated')).toMatchObject({
      title: `Modèle d’email modifié : ${template.name}`,
      description: 'Modifié : objet, contenu MJML',
    });
  });

  it('refuses MJML with errors and keeps the template as it was', async () => {
    const template = await createTemplate();
    const res = await saveTemplate(template.id, { name: 'Version cassée', mjml: BROKEN_MJML, variables: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Le modèle MJML contient des erreurs : corrigez-les avant d’enregistrer.',
    );
    expect(res.body.error.fields.mjml).toMatch(/^Ligne 3\s: La balise mj-text/);
    expect(res.body.error.mjmlErrors.map((p: MjmlProblem) => p.line)).toEqual([3, 6]);
    const [row] = await database.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id));
    expect(row).toMatchObject({ name: 'Promotion de saison', mjml: VALID_MJML });
  });

  it('refuses a variable declared twice, a subject with a line break; 404 for an unknown id', async () => {
    const template = await createTemplate();
    const twice = await saveTemplate(template.id, {
      name: 'Deux fois',
      variables: [VARIABLES[1], VARIABLES[1]],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields['variables.1.name']).toBe('La variable intro est déclarée deux fois');

    const header = await saveTemplate(template.id, {
      name: 'Injection',
      subject: 'Objet\r\nBcc: tous@example.com',
    });
    expect(header.status).toBe(400);
    expect(header.body.error.fields.subject).toBe('L’objet ne peut pas contenir de retour à la ligne');

    const unknown = await saveTemplate(UNKNOWN_ID, { name: 'Fantôme' });
    expect(unknown.status).toBe(404);
  });
});

describe('templates in the block composer', () => {
  const seedOf = (key: string) => {
    const seed = SEED_EMAIL_TEMPLATES.find((t) => t.key === key);
    if (!seed) throw new Error(`no seed ${key}`);
    return seed;
  };
  const idOf = async (key: string) => (await list()).find((t) => t.key === key)?.id ?? UNKNOWN_ID;
  const blocksOf = (key: string) => {
    const blocks = templateBlocksFromMjml(seedOf(key).mjml);
    if (!blocks) throw new Error(`no blocks for ${key}`);
    return blocks;
  };
  const saveBlocks = async (key: string, blocks: TemplateBlocks) => {
    const seed = seedOf(key);
    return saveTemplate(await idOf(key), {
      name: seed.name,
      subject: seed.subject,
      mjml: '',
      blocks,
      variables: seed.variablesJson,
    });
  };
  const heading = (text: string): TemplateBlock => ({
    type: 'heading',
    text: oneParagraph({ type: 'text', text }),
  });

  it('stores the blocks and the MJML they compose to; the next email says what the blocks say', async () => {
    const { layout, blocks } = blocksOf('newsletter_confirmation');
    const edited = { layout, blocks: [heading('Plus qu’un clic !'), ...blocks.slice(1)] };
    const first = await saveBlocks('newsletter_confirmation', edited);
    expect(first.status).toBe(200);
    expect(first.body.template.blocks).toEqual(edited);
    // A retry of the same save changes nothing more.
    const again = await saveBlocks('newsletter_confirmation', edited);
    expect(again.body.template.mjml).toBe(first.body.template.mjml);
    const rendered = await renderTemplate(database.db, 'newsletter_confirmation', {
      confirmUrl: 'https://lisanga-digital.cd/newsletter/confirm?token=abc',
    });
    expect(rendered.text).toContain('Plus qu’un clic !');
    expect(rendered.text).not.toContain('Confirmez votre inscription');
    expect(rendered.text).toContain('https://lisanga-digital.cd/newsletter/confirm?token=abc');
  });

  it('refuses, in French, a built-in template that lost its confirmation link, in blocks or in MJML', async () => {
    const { layout, blocks } = blocksOf('newsletter_confirmation');
    const withoutLink = blocks.filter(
      (b) => b.type !== 'button' && !(b.type === 'note' && JSON.stringify(b).includes('confirmUrl')),
    );
    const before = await admin.get(`/api/admin/email-templates/${await idOf('newsletter_confirmation')}`);
    const refused = await saveBlocks('newsletter_confirmation', { layout, blocks: withoutLink });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.blocks).toBe(
      'Ce modèle doit garder le lien « Lien de confirmation de l’inscription, valable 48 h » ({{confirmUrl}}) : sans lui, le destinataire ne peut pas faire ce que l’email lui demande.',
    );
    const seed = seedOf('newsletter_confirmation');
    const mjmlRefused = await saveTemplate(await idOf('newsletter_confirmation'), {
      name: seed.name,
      mjml: seed.mjml.replaceAll('{{confirmUrl}}', 'https://lisanga-digital.cd'),
      variables: seed.variablesJson,
    });
    expect(mjmlRefused.status).toBe(400);
    expect(mjmlRefused.body.error.fields.mjml).toContain('{{confirmUrl}}');
    const after = await admin.get(`/api/admin/email-templates/${await idOf('newsletter_confirmation')}`);
    expect(after.body.template.mjml).toBe(before.body.template.mjml);
  });

  it('refuses a chip naming a variable the template does not declare', async () => {
    const { layout, blocks } = blocksOf('newsletter_welcome');
    const stray: TemplateBlock = {
      type: 'paragraph',
      text: oneParagraph({ type: 'variable', attrs: { name: 'couponCode' } }),
    };
    const res = await saveBlocks('newsletter_welcome', { layout, blocks: [...blocks, stray] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.blocks).toBe(
      'Variable inconnue de ce modèle : couponCode. Déclarez-la ou retirez-la du contenu.',
    );
  });

  it('saving from the MJML editor leaves the composer; switching back says what becomes of the MJML', async () => {
    const seed = seedOf('call_cancellation');
    const id = await idOf('call_cancellation');
    expect((await saveBlocks('call_cancellation', blocksOf('call_cancellation'))).status).toBe(200);
    const expert = await saveTemplate(id, {
      name: seed.name,
      subject: seed.subject,
      mjml: seed.mjml,
      variables: seed.variablesJson,
    });
    expect(expert.body.template.blocks).toBeNull();
    expect((await latestActivity('email_template.updated'))?.description).toContain('passé à l’éditeur MJML');

    const lead = await admin
      .post('/api/admin/email-templates/to-blocks')
      .send({ mjml: seedOf('lead_notification').mjml });
    expect(lead.status).toBe(200);
    expect(lead.body.blocks.blocks.some((b: TemplateBlock) => b.type === 'mjml')).toBe(true);
    expect(lead.body.message).toMatch(/^\d parties \(tableau, texte conditionnel, HTML…\) restent en MJML/);

    const own = await admin.post('/api/admin/email-templates/to-blocks').send({ mjml: VALID_MJML });
    expect(own.body).toEqual({
      blocks: null,
      message:
        'Ce MJML n’a pas la mise en page des modèles du site (bandeau, carte blanche, pied de page) : le composeur ne peut pas l’ouvrir. Le modèle reste modifiable dans l’éditeur MJML.',
    });
  });
});

describe('DELETE /api/admin/email-templates/:id', () => {
  it('deletes a template nothing uses, and logs it', async () => {
    const template = await createTemplate({ name: 'Éphémère' });
    await admin.delete(`/api/admin/email-templates/${template.id}`).expect(204);
    expect((await list()).map((t) => t.id)).not.toContain(template.id);
    expect(await latestActivity('email_template.deleted')).toMatchObject({
      title: 'Modèle d’email supprimé : Éphémère',
    });
    expect((await admin.delete(`/api/admin/email-templates/${template.id}`)).status).toBe(404);
  });

  it('refuses (409) to delete a built-in template or one a campaign uses', async () => {
    const builtIn = (await list()).find((t) => t.key === 'newsletter_confirmation');
    const refused = await admin.delete(`/api/admin/email-templates/${builtIn?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Ce modèle est utilisé par le site lui-même : il peut être modifié, pas supprimé.',
    );

    const used = await createTemplate();
    await database.db
      .insert(emailCampaigns)
      .values({ title: 'Campagne de test', subject: 'Objet', templateId: used.id });
    const inUse = await admin.delete(`/api/admin/email-templates/${used.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.message).toBe('Une campagne utilise ce modèle : il ne peut pas être supprimé.');
    expect((await list()).map((t) => t.id)).toEqual(expect.arrayContaining([builtIn?.id, used.id]));
  });
});

describe('size of a template', () => {
  it('accepts a long template source (beyond the 100 kB other JSON bodies get), up to the contract', async () => {
    // About 150 kB of MJML: a long newsletter with many sections.
    const section = `<mj-section><mj-column><mj-text>${'Actualités de Kinshasa. '.repeat(40)}</mj-text></mj-column></mj-section>\n`;
    const mjml = `<mjml><mj-body>\n${section.repeat(150)}</mj-body></mjml>`;
    expect(Buffer.byteLength(JSON.stringify({ mjml }))).toBeGreaterThan(140_000);
    const res = await admin.post('/api/admin/email-templates/compile').send({ mjml }).expect(200);
    expect((res.body as TemplateCompileResult).errors).toEqual([]);
    // Other bodies keep the small limit.
    await request(testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', nextTestIp())
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ message: 'x'.repeat(150_000) }))
      .expect(413);
  });
});
