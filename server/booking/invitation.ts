/**
 * The discovery call's calendar invitation (docs/decisions/076-call-invitation.md): an iCalendar
 * event written by the `ics` library, one UID per booking for its whole life, so that a calendar
 * updates the same event when the call is moved (SEQUENCE raised, METHOD:REQUEST) or cancelled
 * (METHOD:CANCEL, STATUS:CANCELLED), as RFC 5546 says.
 *
 * The names and texts are a visitor's (RFC 5545 §3.1–3.3): `ics` escapes the TEXT values (`\`,
 * `;`, `,`, new lines) but writes a parameter's DQUOTE as `\"`, which no quoted-string may hold,
 * keeps raw line breaks in the organiser's name and a lone CR anywhere, and folds lines at 75
 * characters rather than 75 octets. So the names (CN) lose what a parameter cannot carry, the texts
 * their control characters, and the lines are folded again by octets.
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

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes.
const CONTROLS = /[\u0000-\u001f\u007f]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes.
const CONTROLS_BUT_TAB_AND_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * A name as a parameter value (CN), which `ics` puts between DQUOTEs: one line (a control
 * character is a space), no DQUOTE (RFC 5545 allows none in a quoted-string: a typographic quote
 * instead), and no ";" either, which the RFC allows there but parsers such as node-ical take for
 * the next parameter.
 */
function parameterText(name: string): string {
  return name
    .replace(CONTROLS, ' ')
    .replace(/(^|\s)"/g, '$1“')
    .replace(/"/g, '”')
    .replace(/;/g, ',')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A TEXT value before `ics` escapes it: every line break a "\n" (a lone CR too), no control but tabs. */
const plainText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_TAB_AND_BREAKS, '');

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): CRLF and a space before each next part, a
 * UTF-8 character never cut (JavaScript's code points, surrogate pairs kept whole).
 */
function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let used = 0;
  let room = 75;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (used + size > room) {
      parts.push(part);
      part = '';
      used = 0;
      room = 74;
    }
    part += character;
    used += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** `ics`'s text with its folds (CRLF then a tab) undone and every line folded again by octets. */
const refold = (text: string) =>
  text
    .replace(/\r\n\t/g, '')
    .split('\r\n')
    .map((line) => (line === '' ? line : foldLine(line)))
    .join('\r\n');

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
    title: plainText(call.title),
    description: plainText(call.description),
    location: plainText(call.location),
    url: call.publicUrl,
    status: call.cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: parameterText(call.organizer.name), email: call.organizer.email },
    attendees: [
      {
        name: parameterText(call.attendee.name),
        email: call.attendee.email,
        rsvp: true,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('the invitation could not be written');
  return refold(value);
}
