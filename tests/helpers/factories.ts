/**
 * Test data with overrides, written through the real schema (Outline's factories habit):
 * `await insertPost(db, { isPublished: false })`. The API's request bodies are built in
 * request-factories.ts, its answers (for the screen tests) in answer-factories.ts.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import {
  activityLogs,
  adminUsers,
  blogPosts,
  bookingHours,
  callBookings,
  campaignJobs,
  caseStudies,
  clientLogos,
  contactRequests,
  emailCampaigns,
  emailTemplates,
  newsletterSubscriptions,
  services,
  teamMembers,
  testimonials,
} from '#db/schema.ts';
import { hashPassword } from '#server/auth/password.ts';
import type { CallInvitation } from '#server/booking/invitation.ts';

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

export const insertTestimonial = factory(testimonials, 'insertTestimonial', () => ({
  quote: `Un travail sérieux, des résultats mesurés ${suffix()}.`,
  authorName: `Client ${suffix()}`,
  isActive: true,
}));

export const insertClientLogo = factory(clientLogos, 'insertClientLogo', () => ({
  name: `Client ${suffix()}`,
  isActive: true,
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

/** A subscriber who confirmed: the one kind a campaign is sent to. */
export const insertActiveSubscriber = (
  db: Database,
  overrides: Partial<Insert<typeof newsletterSubscriptions>> = {},
) => insertSubscriber(db, { status: 'active', subscribedAt: new Date(), ...overrides });

const insertAdminRow = factory(adminUsers, 'insertAdminUser', () => ({
  email: `agent-${suffix()}@lisanga-digital.cd`,
  passwordHash: '',
  firstName: 'Agent',
  lastName: 'Test',
}));

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
  }: Partial<Insert<typeof adminUsers>> & { password?: string } = {},
) {
  const user = await insertAdminRow(db, { passwordHash: await hashPassword(password), ...overrides });
  return { user, password };
}

/**
 * A discovery call written straight to its table (the booking itself has its own tests): 30
 * minutes from `startsAt`, confirmed unless told.
 */
export const insertCallBooking = factory(callBookings, 'insertCallBooking', (overrides) => {
  const startsAt = overrides.startsAt ?? new Date('2027-04-05T09:00:00Z');
  return { startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
});

/**
 * A bookable admin with the same hours on the given weekdays (Kinshasa minutes): by default every
 * day from 08:00 to 18:00, so that slots exist whenever a test runs.
 */
export async function insertBookableAdmin(
  db: Database,
  overrides: Partial<Insert<typeof adminUsers>> = {},
  { weekdays = [1, 2, 3, 4, 5, 6, 7], startMinute = 8 * 60, endMinute = 18 * 60 } = {},
) {
  const { user } = await insertAdminUser(db, { bookable: true, ...overrides });
  await db
    .insert(bookingHours)
    .values(weekdays.map((weekday) => ({ adminId: user.id, weekday, startMinute, endMinute })));
  return user;
}

/** A campaign written straight to its table, being sent (the campaign engine has its own tests). */
export const insertCampaign = factory(emailCampaigns, 'insertCampaign', () => ({
  title: `Campagne ${suffix()}`,
  subject: 'Nos nouveautés',
  status: 'sending' as const,
}));

const insertSentJob = factory(campaignJobs, 'insertCampaignJob', () => ({
  status: 'sent' as const,
  attempt: 1,
  sentAt: new Date(),
  messageId: `<${randomUUID()}@lisanga-digital.cd>`,
}));

/** A campaign's job as the campaign worker leaves it after sending: status sent, Message-ID set. */
export const insertCampaignJob = (
  db: Database,
  campaignId: string,
  subscriberId: string,
  overrides: Partial<Insert<typeof campaignJobs>> = {},
) => insertSentJob(db, { campaignId, subscriberId, ...overrides });

/** The id of an email template the seed wrote (`monthly_newsletter`...). */
export async function seededTemplateId(db: Database, key: string): Promise<string> {
  const [row] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(eq(emailTemplates.key, key));
  if (!row) throw new Error(`no template ${key}`);
  return row.id;
}

/** The one row of `table` that `where` picks, as stored now; fails the test (`no <what>`) when there is none. */
export async function storedRow<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL,
  what: string,
): Promise<T['$inferSelect']> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(where)) as T['$inferSelect'][];
  if (!row) throw new Error(`no ${what}`);
  return row;
}

/** The activity rows of one type (`user.created`...) as stored: what a test checks was logged. */
export const activitiesOfType = (db: Database, type: string) =>
  db.select().from(activityLogs).where(eq(activityLogs.type, type));

/** The subscription of that address as stored now, or undefined when there is none. */
export async function subscriptionOf(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row;
}

/** `at(n)`: the date `n` days after `start` (an ISO date-time), for rows whose order a test sets. */
export const daysAfter = (start: string) => {
  const base = new Date(start).getTime();
  return (days: number) => new Date(base + days * 24 * 60 * 60_000);
};

/** A discovery call's invitation (server/booking/invitation.ts): Monday 5 April 2027, 10:00 in Kinshasa. */
export const aCallInvitation = (overrides: Partial<CallInvitation> = {}): CallInvitation => ({
  bookingId: '6d1f0c3a-2b4e-4c5d-8e9f-0a1b2c3d4e5f',
  startsAt: new Date('2027-04-05T09:00:00Z'),
  endsAt: new Date('2027-04-05T09:30:00Z'),
  sequence: 0,
  cancelled: false,
  organizer: { name: 'Nadine Kapinga', email: 'nadine@lisanga-digital.cd' },
  attendee: { name: 'Amani Kabeya', email: 'amani@example.cd' },
  title: 'Appel découverte avec Lisanga Digital',
  description: 'Rejoindre : https://meet.example.cd/lisanga',
  location: 'https://meet.example.cd/lisanga',
  publicUrl: 'https://www.lisanga-digital.cd',
  ...overrides,
});
