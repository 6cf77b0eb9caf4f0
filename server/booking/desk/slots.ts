/**
 * The times the call desk offers (server/booking/desk.ts): the visitor's page with the slots on
 * their clock, and every free time staff may move a call to.
 */
import { knownTimeZone } from '#common/call-time.ts';
import type { AdminCallSlot } from '#common/schemas/booking-admin.ts';
import type { CallPageAnswer } from '#common/schemas/calls.ts';
import type { Database } from '#db/client.ts';
import { adminNames } from '../../admin/contacts.ts';
import { type BookingRow, offeredSlots } from '../book.ts';
import type { Slot } from '../slots.ts';
import {
  type CallDeskDeps,
  deskSettings,
  firstNameOf,
  latestCall,
  leadOf,
  leadQuery,
  movableCall,
  publicCall,
} from './shared.ts';

/**
 * Who may take a call at one of `slots`: the admins free then, in the order a booking tries
 * them (server/booking/book.ts), by name; the page's summary shows them until a call is booked.
 */
async function hostsOf(db: Database, slots: Slot[]): Promise<string[]> {
  const ids = [...new Set(slots.flatMap((slot) => slot.adminIds))];
  const names = await adminNames(db, ids);
  return ids.flatMap((id) => names.get(id) ?? []);
}

/** The page's data: who, the current call, the slots on the visitor's clock. */
export async function callPage(
  deps: Pick<CallDeskDeps, 'memo'>,
  db: Database,
  token: string,
  timeZone: string | undefined,
  now = new Date(),
): Promise<CallPageAnswer> {
  const lead = await leadOf(db, token, now);
  const call = await latestCall(db, lead.id);
  const zone = knownTimeZone(timeZone);
  const { slots, matchesPreference } = await offeredSlots(db, leadQuery(lead, zone, now));
  return {
    firstName: firstNameOf(lead.fullName),
    call: call ? await publicCall(db, call) : null,
    slots: slots.map((slot) => ({
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
    })),
    matchesPreference,
    preferredTime: lead.callPreferredTime ?? 'Flexible',
    timeZone: zone,
    meetingDetails: (await deskSettings(deps, db)).meetingDetails,
    hosts: await hostsOf(db, slots),
  };
}

/** The admins free for a slot, the one who has the call first: a move keeps its host when it can. */
export const keepingAdmin = (adminIds: string[], current: string) =>
  adminIds.includes(current) ? [current, ...adminIds.filter((id) => id !== current)] : adminIds;

/** Every free slot of the horizon for staff moving `held`, on the visitor's clock. */
export async function everySlot(db: Database, held: BookingRow, now: Date): Promise<Slot[]> {
  const { slots } = await offeredSlots(db, {
    preferredTime: 'Flexible',
    urgency: 'Pas urgent',
    visitorTimeZone: held.visitorTimeZone,
    now,
  });
  return slots;
}

/**
 * The free times staff can move a call to: every slot of the horizon, whatever the visitor's
 * preferred part of the day, each with the admin who would take it (the call's own when free).
 */
export async function staffSlots(
  db: Database,
  input: { bookingId: string; now?: Date },
): Promise<AdminCallSlot[]> {
  const now = input.now ?? new Date();
  const { held } = await movableCall(db, input.bookingId, now);
  const slots = await everySlot(db, held, now);
  const hosts = slots.map((slot) => keepingAdmin(slot.adminIds, held.adminId)[0] ?? null);
  const names = await adminNames(db, hosts);
  return slots.map((slot, index) => ({
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    withName: names.get(hosts[index] ?? '') ?? '',
  }));
}
