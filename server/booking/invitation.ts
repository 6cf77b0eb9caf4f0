/**
 * The discovery call's calendar invitation (docs/decisions/076-call-invitation.md): an iCalendar
 * event written by the `ics` library, one UID per booking for its whole life, so that a calendar
 * updates the same event when the call is moved (SEQUENCE raised, METHOD:REQUEST) or cancelled
 * (METHOD:CANCEL, STATUS:CANCELLED), as RFC 5546 says.
 */
import { createEvent } from 'ics';

export type Party = { name: string; email: string };

export type CallInvitation = {
  /** call_bookings.id: the UID is made of it and the site's host. */
  bookingId: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  cancelled: boolean;
  organizer: Party;
  attendee: Party;
  /** How the call happens (a video link or a phone number, from the settings), and its subject. */
  title: string;
  description: string;
  location: string;
  /** The site's address (PUBLIC_URL): the UID's host, and the event's link. */
  publicUrl: string;
};

/** The event's UID: the same for a booking's whole life, unique to this site. */
export const invitationUid = (bookingId: string, publicUrl: string) =>
  `call-${bookingId}@${new URL(publicUrl).hostname}`;

/** The .ics text (CRLF line ends, as the format wants); throws if the library refuses the event. */
export function callInvitation(call: CallInvitation): string {
  const { error, value } = createEvent({
    productId: 'lisanga-digital/appel-decouverte',
    method: call.cancelled ? 'CANCEL' : 'REQUEST',
    uid: invitationUid(call.bookingId, call.publicUrl),
    sequence: call.sequence,
    start: call.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: call.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: call.title,
    description: call.description,
    location: call.location,
    url: call.publicUrl,
    status: call.cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: call.organizer.name, email: call.organizer.email },
    attendees: [
      {
        name: call.attendee.name,
        email: call.attendee.email,
        rsvp: true,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('the invitation could not be written');
  return value;
}
