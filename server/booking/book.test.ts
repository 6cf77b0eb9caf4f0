import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { adminUsers, bookingDaysOff, callBookings } from '#db/schema.ts';
import { insertBookableAdmin, insertContact } from '#tests/helpers/factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';
import { HttpError } from '../errors.ts';
import { bookCall, type OfferQuery, offeredSlots } from './book.ts';

/** Monday 5 April 2027, 06:00 in Kinshasa. */
const NOW = new Date('2027-04-05T05:00:00Z');
/** Monday 5 April 2027, 10:00 in Kinshasa. */
const TEN = new Date('2027-04-05T09:00:00Z');
const offer: OfferQuery = { now: NOW, preferredTime: 'Flexible', urgency: 'Pas urgent' };

let database: DatabaseHandle;
const others: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(async () => {
  for (const other of others) await other.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(callBookings);
  await database.db.update(adminUsers).set({ bookable: false });
});

/** A bookable admin working Monday to Friday, 09:00-12:00 in Kinshasa. */
const bookableAdmin = (overrides: { isActive?: boolean; bookable?: boolean } = {}) =>
  insertBookableAdmin(database.db, overrides, {
    weekdays: [1, 2, 3, 4, 5],
    startMinute: 9 * 60,
    endMinute: 12 * 60,
  });

const lead = async () => (await insertContact(database.db, { source: 'call_request' })).id;

function refusal(error: unknown) {
  return error instanceof HttpError
    ? { status: error.status, code: error.code, message: error.message }
    : error;
}

describe('offered slots', () => {
  it('come from the active, bookable admins’ hours, without their days off or their booked calls', async () => {
    const nadine = await bookableAdmin();
    await bookableAdmin({ isActive: false });
    await bookableAdmin({ bookable: false });
    await database.db.insert(bookingDaysOff).values({ adminId: nadine.id, day: '2027-04-06' });

    const { slots } = await offeredSlots(database.db, offer);
    expect(new Set(slots.flatMap((s) => s.adminIds))).toEqual(new Set([nadine.id]));
    expect(slots.some((s) => s.startsAt.toISOString().startsWith('2027-04-06'))).toBe(false);
    expect(slots[0]?.startsAt.toISOString()).toBe('2027-04-05T08:00:00.000Z');

    await bookCall(database.db, { ...offer, contactId: await lead(), startsAt: TEN });
    const after = await offeredSlots(database.db, offer);
    expect(after.slots.some((s) => s.startsAt.getTime() === TEN.getTime())).toBe(false);
    expect(after.slots).toHaveLength(slots.length - 1);
  });
});

describe('booking', () => {
  it('gives a slot once: of two visitors booking it at the same time, one gets it, the other is told it is gone', async () => {
    const nadine = await bookableAdmin();
    // On PostgreSQL, two connection pools race as two instances would; PGlite has one connection.
    let second = database.db;
    if (currentBackend() === 'postgres') {
      const instance = await openSameDatabase(database, 2);
      others.push(instance);
      second = instance.db;
    }
    const [first, other] = [await lead(), await lead()];
    const results = await Promise.allSettled([
      bookCall(database.db, { ...offer, contactId: first, startsAt: TEN }),
      bookCall(second, { ...offer, contactId: other, startsAt: TEN }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(refusal(failed?.reason)).toEqual({
      status: 409,
      code: 'slot_taken',
      message: 'Ce créneau vient d’être pris\u00a0: choisissez-en un autre.',
    });
    const rows = await database.db
      .select()
      .from(callBookings)
      .where(and(eq(callBookings.adminId, nadine.id), eq(callBookings.status, 'confirmed')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.startsAt.toISOString()).toBe(TEN.toISOString());
  });

  it('with two admins free, two visitors booking the same time each get a call, one per admin', async () => {
    const [nadine, kevin] = [await bookableAdmin(), await bookableAdmin()];
    const a = await bookCall(database.db, { ...offer, contactId: await lead(), startsAt: TEN });
    const b = await bookCall(database.db, { ...offer, contactId: await lead(), startsAt: TEN });
    expect(new Set([a.adminId, b.adminId])).toEqual(new Set([nadine.id, kevin.id]));
    await expect(
      bookCall(database.db, { ...offer, contactId: await lead(), startsAt: TEN }).catch((e) =>
        Promise.reject(refusal(e)),
      ),
    ).rejects.toMatchObject({ status: 409, code: 'slot_taken' });
  });

  it('refuses a second call for the same lead, a time that is not offered, and an unknown lead', async () => {
    await bookableAdmin();
    const contactId = await lead();
    const booked = await bookCall(database.db, {
      ...offer,
      contactId,
      startsAt: TEN,
      visitorTimeZone: 'Europe/Paris',
    });
    expect(booked).toMatchObject({ status: 'confirmed', sequence: 0, visitorTimeZone: 'Europe/Paris' });
    expect(booked.endsAt.getTime() - booked.startsAt.getTime()).toBe(30 * 60_000);
    const again = await bookCall(database.db, {
      ...offer,
      contactId,
      startsAt: new Date('2027-04-05T09:30:00Z'),
    }).catch(refusal);
    expect(again).toEqual({ status: 409, code: 'already_booked', message: 'Votre appel est déjà réservé.' });
    // 10:15 is no slot; Saturday is no working day; 07:00 is too soon after 06:00 (and closed).
    for (const startsAt of ['2027-04-05T09:15:00Z', '2027-04-10T09:00:00Z', '2027-04-05T06:00:00Z']) {
      const refused = await bookCall(database.db, {
        ...offer,
        contactId: await lead(),
        startsAt: new Date(startsAt),
      }).catch(refusal);
      expect(refused, startsAt).toMatchObject({ status: 409, code: 'slot_taken' });
    }
    const unknown = await bookCall(database.db, {
      ...offer,
      contactId: crypto.randomUUID(),
      startsAt: TEN,
    }).catch(refusal);
    expect(unknown).toMatchObject({ status: 404 });
  });
});
