/**
 * Booking a discovery call (docs/decisions/075-call-slots.md): the slot must be one the visitor
 * is offered now (server/booking/slots.ts), and the row is written with `ON CONFLICT DO NOTHING`
 * against the partial unique indexes of call_bookings: of two visitors (or two instances) taking
 * the same admin's slot at once, one gets it and the other is tried with the next admin free then,
 * or told the slot is gone. No check-then-insert decides anything.
 */
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { knownTimeZone } from '#common/call-time.ts';
import { timeOfMinutes } from '#common/schemas/booking-admin.ts';
import type { Database } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { adminUsers, bookingDaysOff, bookingHours, callBookings, contactRequests } from '#db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { type ConversionSource, NO_SOURCE } from '../leads/attribution.ts';
import {
  availableSlots,
  type BookableAdmin,
  DEFAULT_HORIZON_DAYS,
  type SlotAnswer,
  type SlotQuery,
} from './slots.ts';

const DAY = 86_400_000;

/** The active, bookable admins with their hours and days off. */
async function bookableAdmins(db: Database): Promise<BookableAdmin[]> {
  const admins = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.isActive, true), eq(adminUsers.bookable, true)))
    .orderBy(adminUsers.createdAt, adminUsers.id);
  if (admins.length === 0) return [];
  const ids = admins.map((a) => a.id);
  const hours = await db.select().from(bookingHours).where(inArray(bookingHours.adminId, ids));
  const daysOff = await db.select().from(bookingDaysOff).where(inArray(bookingDaysOff.adminId, ids));
  return admins.map(({ id }) => ({
    id,
    hours: hours
      .filter((h) => h.adminId === id)
      .map((h) => ({
        weekday: h.weekday,
        start: timeOfMinutes(h.startMinute),
        end: timeOfMinutes(h.endMinute),
      })),
    daysOff: daysOff.filter((d) => d.adminId === id).map((d) => d.day),
  }));
}

export type OfferQuery = Pick<SlotQuery, 'preferredTime' | 'urgency' | 'visitorTimeZone'> & { now: Date };

/** The slots offered now, read from the database. */
export async function offeredSlots(db: Database, query: OfferQuery): Promise<SlotAnswer> {
  const admins = await bookableAdmins(db);
  const busy = await db
    .select({ adminId: callBookings.adminId, startsAt: callBookings.startsAt, endsAt: callBookings.endsAt })
    .from(callBookings)
    .where(
      and(
        eq(callBookings.status, 'confirmed'),
        gt(callBookings.endsAt, query.now),
        lt(callBookings.startsAt, new Date(query.now.getTime() + (DEFAULT_HORIZON_DAYS + 1) * DAY)),
      ),
    );
  return availableSlots({ ...query, admins, busy });
}

export const SLOT_TAKEN_MESSAGE = 'Ce créneau vient d’être pris : choisissez-en un autre.';

export type BookingRow = typeof callBookings.$inferSelect;

/**
 * Books `startsAt` for the lead, with the visit it was booked in (`source`, none by default); 409
 * when the slot is no longer offered or every admin got taken.
 */
export async function bookCall(
  db: Database,
  input: OfferQuery & { contactId: string; startsAt: Date; source?: ConversionSource },
): Promise<BookingRow> {
  if (!(await hasRow(db, contactRequests, eq(contactRequests.id, input.contactId)))) {
    throw notFound('Demande introuvable.');
  }
  const { slots } = await offeredSlots(db, input);
  const slot = slots.find((s) => s.startsAt.getTime() === input.startsAt.getTime());
  if (!slot) throw new HttpError(409, 'slot_taken', SLOT_TAKEN_MESSAGE);
  for (const adminId of slot.adminIds) {
    // One statement: the unique indexes decide, in whatever order two bookings arrive.
    const [booked] = await db
      .insert(callBookings)
      .values({
        contactId: input.contactId,
        adminId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        visitorTimeZone: knownTimeZone(input.visitorTimeZone),
        ...(input.source ?? NO_SOURCE),
      })
      .onConflictDoNothing()
      .returning();
    if (booked) return booked;
    // Either this admin's slot was just taken, or this lead already has its call.
    const confirmed = and(eq(callBookings.contactId, input.contactId), eq(callBookings.status, 'confirmed'));
    if (await hasRow(db, callBookings, confirmed)) {
      throw new HttpError(409, 'already_booked', 'Votre appel est déjà réservé.');
    }
  }
  throw new HttpError(409, 'slot_taken', SLOT_TAKEN_MESSAGE);
}
