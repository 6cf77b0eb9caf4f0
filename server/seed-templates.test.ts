import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTemplates } from '#db/schema.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { seedDatabase } from './seed.ts';

const ctx = databaseContext({ eachTest: true });

/** The visitor's call confirmation as a database seeded before the moved call had its own subject. */
async function formerConfirmation(subject: string) {
  await seedDatabase(ctx.database.db, { content: false, adminPassword: 'a-long-password-123' });
  const [row] = await ctx.database.db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.key, 'call_confirmation'));
  await ctx.database.db
    .update(emailTemplates)
    .set({ subject, variablesJson: (row?.variablesJson ?? []).filter((v) => v.name !== 'moved') })
    .where(eq(emailTemplates.key, 'call_confirmation'));
}

const confirmation = async () =>
  (await ctx.database.db.select().from(emailTemplates).where(eq(emailTemplates.key, 'call_confirmation')))[0];

describe('a default template the seed changed, in a database seeded before', () => {
  it('reaches the template that still holds the former default: the moved call gets its own subject', async () => {
    await formerConfirmation('Votre appel découverte\u00a0: {{when}}');
    await seedDatabase(ctx.database.db, { content: false });
    const row = await confirmation();
    expect(row?.subject).toContain('{{#moved}}Votre appel découverte est déplacé au {{when}}{{/moved}}');
    expect(row?.variablesJson.map((v) => v.name)).toContain('moved');
  });

  it('leaves a subject the staff edited as they wrote it', async () => {
    await formerConfirmation('Notre appel : {{when}}');
    await seedDatabase(ctx.database.db, { content: false });
    expect((await confirmation())?.subject).toBe('Notre appel : {{when}}');
  });
});

describe('the seeded templates in the block composer', () => {
  it('opens every seeded template in the composer, including one seeded before the composer existed', async () => {
    await seedDatabase(ctx.database.db, { content: false, adminPassword: 'a-long-password-123' });
    const rows = await ctx.database.db.select().from(emailTemplates);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(row.blocksJson?.blocks.length, row.key).toBeGreaterThan(0);

    // A database from before: no blocks; the next start gives them to the untouched templates only.
    await ctx.database.db.update(emailTemplates).set({ blocksJson: null });
    await ctx.database.db
      .update(emailTemplates)
      .set({ mjml: '<mjml><mj-body></mj-body></mjml>' })
      .where(eq(emailTemplates.key, 'newsletter_welcome'));
    await seedDatabase(ctx.database.db, { content: false });
    for (const row of await ctx.database.db.select().from(emailTemplates)) {
      if (row.key === 'newsletter_welcome') expect(row.blocksJson).toBeNull();
      else expect(row.blocksJson, row.key).not.toBeNull();
    }
  });
});
