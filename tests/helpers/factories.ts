/**
 * Test data with overrides, written through the real schema (Outline's factories habit):
 * `await insertPost(db, { isPublished: false })`.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import {
  activityLogs,
  blogPosts,
  caseStudies,
  contactRequests,
  emailTemplates,
  newsletterSubscriptions,
  services,
  teamMembers,
} from '#db/schema.ts';

const suffix = () => randomBytes(4).toString('hex');

type Insert<T extends PgTable> = T['$inferInsert'];

/**
 * The insert function of a table: `defaults` (built for each row, from the test's overrides when
 * a default depends on one) under the test's own values, the row written and given back.
 */
export function factory<T extends PgTable>(
  table: T,
  name: string,
  defaults: (overrides: Partial<Insert<T>>) => Partial<Insert<T>>,
) {
  return async (db: Database, overrides: Partial<Insert<T>> = {}): Promise<T['$inferSelect']> => {
    const [row] = (await db
      .insert(table)
      .values({ ...defaults(overrides), ...overrides } as Insert<T>)
      .returning()) as T['$inferSelect'][];
    if (!row) throw new Error(`${name} failed`);
    return row;
  };
}

export const insertService = factory(services, 'insertService', () => ({
  title: `Service ${suffix()}`,
  description: 'Description du service.',
}));

export const insertTeamMember = factory(teamMembers, 'insertTeamMember', () => ({
  name: `Membre ${suffix()}`,
  position: 'Consultant',
  skills: ['SEO'],
}));

export const insertPost = factory(blogPosts, 'insertPost', (overrides) => {
  const slug = overrides.slug ?? `article-${suffix()}`;
  return {
    title: `Article ${slug}`,
    slug,
    content: '## Titre\n\nContenu de l’article.',
    excerpt: 'Résumé.',
    category: 'branding' as const,
    isPublished: true,
    publishedAt: new Date(),
  };
});

export const insertCaseStudy = factory(caseStudies, 'insertCaseStudy', () => ({
  title: `Étude ${suffix()}`,
  clientName: 'Client',
  industry: 'Commerce',
  description: 'Description.',
  results: [{ label: 'Ventes', value: '+20 %' }],
}));

export const insertContact = factory(contactRequests, 'insertContact', () => ({
  fullName: `Client ${suffix()}`,
  email: `client-${suffix()}@exemple.cd`,
  serviceInterest: 'Marketing digital',
  message: 'Bonjour, je voudrais un devis.',
  source: 'website' as const,
}));

export const insertSubscriber = factory(newsletterSubscriptions, 'insertSubscriber', () => ({
  email: `abonne-${suffix()}@exemple.cd`,
}));

export const insertActivity = factory(activityLogs, 'insertActivity', () => ({
  type: 'test.event',
  title: `Événement ${suffix()}`,
}));

/** The id of the email template with that key (seeded ones: db/seed-email-templates.ts). */
export async function templateIdOf(db: Database, key: string): Promise<string> {
  const [row] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(eq(emailTemplates.key, key));
  if (!row) throw new Error(`no template ${key}`);
  return row.id;
}

/** A quote request as the quote modal sends it to POST /api/contact (spec §7). */
export const quoteRequest = (overrides: Record<string, unknown> = {}) => ({
  source: 'quote_request',
  fullName: 'Awa Mbuyi',
  email: 'awa.mbuyi@example.cd',
  phone: '0812345678',
  company: 'Kin Boutique',
  serviceType: 'Audit digital complet',
  details: {
    projectDescription: 'Nous voulons vendre en ligne à Kinshasa et Lubumbashi.',
    budget: '$5,500 - $16,500',
    timeline: 'Court terme (1-3 mois)',
  },
  website: '',
  elapsedMs: 15_000,
  ...overrides,
});
