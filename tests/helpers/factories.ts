/**
 * Test data with overrides, written through the real schema (Outline's factories habit):
 * `await insertPost(db, { isPublished: false })`.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { blogPosts, caseStudies, services, teamMembers } from '../../db/schema.ts';

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
