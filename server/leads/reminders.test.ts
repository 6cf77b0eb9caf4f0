import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactRequests, emailOutbox } from '#db/schema.ts';
import { activitiesOfType, insertAdminUser, insertContact } from '#tests/helpers/factories.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { createOutbox } from '../email/outbox.ts';
import { remindUnansweredLeads } from './reminders.ts';

const NOW = new Date('2026-11-28T09:00:00Z');
const hoursAgo = (n: number) => new Date(NOW.getTime() - n * 3_600_000);
const deps = {
  outbox: createOutbox({
    publicUrl: 'https://www.lisanga-digital.cd',
    defaultFrom: 'Agence <contact@agence.cd>',
  }),
  publicUrl: 'https://www.lisanga-digital.cd',
};

const ctx = databaseContext();
const emailsOf = async (fullName: string) =>
  (
    await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${fullName}`))
  )
    .map((row) => row.toAddress)
    .sort();

describe('leads left unanswered past the promised 24 h', () => {
  it('remind the owner, or every active admin when nobody (active) follows the lead, once', async () => {
    const db = ctx.database.db;
    const { user: nadine } = await insertAdminUser(db, {
      firstName: 'Nadine',
      lastName: 'Kapinga',
      email: 'nadine@agence.cd',
    });
    await insertAdminUser(db, { firstName: 'Joël', lastName: 'Tshibanda', email: 'joel@agence.cd' });
    const { user: gone } = await insertAdminUser(db, { email: 'parti@agence.cd', isActive: false });
    const owned = await insertContact(db, {
      fullName: 'Lead Owned',
      createdAt: hoursAgo(25),
      updatedAt: hoursAgo(25),
      ownerId: nadine.id,
      serviceInterest: 'Site web & Applications',
    });
    await insertContact(db, { fullName: 'Lead Nobody', createdAt: hoursAgo(30) });
    await insertContact(db, { fullName: 'Lead Former Owner', createdAt: hoursAgo(26), ownerId: gone.id });
    await insertContact(db, { fullName: 'Lead Fresh', createdAt: hoursAgo(23) });
    await insertContact(db, { fullName: 'Lead Answered', createdAt: hoursAgo(48), status: 'en_cours' });

    expect(await remindUnansweredLeads(db, deps, NOW)).toBe(3);
    expect(await emailsOf('Lead Owned')).toEqual(['"Nadine Kapinga" <nadine@agence.cd>']);
    const everyone = ['"Joël Tshibanda" <joel@agence.cd>', '"Nadine Kapinga" <nadine@agence.cd>'];
    expect(await emailsOf('Lead Nobody')).toEqual(everyone);
    expect(await emailsOf('Lead Former Owner')).toEqual(everyone);
    expect(await emailsOf('Lead Fresh')).toEqual([]);
    expect(await emailsOf('Lead Answered')).toEqual([]);

    const [email] = await db.select().from(emailOutbox).where(like(emailOutbox.subject, '%Lead Owned'));
    expect(email?.subject).toBe('Sans réponse depuis 24\u00a0h\u00a0: Lead Owned');
    expect(email?.textBody).toContain(
      'Lead Owned attend une réponse depuis le 27/11/2026 à 09:00 (heure de Kinshasa).',
    );
    expect(email?.textBody).toContain('Service\u00a0: Site web & Applications');
    expect(email?.textBody).toContain(`https://www.lisanga-digital.cd/admin/contacts?lead=${owned.id}`);
    expect(email?.html).toContain('Site web &amp; Applications');

    // Reminded, not changed: its "last updated" stays; the activity log says who was told.
    const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, owned.id));
    expect(row?.remindedAt).toEqual(NOW);
    expect(row?.updatedAt).toEqual(hoursAgo(25));
    const logs = await activitiesOfType(db, 'contact.reminded');
    expect(logs.map((log) => log.description)).toContain('Rappel envoyé à nadine@agence.cd');

    // Once: the next run finds nothing more; an hour later only the lead that passed 24 h since.
    expect(await remindUnansweredLeads(db, deps, NOW)).toBe(0);
    const later = new Date(NOW.getTime() + 3_600_000);
    expect(await remindUnansweredLeads(db, deps, later)).toBe(1);
    expect(await emailsOf('Lead Fresh')).toEqual(everyone);
    expect(await remindUnansweredLeads(db, deps, later)).toBe(0);
    expect(await emailsOf('Lead Nobody')).toHaveLength(2);
  });

  it('never reminds of a lead kept "À vérifier" (nobody was told of it), until it is said not to be spam', async () => {
    const db = ctx.database.db;
    const flagged = await insertContact(db, {
      fullName: 'Lead Flagged',
      createdAt: hoursAgo(40),
      reviewReason: 'Plus de 10 demandes en 15 minutes depuis la même adresse',
    });
    await remindUnansweredLeads(db, deps, NOW);
    expect(await emailsOf('Lead Flagged')).toEqual([]);
    await db.update(contactRequests).set({ reviewReason: null }).where(eq(contactRequests.id, flagged.id));
    await remindUnansweredLeads(db, deps, NOW);
    expect(await emailsOf('Lead Flagged')).not.toEqual([]);
  });

  it('two runs at once (two instances) remind a lead once', async () => {
    await insertContact(ctx.database.db, { fullName: 'Lead Raced', createdAt: hoursAgo(27) });
    const counts = await Promise.all([
      remindUnansweredLeads(ctx.database.db, deps, NOW),
      remindUnansweredLeads(ctx.database.db, deps, NOW),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await emailsOf('Lead Raced')).toHaveLength(2); // the two active admins, once each
  });
});
