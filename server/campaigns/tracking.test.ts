import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { appSecrets, campaignLinks, emailEvents, newsletterSubscriptions, siteSettings } from '#db/schema.ts';
import { insertActiveSubscriber, insertCampaign } from '#tests/helpers/factories.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase, currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';
import { compileTemplates, renderTemplate } from '../email/templates.ts';
import { appSecret, storedAppSecret } from '../security/secrets.ts';
import { seedDatabase } from '../seed.ts';
import {
  decodeHtmlAttribute,
  instrumentHtml,
  signTrackingToken,
  TRACKING_SETTING_KEY,
  verifyTrackingToken,
} from './tracking.ts';
import { TRANSPARENT_GIF } from './tracking-routes.ts';

const PUBLIC_URL = 'https://www.lisanga-digital.cd';
const ARTICLE_URL =
  'https://www.lisanga-digital.cd/blog/strategie-2026?utm_source=newsletter&utm_medium=email';
let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { content: false, adminPassword: 'correct-horse-battery' });
  await compileTemplates(database.db);
  testApp = createTestApp(database, { PUBLIC_URL });
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await setTracking('true');
});

async function setTracking(value: string) {
  await database.db.update(siteSettings).set({ value }).where(eq(siteSettings.key, TRACKING_SETTING_KEY));
}

/** One subscriber's email of a campaign, rendered from the seeded announcement template, then instrumented. */
/** A campaign being sent and an active subscriber, its recipient. */
async function campaignAndRecipient() {
  const campaign = await insertCampaign(database.db);
  const subscriber = await insertActiveSubscriber(database.db);
  return { campaign, subscriber };
}

async function campaignEmail(
  campaignId: string,
  subscriberId: string,
  extra: { trackingSecret?: string } = {},
) {
  const rendered = await renderTemplate(database.db, 'content_announcement', {
    firstName: 'Amani',
    contentTitle: 'Stratégie 2026',
    contentExcerpt: 'Nos conseils pour l’année.',
    contentUrl: ARTICLE_URL,
    siteUrl: PUBLIC_URL,
    manageUrl: `${PUBLIC_URL}/newsletter/manage?token=gestion123`,
    unsubscribeUrl: `${PUBLIC_URL}/newsletter/unsubscribe?token=depart456`,
    companyAddress: 'Gombe, Kinshasa',
  });
  const html = await instrumentHtml(database.db, {
    html: rendered.html,
    campaignId,
    subscriberId,
    publicUrl: PUBLIC_URL,
    ...extra,
  });
  return { original: rendered.html, html };
}

const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)].map((m) => m[1] as string);
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);
const clickLinks = (html: string) => hrefs(html).filter((h) => h.startsWith(`${PUBLIC_URL}/t/c/`));
const pixelUrl = (html: string) => {
  const match =
    /<img src="([^"]+\/t\/o\/[^"]+)" width="1" height="1" alt="" style="display:block;border:0"><\/body>/.exec(
      html,
    );
  if (!match?.[1]) throw new Error('no open pixel before </body>');
  return match[1];
};

async function eventsOf(campaignId: string) {
  return database.db.select().from(emailEvents).where(eq(emailEvents.campaignId, campaignId));
}

describe('instrumentHtml', () => {
  it('sends the campaign links through the click redirect, keeps the newsletter links, adds the pixel', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const { original, html } = await campaignEmail(campaign.id, subscriber.id);

    // Mustache escaped the article URL in the template output (&amp;, &#x2F;, &#x3D;)...
    expect(original).toContain('utm_source&#x3D;newsletter&amp;utm_medium');
    // ...both buttons (the article, the template's contact link) go through /t/c/, the footer
    // links stay the subscriber's own.
    expect(clickLinks(html)).toHaveLength(2);
    for (const personal of ['gestion123', 'depart456']) {
      const href = hrefs(original).find((h) => h.includes(personal));
      expect(href).toMatch(/^https:&#x2F;&#x2F;www\.lisanga-digital\.cd&#x2F;newsletter&#x2F;/);
      expect(hrefs(html)).toContain(href);
    }
    expect(html).not.toContain('utm_source&#x3D;newsletter');
    pixelUrl(html);

    // ...and the stored URL is the decoded one, the one a browser follows.
    const links = await database.db
      .select()
      .from(campaignLinks)
      .where(eq(campaignLinks.campaignId, campaign.id));
    expect(links.map((l) => l.url).sort()).toEqual([ARTICLE_URL, `${PUBLIC_URL}/contact`].sort());
  });

  it('reuses the link rows for every recipient and signs a different token for each', async () => {
    const campaign = await insertCampaign(database.db);
    const first = await campaignEmail(campaign.id, (await insertActiveSubscriber(database.db)).id);
    const second = await campaignEmail(campaign.id, (await insertActiveSubscriber(database.db)).id);
    expect(clickLinks(first.html)[0]).not.toBe(clickLinks(second.html)[0]);
    const links = await database.db
      .select()
      .from(campaignLinks)
      .where(eq(campaignLinks.campaignId, campaign.id));
    expect(links).toHaveLength(2);
  });

  it('handles the href forms a hand-written template can have and leaves non-web links alone', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const html = [
      '<html><body>',
      `<a title="voir href=&quot;x&quot;" href='https://exemple.cd/a?x=1&amp;y=2'>simple quotes</a>`,
      '<A HREF=https://exemple.cd/b>sans guillemets</A>',
      '<a href="mailto:contact@lisanga-digital.cd">email</a>',
      '<a href="tel:+243812345678">téléphone</a>',
      '<a href="#haut">ancre</a>',
      `<a href="${PUBLIC_URL}/api/newsletter/unsubscribe?token=abc">un clic</a>`,
      '<a href="https://exemple.cd/a?x=1&amp;y=2">le même lien</a>',
      '<abbr title="https://pas-un-lien.cd">abbr</abbr>',
      '</body></html>',
    ].join('\n');
    const out = await instrumentHtml(database.db, {
      html,
      campaignId: campaign.id,
      subscriberId: subscriber.id,
      publicUrl: PUBLIC_URL,
    });

    // Three anchors, two of them to one URL: one link row each URL, one token each anchor.
    expect(clickLinks(out)).toHaveLength(3);
    expect(out).toContain('title="voir href=&quot;x&quot;"');
    expect(out).toMatch(
      /<A href="https:\/\/www\.lisanga-digital\.cd\/t\/c\/[A-Za-z0-9_-]+">sans guillemets<\/A>/,
    );
    for (const kept of [
      'mailto:contact@lisanga-digital.cd',
      'tel:+243812345678',
      '#haut',
      `${PUBLIC_URL}/api/newsletter/unsubscribe?token=abc`,
    ]) {
      expect(hrefs(out)).toContain(kept);
    }
    expect(out).toContain('<abbr title="https://pas-un-lien.cd">abbr</abbr>');
    const links = await database.db
      .select()
      .from(campaignLinks)
      .where(eq(campaignLinks.campaignId, campaign.id));
    expect(links.map((l) => l.url).sort()).toEqual(['https://exemple.cd/a?x=1&y=2', 'https://exemple.cd/b']);
  });

  it('decodes character references the way a browser does, keeping unknown ones', () => {
    expect(decodeHtmlAttribute('https:&#x2F;&#x2F;a.cd&#47;?q&#x3D;1&amp;r=&quot;2&quot;&copy;')).toBe(
      'https://a.cd/?q=1&r="2"&copy;',
    );
  });

  it('changes nothing and stores nothing when per-person tracking is switched off', async () => {
    await setTracking('false');
    const { campaign, subscriber } = await campaignAndRecipient();
    const { original, html } = await campaignEmail(campaign.id, subscriber.id);
    expect(html).toBe(original);
    expect(
      await database.db.select().from(campaignLinks).where(eq(campaignLinks.campaignId, campaign.id)),
    ).toEqual([]);
  });
});

describe('tracking tokens', () => {
  const ids = {
    campaignId: '0b4f3c2e-8a51-4d1e-9c7a-1f2e3d4c5b6a',
    subscriberId: 'f0e1d2c3-b4a5-4697-8879-6a5b4c3d2e1f',
    linkId: '11111111-2222-4333-8444-555555555555',
  };

  it('round-trips with the key that signed them and with no other', () => {
    const token = signTrackingToken({ kind: 'click', ...ids }, 'clé-A');
    expect(token).toMatch(/^[A-Za-z0-9_-]{88}$/);
    expect(verifyTrackingToken(token, ['clé-A'])).toEqual({ kind: 'click', ...ids });
    expect(verifyTrackingToken(token, ['clé-B', 'clé-A'])).toEqual({ kind: 'click', ...ids });
    expect(verifyTrackingToken(token, ['clé-B'])).toBeNull();
  });

  it('refuses any changed byte, an unknown version and garbage', () => {
    const token = signTrackingToken(
      { kind: 'open', campaignId: ids.campaignId, subscriberId: ids.subscriberId },
      'k',
    );
    expect(token).toHaveLength(67);
    const bytes = Buffer.from(token, 'base64url');
    for (const index of [0, 1, 5, 25, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = (tampered[index] as number) ^ 0x01;
      expect(verifyTrackingToken(tampered.toString('base64url'), ['k'])).toBeNull();
    }
    expect(verifyTrackingToken('', ['k'])).toBeNull();
    expect(verifyTrackingToken('https://evil.example', ['k'])).toBeNull();
    expect(verifyTrackingToken(randomBytes(50).toString('base64url'), ['k'])).toBeNull();
  });
});

describe('GET /t/o/:token (open pixel)', () => {
  it('records an open for a valid token and answers the transparent GIF, never cached', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const { html } = await campaignEmail(campaign.id, subscriber.id);

    const res = await request(testApp.app)
      .get(pathOf(pixelUrl(html)))
      .expect(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(Buffer.from(res.body).equals(TRANSPARENT_GIF)).toBe(true);
    expect(TRANSPARENT_GIF).toHaveLength(43);

    const events = await eventsOf(campaign.id);
    expect(events.map((e) => [e.type, e.subscriberId])).toEqual([['open', subscriber.id]]);
  });

  it('answers the very same GIF to a tampered or made-up token and records nothing', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const pixel = pathOf(pixelUrl((await campaignEmail(campaign.id, subscriber.id)).html));
    const tampered = `${pixel.slice(0, -3)}${pixel.endsWith('AAA') ? 'BBB' : 'AAA'}`;

    for (const path of [tampered, '/t/o/nimporte-quoi', `/t/o/${randomBytes(50).toString('base64url')}`]) {
      const res = await request(testApp.app).get(path).expect(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(Buffer.from(res.body).equals(TRANSPARENT_GIF)).toBe(true);
    }
    expect(await eventsOf(campaign.id)).toEqual([]);
  });

  it('records nothing when tracking was switched off after the send', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const pixel = pathOf(pixelUrl((await campaignEmail(campaign.id, subscriber.id)).html));
    await setTracking('false');
    await request(testApp.app).get(pixel).expect(200);
    expect(await eventsOf(campaign.id)).toEqual([]);
  });
});

describe('GET /t/c/:token (click redirect)', () => {
  it('records the click with its URL and redirects to the stored URL', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const [link] = clickLinks((await campaignEmail(campaign.id, subscriber.id)).html);

    const res = await request(testApp.app)
      .get(`${pathOf(link as string)}?url=https://evil.example`)
      .expect(302);
    expect(res.headers.location).toBe(ARTICLE_URL);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const events = await eventsOf(campaign.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'click',
      subscriberId: subscriber.id,
      metaJson: { url: ARTICLE_URL },
    });
  });

  it('refuses a token naming a link of another campaign (404, no redirect)', async () => {
    const mine = await insertCampaign(database.db);
    const other = await insertCampaign(database.db);
    const subscriber = await insertActiveSubscriber(database.db);
    await campaignEmail(other.id, subscriber.id);
    const [otherLink] = await database.db
      .select()
      .from(campaignLinks)
      .where(eq(campaignLinks.campaignId, other.id));
    const key = await appSecret(database.db, 'tracking');
    // Correctly signed, but for `mine` with the link row of `other`.
    const token = signTrackingToken(
      { kind: 'click', campaignId: mine.id, subscriberId: subscriber.id, linkId: otherLink?.id as string },
      key,
    );
    const res = await request(testApp.app).get(`/t/c/${token}`).expect(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain('Lien introuvable');
    expect(await eventsOf(mine.id)).toEqual([]);
  });

  it('never redirects to a URL from the request: forged, tampered and open tokens are 404', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const { html } = await campaignEmail(campaign.id, subscriber.id);
    const [link] = clickLinks(html);
    const forgedKey = signTrackingToken(
      {
        kind: 'click',
        campaignId: campaign.id,
        subscriberId: subscriber.id,
        linkId: '11111111-2222-4333-8444-555555555555',
      },
      'une clé devinée',
    );
    const tampered = (link as string).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const path of [
      `/t/c/${encodeURIComponent('https://evil.example/piege')}`,
      `/t/c/${forgedKey}?url=https://evil.example`,
      pathOf(tampered),
      // An open token is not a click token.
      pathOf(pixelUrl(html)).replace('/t/o/', '/t/c/'),
      '/t/c/',
    ]) {
      const res = await request(testApp.app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.location, path).toBeUndefined();
    }
    expect(await eventsOf(campaign.id)).toEqual([]);
  });

  it('still redirects when the subscriber was erased, recording the click without them', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const [link] = clickLinks((await campaignEmail(campaign.id, subscriber.id)).html);
    await database.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, subscriber.id));

    const res = await request(testApp.app)
      .get(pathOf(link as string))
      .expect(302);
    expect(res.headers.location).toBe(ARTICLE_URL);
    const events = await eventsOf(campaign.id);
    expect(events.map((e) => [e.type, e.subscriberId])).toEqual([['click', null]]);
  });

  it('redirects but records nothing when tracking is switched off, and HEAD never counts', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const [link] = clickLinks((await campaignEmail(campaign.id, subscriber.id)).html);

    await request(testApp.app)
      .head(pathOf(link as string))
      .expect(302);
    await setTracking('false');
    const res = await request(testApp.app)
      .get(pathOf(link as string))
      .expect(302);
    expect(res.headers.location).toBe(ARTICLE_URL);
    expect(await eventsOf(campaign.id)).toEqual([]);
  });
});

describe('tracking secret', () => {
  it('keeps links signed with the stored key working once TRACKING_SECRET is set, and signs new ones with it', async () => {
    const { campaign, subscriber } = await campaignAndRecipient();
    const [oldLink] = clickLinks((await campaignEmail(campaign.id, subscriber.id)).html);
    const envSecret = randomBytes(32).toString('base64url');
    const withEnv = createTestApp(database, { PUBLIC_URL, TRACKING_SECRET: envSecret });
    const [newLink] = clickLinks(
      (await campaignEmail(campaign.id, subscriber.id, { trackingSecret: envSecret })).html,
    );

    const token = (newLink as string).split('/t/c/')[1] as string;
    expect(verifyTrackingToken(token, [envSecret])).not.toBeNull();
    expect(verifyTrackingToken(token, [await storedAppSecret(database.db, 'tracking')])).toBeNull();
    for (const link of [oldLink, newLink]) {
      const res = await request(withEnv.app)
        .get(pathOf(link as string))
        .expect(302);
      expect(res.headers.location).toBe(ARTICLE_URL);
    }
    // The app without TRACKING_SECRET does not know the operator's key.
    await request(testApp.app)
      .get(pathOf(newLink as string))
      .expect(404);
  });

  it('is generated once and stored, the same for every later reader', async () => {
    const first = await storedAppSecret(database.db, 'tracking');
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    const rows = await database.db.select().from(appSecrets).where(eq(appSecrets.key, 'tracking'));
    expect(rows.map((r) => r.value)).toEqual([first]);
    expect(await appSecret(database.db, 'tracking', 'valeur-de-lenvironnement')).toBe(
      'valeur-de-lenvironnement',
    );
  });
});

// Two instances on one PostgreSQL: the first use on each must agree on one stored key, and a link
// signed by one instance must redirect on the other.
if (currentBackend() === 'postgres') {
  describe('tracking secret — several instances', () => {
    it('two fresh instances generating the key at the same time agree on one', async () => {
      await database.db.delete(appSecrets).where(eq(appSecrets.key, 'tracking'));
      const handles = await Promise.all([1, 2].map(() => openSameDatabase(database, 2)));
      try {
        const keys = await Promise.all(handles.map((h) => storedAppSecret(h.db, 'tracking')));
        expect(keys[0]).toBe(keys[1]);
        const [stored] = await database.db.select().from(appSecrets).where(eq(appSecrets.key, 'tracking'));
        expect(stored?.value).toBe(keys[0]);

        const { campaign, subscriber } = await campaignAndRecipient();
        const [one, two] = handles as [DatabaseHandle, DatabaseHandle];
        // Instance one signs the link (as its campaign worker would), instance two redirects it.
        const rendered = await instrumentHtml(one.db, {
          html: '<body><a href="https://exemple.cd/offre">offre</a></body>',
          campaignId: campaign.id,
          subscriberId: subscriber.id,
          publicUrl: PUBLIC_URL,
        });
        const [link] = clickLinks(rendered);
        const res = await request(createTestApp(two, { PUBLIC_URL }).app)
          .get(pathOf(link as string))
          .expect(302);
        expect(res.headers.location).toBe('https://exemple.cd/offre');
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  });
}
