/** Booking the call from the visitor's link (server/booking/desk.ts). */
import { and, eq } from 'drizzle-orm';
import { type Database, inTransaction } from '#db/client.ts';
import { callBookings } from '#db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { ConversionSource } from '../../leads/attribution.ts';
import { bookCall } from '../book.ts';
import { writeEmails } from './emails.ts';
import { type CallDeskDeps, leadOf, leadQuery, publicCall, sameTime } from './shared.ts';

/**
 * Books `startsAt`; `created` is false when the lead already had exactly that call (its
 * source, `source`, the visit it was booked in, is then left as the first booking wrote it).
 */
export function book(
  deps: CallDeskDeps,
  db: Database,
  input: { token: string; startsAt: Date; timeZone?: string; now?: Date; source?: ConversionSource },
) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const lead = await leadOf(tx, input.token, now);
    const [held] = await tx
      .select()
      .from(callBookings)
      .where(and(eq(callBookings.contactId, lead.id), eq(callBookings.status, 'confirmed')));
    if (held && sameTime(held, input.startsAt)) return { call: await publicCall(tx, held), created: false };
    if (held) throw new HttpError(409, 'already_booked', 'Votre appel est déjà réservé.');
    const call = await bookCall(tx, {
      ...leadQuery(lead, input.timeZone, now),
      contactId: lead.id,
      startsAt: input.startsAt,
      source: input.source,
    });
    await writeEmails(deps, tx, { lead, call, change: 'booked', now });
    return { call: await publicCall(tx, call), created: true };
  });
}
