import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { MIGRATIONS_DIR } from './migrate.ts';
import { emailTemplates, contactRequests as leads } from './schema.ts';

/** The migration's statements, run again on rows written as they were before it. */
const statements = fs
  .readFileSync(path.join(MIGRATIONS_DIR, '0021_typographic_apostrophes.sql'), 'utf8')
  .split('--> statement-breakpoint');

describe('migration 0021: the typographic apostrophe in a database written before it', () => {
  it("curls the apostrophes between letters of every email template and a call request's preferred time, nothing else", async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await db.insert(emailTemplates).values({
        key: 'staff_written',
        name: 'Écrit par l’équipe',
        subject: "Bienvenue chez l'agence d'Évariste, {{firstName}}",
        mjml: `<mjml><mj-head><mj-attributes><mj-all font-family="'Inter', sans-serif" /></mj-attributes></mj-head><mj-body><mj-text>L'équipe vous répond aujourd'hui. Le mot 'offre' reste entre ses guillemets.</mj-text></mj-body></mjml>`,
      });
      const [lead] = await db
        .insert(leads)
        .values({
          fullName: "Aïcha N'Diaye",
          email: 'aicha@exemple.cd',
          serviceInterest: 'Stratégie',
          message: "Demande d'appel",
          callPreferredTime: "Fin d'après-midi (16h-18h)",
        })
        .returning({ id: leads.id });

      for (const statement of statements) await db.execute(sql.raw(statement));

      const [template] = await db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.key, 'staff_written'));
      expect(template?.subject).toBe('Bienvenue chez l’agence d’Évariste, {{firstName}}');
      expect(template?.mjml).toBe(
        `<mjml><mj-head><mj-attributes><mj-all font-family="'Inter', sans-serif" /></mj-attributes></mj-head><mj-body><mj-text>L’équipe vous répond aujourd’hui. Le mot 'offre' reste entre ses guillemets.</mj-text></mj-body></mjml>`,
      );
      const [row] = await db
        .select()
        .from(leads)
        .where(eq(leads.id, lead?.id ?? ''));
      expect(row?.callPreferredTime).toBe('Fin d’après-midi (16h-18h)');
      // What a person typed stays as typed.
      expect(row?.fullName).toBe("Aïcha N'Diaye");
      expect(row?.message).toBe("Demande d'appel");
    } finally {
      await database.close();
    }
  });
});
