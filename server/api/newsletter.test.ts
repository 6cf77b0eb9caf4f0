import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_CONSENT_VERSION } from '#common/schemas/newsletter.ts';
import { newsletterSubscriptions, rateLimits, subscriberTokens } from '#db/schema.ts';
import { recordEvents } from '#tests/helpers/events.ts';
import { subscriptionOf } from '#tests/helpers/factories.ts';
import { mailingAppContext } from '#tests/helpers/seeded-database.ts';
import type { CapturedEmail } from '#tests/helpers/smtp.ts';
import type { AppEvent } from '../realtime/event-bus.ts';
import { HONEYPOT_REVIEW_REASON } from '../security/honeypot.ts';

const PUBLIC_URL = 'https://www.lisanga-digital.cd';
const ctx = mailingAppContext({ env: { PUBLIC_URL } });
const events: AppEvent[] = [];

beforeAll(async () => {
  await recordEvents(ctx.testApp.deps.events, events);
});
afterAll(async () => {
  await ctx.testApp?.deps.events.stop();
});
beforeEach(async () => {
  await ctx.database.db.delete(rateLimits);
});

let ipCounter = 0;
const nextIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const subscribe = (body: Record<string, unknown>) =>
  request(ctx.testApp.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', nextIp())
    .set('User-Agent', 'Vitest/1.0')
    .send({ source: 'footer', locale: 'fr', consentText: NEWSLETTER_CONSENT_TEXT, ...body });

function linkIn(mail: CapturedEmail, path: string): string {
  const pattern = new RegExp(
    `${PUBLIC_URL.replace(/[.]/g, '\\.')}${path.replace('?', '\\?')}\\?token=([A-Za-z0-9_-]+)`,
  );
  const match = pattern.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

const subscriberRow = (email: string) => subscriptionOf(ctx.database.db, email);

async function subscribeAndConfirm(email: string) {
  await subscribe({ email }).expect(200);
  const [confirmation] = await ctx.deliveredTo(email);
  if (!confirmation) throw new Error('no confirmation');
  const token = linkIn(confirmation, '/newsletter/confirm');
  // The click on the link, from the person's phone: what the proof of consent records.
  await request(ctx.testApp.app)
    .post('/api/newsletter/confirm')
    .set('X-Forwarded-For', '10.31.0.1')
    .set('User-Agent', 'Chrome Android')
    .send({ token })
    .expect(200);
  const mails = await ctx.deliveredTo(email);
  const welcome = mails[mails.length - 1];
  if (!welcome) throw new Error('no welcome');
  return { confirmToken: token, welcome };
}

describe('double opt-in', () => {
  it('sends exactly one confirmation email whose link confirms by POST only', async () => {
    const res = await subscribe({ email: 'Amani.Kabeya@Example.CD', firstName: 'Amani' }).expect(200);
    expect(res.body).toEqual({ requiresConfirmation: true });
    expect(res.headers['cache-control']).toBe('no-store');

    const mails = await ctx.deliveredTo('amani.kabeya@example.cd');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toContain('Confirmez votre inscription');
    const token = linkIn(mail, '/newsletter/confirm');
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/www\.lisanga-digital\.cd\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+>$/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const row = await subscriberRow('amani.kabeya@example.cd');
    expect(row).toMatchObject({
      status: 'pending',
      source: 'footer',
      firstName: 'Amani',
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentUserAgent: 'Vitest/1.0',
      consentAt: null,
    });
    expect(row?.consentIp).toMatch(/^10\.30\./);

    // Only hashes in the database: the clear token appears nowhere.
    const tokens = await ctx.database.db
      .select()
      .from(subscriberTokens)
      .where(eq(subscriberTokens.subscriberId, row?.id ?? ''));
    expect(tokens.map((t) => t.type).sort()).toEqual(['confirm', 'manage', 'unsubscribe']);
    for (const t of tokens) {
      expect(t.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(t.tokenHash).not.toContain(token);
    }
    expect(JSON.stringify(tokens)).not.toContain(token);

    // A GET (a mail scanner following links) changes nothing.
    await request(ctx.testApp.app).get(`/api/newsletter/confirm?token=${token}`).expect(404);
    await request(ctx.testApp.app).get(`/api/newsletter/unsubscribe?token=${token}`).expect(404);
    expect((await subscriberRow('amani.kabeya@example.cd'))?.status).toBe('pending');

    const confirmed = await request(ctx.testApp.app)
      .post('/api/newsletter/confirm')
      .send({ token })
      .expect(200);
    expect(confirmed.body).toEqual({ confirmed: true });
    const active = await subscriberRow('amani.kabeya@example.cd');
    expect(active?.status).toBe('active');
    expect(active?.subscribedAt).toBeInstanceOf(Date);
    expect(active?.consentAt).toBeInstanceOf(Date);
    // Delivered through LISTEN/NOTIFY on PostgreSQL: asynchronously.
    await expect
      .poll(() => events.find((e) => e.type === 'new_subscription'))
      .toEqual({
        channel: 'newsletter',
        type: 'new_subscription',
        data: { email: 'amani.kabeya@example.cd' },
      });

    const after = await ctx.deliveredTo('amani.kabeya@example.cd');
    expect(after).toHaveLength(2);
    const welcome = after[1];
    expect(welcome?.subject).toContain('Bienvenue');
    expect(welcome?.subject).toContain('Amani');
    expect(welcome?.headers.get('list-unsubscribe')).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
    expect(welcome?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    if (!welcome) throw new Error('no welcome');
    linkIn(welcome, '/newsletter/manage');
    linkIn(welcome, '/newsletter/unsubscribe');

    // The link served once.
    const reused = await request(ctx.testApp.app).post('/api/newsletter/confirm').send({ token }).expect(410);
    expect(reused.body.error.code).toBe('token_used');
  });

  it('answers a subscribed address exactly as an unknown one, and emails its owner a manage link instead', async () => {
    await subscribeAndConfirm('bola@example.cd');
    const known = await subscribe({ email: ' BOLA@Example.cd ' });
    const unknown = await subscribe({ email: 'personne-bola@example.cd' });
    expect(known.status).toBe(200);
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect(known.body).toEqual({ requiresConfirmation: true });
    for (const header of ['content-type', 'content-length', 'cache-control', 'etag']) {
      expect(known.headers[header], header).toBe(unknown.headers[header]);
    }
    const [{ n } = { n: 0 }] = await ctx.database.db
      .select({ n: count() })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'bola@example.cd'));
    expect(n).toBe(1);

    // The owner hears of it, with a manage link that works.
    const mails = await ctx.deliveredTo('bola@example.cd');
    const notice = mails[mails.length - 1];
    if (!notice) throw new Error('no email');
    expect(notice.subject).toBe('Vous êtes déjà inscrit(e) à la newsletter Lisanga Digital');
    expect(notice.text).toContain('Vous êtes déjà inscrit(e)');
    expect(notice.headers.get('list-unsubscribe')).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
    const token = linkIn(notice, '/newsletter/manage');
    const preferences = await request(ctx.testApp.app)
      .get(`/api/newsletter/manage?token=${token}`)
      .expect(200);
    expect(preferences.body).toMatchObject({ email: 'bola@example.cd', status: 'active' });
    expect((await subscriberRow('bola@example.cd'))?.status).toBe('active');
  });

  it('answers the sign-ups of one address with 4 emails an hour at most, whatever its state', async () => {
    await subscribeAndConfirm('kiese@example.cd');
    for (let i = 0; i < 6; i++) {
      expect((await subscribe({ email: 'kiese@example.cd' }).expect(200)).body).toEqual({
        requiresConfirmation: true,
      });
    }
    // Its confirmation counted, then 3 "déjà inscrit(e)"; the 3 beyond the cap send nothing.
    const subjects = (await ctx.deliveredTo('kiese@example.cd')).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Confirmez'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('déjà inscrit(e)'))).toHaveLength(3);
  });

  it('sends the confirmation again to a pending address without a second row, at most 4 times an hour', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await subscribe({ email: i % 2 ? 'CHANCE@example.cd' : 'chance@example.cd' }).expect(200);
      expect(res.body).toEqual({ requiresConfirmation: true });
    }
    // 4 emails an hour, the first one included (as for a subscribed address); the 3 beyond the
    // hourly cap are answered the same but not sent.
    expect(await ctx.deliveredTo('chance@example.cd')).toHaveLength(4);
    const rows = await ctx.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'chance@example.cd'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown or expired confirm token with French messages', async () => {
    const unknown = await request(ctx.testApp.app)
      .post('/api/newsletter/confirm')
      .send({ token: 'x'.repeat(43) })
      .expect(400);
    expect(unknown.body.error.message).toContain('n’est pas valide');

    await subscribe({ email: 'dorcas@example.cd' }).expect(200);
    const [mail] = await ctx.deliveredTo('dorcas@example.cd');
    if (!mail) throw new Error('no mail');
    const token = linkIn(mail, '/newsletter/confirm');
    await ctx.database.db
      .update(subscriberTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriberTokens.type, 'confirm'));
    const expired = await request(ctx.testApp.app)
      .post('/api/newsletter/confirm')
      .send({ token })
      .expect(410);
    expect(expired.body.error.code).toBe('token_expired');
    expect(expired.body.error.message).toContain('expiré');
    expect((await subscriberRow('dorcas@example.cd'))?.status).toBe('pending');
  });

  it('validates the address in French', async () => {
    const res = await subscribe({ email: 'pas-un-email' }).expect(400);
    expect(res.body.error.fields.email).toBe('Veuillez entrer une adresse email valide');
  });

  it('keeps a sign-up whose honeypot is filled "À vérifier" (autofill can fill it), answered as any other', async () => {
    await subscribe({ email: 'bot@example.cd', website: 'http://spam' }).expect(200);
    expect(await subscriberRow('bot@example.cd')).toMatchObject({
      status: 'pending',
      reviewReason: HONEYPOT_REVIEW_REASON,
    });
  });

  it('keeps a subscription sent at once (autofill): a pending row and its confirmation email', async () => {
    await subscribe({ email: 'rapide@example.cd', elapsedMs: 150 }).expect(200);
    expect((await subscriberRow('rapide@example.cd'))?.status).toBe('pending');
  });
});

describe('no text typed by the requester in an email before the address is confirmed', () => {
  const HOSTILE = 'Gagnez 1000 $ sur http://evil.example';
  const traces = ['Gagnez', '1000', 'evil.example'];
  const expectNoTrace = (mail: CapturedEmail | undefined) => {
    if (!mail) throw new Error('no email');
    for (const part of [mail.subject, mail.text ?? '', mail.html ?? '']) {
      for (const trace of traces) expect(part).not.toContain(trace);
    }
  };

  it('keeps the first name out of the confirmation, its resends and the manage link, then greets by it once confirmed', async () => {
    await subscribe({ email: 'victime@example.cd', firstName: HOSTILE }).expect(200);
    await subscribe({ email: 'victime@example.cd', firstName: HOSTILE }).expect(200);
    await request(ctx.testApp.app)
      .post('/api/newsletter/manage-link')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'victime@example.cd' })
      .expect(200);
    const before = await ctx.deliveredTo('victime@example.cd');
    expect(before.map((m) => m.subject)).toEqual([
      'Confirmez votre inscription à la newsletter Lisanga Digital',
      'Confirmez votre inscription à la newsletter Lisanga Digital',
      'Votre lien pour gérer votre newsletter Lisanga Digital',
    ]);
    for (const mail of before) expectNoTrace(mail);
    // Kept, for after the confirmation.
    expect((await subscriberRow('victime@example.cd'))?.firstName).toBe(HOSTILE);

    const token = linkIn(before[1] as CapturedEmail, '/newsletter/confirm');
    await request(ctx.testApp.app).post('/api/newsletter/confirm').send({ token }).expect(200);
    const welcome = (await ctx.deliveredTo('victime@example.cd')).at(-1);
    expect(welcome?.subject).toBe(`Bienvenue chez Lisanga Digital, ${HOSTILE} !`.replace(' !', '\u00a0!'));
    expect(welcome?.text).toContain(`Bonjour ${HOSTILE},`);
  });

  it('keeps the name of a subscribed address out of the "déjà inscrit(e)" email', async () => {
    await subscribe({ email: 'deja@example.cd', firstName: HOSTILE }).expect(200);
    const [confirmation] = await ctx.deliveredTo('deja@example.cd');
    const token = linkIn(confirmation as CapturedEmail, '/newsletter/confirm');
    await request(ctx.testApp.app).post('/api/newsletter/confirm').send({ token }).expect(200);
    await subscribe({ email: 'deja@example.cd', firstName: HOSTILE }).expect(200);
    const notice = (await ctx.deliveredTo('deja@example.cd')).at(-1);
    expect(notice?.subject).toContain('déjà inscrit(e)');
    expectNoTrace(notice);
  });
});

describe('unsubscribe and preferences', () => {
  it('unsubscribes with a cookie-less one-click POST, 200 without a redirect', async () => {
    const { welcome } = await subscribeAndConfirm('eli@example.cd');
    const header = welcome.headers.get('list-unsubscribe') ?? '';
    const url = new URL(header.slice(1, -1));
    const res = await request(ctx.testApp.app)
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain('désinscrit');
    const row = await subscriberRow('eli@example.cd');
    expect(row).toMatchObject({ status: 'unsubscribed', isActive: false });
    // A second click (a mail client retrying) is fine too.
    await request(ctx.testApp.app).post(`${url.pathname}${url.search}`).expect(200);

    // Coming back starts a new opt-in.
    const again = await subscribe({ email: 'eli@example.cd' }).expect(200);
    expect(again.body).toEqual({ requiresConfirmation: true });
    // Pending again, and the proof of the earlier consent stays until a new confirmation.
    expect(await subscriberRow('eli@example.cd')).toMatchObject({
      status: 'pending',
      consentAt: expect.any(Date),
    });
    const mails = await ctx.deliveredTo('eli@example.cd');
    expect(mails[mails.length - 1]?.subject).toContain('Confirmez');
  });

  it('reads and updates preferences, exports and erases with the manage link', async () => {
    const { welcome } = await subscribeAndConfirm('fifi@example.cd');
    const token = linkIn(welcome, '/newsletter/manage');

    const current = await request(ctx.testApp.app).get(`/api/newsletter/manage?token=${token}`).expect(200);
    expect(current.body).toEqual({ email: 'fifi@example.cd', firstName: '', tags: [], status: 'active' });
    expect(current.headers['cache-control']).toBe('no-store');

    const updated = await request(ctx.testApp.app)
      .post('/api/newsletter/manage')
      .send({ token, firstName: 'Fifi', tags: ['digital', 'branding', 'digital'] })
      .expect(200);
    expect(updated.body).toMatchObject({ firstName: 'Fifi', tags: ['digital', 'branding'] });
    const bad = await request(ctx.testApp.app)
      .post('/api/newsletter/manage')
      .send({ token, firstName: 'Fifi', tags: ['inconnu'] })
      .expect(400);
    expect(bad.body.error.fields['tags.0']).toBe('Thème inconnu.');

    const exported = await request(ctx.testApp.app).get(`/api/newsletter/export?token=${token}`).expect(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const data = JSON.parse(exported.text);
    expect(data).toMatchObject({
      email: 'fifi@example.cd',
      firstName: 'Fifi',
      tags: ['digital', 'branding'],
      status: 'active',
      consent: {
        text: NEWSLETTER_CONSENT_TEXT,
        version: NEWSLETTER_CONSENT_VERSION,
        userAgent: 'Chrome Android',
        ip: '10.31.0.1',
        source: 'footer',
      },
    });
    expect(data.consent.consentAt).toEqual(expect.any(String));
    expect(data).not.toHaveProperty('id');
    expect(exported.text).not.toMatch(/tokenHash|token_hash/);

    await request(ctx.testApp.app).post('/api/newsletter/erase').send({ token }).expect(200);
    expect(await subscriberRow('fifi@example.cd')).toBeUndefined();
    await request(ctx.testApp.app).get(`/api/newsletter/manage?token=${token}`).expect(400);
  });

  it('refuses the unsubscribe token on the manage endpoints', async () => {
    const { welcome } = await subscribeAndConfirm('gaby@example.cd');
    const token = linkIn(welcome, '/newsletter/unsubscribe');
    await request(ctx.testApp.app).get(`/api/newsletter/export?token=${token}`).expect(400);
    await request(ctx.testApp.app).post('/api/newsletter/erase').send({ token }).expect(400);
    expect(await subscriberRow('gaby@example.cd')).toBeDefined();
  });
});

describe('manage links expire and can be asked for again', () => {
  it('a manage link lasts 90 days; the unsubscribe link of the same email never expires', async () => {
    const { welcome } = await subscribeAndConfirm('henoc@example.cd');
    const manage = linkIn(welcome, '/newsletter/manage');
    const unsubscribe = linkIn(welcome, '/newsletter/unsubscribe');
    const rows = await ctx.database.db
      .select({
        type: subscriberTokens.type,
        createdAt: subscriberTokens.createdAt,
        expiresAt: subscriberTokens.expiresAt,
      })
      .from(subscriberTokens)
      .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, subscriberTokens.subscriberId))
      .where(eq(newsletterSubscriptions.email, 'henoc@example.cd'));
    for (const row of rows.filter((r) => r.type === 'manage')) {
      expect((row.expiresAt?.getTime() ?? 0) - row.createdAt.getTime()).toBe(90 * 24 * 60 * 60_000);
    }
    expect(rows.filter((r) => r.type === 'unsubscribe').every((r) => r.expiresAt === null)).toBe(true);

    // 90 days later.
    await ctx.database.db
      .update(subscriberTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(subscriberTokens.type, 'manage'));
    const expired = await request(ctx.testApp.app).get(`/api/newsletter/manage?token=${manage}`).expect(410);
    expect(expired.body.error).toEqual({
      code: 'token_expired',
      message: 'Ce lien a expiré. Demandez un nouveau lien de gestion.',
    });
    await request(ctx.testApp.app).post('/api/newsletter/erase').send({ token: manage }).expect(410);
    await request(ctx.testApp.app).post(`/api/newsletter/unsubscribe?token=${unsubscribe}`).expect(200);
  });

  it('sends a fresh manage link to a known address only, with the same answer either way, a few an hour', async () => {
    await subscribeAndConfirm('ines@example.cd');
    const ask = (email: string) =>
      request(ctx.testApp.app)
        .post('/api/newsletter/manage-link')
        .set('X-Forwarded-For', nextIp())
        .send({ email });
    const before = ctx.smtp.messages().length;
    expect((await ask('Ines@Example.CD').expect(200)).body).toEqual({ requested: true });
    expect((await ask('inconnu@example.cd').expect(200)).body).toEqual({ requested: true });
    const mails = (await ctx.deliveredTo('ines@example.cd')).slice(-1);
    expect(ctx.smtp.messages().length).toBe(before + 1);
    const [fresh] = mails;
    if (!fresh) throw new Error('no manage link email');
    expect(fresh.subject).toBe('Votre lien pour gérer votre newsletter Lisanga Digital');
    const token = linkIn(fresh, '/newsletter/manage');
    const preferences = await request(ctx.testApp.app)
      .get(`/api/newsletter/manage?token=${token}`)
      .expect(200);
    expect(preferences.body.email).toBe('ines@example.cd');

    for (let i = 0; i < 5; i++) await ask('ines@example.cd').expect(200);
    await ctx.deliveredTo('ines@example.cd');
    // 4 an hour per address: the first one above and three more.
    const sent = ctx.smtp
      .messages()
      .filter((m) => m.envelope.to.includes('ines@example.cd') && m.subject === fresh.subject);
    expect(sent).toHaveLength(4);
    const invalid = await ask('pas-une-adresse').expect(400);
    expect(invalid.body.error.fields.email).toBe('Veuillez entrer une adresse email valide');
  });
});
