/**
 * Deliverability: every kind of email the site sends, captured as the receiving
 * server gets it, scored by SpamAssassin's local rules (Debian `spamassassin`, offline: -L). Each
 * must score 0 or less: a rule that fires on every email (hidden text, missing language, a
 * link to another domain...) is a point lost for every message of the agency.
 *
 * The emails come from the real paths: the newsletter's double opt-in (confirmation, welcome),
 * a lead (staff notification), a campaign of each seeded campaign template (real send) and its
 * test send.
 */
import { execFile } from 'node:child_process';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseStudies } from '#db/schema.ts';
import { type AdminSession, nextTestIp, signInAdmin } from '../helpers/admin-session.ts';
import { insertSubscriber, seededTemplateId } from '../helpers/factories.ts';
import { oneParagraph } from '../helpers/rich-text.ts';
import { mailingAppContext } from '../helpers/seeded-database.ts';
import type { CapturedEmail } from '../helpers/smtp.ts';

/** A site address as in production (no port: SpamAssassin's WEIRD_PORT scores links with one). */
const PUBLIC_URL = 'http://www.agence-exemple.cd';

const ctx = mailingAppContext({
  seed: { content: true },
  env: { PUBLIC_URL, CAMPAIGN_RATE_PER_SECOND: '500' },
});
let admin: AdminSession;

beforeAll(async () => {
  admin = await signInAdmin(ctx.testApp.app, ctx.database.db, { origin: PUBLIC_URL });
});
afterAll(async () => {
  await ctx.testApp?.deps.campaigns.worker.stop();
});

type Score = { score: number; tests: string[] };

/** SpamAssassin's verdict on one raw message, local rules only (no network, no Bayes). */
function spamAssassin(raw: string): Promise<Score> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'spamassassin',
      ['-L', '-t', '--cf=use_bayes 0'],
      { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
      (error, stdout) => {
        if (error) {
          reject(error);
          return;
        }
        const status = /^X-Spam-Status: .*(?:\r?\n[ \t].*)*/m.exec(stdout)?.[0].replace(/\s+/g, ' ') ?? '';
        const score = /score=(-?[\d.]+)/.exec(status)?.[1];
        if (score === undefined) {
          reject(new Error(`no X-Spam-Status in SpamAssassin’s output:\n${stdout.slice(0, 2000)}`));
          return;
        }
        // The list may be folded over several lines ("A,B,\n\tC"): read up to the next field.
        const tests = /tests=(.*?)(?: autolearn=| version=|$)/.exec(status)?.[1] ?? '';
        resolve({
          score: Number(score),
          tests: tests
            .split(',')
            .map((t) => t.trim())
            .filter((t) => t && t !== 'none'),
        });
      },
    );
    child.stdin?.end(raw);
  });
}

/** The links of an email's HTML part, as a mail client reads them (entities decoded). */
const links = (mail: CapturedEmail | undefined) =>
  [...(mail?.html ?? '').matchAll(/href="([^"]*)"/g)].map(([, href]) =>
    (href ?? '')
      .replace(/&#x2F;/gi, '/')
      .replace(/&#x3D;/gi, '=')
      .replace(/&amp;/g, '&'),
  );

const templateId = (key: string) => seededTemplateId(ctx.database.db, key);

/** Sends what the outbox and the campaign queue hold; returns every email captured so far. */
async function deliver(): Promise<CapturedEmail[]> {
  await ctx.testApp.deps.email.worker.runOnce();
  await ctx.testApp.deps.campaigns.worker.runOnce();
  await ctx.testApp.deps.email.worker.runOnce();
  return ctx.smtp.messages();
}

/** Amani signs up from the footer's form; what it sends is delivered. */
async function subscribeAmani() {
  await request(ctx.testApp.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', nextTestIp())
    .send({ email: 'amani.kabeya@exemple.cd', firstName: 'Amani', source: 'footer' })
    .expect(200);
  await deliver();
}

describe('every kind of email: French, links to PUBLIC_URL, and scored 0 by SpamAssassin (local rules)', () => {
  it('confirmation, welcome, staff notification, campaigns and a campaign test', async () => {
    const sent = new Map<string, CapturedEmail>();
    const latestTo = (to: string) =>
      ctx.smtp
        .messages()
        .filter((m) => m.envelope.to.includes(to))
        .at(-1);

    // Double opt-in: confirmation, then the welcome email.
    await subscribeAmani();
    const confirmation = latestTo('amani.kabeya@exemple.cd');
    if (!confirmation) throw new Error('no confirmation email');
    sent.set('newsletter_confirmation', confirmation);
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirmation.text ?? '')?.[1];
    await request(ctx.testApp.app).post('/api/newsletter/confirm').send({ token }).expect(200);
    await deliver();
    sent.set('newsletter_welcome', latestTo('amani.kabeya@exemple.cd') as CapturedEmail);
    // Signing up again: the owner is told they already are (the form answers as for anyone).
    await subscribeAmani();
    const already = latestTo('amani.kabeya@exemple.cd') as CapturedEmail;
    expect(already.subject).toMatch(/^Vous êtes déjà inscrit\(e\)/);
    sent.set('newsletter_already_subscribed', already);

    // A quote request: the staff notification.
    await request(ctx.testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', nextTestIp())
      .set('Idempotency-Key', crypto.randomUUID())
      .send({
        fullName: 'Grâce Mbuyi',
        email: 'grace.mbuyi@exemple.cd',
        phone: '+243 812 345 678',
        company: 'Mbuyi Cosmétiques',
        serviceType: 'Marketing Digital',
        message: 'Nous lançons une gamme de cosmétiques à Kinshasa et voulons une campagne sur Facebook.',
        source: 'quote_request',
      })
      .expect(201);
    await deliver();
    const notification = ctx.smtp.messages().find((m) => m.replyTo?.includes('grace.mbuyi@exemple.cd'));
    if (!notification) throw new Error('no staff notification');
    sent.set('lead_notification', notification);

    // Campaigns of both seeded campaign templates, sent for real to a subscriber of their own.
    await insertSubscriber(ctx.database.db, {
      email: 'lecteur@exemple.cd',
      firstName: 'Mireille',
      status: 'active',
      tags: ['spam-test'],
    });
    for (const [key, content] of [
      ['monthly_newsletter', { contentHtml: '<p>Trois idées pour vendre plus sur WhatsApp ce mois-ci.</p>' }],
      [
        'content_announcement',
        {
          contentTitle: 'WhatsApp Business : le guide pratique',
          contentExcerpt: 'Catalogue, réponses rapides et étiquettes : tout pour vendre en RDC.',
          contentUrl: `${PUBLIC_URL}/blog/whatsapp-business-guide-pratique-vendre-rdc`,
        },
      ],
    ] as const) {
      const created = await admin
        .post('/api/admin/campaigns')
        .send({
          title: `Campagne ${key}`,
          subject: 'Nos conseils du mois pour votre entreprise',
          templateId: await templateId(key),
          segment: { tags: ['spam-test'] },
          content,
        })
        .expect(201);
      const id = created.body.campaign.id as string;
      await admin.post(`/api/admin/campaigns/${id}/send`).expect(200);
      await deliver();
      sent.set(key, latestTo('lecteur@exemple.cd') as CapturedEmail);
      if (key === 'monthly_newsletter') {
        await admin
          .post(`/api/admin/campaigns/${id}/test`)
          .send({ email: 'collegue@exemple.cd' })
          .expect(202);
        await deliver();
        sent.set('campaign_test', latestTo('collegue@exemple.cd') as CapturedEmail);
      }
    }

    // A campaign written in blocks (decision 073): the composer's layout, the site's latest posts
    // and a case study, a button to the contact page.
    const [study] = await ctx.database.db
      .select({ id: caseStudies.id })
      .from(caseStudies)
      .where(eq(caseStudies.isPublished, true))
      .limit(1);
    if (!study) throw new Error('the seeded content has a published case study');
    const composed = await admin
      .post('/api/admin/campaigns')
      .send({
        title: 'Campagne en blocs',
        subject: 'Nos conseils du mois, {{#firstName}}{{firstName}}{{/firstName}}',
        segment: { tags: ['spam-test'] },
        blocks: [
          { type: 'heading', text: oneParagraph({ type: 'text', text: 'Le mot du mois' }) },
          {
            type: 'paragraph',
            text: oneParagraph(
              { type: 'text', text: 'Bonjour ' },
              { type: 'firstName', attrs: { fallback: 'à vous' } },
              { type: 'text', text: ', voici trois idées pour vendre plus sur WhatsApp ce mois-ci.' },
            ),
          },
          { type: 'latestPosts', count: 2 },
          { type: 'divider' },
          { type: 'caseStudy', caseStudyId: study.id },
          { type: 'button', label: 'Demander un devis gratuit', url: '/contact#devis' },
        ],
      })
      .expect(201);
    expect(composed.body.campaign.problems).toEqual([]);
    await admin.post(`/api/admin/campaigns/${composed.body.campaign.id}/send`).expect(200);
    await deliver();
    const blocksMail = latestTo('lecteur@exemple.cd') as CapturedEmail;
    expect(blocksMail.subject).toBe('Nos conseils du mois, Mireille');
    expect(blocksMail.text).toContain('Bonjour Mireille, voici trois idées');
    sent.set('campaign_blocks', blocksMail);

    expect([...sent.keys()].sort()).toEqual([
      'campaign_blocks',
      'campaign_test',
      'content_announcement',
      'lead_notification',
      'monthly_newsletter',
      'newsletter_already_subscribed',
      'newsletter_confirmation',
      'newsletter_welcome',
    ]);
    // Every email is French, links to this site's own address, and staff notifications do not
    // come from the newsletter's sender.
    for (const [kind, mail] of sent) {
      expect(mail.html, kind).toMatch(/<html lang="fr"/);
      expect(
        links(mail).filter((href) => href.includes('lisanga-digital.cd')),
        kind,
      ).toEqual([]);
    }
    expect(links(sent.get('newsletter_welcome'))).toContain(`${PUBLIC_URL}/blog`);
    // Campaign links go through click tracking, on the site's own address too.
    for (const kind of ['content_announcement', 'monthly_newsletter', 'campaign_blocks']) {
      const found = links(sent.get(kind));
      expect(found.length, kind).toBeGreaterThan(0);
      expect(
        found.filter((href) => !href.startsWith(`${PUBLIC_URL}/`)),
        kind,
      ).toEqual([]);
    }
    expect(sent.get('lead_notification')?.from).toBe(
      '"Lisanga Digital (notifications)" <notifications@lisanga-digital.cd>',
    );
    expect(sent.get('newsletter_welcome')?.from).toContain('<newsletter@lisanga-digital.cd>');

    const scores = Object.fromEntries(
      await Promise.all([...sent].map(async ([kind, mail]) => [kind, await spamAssassin(mail.raw)] as const)),
    );
    for (const [kind, { score, tests }] of Object.entries(scores)) {
      expect({ kind, score, tests }, `${kind}: ${tests.join(', ')}`).toMatchObject({
        score: expect.any(Number),
      });
      expect(score, `${kind} fired ${tests.join(', ')}`).toBeLessThanOrEqual(0);
    }
  }, 180_000);
});
