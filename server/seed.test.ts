import { count, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '#common/enums.ts';
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
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { verifyPassword } from './auth/password.ts';
import { DEFAULT_ADMIN_EMAIL, seedDatabase } from './seed.ts';

const ctx = databaseContext({ eachTest: true });

const countRows = async (table: PgTable) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('seedDatabase', () => {
  it('writes realistic demo content: four parents with 2 to 4 children, team, blog, portfolio, testimonials, stats', async () => {
    const result = await seedDatabase(ctx.database.db, {
      content: true,
      adminPassword: 'a-long-password-123',
    });
    expect(result.contentSeeded).toBe(true);
    const db = ctx.database.db;

    const parents = await db
      .select()
      .from(services)
      .where(isNull(services.parentServiceId))
      .orderBy(services.order);
    expect(parents.map((p) => p.title)).toEqual([
      'Stratégie Marketing',
      'Marketing Digital',
      'Création de Contenu',
      'Branding',
    ]);
    for (const parent of parents) {
      const children = await db.select().from(services).where(eq(services.parentServiceId, parent.id));
      expect(children.length).toBeGreaterThanOrEqual(2);
      expect(children.length).toBeLessThanOrEqual(4);
    }
    expect((await db.select().from(services).where(eq(services.title, 'Audit digital complet'))).length).toBe(
      1,
    );

    const team = await db.select().from(teamMembers);
    expect(team).toHaveLength(6);
    expect(team.every((m) => m.skills.length > 0)).toBe(true);
    expect(team.some((m) => m.linkedinUrl) && team.some((m) => m.twitterUrl)).toBe(true);

    const posts = await db.select().from(blogPosts);
    for (const category of BLOG_CATEGORIES) {
      expect(posts.some((p) => p.category === category && p.isPublished)).toBe(true);
    }
    expect(posts.every((p) => !/lorem ipsum/i.test(p.content))).toBe(true);

    const studies = await db.select().from(caseStudies);
    expect(studies).toHaveLength(3);
    expect(studies.every((s) => s.results.length > 0)).toBe(true);

    // Demo testimonials, one per case study, each speaking for two services.
    const quotes = await db.select().from(testimonials);
    expect(quotes).toHaveLength(3);
    expect(quotes.every((t) => t.isDemo && t.isActive && t.serviceIds.length === 2)).toBe(true);
    expect(new Set(quotes.map((t) => t.caseStudyId))).toEqual(new Set(studies.map((s) => s.id)));

    // Demo client logos: the case studies' clients among them, drawn as wordmarks (no image).
    const logos = await db.select().from(clientLogos).orderBy(clientLogos.order);
    expect(logos.length).toBeGreaterThanOrEqual(5);
    expect(logos.every((l) => l.isDemo && l.isActive && l.logoUrl === null)).toBe(true);
    expect(logos.map((l) => l.name)).toEqual(expect.arrayContaining(studies.map((s) => s.clientName)));

    const stats = await db.select().from(companyStats).orderBy(companyStats.order);
    expect(stats.map((s) => `${s.value}${s.unit}`)).toEqual(['7+', '15+', '120%']);

    const settings = Object.fromEntries((await db.select().from(siteSettings)).map((s) => [s.key, s.value]));
    expect(settings['contact.phone']).toMatch(/^\+243/);
    expect(settings['contact.whatsapp']).toMatch(/^243\d{9}$/);
    expect(settings['social.instagram']).toMatch(/^https:\/\/(www\.)?instagram\.com\//);
    expect(settings['social.tiktok']).toMatch(/^https:\/\/(www\.)?tiktok\.com\//);

    const templateKeys = (await db.select().from(emailTemplates)).map((t) => t.key).sort();
    expect(templateKeys).toEqual([
      'call_booking_invitation',
      'call_cancellation',
      'call_confirmation',
      'call_reminder',
      'call_request_received',
      'call_staff_notification',
      'content_announcement',
      'lead_notification',
      'monthly_newsletter',
      'newsletter_already_subscribed',
      'newsletter_confirmation',
      'newsletter_manage_link',
      'newsletter_welcome',
    ]);
  });

  it('is idempotent: a second start adds nothing and keeps what the admin changed', async () => {
    await seedDatabase(ctx.database.db, { content: true, adminPassword: 'a-long-password-123' });
    const before = {
      services: await countRows(services),
      team: await countRows(teamMembers),
      posts: await countRows(blogPosts),
      settings: await countRows(siteSettings),
    };
    await ctx.database.db
      .update(siteSettings)
      .set({ value: '+243 99 000 0000' })
      .where(eq(siteSettings.key, 'contact.phone'));
    // The admin removes a seeded team member: it must not come back at the next start.
    const [member] = await ctx.database.db.select().from(teamMembers).limit(1);
    await ctx.database.db.delete(teamMembers).where(eq(teamMembers.id, member?.id as string));

    const second = await seedDatabase(ctx.database.db, {
      content: true,
      adminPassword: 'another-password-456',
    });
    expect(second).toEqual({ contentSeeded: false });
    expect(await countRows(services)).toBe(before.services);
    expect(await countRows(teamMembers)).toBe(before.team - 1);
    expect(await countRows(blogPosts)).toBe(before.posts);
    expect(await countRows(siteSettings)).toBe(before.settings);
    expect(await countRows(adminUsers)).toBe(1);
    const [phone] = await ctx.database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'contact.phone'));
    expect(phone?.value).toBe('+243 99 000 0000');
  });

  it('creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, stored lower-case and hashed with argon2id', async () => {
    const result = await seedDatabase(ctx.database.db, {
      content: false,
      adminEmail: 'Direction@Example.CD',
      adminPassword: 'un-mot-de-passe-solide',
    });
    expect(result.adminCreated).toEqual({ email: 'direction@example.cd', generatedPassword: undefined });
    const [admin] = await ctx.database.db.select().from(adminUsers);
    expect(admin?.email).toBe('direction@example.cd');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.passwordHash as string, 'un-mot-de-passe-solide')).toBe(true);
    expect(await verifyPassword(admin?.passwordHash as string, 'wrong-password')).toBe(false);
    // Without content, only what the product needs to run is written.
    expect(await countRows(services)).toBe(0);
    expect(await countRows(siteSettings)).toBeGreaterThan(0);
  });

  it('generates a strong random password when none is configured, once', async () => {
    const first = await seedDatabase(ctx.database.db, { content: false });
    const password = first.adminCreated?.generatedPassword as string;
    expect(first.adminCreated?.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [admin] = await ctx.database.db.select().from(adminUsers);
    expect(await verifyPassword(admin?.passwordHash as string, password)).toBe(true);
    const second = await seedDatabase(ctx.database.db, { content: false });
    expect(second.adminCreated).toBeUndefined();
  });
});
