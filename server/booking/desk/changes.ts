/**
 * Moving and cancelling a booked call (server/booking/desk.ts), by the visitor through their link
 * or by staff: the row changed with SEQUENCE raised (calendars update the event) and its emails
 * written in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import { knownTimeZone } from '#common/call-time.ts';
import { type Database, hasPgCode, inTransaction } from '#db/client.ts';
import { callBookings } from '#db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import { type BookingRow, offeredSlots, SLOT_TAKEN_MESSAGE } from '../book.ts';
import type { Slot } from '../slots.ts';
import { writeEmails } from './emails.ts';
import {
  assertNotStarted,
  CALL_CHANGED_MESSAGE,
  type CallDeskDeps,
  confirmedCall,
  type Lead,
  latestCall,
  leadById,
  leadOf,
  leadQuery,
  movableCall,
  publicCall,
  sameTime,
} from './shared.ts';
import { everySlot, keepingAdmin } from './slots.ts';

/** The call cancelled (SEQUENCE raised) with its emails; one already cancelled is left as it is. */
async function cancelCall(
  deps: CallDeskDeps,
  tx: Database,
  input: { lead: Lead; call: BookingRow; now: Date; byStaff?: string },
): Promise<BookingRow> {
  const { lead, call, now } = input;
  if (call.status === 'cancelled') return call;
  const [cancelled] = await tx
    .update(callBookings)
    .set({ status: 'cancelled', sequence: call.sequence + 1, updatedAt: now })
    .where(and(eq(callBookings.id, call.id), eq(callBookings.sequence, call.sequence)))
    .returning();
  if (!cancelled) throw new HttpError(409, 'call_changed', CALL_CHANGED_MESSAGE);
  await writeEmails(deps, tx, { lead, call: cancelled, change: 'cancelled', byStaff: input.byStaff, now });
  return cancelled;
}

/** `held` at `slot` with `adminId`, or undefined when the call changed meanwhile; throws 23505 when the admin is taken. */
function moveRow(
  tx: Database,
  held: BookingRow,
  slot: Slot,
  adminId: string,
  visitorTimeZone: string,
  now: Date,
) {
  // A savepoint: the unique index refusing this admin must not end the transaction.
  return inTransaction(tx, async (inner) => {
    const [row] = await inner
      .update(callBookings)
      .set({
        adminId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        sequence: held.sequence + 1,
        visitorTimeZone,
        updatedAt: now,
      })
      .where(and(eq(callBookings.id, held.id), eq(callBookings.sequence, held.sequence)))
      .returning();
    return row;
  });
}

/**
 * Moves `held` to the slot of `slots` starting at `startsAt` (SEQUENCE raised: calendars update
 * the event), with the admin who has the call when free then, else the next one free; its emails
 * in the same transaction. 409 when the time is no longer free.
 */
async function moveCall(
  deps: CallDeskDeps,
  tx: Database,
  input: {
    lead: Lead;
    held: BookingRow;
    slots: Slot[];
    startsAt: Date;
    visitorTimeZone: string;
    now: Date;
    byStaff?: string;
  },
): Promise<BookingRow> {
  const { lead, held, now } = input;
  const slot = input.slots.find((s) => s.startsAt.getTime() === input.startsAt.getTime());
  if (!slot) throw new HttpError(409, 'slot_taken', SLOT_TAKEN_MESSAGE);
  for (const adminId of keepingAdmin(slot.adminIds, held.adminId)) {
    let moved: BookingRow | undefined;
    try {
      moved = await moveRow(tx, held, slot, adminId, input.visitorTimeZone, now);
    } catch (error) {
      if (hasPgCode(error, '23505')) continue;
      throw error;
    }
    if (!moved) throw new HttpError(409, 'call_changed', CALL_CHANGED_MESSAGE);
    await writeEmails(deps, tx, {
      lead,
      call: moved,
      change: 'moved',
      formerAdminId: held.adminId,
      formerStartsAt: held.startsAt,
      byStaff: input.byStaff,
      now,
    });
    return moved;
  }
  throw new HttpError(409, 'slot_taken', SLOT_TAKEN_MESSAGE);
}

/** Moves the lead's call to `startsAt` among the times the visitor is offered. */
export function reschedule(
  deps: CallDeskDeps,
  db: Database,
  input: { token: string; startsAt: Date; timeZone?: string; now?: Date },
) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const lead = await leadOf(tx, input.token, now);
    const held = await confirmedCall(tx, lead.id);
    if (sameTime(held, input.startsAt)) return { call: await publicCall(tx, held) };
    assertNotStarted(held, now);
    const { slots } = await offeredSlots(tx, leadQuery(lead, input.timeZone, now));
    const visitorTimeZone = knownTimeZone(input.timeZone ?? held.visitorTimeZone);
    const moved = await moveCall(deps, tx, {
      lead,
      held,
      slots,
      startsAt: input.startsAt,
      visitorTimeZone,
      now,
    });
    return { call: await publicCall(tx, moved) };
  });
}

/**
 * The agency moves a call to another free time: the visitor gets the updated invitation (same
 * UID, SEQUENCE raised) and the new time; moving it to the time it has already changes nothing.
 */
export function moveByStaff(
  deps: CallDeskDeps,
  db: Database,
  input: { bookingId: string; startsAt: Date; adminId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const { held, lead } = await movableCall(tx, input.bookingId, now, input.startsAt);
    if (sameTime(held, input.startsAt)) return held;
    const slots = await everySlot(tx, held, now);
    return moveCall(deps, tx, {
      lead,
      held,
      slots,
      startsAt: input.startsAt,
      visitorTimeZone: held.visitorTimeZone,
      byStaff: input.adminId,
      now,
    });
  });
}

/** Cancels the lead's call; a call already cancelled is answered as it is. */
export function cancel(deps: CallDeskDeps, db: Database, input: { token: string; now?: Date }) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const lead = await leadOf(tx, input.token, now);
    const latest = await latestCall(tx, lead.id);
    if (!latest) throw new HttpError(409, 'no_call', 'Vous n’avez pas d’appel réservé.');
    return { call: await publicCall(tx, await cancelCall(deps, tx, { lead, call: latest, now })) };
  });
}

/**
 * Cancels a call for the agency (an admin who cannot take it): the visitor is told, with
 * apologies and a link to pick another time. Answers the call, cancelled.
 */
export function cancelByStaff(
  deps: CallDeskDeps,
  db: Database,
  input: { bookingId: string; adminId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const [call] = await tx.select().from(callBookings).where(eq(callBookings.id, input.bookingId));
    const lead = call && (await leadById(tx, call.contactId));
    if (!call || !lead) throw notFound('Appel introuvable.');
    return cancelCall(deps, tx, { lead, call, now, byStaff: input.adminId });
  });
}
