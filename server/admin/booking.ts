/**
 * The back-office side of the discovery call (docs/decisions/078-call-booking-admin.md): an
 * admin's weekly hours, days off and whether visitors may book them, replaced in one transaction;
 * and the booked calls with their lead and admin, for the agenda, the lead's panel and the
 * dashboard.
 */
import { and, asc, count, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminCall,
  type availabilitySchema,
  type BookingAvailability,
  type ContactCall,
  minutesOfTime,
  timeOfMinutes,
  WEEKDAYS,
} from '#common/schemas/booking-admin.ts';
import { adminFullName } from '#common/schemas/users-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { adminUsers, bookingDaysOff, bookingHours, callBookings, contactRequests } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';

export type AvailabilityChange = z.output<ReturnType<typeof availabilitySchema>>;

/** One admin's availability, every weekday listed (Monday first), the days off from `today` on. */
export async function readAvailability(
  db: Database,
  adminId: string,
  today: string,
  now: Date,
): Promise<BookingAvailability | undefined> {
  const [admin] = await db
    .select({
      id: adminUsers.id,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
      bookable: adminUsers.bookable,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  if (!admin) return undefined;
  const hours = await db
    .select()
    .from(bookingHours)
    .where(eq(bookingHours.adminId, adminId))
    .orderBy(asc(bookingHours.weekday), asc(bookingHours.startMinute));
  const daysOff = await db
    .select({ day: bookingDaysOff.day })
    .from(bookingDaysOff)
    .where(and(eq(bookingDaysOff.adminId, adminId), gte(bookingDaysOff.day, today)))
    .orderBy(asc(bookingDaysOff.day));
  return {
    admin: { id: admin.id, name: adminFullName(admin) },
    bookable: admin.bookable,
    days: WEEKDAYS.map((weekday) => ({
      weekday,
      ranges: hours
        .filter((h) => h.weekday === weekday)
        .map((h) => ({ start: timeOfMinutes(h.startMinute), end: timeOfMinutes(h.endMinute) })),
    })),
    daysOff: daysOff.map((d) => d.day),
    upcomingCalls: await upcomingCallsOf(db, adminId, now),
  };
}

/** How many confirmed calls the admin has from `now` on. */
async function upcomingCallsOf(db: Database, adminId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(callBookings)
    .where(
      and(
        eq(callBookings.adminId, adminId),
        eq(callBookings.status, 'confirmed'),
        gt(callBookings.endsAt, now),
      ),
    );
  return row?.value ?? 0;
}

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

/** "Réservable · 10 plages sur 5 jours · 2 jours de congé": what the activity log says was saved. */
function summary(change: AvailabilityChange): string {
  const days = change.days.filter((day) => day.ranges.length > 0);
  const ranges = days.reduce((total, day) => total + day.ranges.length, 0);
  return [
    change.bookable ? 'Réservable' : 'Non réservable',
    ranges === 0 ? 'aucune plage' : `${plural(ranges, 'plage')} sur ${plural(days.length, 'jour')}`,
    `${plural(change.daysOff.length, 'jour')} de congé`,
  ].join(' · ');
}

/**
 * Replaces the admin's hours and days off and sets whether they are bookable, in one transaction
 * with its activity log entry: a slot is never offered from half a save. Undefined when there is
 * no such admin. Days off before `today` go with the rest (no slot is offered in the past).
 */
export async function saveAvailability(
  db: Database,
  input: { adminId: string; change: AvailabilityChange; actorId: string; today: string; now: Date },
): Promise<BookingAvailability | undefined> {
  const { adminId, change } = input;
  return inTransaction(db, async (tx) => {
    const [admin] = await tx
      .update(adminUsers)
      .set({ bookable: change.bookable })
      .where(eq(adminUsers.id, adminId))
      .returning({ id: adminUsers.id, firstName: adminUsers.firstName, lastName: adminUsers.lastName });
    if (!admin) return undefined;
    await tx.delete(bookingHours).where(eq(bookingHours.adminId, adminId));
    const hours = change.days.flatMap((day) =>
      day.ranges.map((range) => ({
        adminId,
        weekday: day.weekday,
        startMinute: minutesOfTime(range.start),
        endMinute: minutesOfTime(range.end),
      })),
    );
    if (hours.length > 0) await tx.insert(bookingHours).values(hours);
    await tx.delete(bookingDaysOff).where(eq(bookingDaysOff.adminId, adminId));
    if (change.daysOff.length > 0) {
      await tx.insert(bookingDaysOff).values(change.daysOff.map((day) => ({ adminId, day })));
    }
    await logActivity(tx, {
      type: 'availability.updated',
      title: `Disponibilités modifiées : ${adminFullName(admin)}`,
      description: summary(change),
      userId: input.actorId,
    });
    return readAvailability(tx, adminId, input.today, input.now);
  });
}

const CALL_COLUMNS = {
  id: callBookings.id,
  startsAt: callBookings.startsAt,
  endsAt: callBookings.endsAt,
  status: callBookings.status,
  visitorTimeZone: callBookings.visitorTimeZone,
  contactId: contactRequests.id,
  fullName: contactRequests.fullName,
  company: contactRequests.company,
  serviceInterest: contactRequests.serviceInterest,
  adminId: adminUsers.id,
  adminFirstName: adminUsers.firstName,
  adminLastName: adminUsers.lastName,
};

function selectCalls(db: Database) {
  return db
    .select(CALL_COLUMNS)
    .from(callBookings)
    .innerJoin(contactRequests, eq(contactRequests.id, callBookings.contactId))
    .innerJoin(adminUsers, eq(adminUsers.id, callBookings.adminId));
}

type CallRow = Awaited<ReturnType<typeof selectCalls>>[number];

function presentCall(row: CallRow): AdminCall {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    visitorTimeZone: row.visitorTimeZone,
    contact: {
      id: row.contactId,
      fullName: row.fullName,
      company: row.company,
      serviceInterest: row.serviceInterest,
    },
    admin: {
      id: row.adminId,
      name: adminFullName({ firstName: row.adminFirstName, lastName: row.adminLastName }),
    },
  };
}

/** The calls starting in [from, to), cancelled ones included, in time order. */
export async function listCalls(db: Database, from: Date, to: Date): Promise<AdminCall[]> {
  const rows = await selectCalls(db)
    .where(and(gte(callBookings.startsAt, from), lt(callBookings.startsAt, to)))
    .orderBy(asc(callBookings.startsAt), asc(callBookings.id));
  return rows.map(presentCall);
}

/** The next confirmed calls, the one under way included, soonest first. */
export async function upcomingCalls(db: Database, now: Date, limit: number): Promise<AdminCall[]> {
  const rows = await selectCalls(db)
    .where(and(eq(callBookings.status, 'confirmed'), gt(callBookings.endsAt, now)))
    .orderBy(asc(callBookings.startsAt), asc(callBookings.id))
    .limit(limit);
  return rows.map(presentCall);
}

/** A lead's call: its confirmed one, else the latest it cancelled; null when it never booked. */
export async function contactCall(db: Database, contactId: string): Promise<ContactCall | null> {
  const [row] = await selectCalls(db)
    .where(eq(callBookings.contactId, contactId))
    .orderBy(sql`${callBookings.status} = 'confirmed' desc`, desc(callBookings.startsAt))
    .limit(1);
  if (!row) return null;
  const { contact: _contact, ...call } = presentCall(row);
  return call;
}
