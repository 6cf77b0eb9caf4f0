import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { activityLogs, contactRequests, emailOutbox, rateLimits } from '#db/schema.ts';
import { composeCallMessage } from '#server/leads/lead-message.ts';
import { recordEvents } from '#tests/helpers/events.ts';
import { aCallRequest, aQuoteRequest, aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import type { AppEvent } from '../realtime/event-bus.ts';
import { HONEYPOT_REVIEW_REASON } from '../security/honeypot.ts';
import { RATE_LIMITS } from '../security/limits.ts';

let database: DatabaseHandle;
let app: ReturnType<typeof createTestApp>['app'];
let deps: ReturnType<typeof createTestApp>['deps'];
const events: AppEvent[] = [];

beforeAll(async () => {
  database = await createSeededDatabase({ content: true, compile: false });
  ({ app, deps } = createTestApp(database));
  await recordEvents(deps.events, events);
});
afterAll(async () => {
  await deps?.events.stop();
  await database?.close();
});
beforeEach(async () => {
  // Each test starts with fresh per-IP budgets.
  await database.db.delete(rateLimits);
});

let ipCounter = 0;
/** Every request from its own address (the app trusts X-Forwarded-For from loopback). */
const post = (body: unknown, options: { key?: string; ip?: string } = {}) => {
  const req = request(app)
    .post('/api/contact')
    .set('X-Forwarded-For', options.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);
  if (options.key) req.set('Idempotency-Key', options.key);
  return req.send(body as object);
};

/** The address's daily counter at the ceiling, as after a flood (contact-review.test.ts sends one). */
async function reachCeiling(ip: string) {
  await database.db
    .update(rateLimits)
    .set({ count: RATE_LIMITS.contactCeilingPerIp.limit })
    .where(eq(rateLimits.key, `contact-day:${ip}`));
}

async function leadById(id: string) {
  const [lead] = await database.db.select().from(contactRequests).where(eq(contactRequests.id, id));
  return lead;
}

describe('POST /api/contact — storing leads', () => {
  it('stores a quote request with the composed French message, E.164 phone and budget', async () => {
    const res = await post(
      aQuoteRequest({
        fullName: 'Awa Mbuyi',
        email: 'Awa.Mbuyi@Example.cd',
        phone: '0812345678',
        company: 'Kin Boutique',
        serviceType: 'Audit digital complet',
        message: 'ignored: the server composes its own',
        details: {
          projectDescription: 'Nous voulons vendre en ligne à Kinshasa et Lubumbashi.',
          budget: '$5,500 - $16,500',
          timeline: 'Court terme (1-3 mois)',
        },
      }),
    ).expect(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(res.headers['cache-control']).toBe('no-store');
    const lead = await leadById(res.body.id);
    expect(lead).toMatchObject({
      fullName: 'Awa Mbuyi',
      email: 'awa.mbuyi@example.cd',
      phone: '+243812345678',
      phoneRaw: '0812345678',
      company: 'Kin Boutique',
      serviceInterest: 'Audit digital complet',
      budget: '$5,500 - $16,500',
      status: 'nouveau',
      source: 'quote_request',
    });
    expect(lead?.message).toContain('Service demandé : Audit digital complet');
    expect(lead?.message).toContain('Budget indicatif : $5,500 - $16,500');
    expect(lead?.message).toContain('Délais souhaités : Court terme (1-3 mois)');
    expect(lead?.message).toContain('Entreprise : Kin Boutique');
    expect(lead?.message).toContain('Nous voulons vendre en ligne à Kinshasa et Lubumbashi.');
    expect(lead?.message).toMatch(/^Source\s: .*site web$/m);
    expect(lead?.message).not.toContain('ignored');
  });

  it('stores a call request with the defaults for company and phone', async () => {
    const res = await post(
      aCallRequest({
        serviceType: 'Conseil général',
        details: {
          callType: 'Conseil stratégique',
          preferredTime: 'Matin (8h-12h)',
          urgency: 'Sous 15 jours',
          message: 'Plutôt le mardi.',
        },
      }),
    ).expect(201);
    const lead = await leadById(res.body.id);
    expect(lead).toMatchObject({ source: 'call_request', phone: null, company: null, budget: null });
    for (const line of [
      'Service d’intérêt : Conseil général',
      'Type de discussion : Conseil stratégique',
      'Créneaux préférés : Matin (8h-12h)',
      'Urgence : Sous 15 jours',
      'Entreprise : Non précisée',
      'Téléphone : Non fourni',
      'Plutôt le mardi.',
    ]) {
      expect(lead?.message).toContain(line);
    }
  });

  it("stores a call request kept offline when its options still had the straight apostrophe (d'après-midi)", async () => {
    const res = await post(
      aCallRequest({
        details: {
          callType: 'Conseil stratégique',
          preferredTime: "Fin d'après-midi (16h-18h)",
          urgency: 'Pas urgent',
        },
      }),
    ).expect(201);
    const lead = await leadById(res.body.id);
    expect(lead?.callPreferredTime).toBe('Fin d’après-midi (16h-18h)');
    expect(lead?.message).toContain('Créneaux préférés\u00a0: Fin d’après-midi (16h-18h)');
  });

  it('stores a call request without its optional note once: no composed text repeated, one source line', async () => {
    // What the call modal sent before the server alone composed the message (a page still open, a
    // submission kept offline): a composed message beside the answers, no note of its own.
    const answers = {
      fullName: 'Jonathan Ilunga',
      email: 'jonathan@example.cd',
      serviceInterest: 'Conseil général',
      callType: 'Conseil stratégique',
      preferredTime: 'Matin (8h-12h)',
      urgency: 'Sous 15 jours',
    } as const;
    const composed = composeCallMessage(answers);
    const res = await post(
      aCallRequest({
        fullName: answers.fullName,
        email: answers.email,
        serviceType: answers.serviceInterest,
        details: {
          callType: answers.callType,
          preferredTime: answers.preferredTime,
          urgency: answers.urgency,
        },
        message: composed,
      }),
    ).expect(201);
    const stored = (await leadById(res.body.id))?.message ?? '';
    expect(stored).toBe(composed);
    expect(stored).not.toContain('Message complémentaire');
    expect(stored.match(/Source\s:/g)).toHaveLength(1);
  });

  it('accepts the specification’s own payload (no details): the client’s message is stored as sent', async () => {
    const message = 'Demande de devis : une boutique en ligne pour nos pagnes, livraison à Kinshasa.';
    const specQuote = {
      fullName: 'Awa Mbuyi',
      email: 'awa@example.cd',
      phone: '+243812345678',
      company: 'Kin Boutique',
      serviceType: 'Marketing Digital',
      message,
      source: 'quote_request',
    };
    const quoteRes = await post(specQuote).expect(201);
    expect(await leadById(quoteRes.body.id)).toMatchObject({
      message,
      budget: null,
      source: 'quote_request',
    });

    const specCall = {
      fullName: 'Jonathan Ilunga',
      email: 'jonathan@example.cd',
      phone: '',
      company: '',
      serviceType: 'Conseil général',
      message: 'Appel découverte : le matin, cette semaine si possible.',
      source: 'call_request',
    };
    const callRes = await post(specCall).expect(201);
    expect((await leadById(callRes.body.id))?.message).toBe(specCall.message);

    // Without details the message is all staff will read: it must say enough.
    const short = await post({ ...specQuote, message: 'Un site.' }).expect(400);
    expect(short.body.error.fields).toEqual({
      message: 'Décrivez votre projet en détail (minimum 20 caractères)',
    });
    const empty = await post({ ...specCall, message: ' ' }).expect(400);
    expect(empty.body.error.fields).toEqual({ message: 'Décrivez votre demande (message requis)' });
  });

  it('stores a contact-page message as written, with source website', async () => {
    const res = await post(
      aWebsiteRequest({ message: 'Bonjour, pouvez-vous me rappeler au sujet de notre site ?' }),
    ).expect(201);
    const lead = await leadById(res.body.id);
    expect(lead).toMatchObject({
      source: 'website',
      message: 'Bonjour, pouvez-vous me rappeler au sujet de notre site ?',
    });
  });

  it('writes the activity log, queues the staff email and announces the lead, in the same transaction', async () => {
    events.length = 0;
    const res = await post(aQuoteRequest({ fullName: 'Grâce Nsimba', email: 'awa.mbuyi@example.cd' })).expect(
      201,
    );
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.title, 'Nouveau contact : Grâce Nsimba'));
    expect(log?.type).toBe('contact.created');
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `lead:${res.body.id}`));
    expect(mail).toMatchObject({ status: 'pending', templateKey: 'lead_notification' });
    expect(mail?.subject).toContain('Grâce Nsimba');
    expect(mail?.replyTo).toContain('awa.mbuyi@example.cd');
    await expect
      // The event comes back through another connection (LISTEN), within the poll's ceiling.
      .poll(() => events.find((e) => e.type === 'new_contact' && e.data.id === res.body.id))
      .toMatchObject({
        channel: 'contacts',
        data: { id: res.body.id, fullName: 'Grâce Nsimba' },
      });
  });

  it('never takes the status, id or dates from the visitor', async () => {
    const res = await post(
      aQuoteRequest({ status: 'traite', id: randomUUID(), createdAt: '2001-01-01' }),
    ).expect(201);
    const lead = await leadById(res.body.id);
    expect(lead?.status).toBe('nouveau');
    expect(lead?.createdAt.getFullYear()).toBeGreaterThan(2001);
  });
});

describe('POST /api/contact — idempotency', () => {
  it('answers a retry with the same key with the first answer, and stores one lead', async () => {
    const key = randomUUID();
    const first = await post(aQuoteRequest(), { key }).expect(201);
    const second = await post(aQuoteRequest(), { key }).expect(201);
    expect(second.body).toEqual(first.body);
    const [rows] = await database.db
      .select({ n: count() })
      .from(contactRequests)
      .where(eq(contactRequests.id, first.body.id));
    expect(rows?.n).toBe(1);
  });

  it('stores one lead when the same submission arrives ten times at once', async () => {
    const key = randomUUID();
    const body = aQuoteRequest({ fullName: 'Client Pressé' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, { key })));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const [rows] = await database.db
      .select({ n: count() })
      .from(contactRequests)
      .where(eq(contactRequests.fullName, 'Client Pressé'));
    expect(rows?.n).toBe(1);
  });

  it('refuses a key reused for a different request', async () => {
    const key = randomUUID();
    await post(aQuoteRequest(), { key }).expect(201);
    const res = await post(aQuoteRequest({ fullName: 'Quelqu’un d’autre' }), { key }).expect(422);
    expect(res.body.error.code).toBe('idempotency_conflict');
  });

  it('answers retries from its stored answer without spending the address’s limit, even once it is reached', async () => {
    const ip = '10.9.8.1';
    const key = randomUUID();
    const first = await post(aQuoteRequest({ fullName: 'Visiteuse Patiente' }), { ip, key }).expect(201);
    // Fifteen retries of the first submission: more than the limit of 10, none of them counted.
    for (let i = 0; i < 15; i++) {
      expect(
        (await post(aQuoteRequest({ fullName: 'Visiteuse Patiente' }), { ip, key }).expect(201)).body,
      ).toEqual(first.body);
    }
    for (let i = 1; i < 10; i++) await post(aQuoteRequest({ fullName: `Visiteur ${i}` }), { ip }).expect(201);
    // The 11th is kept "À vérifier"; past the daily ceiling, a new one is refused.
    await post(aQuoteRequest(), { ip }).expect(201);
    await reachCeiling(ip);
    await post(aQuoteRequest(), { ip }).expect(429);
    // Refused now, the address still gets the answer of a submission it already made.
    expect(
      (await post(aQuoteRequest({ fullName: 'Visiteuse Patiente' }), { ip, key }).expect(201)).body,
    ).toEqual(first.body);
  });

  it('refuses a malformed key', async () => {
    await post(aQuoteRequest(), { key: 'bad key!' }).expect(400);
  });
});

describe('POST /api/contact — prepared statements', () => {
  it('runs every lead through the same few prepared statements, whatever the lead holds', async () => {
    const session = database.db._.session as unknown as { prepareQuery: (...args: unknown[]) => unknown };
    const prepare = vi.spyOn(session, 'prepareQuery');
    try {
      await post(aQuoteRequest(), { key: randomUUID() }).expect(201);
      await post(aQuoteRequest({ fullName: 'Autre Visiteuse', email: 'autre@example.cd' }), {
        key: randomUUID(),
      }).expect(201);
      await post(aCallRequest(), { key: randomUUID() }).expect(201);
      await post(aCallRequest({ phone: undefined, company: undefined })).expect(201);
      await post(aWebsiteRequest()).expect(201);
      // With the visit that brought it (docs/decisions/084-first-party-audience.md): the same statements.
      await post(
        aQuoteRequest({
          visit: { landingPath: '/', utmSource: 'facebook', pages: ['/', '/devis'], pagesSeen: 2 },
        }),
        { key: randomUUID() },
      ).expect(201);
      const names = new Set(prepare.mock.calls.map((args) => args[2]).filter((name) => name !== undefined));
      // The lead's statement with and without a key (a call request's also writes its booking
      // email: two more), the replay check and the bare rate limit: PostgreSQL plans each once per
      // connection, and their number does not grow with the leads.
      expect(names.size).toBeGreaterThan(0);
      expect(names.size).toBeLessThanOrEqual(6);
    } finally {
      prepare.mockRestore();
    }
  });
});

describe('POST /api/contact — spam and abuse', () => {
  it('keeps a lead whose honeypot is filled "À vérifier", answered as any other (autofill can fill it)', async () => {
    const res = await post(
      aQuoteRequest({ fullName: 'Robot Honeypot', website: 'http://spam.example' }),
    ).expect(201);
    expect((await leadById(res.body.id))?.reviewReason).toBe(HONEYPOT_REVIEW_REASON);
  });

  it('stores a form sent at once or without a fill time: autofill makes a person that fast', async () => {
    const fast = await post(aQuoteRequest({ fullName: 'Visiteuse Rapide', elapsedMs: 400 })).expect(201);
    expect((await leadById(fast.body.id))?.fullName).toBe('Visiteuse Rapide');
    const { elapsedMs: _omitted, ...noTiming } = aQuoteRequest({ fullName: 'Visiteur Sans Minuterie' });
    const none = await post(noTiming).expect(201);
    expect((await leadById(none.body.id))?.fullName).toBe('Visiteur Sans Minuterie');
  });

  it('keeps the 11th lead in 15 minutes from one address "À vérifier", and refuses past the daily ceiling in French with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) await post(aQuoteRequest({ fullName: `Visiteur ${i}` }), { ip }).expect(201);
    const kept = await post(aQuoteRequest(), { ip }).expect(201);
    expect((await leadById(kept.body.id))?.reviewReason).toBe(
      'Plus de 10 demandes en 15 minutes depuis la même adresse',
    );
    await reachCeiling(ip);
    const res = await post(aQuoteRequest(), { ip }).expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.body.error.message).toMatch(
      /^Trop de demandes envoyées depuis votre connexion\. Veuillez réessayer dans \d+ heures?\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    await post(aQuoteRequest(), { ip: '10.9.9.10' }).expect(201);
  });

  it('refuses line breaks in anything that reaches an email header', async () => {
    const res = await post(aQuoteRequest({ fullName: 'Awa\r\nBcc: victim@example.com' })).expect(400);
    expect(res.body.error.fields.fullName).toBe('Ce champ ne peut pas contenir de retour à la ligne.');
    const email = await post(aQuoteRequest({ email: 'awa@example.cd\nBcc: x@y.z' })).expect(400);
    expect(email.body.error.fields.email).toBe('Email invalide');
  });
});

describe('POST /api/contact — validation', () => {
  it.each([
    {
      form: 'quote',
      section: '5.1',
      body: {
        source: 'quote_request',
        fullName: 'A',
        email: 'pas-un-email',
        phone: '0812',
        company: 'K',
        serviceType: '',
        details: { projectDescription: 'Trop court', budget: '', timeline: '' },
        elapsedMs: 9_000,
      },
      fields: {
        fullName: 'Le nom doit contenir au moins 2 caractères',
        email: 'Email invalide',
        phone: 'Le téléphone doit contenir au moins 10 caractères',
        company: 'Le nom de l’entreprise doit contenir au moins 2 caractères',
        serviceType: 'Veuillez sélectionner un service',
        'details.projectDescription': 'Décrivez votre projet en détail (minimum 20 caractères)',
        'details.budget': 'Veuillez indiquer votre budget',
        'details.timeline': 'Veuillez indiquer vos délais',
      },
    },
    {
      form: 'call',
      section: '5.2',
      body: {
        source: 'call_request',
        fullName: '',
        email: '',
        serviceType: '',
        details: {},
        elapsedMs: 9_000,
      },
      fields: {
        fullName: 'Le nom doit contenir au moins 2 caractères',
        email: 'Email invalide',
        serviceType: 'Veuillez sélectionner un service',
        'details.callType': 'Veuillez sélectionner le type de discussion',
        'details.preferredTime': 'Veuillez indiquer vos créneaux préférés',
        'details.urgency': 'Veuillez indiquer l’urgence',
      },
    },
  ])(
    'answers every $form rule of docs/product.md §$section with its French message',
    async ({ body, fields }) => {
      const res = await post(body).expect(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.fields).toEqual(fields);
    },
  );

  it('refuses an unknown source, oversized fields and bodies that are not JSON objects', async () => {
    const unknown = await post(aQuoteRequest({ source: 'admin' })).expect(400);
    expect(unknown.body.error.fields.source).toBe('Origine de la demande inconnue.');
    const long = await post(aQuoteRequest({ fullName: 'x'.repeat(121) })).expect(400);
    expect(long.body.error.fields.fullName).toBe('Ce champ est trop long (120 caractères au plus).');
    await post([aQuoteRequest()]).expect(400);
    await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('"texte"')
      .expect(400);
    await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"source":')
      .expect(400);
    await request(app).post('/api/contact').send('fullName=x').expect(400);
    const huge = await request(app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(aQuoteRequest({ message: 'x'.repeat(200_000) })));
    expect(huge.status).toBe(413);
  });
});

describe('POST /api/contact — under a burst', () => {
  it('stores exactly 200 leads from 200 concurrent submissions, without a 5xx', async () => {
    const before = (await database.db.select({ n: count() }).from(contactRequests))[0]?.n ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(aQuoteRequest({ fullName: `Rafale ${i}` }), {
          key: randomUUID(),
          ip: `10.77.${Math.floor(i / 200)}.${i % 200}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => a.status)).toEqual([]);
    const after = (await database.db.select({ n: count() }).from(contactRequests))[0]?.n ?? 0;
    expect(after - before).toBe(200);
    const ids = answers.map((a) => a.body.id as string);
    expect(new Set(ids).size).toBe(200);
    // Committed together (db/grouped-statements.ts), each lead still has its staff email and its event.
    const [mails] = await database.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.dedupeKey,
          ids.map((id) => `lead:${id}`),
        ),
      );
    expect(mails?.n).toBe(200);
    const announced = () =>
      new Set(
        events.flatMap((e) => (e.type === 'new_contact' && ids.includes(e.data.id) ? [e.data.id] : [])),
      );
    await expect.poll(() => announced().size).toBe(200);
  });
});
