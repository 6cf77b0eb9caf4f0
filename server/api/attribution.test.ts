/**
 * What a lead, a newsletter sign-up and a booked call record of the visit that produced it
 * (docs/decisions/084-first-party-audience.md): the visit the form sent, with the device class and
 * country read from the request, never the address or the User-Agent themselves.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT } from '#common/schemas/newsletter.ts';
import { adminUsers, callBookings, contactRequests, rateLimits } from '#db/schema.ts';
import {
  insertBookableAdmin,
  insertSubscriber,
  storedRow,
  subscriptionOf,
} from '#tests/helpers/factories.ts';
import { aCallRequest, aQuoteRequest, aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';

const HOUR = 3_600_000;
const ctx = mailingAppContext({ env: { PUBLIC_URL: 'https://www.lisanga-digital.cd' } });
const app = () => request(ctx.testApp.app);

beforeAll(async () => {
  await ctx.database.db.update(adminUsers).set({ bookable: false });
  await insertBookableAdmin(ctx.database.db, { email: 'nadine.mbuyi@lisanga-digital.cd' });
});
beforeEach(async () => {
  await ctx.database.db.delete(rateLimits);
});

/** An Android phone in Kinshasa (DB-IP places 41.243.0.0/16 in the DR Congo). */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const KINSHASA_IP = '41.243.12.34';

/** Arrived from a Facebook post of the "lancement" campaign, read three pages, then the form's. */
const FACEBOOK_VISIT = {
  referrer: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.lisanga-digital.cd%2F',
  landingPath: '/',
  utmSource: 'facebook',
  utmMedium: 'social',
  utmCampaign: 'lancement',
  pages: ['/', '/services', '/services/seo', '/devis'],
  pagesSeen: 4,
};
const FACEBOOK_ATTRIBUTION = {
  source: 'Facebook',
  referrerHost: 'l.facebook.com',
  landingPath: '/',
  formPath: '/devis',
  pages: ['/', '/services', '/services/seo', '/devis'],
  pagesSeen: 4,
  device: 'mobile',
  country: 'CD',
  utmSource: 'facebook',
  utmMedium: 'social',
  utmCampaign: 'lancement',
};
/** A visit from Google's results, on a computer. */
const GOOGLE_VISIT = {
  referrer: 'https://www.google.com/',
  landingPath: '/blog/seo-kinshasa',
  pages: ['/blog/seo-kinshasa', '/contact'],
  pagesSeen: 2,
};

let ipCounter = 0;
const nextIp = () => `41.243.${Math.floor(++ipCounter / 250) + 100}.${ipCounter % 250}`;

const postLead = (body: object, options: { key?: string; ip?: string; userAgent?: string } = {}) => {
  const req = app()
    .post('/api/contact')
    .set('X-Forwarded-For', options.ip ?? nextIp())
    .set('User-Agent', options.userAgent ?? PHONE_UA);
  if (options.key) req.set('Idempotency-Key', options.key);
  return req.send(body);
};

const leadRow = (id: string) =>
  storedRow(ctx.database.db, contactRequests, eq(contactRequests.id, id), `lead ${id}`);

describe('POST /api/contact: the lead’s source', () => {
  it('stores the visit of a quote request exactly, with the device and country, and never the address or User-Agent', async () => {
    const res = await postLead(aQuoteRequest({ visit: FACEBOOK_VISIT }), { ip: KINSHASA_IP }).expect(201);
    const lead = await leadRow(res.body.id);
    expect(lead.attribution).toEqual(FACEBOOK_ATTRIBUTION);
    expect(lead.trafficSource).toBe('Facebook');
    const stored = JSON.stringify(lead.attribution);
    expect(stored).not.toContain(KINSHASA_IP);
    expect(stored).not.toContain('Android');
    expect(stored).not.toContain('Chrome');
  });

  it('stores it for a call request and a contact-page message alike', async () => {
    const call = await postLead(aCallRequest({ visit: GOOGLE_VISIT }), {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0',
      ip: '10.1.2.3',
    }).expect(201);
    expect(await leadRow(call.body.id)).toMatchObject({
      trafficSource: 'Google',
      attribution: {
        source: 'Google',
        referrerHost: 'google.com',
        landingPath: '/blog/seo-kinshasa',
        formPath: '/contact',
        pages: ['/blog/seo-kinshasa', '/contact'],
        pagesSeen: 2,
        device: 'desktop',
      },
    });
    // A private address has no country: none is written.
    expect((await leadRow(call.body.id)).attribution).not.toHaveProperty('country');

    const message = await postLead(
      aWebsiteRequest({ visit: { landingPath: '/contact', pages: ['/contact'], pagesSeen: 1 } }),
    ).expect(201);
    expect(await leadRow(message.body.id)).toMatchObject({
      trafficSource: 'Accès direct',
      attribution: { source: 'Accès direct', landingPath: '/contact', formPath: '/contact', pagesSeen: 1 },
    });
  });

  it('stores a lead without a visit with no source, and a lead with a malformed visit the same (never refused)', async () => {
    const none = await postLead(aQuoteRequest()).expect(201);
    expect(await leadRow(none.body.id)).toMatchObject({ attribution: null, trafficSource: null });

    for (const visit of [
      { landingPath: 'pas un chemin', pages: ['/'], pagesSeen: 1 },
      { landingPath: '/', pages: [], pagesSeen: 1 },
      { ...FACEBOOK_VISIT, ip: KINSHASA_IP },
      'facebook',
    ]) {
      const res = await postLead(aQuoteRequest({ visit })).expect(201);
      expect(await leadRow(res.body.id)).toMatchObject({ attribution: null, trafficSource: null });
    }
  });

  it('stores the source of a lead kept "À vérifier" too', async () => {
    const res = await postLead(
      aQuoteRequest({ fullName: 'Robot Attribué', website: 'http://spam.example', visit: FACEBOOK_VISIT }),
      { ip: KINSHASA_IP },
    ).expect(201);
    const lead = await leadRow(res.body.id);
    expect(lead.reviewReason).not.toBeNull();
    expect(lead.attribution).toEqual(FACEBOOK_ATTRIBUTION);
    expect(lead.trafficSource).toBe('Facebook');
  });

  it('changes nothing on a retry of the same submission, even when its tab’s visit has grown since', async () => {
    const key = randomUUID();
    const body = aQuoteRequest({ fullName: 'Visiteuse Relancée', visit: FACEBOOK_VISIT });
    const first = await postLead(body, { key, ip: KINSHASA_IP }).expect(201);
    await postLead(body, { key, ip: KINSHASA_IP }).expect(201);
    const grown = { ...FACEBOOK_VISIT, pages: [...FACEBOOK_VISIT.pages, '/merci'], pagesSeen: 5 };
    const retried = await postLead({ ...body, visit: grown }, { key, userAgent: 'Autre/1.0' }).expect(201);
    expect(retried.body).toEqual(first.body);
    const rows = await ctx.database.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.fullName, 'Visiteuse Relancée'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attribution).toEqual(FACEBOOK_ATTRIBUTION);
  });
});

describe('POST /api/newsletter/subscribe: the sign-up’s source', () => {
  const subscribe = (body: Record<string, unknown>, ip = nextIp()) =>
    app()
      .post('/api/newsletter/subscribe')
      .set('X-Forwarded-For', ip)
      .set('User-Agent', PHONE_UA)
      .send({ source: 'footer', locale: 'fr', consentText: NEWSLETTER_CONSENT_TEXT, ...body });

  it('stores the visit on the row it creates, apart from the proof of consent', async () => {
    await subscribe({ email: 'lecteur.facebook@example.cd', visit: FACEBOOK_VISIT }, KINSHASA_IP).expect(200);
    const row = await subscriptionOf(ctx.database.db, 'lecteur.facebook@example.cd');
    expect(row?.attribution).toEqual(FACEBOOK_ATTRIBUTION);
    expect(row?.trafficSource).toBe('Facebook');
    // The consent's proof keeps its own record of the request, as before.
    expect(row?.consentIp).toBe(KINSHASA_IP);

    await subscribe({ email: 'sans.visite@example.cd' }).expect(200);
    expect(await subscriptionOf(ctx.database.db, 'sans.visite@example.cd')).toMatchObject({
      attribution: null,
      trafficSource: null,
    });
    await subscribe({ email: 'visite.abimee@example.cd', visit: { pages: 'tout' } }).expect(200);
    expect(await subscriptionOf(ctx.database.db, 'visite.abimee@example.cd')).toMatchObject({
      attribution: null,
      trafficSource: null,
    });
  });

  it('keeps the source of the sign-up that created the row when a known address signs up again', async () => {
    await subscribe({ email: 'revenant@example.cd', visit: FACEBOOK_VISIT }, KINSHASA_IP).expect(200);
    await subscribe({ email: 'revenant@example.cd', visit: GOOGLE_VISIT }).expect(200);
    expect(await subscriptionOf(ctx.database.db, 'revenant@example.cd')).toMatchObject({
      attribution: FACEBOOK_ATTRIBUTION,
      trafficSource: 'Facebook',
    });

    await insertSubscriber(ctx.database.db, { email: 'ancien@example.cd', status: 'unsubscribed' });
    await subscribe({ email: 'ancien@example.cd', visit: GOOGLE_VISIT }).expect(200);
    expect(await subscriptionOf(ctx.database.db, 'ancien@example.cd')).toMatchObject({
      status: 'pending',
      attribution: null,
      trafficSource: null,
    });
  });
});

describe('POST /api/calls/book: the booked call’s source', () => {
  const tokenOf = (path: string) => new URL(path, 'https://x.test').searchParams.get('token') ?? '';

  async function callLink(email: string) {
    const res = await postLead(
      aCallRequest({ email, details: { ...aCallRequest().details, preferredTime: 'Flexible' } }),
    ).expect(201);
    const token = tokenOf(res.body.bookingPath as string);
    const page = await app().get('/api/calls').query({ token, timeZone: 'Africa/Kinshasa' }).expect(200);
    const later = (page.body.slots as { startsAt: string }[]).filter(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 30 * HOUR,
    );
    return { id: res.body.id as string, token, later };
  }
  const bookingOf = async (contactId: string) =>
    (await ctx.database.db.select().from(callBookings).where(eq(callBookings.contactId, contactId)))[0];

  it('stores the visit the call was booked in, and a reschedule keeps it', async () => {
    const { id, token, later } = await callLink('appel.facebook@example.cd');
    const [first, second] = [later[0], later[3]];
    if (!first || !second) throw new Error('not enough slots');
    await app()
      .post('/api/calls/book')
      .set('X-Forwarded-For', KINSHASA_IP)
      .set('User-Agent', PHONE_UA)
      .send({
        token,
        startsAt: first.startsAt,
        visit: { ...FACEBOOK_VISIT, pages: [...FACEBOOK_VISIT.pages.slice(0, 3), '/appel-decouverte'] },
      })
      .expect(201);
    const expected = {
      ...FACEBOOK_ATTRIBUTION,
      formPath: '/appel-decouverte',
      pages: ['/', '/services', '/services/seo', '/appel-decouverte'],
    };
    expect(await bookingOf(id)).toMatchObject({ attribution: expected, trafficSource: 'Facebook' });

    await app()
      .post('/api/calls/reschedule')
      .set('User-Agent', PHONE_UA)
      .send({ token, startsAt: second.startsAt, visit: GOOGLE_VISIT })
      .expect(200);
    expect(await bookingOf(id)).toMatchObject({
      startsAt: new Date(second.startsAt),
      attribution: expected,
      trafficSource: 'Facebook',
    });
  });

  it('books without a source when the page sent no visit, or a malformed one', async () => {
    for (const [email, visit] of [
      ['appel.sans@example.cd', undefined],
      ['appel.abime@example.cd', { landingPath: '/', pages: ['/'], pagesSeen: 0 }],
    ] as const) {
      const { id, token, later } = await callLink(email);
      const slot = later[email === 'appel.sans@example.cd' ? 6 : 9];
      if (!slot) throw new Error('not enough slots');
      await app().post('/api/calls/book').send({ token, startsAt: slot.startsAt, visit }).expect(201);
      expect(await bookingOf(id)).toMatchObject({ attribution: null, trafficSource: null });
    }
  });
});
