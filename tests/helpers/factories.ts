/**
 * Test data with overrides, written through the real schema (Outline's factories habit):
 * `await insertPost(db, { isPublished: false })`.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#db/client.ts';
import {
  activityLogs,
  blogPosts,
  caseStudies,
  contactRequests,
  newsletterSubscriptions,
  services,
  teamMembers,
} from '#db/schema.ts';

const suffix = () => randomBytes(4).toString('hex');

export async function insertService(db: Database, overrides: Partial<typeof services.$inferInsert> = {}) {
  const [row] = await db
    .insert(services)
    .values({ title: `Service ${suffix()}`, description: 'Description du service.', ...overrides })
    .returning();
  if (!row) throw new Error('insertService failed');
  return row;
}

export async function insertTeamMember(
  db: Database,
  overrides: Partial<typeof teamMembers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(teamMembers)
    .values({ name: `Membre ${suffix()}`, position: 'Consultant', skills: ['SEO'], ...overrides })
    .returning();
  if (!row) throw new Error('insertTeamMember failed');
  return row;
}

export async function insertPost(db: Database, overrides: Partial<typeof blogPosts.$inferInsert> = {}) {
  const slug = overrides.slug ?? `article-${suffix()}`;
  const [row] = await db
    .insert(blogPosts)
    .values({
      title: `Article ${slug}`,
      slug,
      content: '## Titre\n\nContenu de l’article.',
      excerpt: 'Résumé.',
      category: 'branding',
      isPublished: true,
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertPost failed');
  return row;
}

export async function insertCaseStudy(
  db: Database,
  overrides: Partial<typeof caseStudies.$inferInsert> = {},
) {
  const [row] = await db
    .insert(caseStudies)
    .values({
      title: `Étude ${suffix()}`,
      clientName: 'Client',
      industry: 'Commerce',
      description: 'Description.',
      results: [{ label: 'Ventes', value: '+20 %' }],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertCaseStudy failed');
  return row;
}

export async function insertContact(
  db: Database,
  overrides: Partial<typeof contactRequests.$inferInsert> = {},
) {
  const [row] = await db
    .insert(contactRequests)
    .values({
      fullName: `Client ${suffix()}`,
      email: `client-${suffix()}@exemple.cd`,
      serviceInterest: 'Marketing digital',
      message: 'Bonjour, je voudrais un devis.',
      source: 'website',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertContact failed');
  return row;
}

export async function insertSubscriber(
  db: Database,
  overrides: Partial<typeof newsletterSubscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({ email: `abonne-${suffix()}@exemple.cd`, ...overrides })
    .returning();
  if (!row) throw new Error('insertSubscriber failed');
  return row;
}

export async function insertActivity(
  db: Database,
  overrides: Partial<typeof activityLogs.$inferInsert> = {},
) {
  const [row] = await db
    .insert(activityLogs)
    .values({ type: 'test.event', title: `Événement ${suffix()}`, ...overrides })
    .returning();
  if (!row) throw new Error('insertActivity failed');
  return row;
}
