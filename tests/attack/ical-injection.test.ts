/**
 * iCalendar injection (docs/decisions/076-call-invitation.md): a visitor's name goes into the
 * invitations of their discovery call, as the attendee's CN parameter and in the summary. A `"`
 * once ended the quoted CN early and the staff's invitation had no attendee for a real parser.
 * Here real calls are requested and booked through the API with hostile names, by an admin with
 * a hostile name too, and the invitations that reach both mailboxes are read with node-ical: RFC
 * 5545's syntax holds (lines of 75 octets at most, never cut inside a character; quoted
 * parameters; escaped texts), and each has its organiser, its attendee and its summary, the names
 * as intact as the RFC allows.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '#db/schema.ts';
import { insertBookableAdmin } from '../helpers/factories.ts';
import { invitationProblems, parseInvitation } from '../helpers/ical.ts';
import { mailingAppContext } from '../helpers/seeded-database.ts';
import { type CapturedEmail, calendarPart } from '../helpers/smtp.ts';

const STAFF = 'nadine.ical@lisanga-digital.cd';
// The admin's name, as the organiser's CN shows it: no DQUOTE nor ";" can stay in a parameter.
const STAFF_NAME = { firstName: 'Nadine "Nana";', lastName: 'Mbuyi, \\ : Kabeya' };
const STAFF_SHOWN = 'Nadine “Nana”, Mbuyi, \\ : Kabeya (Lisanga Digital)';

const ctx = mailingAppContext({ env: { PUBLIC_URL: 'https://www.lisanga-digital.cd' } });
const app = () => request(ctx.testApp.app);

beforeAll(async () => {
  await ctx.database.db.update(adminUsers).set({ bookable: false });
  // Bookable every day from 08:00 to 18:00 in Kinshasa: slots exist whenever the test runs.
  await insertBookableAdmin(ctx.database.db, { email: STAFF, ...STAFF_NAME });
});

let counter = 0;
function callRequest(fullName: string) {
  counter += 1;
  return app()
    .post('/api/contact')
    .set('X-Forwarded-For', `10.37.2.${counter}`)
    .send({
      source: 'call_request',
      fullName,
      email: `ical-${counter}@example.cd`,
      serviceType: 'Stratégie Marketing Digital',
      message: 'Appel',
      details: { callType: 'Découverte générale', preferredTime: 'Flexible', urgency: 'Sous 15 jours' },
      elapsedMs: 9_000,
    });
}

// A name that needs several lines in octets: é is 2 octets, 😀 is 4 (and two UTF-16 units).
const LONG = `Amani ${'é'.repeat(40)} ${'😀'.repeat(20)} Kabeya`;

// [what, the name typed, the attendee's CN a calendar shows]
const NAMES: [string, string, string][] = [
  ['a double quote', 'Amani "Ami" Kabeya', 'Amani “Ami” Kabeya'],
  [
    'a quote that would close the CN',
    'Amani";ROLE=CHAIR:mailto:pirate@example.cd',
    'Amani”,ROLE=CHAIR:mailto:pirate@example.cd',
  ],
  ['a semicolon', 'Amani; Kabeya', 'Amani, Kabeya'],
  ['a comma', 'Kabeya, Amani', 'Kabeya, Amani'],
  ['a backslash', 'Amani \\ Kabeya', 'Amani \\ Kabeya'],
  ['a colon', 'Amani: Kabeya', 'Amani: Kabeya'],
  ['a long name in é and emoji', LONG, LONG],
];

describe('a hostile name in the discovery call’s invitations', () => {
  it.each(NAMES)(
    '%s: both invitations parse with their organiser, attendee and summary',
    async (_, name, shown) => {
      const asked = await callRequest(name).expect(201);
      const token = new URL(asked.body.bookingPath, 'https://x.test').searchParams.get('token') ?? '';
      const offer = await app().get('/api/calls').query({ token }).expect(200);
      const before = ctx.smtp.messages().length;
      // One call per name: the times booked before are no longer offered.
      const [slot] = offer.body.slots as { startsAt: string }[];
      if (!slot) throw new Error('not enough slots');
      await app().post('/api/calls/book').send({ token, startsAt: slot.startsAt }).expect(201);
      await ctx.testApp.deps.email.worker.runOnce();

      const invitations = (to: string) =>
        ctx.smtp
          .messages()
          .slice(before)
          .filter((m) => m.envelope.to.includes(to))
          .map((m: CapturedEmail) => calendarPart(m))
          .filter((ics) => ics !== '');
      const visitor = `ical-${counter}@example.cd`;
      const both = [...invitations(visitor), ...invitations(STAFF)];
      expect(both).toHaveLength(2);
      for (const ics of both) {
        expect(invitationProblems(ics)).toEqual([]);
        const { event, method } = parseInvitation(ics);
        expect(method).toBe('REQUEST');
        expect(new Date(event.start).toISOString()).toBe(new Date(slot.startsAt).toISOString());
        // One attendee, the visitor, named; the organiser, the admin, named.
        expect(event.attendee).toMatchObject({ params: { CN: shown }, val: `mailto:${visitor}` });
        expect(event.organizer).toMatchObject({ params: { CN: STAFF_SHOWN }, val: `MAILTO:${STAFF}` });
        // A text keeps every character of the name.
        expect(event.summary).toContain(name);
      }
    },
  );

  it.each([
    ['a new line', 'Amani\nATTENDEE:mailto:pirate@example.cd'],
    ['a carriage return', 'Amani\rKabeya'],
  ])('%s: the request is refused in French, so no invitation carries it', async (_, name) => {
    const refused = await callRequest(name).expect(400);
    expect(JSON.stringify(refused.body)).toContain('Ce champ ne peut pas contenir de retour à la ligne.');
  });
});
