/**
 * A campaign's links carry its UTM parameters (decision 084): every link to the site lands on a
 * URL tagged `utm_source=newsletter&utm_medium=email&utm_campaign=<the campaign's key>`, after the
 * click redirect too; external links, the subscriber's own links and the pixel are left alone.
 */
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignInput } from '#common/schemas/campaigns.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { emailCampaigns, siteSettings } from '#db/schema.ts';
import { createTestAdmin } from '#tests/helpers/admin-session.ts';
import { testCampaignWorker } from '#tests/helpers/campaign-worker.ts';
import { insertActiveSubscriber, seededTemplateId } from '#tests/helpers/factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { type CapturedEmail, startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createMailTransport, type MailTransport } from '../email/transport.ts';
import { scheduleCampaign, sendCampaignNow, unscheduleCampaign } from './campaigns.ts';
import { createCampaign, updateCampaign } from './drafts.ts';
import { campaignResults } from './results.ts';
import { TRACKING_SETTING_KEY } from './tracking.ts';
import { campaignKeyBase, tagSiteUrl } from './utm.ts';

const logger = pino({ level: 'silent' });
const PUBLIC_URL = 'https://www.lisanga-digital.cd';
const events = { publish: async () => {} };

let database: DatabaseHandle;
let smtp: TestSmtpServer;
let transport: MailTransport;
let adminId: string;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createSeededDatabase({ adminPassword: 'a-long-password-123' });
  smtp = await startSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', logger });
  adminId = (await createTestAdmin(database.db)).user.id;
  app = createTestApp(database, { PUBLIC_URL }).app;
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  await setTracking('true');
});

async function setTracking(value: string) {
  await database.db.update(siteSettings).set({ value }).where(eq(siteSettings.key, TRACKING_SETTING_KEY));
}

/** The links an editor may write: to the site (plain, with a query and an anchor, already tagged), elsewhere. */
const CONTENT_HTML = [
  '<h2>La rentrée</h2>',
  `<p><a href="${PUBLIC_URL}/services">Notre offre SEO</a></p>`,
  `<p><a href="${PUBLIC_URL}/blog?page=2&amp;tag=pme#articles">Les articles</a></p>`,
  `<p><a href="${PUBLIC_URL}/contact#formulaire">Écrivez-nous</a></p>`,
  `<p><a href="${PUBLIC_URL}/about?utm_source=partenaire&amp;utm_content=bandeau">Déjà marqué</a></p>`,
  '<p><a href="https://exemple.org/guide?x=1#partie-2">Un guide ailleurs</a></p>',
].join('');

async function campaignInput(tag: string, overrides: Partial<CampaignInput> = {}): Promise<CampaignInput> {
  return {
    title: 'Offre de rentrée !',
    subject: 'La rentrée, {{firstName}}',
    templateId: await seededTemplateId(database.db, 'monthly_newsletter'),
    segment: { tags: [tag], locale: undefined },
    content: { contentHtml: CONTENT_HTML },
    ...overrides,
  };
}

const worker = () => testCampaignWorker({ db: database.db, transport, publicUrl: PUBLIC_URL });

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&amp;/g, '&');
const hrefs = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)].map((m) => decode(m[1] as string));

/** Where a link of the email leads: through the click redirect when it goes there. */
async function landing(href: string): Promise<string> {
  if (!href.startsWith(`${PUBLIC_URL}/t/c/`)) return href;
  const res = await request(app).get(href.slice(PUBLIC_URL.length));
  expect(res.status).toBe(302);
  return res.headers.location as string;
}

async function sendTo(
  tag: string,
  email: string,
): Promise<{ mail: CapturedEmail; key: string; campaignId: string }> {
  await insertActiveSubscriber(database.db, { email, tags: [tag] });
  const campaign = await createCampaign(database.db, await campaignInput(tag), adminId);
  await sendCampaignNow({ db: database.db, events, publicUrl: PUBLIC_URL }, campaign.id, adminId, new Date());
  await worker().runOnce();
  const [row] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
  if (!row?.utmCampaign) throw new Error('the campaign has no key');
  return { mail: await smtp.requireEmail(email), key: row.utmCampaign, campaignId: campaign.id };
}

const tagged = (key: string) => `utm_source=newsletter&utm_medium=email&utm_campaign=${key}`;

describe('campaign links', { timeout: 60_000 }, () => {
  it('land on the site with the campaign’s UTM parameters, after the click redirect; other links as written', async () => {
    const { mail, key, campaignId } = await sendTo('rentree', 'amani@exemple.cd');
    expect(key).toMatch(/^offre-de-rentree-[0-9a-f]{4}$/);

    const links = hrefs(mail.html ?? '');
    // Tracking is on: the web links go through the redirect, the subscriber's own do not.
    expect(links.filter((h) => h.startsWith(`${PUBLIC_URL}/t/c/`))).toHaveLength(6);
    const landings = await Promise.all(links.map(landing));
    expect(landings.filter((url) => !url.includes('/newsletter/')).sort()).toEqual(
      [
        `${PUBLIC_URL}/services?${tagged(key)}`,
        `${PUBLIC_URL}/blog?page=2&tag=pme&${tagged(key)}#articles`,
        `${PUBLIC_URL}/contact?${tagged(key)}#formulaire`,
        // The editor's own UTM parameters are kept; only the missing ones are added.
        `${PUBLIC_URL}/about?utm_source=partenaire&utm_content=bandeau&utm_medium=email&utm_campaign=${key}`,
        'https://exemple.org/guide?x=1#partie-2',
        // The template's button.
        `${PUBLIC_URL}/contact?${tagged(key)}`,
      ].sort(),
    );
    // Manage and unsubscribe links are the subscriber's, untouched; the pixel has no parameter.
    const personal = landings.filter((url) => url.includes('/newsletter/'));
    expect(personal).toHaveLength(2);
    for (const url of personal) expect(url).not.toContain('utm_');
    expect(mail.html).toMatch(/<img src="https:\/\/www\.lisanga-digital\.cd\/t\/o\/[\w-]+" width="1"/);
    expect(mail.headers.get('list-unsubscribe')).not.toContain('utm_');

    // The results list the clicked links as the editor wrote them, without the parameters added.
    const { topLinks } = await campaignResults(database.db, campaignId);
    expect(topLinks.map((link) => link.url).sort()).toEqual(
      [
        `${PUBLIC_URL}/services`,
        `${PUBLIC_URL}/blog?page=2&tag=pme#articles`,
        `${PUBLIC_URL}/contact#formulaire`,
        `${PUBLIC_URL}/about?utm_source=partenaire&utm_content=bandeau`,
        'https://exemple.org/guide?x=1#partie-2',
        `${PUBLIC_URL}/contact`,
      ].sort(),
    );

    // The text part's links to the site are tagged too (they do not go through the redirect).
    expect(mail.text).toContain(`${PUBLIC_URL}/services?${tagged(key)}`);
    expect(mail.text).toContain('https://exemple.org/guide?x=1#partie-2');
    expect(mail.text).toMatch(/\/newsletter\/unsubscribe\?token=[\w-]+\]/);
  });

  it('are tagged in the email itself when per-person tracking is off', async () => {
    await setTracking('false');
    const { mail, key } = await sendTo('sans-suivi', 'bintu@exemple.cd');
    const links = hrefs(mail.html ?? '');
    expect(links.some((h) => h.includes('/t/c/'))).toBe(false);
    expect(links).toContain(`${PUBLIC_URL}/blog?page=2&tag=pme&${tagged(key)}#articles`);
    expect(links).toContain('https://exemple.org/guide?x=1#partie-2');
  });

  it('keep the key given when the campaign was first scheduled, through a rename', async () => {
    const deps = { db: database.db, publicUrl: PUBLIC_URL };
    await insertActiveSubscriber(database.db, { email: 'chance@exemple.cd', tags: ['renomme'] });
    const campaign = await createCampaign(database.db, await campaignInput('renomme'), adminId);
    expect(campaign.utmCampaign).toBeNull();
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await scheduleCampaign(deps, campaign.id, later, adminId, new Date());
    const key = scheduled.utmCampaign;
    expect(key).toMatch(/^offre-de-rentree-[0-9a-f]{4}$/);

    await unscheduleCampaign(database.db, campaign.id, adminId);
    await updateCampaign(
      database.db,
      campaign.id,
      await campaignInput('renomme', { title: 'Promotion de septembre' }),
      adminId,
    );
    const sent = await sendCampaignNow({ ...deps, events }, campaign.id, adminId, new Date());
    expect(sent.title).toBe('Promotion de septembre');
    expect(sent.utmCampaign).toBe(key);
    await worker().runOnce();
    const mail = await smtp.requireEmail('chance@exemple.cd');
    expect(mail.text).toContain(`${PUBLIC_URL}/services?${tagged(key ?? '')}`);
  });

  it('two campaigns of one title get two keys', async () => {
    await insertActiveSubscriber(database.db, { tags: ['doublon'] });
    const first = await createCampaign(database.db, await campaignInput('doublon'), adminId);
    const twin = await createCampaign(database.db, await campaignInput('doublon'), adminId);
    // Same first characters of their ids: the suffix grows until the key is free.
    const clash = `${first.id.slice(0, 4)}${twin.id.slice(4)}`;
    await database.db.update(emailCampaigns).set({ id: clash }).where(eq(emailCampaigns.id, twin.id));
    const deps = { db: database.db, publicUrl: PUBLIC_URL };
    const later = new Date(Date.now() + 3_600_000);
    const a = await scheduleCampaign(deps, first.id, later, adminId, new Date());
    const b = await scheduleCampaign(deps, clash, later, adminId, new Date());
    expect(a.utmCampaign).toBe(`offre-de-rentree-${first.id.slice(0, 4)}`);
    expect(b.utmCampaign).not.toBe(a.utmCampaign);
    expect(b.utmCampaign).toMatch(/^offre-de-rentree-[0-9a-f]{6}$/);
  });
});

describe('tagSiteUrl', () => {
  const options = { publicUrl: PUBLIC_URL, campaignKey: 'offre-3f9a' };
  it('tags the site’s pages only, keeping what the URL already had', () => {
    expect(tagSiteUrl(`${PUBLIC_URL}/`, options)).toBe(`${PUBLIC_URL}/?${tagged('offre-3f9a')}`);
    expect(tagSiteUrl(`${PUBLIC_URL}/a?`, options)).toBe(`${PUBLIC_URL}/a?${tagged('offre-3f9a')}`);
    expect(tagSiteUrl(`${PUBLIC_URL}/a?q=%C3%A9t%C3%A9+2026#x`, options)).toBe(
      `${PUBLIC_URL}/a?q=%C3%A9t%C3%A9+2026&${tagged('offre-3f9a')}#x`,
    );
    expect(tagSiteUrl('HTTPS://lisanga-digital.cd/a', options)).toBe(
      `HTTPS://lisanga-digital.cd/a?${tagged('offre-3f9a')}`,
    );
    expect(tagSiteUrl(`${PUBLIC_URL}/b?utm_campaign=ecrit`, options)).toBe(
      `${PUBLIC_URL}/b?utm_campaign=ecrit&utm_source=newsletter&utm_medium=email`,
    );
    for (const untouched of [
      'https://www.lisanga-digital.cd.exemple.org/a',
      'https://exemple.org/?u=https://www.lisanga-digital.cd/',
      `${PUBLIC_URL}/newsletter/unsubscribe?token=abc`,
      `${PUBLIC_URL}/api/newsletter/unsubscribe?token=abc`,
      `${PUBLIC_URL}/t/c/abc`,
      'mailto:contact@lisanga-digital.cd',
      '#haut',
    ]) {
      expect(tagSiteUrl(untouched, options)).toBe(untouched);
    }
  });

  it('makes a readable key base of any title', () => {
    expect(campaignKeyBase('Offre de rentrée !')).toBe('offre-de-rentree');
    expect(campaignKeyBase('   ')).toBe('campagne');
    expect(campaignKeyBase('Une très longue campagne de fin d’année pour toutes les PME de Kinshasa')).toBe(
      'une-tres-longue-campagne-de-fin-d-annee',
    );
  });
});
