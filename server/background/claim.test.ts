import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { emailOutbox } from '#db/schema.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { claimRows, dueAndUnleased } from './claim.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

it('takes a row queued in the same millisecond as the poll: the database keeps microseconds, the clock of the worker milliseconds', async () => {
  const [row] = await database.db
    .insert(emailOutbox)
    .values({
      messageId: '<same-millisecond@test>',
      toAddress: 'client@example.cd',
      fromAddress: 'contact@agence.cd',
      subject: 'Bienvenue',
      textBody: 'Bonjour',
    })
    .returning();
  if (!row) throw new Error('row not stored');
  // As `DEFAULT now()` stores it: 400 µs into the millisecond the worker reads as 09:00:00.000.
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`'2026-12-02T09:00:00.000400Z'::timestamptz` })
    .where(eq(emailOutbox.id, row.id));

  const at = new Date('2026-12-02T09:00:00.000Z');
  const claimed = await claimRows(database.db, emailOutbox, {
    where: dueAndUnleased(emailOutbox, 'pending', at),
    orderBy: [asc(emailOutbox.nextAttemptAt)],
    limit: 10,
    set: { lockedUntil: new Date(at.getTime() + 60_000) },
  });
  expect(claimed.map((taken) => taken.id)).toEqual([row.id]);
});
