/**
 * Idempotent seed, run at every start (and by `npm run db:seed`):
 * - the settings and email templates the product needs are ensured (missing keys are added,
 *   existing ones are never overwritten: the admin may have edited them; a template that still
 *   holds a former default subject gets the current one, FORMER_TEMPLATE_SUBJECTS);
 * - the demo content (services, team, blog, portfolio, stats) is written once, marked by the
 *   `system.seed_version` setting, so deleting seeded content in the admin does not bring it back;
 * - the first admin account is created when none exists.
 * Several instances may start together on one PostgreSQL: a transaction-level advisory lock
 * makes them take turns.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { TemplateBlocks } from '#common/schemas/template-blocks.ts';
import { type Database, inTransaction } from '#db/client.ts';
import {
  adminUsers,
  blogPosts,
  caseStudies,
  clientLogos,
  companyStats,
  emailTemplates,
  services,
  siteSettings,
  teamMembers,
  testimonials,
} from '#db/schema.ts';
import {
  SEED_CASE_STUDIES,
  SEED_CLIENT_LOGOS,
  SEED_POSTS,
  SEED_SERVICES,
  SEED_SETTINGS,
  SEED_STATS,
  SEED_TEAM,
  SEED_TESTIMONIALS,
} from '#db/seed-data.ts';
import { FORMER_TEMPLATE_SUBJECTS, SEED_EMAIL_TEMPLATES } from '#db/seed-email-templates.ts';
import { generatePassword, hashPassword } from './auth/password.ts';
import { templateBlocksFromMjml } from './email/template-blocks.ts';
import { vapidKeys } from './push/worker.ts';

export const SEED_VERSION_KEY = 'system.seed_version';
const SEED_VERSION = '1';
const SEED_LOCK_KEY = 727_100_002;
export const DEFAULT_ADMIN_EMAIL = 'admin@lisanga-digital.cd';

export type SeedOptions = {
  /** Write the demo content if it was never written. */
  content: boolean;
  adminEmail?: string;
  adminPassword?: string;
};

export type SeedResult = {
  contentSeeded: boolean;
  /** Set when this run created the first admin; `password` only when it was generated here. */
  adminCreated?: { email: string; generatedPassword?: string };
};

/** A seeded template's blocks (server/email/template-blocks.ts reads every one of them). */
function seedBlocks(mjml: string): TemplateBlocks {
  const blocks = templateBlocksFromMjml(mjml);
  if (!blocks) throw new Error('a seeded email template has no card for the block composer');
  return blocks;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const adminEmail = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();

  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    await tx.insert(siteSettings).values(SEED_SETTINGS).onConflictDoNothing({ target: siteSettings.key });
    await tx
      .insert(emailTemplates)
      .values(SEED_EMAIL_TEMPLATES.map((t) => ({ ...t, compiledHtml: '', blocksJson: seedBlocks(t.mjml) })))
      .onConflictDoNothing({ target: emailTemplates.key });
    // A seeded template nobody edited opens in the block composer (its MJML is left as it is).
    for (const template of SEED_EMAIL_TEMPLATES) {
      await tx
        .update(emailTemplates)
        .set({ blocksJson: seedBlocks(template.mjml) })
        .where(
          and(
            eq(emailTemplates.key, template.key),
            eq(emailTemplates.mjml, template.mjml),
            isNull(emailTemplates.blocksJson),
          ),
        );
    }
    // A default the seed since changed reaches the templates still holding the former one.
    for (const { key, former } of FORMER_TEMPLATE_SUBJECTS) {
      const current = SEED_EMAIL_TEMPLATES.find((t) => t.key === key);
      if (!current) continue;
      await tx
        .update(emailTemplates)
        .set({ subject: current.subject, variablesJson: current.variablesJson })
        .where(and(eq(emailTemplates.key, key), eq(emailTemplates.subject, former)));
    }
    // Made at the first start, so that reading the key (the devices' settings) never writes.
    await vapidKeys(tx);

    let contentSeeded = false;
    if (options.content) {
      const [marker] = await tx.select().from(siteSettings).where(eq(siteSettings.key, SEED_VERSION_KEY));
      if (!marker) {
        await seedContent(tx);
        await tx.insert(siteSettings).values({
          key: SEED_VERSION_KEY,
          value: SEED_VERSION,
          category: 'system',
          description: 'Version du contenu de démonstration déjà écrit (ne pas modifier).',
        });
        contentSeeded = true;
      }
    }

    const [admins] = await tx.select({ value: count() }).from(adminUsers);
    if ((admins?.value ?? 0) > 0) return { contentSeeded };
    const generatedPassword = options.adminPassword ? undefined : generatePassword();
    await tx.insert(adminUsers).values({
      email: adminEmail,
      passwordHash: await hashPassword(options.adminPassword ?? (generatedPassword as string)),
      firstName: 'Administrateur',
      lastName: 'Lisanga',
      role: 'admin',
    });
    return { contentSeeded, adminCreated: { email: adminEmail, generatedPassword } };
  });
}

async function seedContent(db: Database): Promise<void> {
  for (const [parentIndex, parent] of SEED_SERVICES.entries()) {
    const { children, ...fields } = parent;
    const [row] = await db
      .insert(services)
      .values({ ...fields, order: parentIndex })
      .returning({ id: services.id });
    if (!row) throw new Error(`Could not seed service ${parent.title}`);
    if (children.length > 0) {
      await db
        .insert(services)
        .values(children.map((child, order) => ({ ...child, order, parentServiceId: row.id })));
    }
  }
  await db.insert(teamMembers).values(SEED_TEAM.map((member, order) => ({ ...member, order })));
  await db
    .insert(blogPosts)
    .values(
      SEED_POSTS.map((post) => {
        const publishedAt = new Date(post.publishedAt);
        return { ...post, publishedAt, isPublished: true, createdAt: publishedAt, updatedAt: publishedAt };
      }),
    )
    .onConflictDoNothing({ target: blogPosts.slug });
  const studies = await db
    .insert(caseStudies)
    .values(SEED_CASE_STUDIES.map((study) => ({ ...study, isPublished: true })))
    .returning({ id: caseStudies.id, clientName: caseStudies.clientName });
  const serviceRows = await db.select({ id: services.id, title: services.title }).from(services);
  const idOf = <T extends { id: string }>(rows: T[], match: (row: T) => boolean, what: string) => {
    const row = rows.find(match);
    if (!row) throw new Error(`Seed testimonial links to an unknown ${what}`);
    return row.id;
  };
  await db.insert(testimonials).values(
    SEED_TESTIMONIALS.map(({ caseStudyClient, serviceTitles, ...testimonial }, order) => ({
      ...testimonial,
      caseStudyId: caseStudyClient
        ? idOf(studies, (study) => study.clientName === caseStudyClient, 'case study')
        : null,
      serviceIds: serviceTitles.map((title) =>
        idOf(serviceRows, (service) => service.title === title, 'service'),
      ),
      order,
      isActive: true,
      isDemo: true,
    })),
  );
  await db
    .insert(clientLogos)
    .values(SEED_CLIENT_LOGOS.map((logo, order) => ({ ...logo, order, isActive: true, isDemo: true })));
  await db.insert(companyStats).values(SEED_STATS);
}
