import { describe, expect, it } from 'vitest';
import { inTransaction } from '#db/client.ts';
import { insertContact } from '#tests/helpers/factories.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { contactTimeline } from './contact-follow-up.ts';
import { addTimelineEntry } from './contacts.ts';

const ctx = databaseContext();

describe('the lead’s timeline', () => {
  it('lists the entries of one change in the order they were written, newest first, even within one clock tick', async () => {
    const db = ctx.database.db;
    const lead = await insertContact(db, { fullName: 'Amani Kabeya' });
    const bodies = Array.from({ length: 12 }, (_, i) => `Étape ${i + 1}`);
    // One transaction, as a booking writes its entries: the same `now()` and the same clock tick.
    await inTransaction(db, async (tx) => {
      for (const body of bodies) {
        await addTimelineEntry(tx, { contactId: lead.id, kind: 'booking', body, userId: null });
      }
    });
    await addTimelineEntry(db, { contactId: lead.id, kind: 'note', body: 'Après', userId: null });

    const timeline = await contactTimeline(db, lead.id);
    expect(timeline?.map((entry) => entry.body)).toEqual(['Après', ...bodies.reverse()]);
  });
});
