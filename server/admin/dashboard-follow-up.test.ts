import { describe, expect, it } from 'vitest';
import { insertAdminUser, insertContact } from '#tests/helpers/factories.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { computeDashboard } from './dashboard.ts';

// 15:00 in Kinshasa: the day ends at 23:00 UTC.
const NOW = new Date('2026-11-27T14:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const ctx = databaseContext();

describe('the dashboard: what to follow up today', () => {
  it('counts late, due today and unanswered leads, and lists those due before midnight, soonest first', async () => {
    const db = ctx.database.db;
    const { user: nadine } = await insertAdminUser(db, { firstName: 'Nadine', lastName: 'Kapinga' });
    const action = (at: Date, note: string) => ({ nextActionAt: at, nextActionNote: note });
    await insertContact(db, {
      fullName: 'Tonight',
      createdAt: hours(-2),
      ...action(hours(8), 'Envoyer le devis'),
    });
    await insertContact(db, {
      fullName: 'Late',
      createdAt: hours(-3),
      status: 'en_cours',
      ownerId: nadine.id,
      ...action(hours(-1), 'Rappeler'),
    });
    await insertContact(db, { fullName: 'Tomorrow', createdAt: hours(-4), ...action(hours(10), 'Relancer') });
    await insertContact(db, { fullName: 'Unanswered', createdAt: hours(-30) });
    await insertContact(db, { fullName: 'Answered', createdAt: hours(-40), status: 'traite' });

    const { followUp } = await computeDashboard(db, NOW);
    expect(followUp).toMatchObject({ late: 1, dueToday: 2, unanswered: 1 });
    expect(followUp.due).toEqual([
      {
        id: expect.any(String),
        fullName: 'Late',
        nextActionAt: hours(-1).toISOString(),
        nextActionNote: 'Rappeler',
        owner: 'Nadine Kapinga',
      },
      {
        id: expect.any(String),
        fullName: 'Tonight',
        nextActionAt: hours(8).toISOString(),
        nextActionNote: 'Envoyer le devis',
        owner: null,
      },
    ]);
  });
});
