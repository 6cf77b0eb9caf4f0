/**
 * The discovery call's life after the request (docs/decisions/077-call-booking.md): the signed
 * link that opens it, the slots offered, and booking, moving or cancelling it. Each change writes
 * the call, its emails (with their calendar invitation), its reminders and the lead's history (with
 * the owner and status a booking gives it, server/admin/contact-follow-up.ts) in ONE transaction, so
 * a visitor told "booked" has the row and the emails, and a retried request changes nothing
 * twice: booking or moving to the time already held, or cancelling a cancelled call, answers
 * with the call as it is and sends nothing.
 *
 * The desk is plain functions by concern, under desk/: the times offered (`slots.ts`), booking
 * (`booking.ts`), moving and cancelling (`changes.ts`), the booking link's emails
 * (`invitations.ts`), the emails of a change (`emails.ts`) and the reminders (`reminders.ts`),
 * each given the dependencies; `createCallDesk` binds them to the process's.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { ConversionSource } from '../leads/attribution.ts';
import type { NewLead } from '../leads/create-lead.ts';
import { book } from './desk/booking.ts';
import { cancel, cancelByStaff, moveByStaff, reschedule } from './desk/changes.ts';
import { requestWrites, sendBookingLink } from './desk/invitations.ts';
import type { CallDeskDeps } from './desk/shared.ts';
import { callPage, staffSlots } from './desk/slots.ts';

export type { CallDeskDeps } from './desk/shared.ts';

export function createCallDesk(deps: CallDeskDeps) {
  return {
    requestWrites: (db: Database, lead: NewLead, now?: Date): Promise<{ write: SQL; path: string } | null> =>
      requestWrites(deps, db, lead, now),
    sendBookingLink: (db: Database, input: { leadId: string; adminId: string; now?: Date }) =>
      sendBookingLink(deps, db, input),
    page: (db: Database, token: string, timeZone: string | undefined, now?: Date) =>
      callPage(deps, db, token, timeZone, now),
    book: (
      db: Database,
      input: { token: string; startsAt: Date; timeZone?: string; now?: Date; source?: ConversionSource },
    ) => book(deps, db, input),
    reschedule: (db: Database, input: { token: string; startsAt: Date; timeZone?: string; now?: Date }) =>
      reschedule(deps, db, input),
    staffSlots,
    moveByStaff: (db: Database, input: { bookingId: string; startsAt: Date; adminId: string; now?: Date }) =>
      moveByStaff(deps, db, input),
    cancel: (db: Database, input: { token: string; now?: Date }) => cancel(deps, db, input),
    cancelByStaff: (db: Database, input: { bookingId: string; adminId: string; now?: Date }) =>
      cancelByStaff(deps, db, input),
  };
}

export type CallDesk = ReturnType<typeof createCallDesk>;
