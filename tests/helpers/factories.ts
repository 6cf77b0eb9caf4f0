/**
 * Test data with overrides, written through the real schema (Outline's factories habit):
 * `await insertPost(db, { isPublished: false })`. The API's request bodies are built in
 * request-factories.ts, its answers (for the screen tests) in answer-factories.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  activityLogs,
  adminUsers,
  blogPosts,
  campaignJobs,
  caseStudies,
  contactRequests,
  emailCampaigns,
  emailTemplates,
  newsletterSubscriptions,
  services,
  teamMembers,
} from '#db/schema.ts';
import { hashPassword } from '#server/auth/password.ts';

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

/** A subscriber who confirmed: the one kind a campaign is sent to. */
export async function insertActiveSubscriber(
  db: Database,
  overrides: Partial<typeof newsletterSubscriptions.$inferInsert> = {},
) {
  return insertSubscriber(db, { status: 'active', subscribedAt: new Date(), ...overrides });
}

/**
 * An admin account with the real password hash; `password` is the clear one to sign in with.
 * The default is never weak for the password policy: with `mot-de-passe-<hex>`, a hex part of
 * digits only (one run in 300) reduced to the site word "motdepasse", and the admin was asked to
 * change it.
 */
export async function insertAdminUser(
  db: Database,
  {
    password = `cheval-batterie-agrafe-${randomBytes(6).toString('hex')}`,
    ...overrides
  }: Partial<typeof adminUsers.$inferInsert> & { password?: string } = {},
) {
  const [user] = await db
    .insert(adminUsers)
    .values({
      email: `agent-${suffix()}@lisanga-digital.cd`,
      passwordHash: await hashPassword(password),
      firstName: 'Agent',
      lastName: 'Test',
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('insertAdminUser failed');
  return { user, password };
}

/** A campaign written straight to its table, being sent (the campaign engine has its own tests). */
export async function insertCampaign(
  db: Database,
  overrides: Partial<typeof emailCampaigns.$inferInsert> = {},
) {
  const [row] = await db
    .insert(emailCampaigns)
    .values({ title: `Campagne ${suffix()}`, subject: 'Nos nouveautés', status: 'sending', ...overrides })
    .returning();
  if (!row) throw new Error('insertCampaign failed');
  return row;
}

/** A campaign's job as the campaign worker leaves it after sending: status sent, Message-ID set. */
export async function insertCampaignJob(
  db: Database,
  campaignId: string,
  subscriberId: string,
  overrides: Partial<typeof campaignJobs.$inferInsert> = {},
) {
  const [row] = await db
    .insert(campaignJobs)
    .values({
      campaignId,
      subscriberId,
      status: 'sent',
      attempt: 1,
      sentAt: new Date(),
      messageId: `<${randomUUID()}@lisanga-digital.cd>`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertCampaignJob failed');
  return row;
}

/** The id of an email template the seed wrote (`monthly_newsletter`...). */
export async function seededTemplateId(db: Database, key: string): Promise<string> {
  const [row] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(eq(emailTemplates.key, key));
  if (!row) throw new Error(`no template ${key}`);
  return row.id;
}
