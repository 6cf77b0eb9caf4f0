import { describe, expect, it } from 'vitest';
import { aCallInvitation } from '#tests/helpers/factories.ts';
import { contentLines, invitationProblems, parseInvitation as parse } from '#tests/helpers/ical.ts';
import { callInvitation } from './invitation.ts';

const call = aCallInvitation();

describe('the call’s invitation', () => {
  it('is a REQUEST with the UTC times, organiser, attendee, place and a UID of the booking', () => {
    const text = callInvitation(call);
    expect(text).toContain('\r\n');
    const { event, method } = parse(text);
    expect(method).toBe('REQUEST');
    expect(event.uid).toBe('call-6d1f0c3a-2b4e-4c5d-8e9f-0a1b2c3d4e5f@www.lisanga-digital.cd');
    expect(new Date(event.start).toISOString()).toBe('2027-04-05T09:00:00.000Z');
    expect(new Date(event.end ?? 0).toISOString()).toBe('2027-04-05T09:30:00.000Z');
    expect(event.summary).toBe('Appel découverte avec Lisanga Digital');
    expect(event.location).toBe('https://meet.example.cd/lisanga');
    expect(String(event.status)).toBe('CONFIRMED');
    expect(Number(event.sequence)).toBe(0);
    expect(JSON.stringify(event.organizer).toLowerCase()).toContain('mailto:nadine@lisanga-digital.cd');
    expect(JSON.stringify(event.attendee).toLowerCase()).toContain('mailto:amani@example.cd');
  });

  it('moved, keeps its UID with a higher SEQUENCE; cancelled, is a CANCEL of the same event', () => {
    const moved = parse(
      callInvitation({
        ...call,
        sequence: 1,
        startsAt: new Date('2027-04-06T13:00:00Z'),
        endsAt: new Date('2027-04-06T13:30:00Z'),
      }),
    );
    expect(moved.method).toBe('REQUEST');
    expect(moved.event.uid).toBe(parse(callInvitation(call)).event.uid);
    expect(Number(moved.event.sequence)).toBe(1);
    expect(new Date(moved.event.start).toISOString()).toBe('2027-04-06T13:00:00.000Z');

    const cancelled = parse(callInvitation({ ...call, sequence: 2, cancelled: true }));
    expect(cancelled.method).toBe('CANCEL');
    expect(String(cancelled.event.status)).toBe('CANCELLED');
    expect(Number(cancelled.event.sequence)).toBe(2);
    expect(cancelled.event.uid).toBe(moved.event.uid);
  });
});

describe('the call’s invitation with hostile names (RFC 5545)', () => {
  const PROPERTIES = [
    'BEGIN',
    'VERSION',
    'CALSCALE',
    'PRODID',
    'METHOD',
    'X-PUBLISHED-TTL',
    'BEGIN',
    'UID',
    'SUMMARY',
    'DTSTAMP',
    'DTSTART',
    'DTEND',
    'SEQUENCE',
    'DESCRIPTION',
    'URL',
    'LOCATION',
    'STATUS',
    'ORGANIZER',
    'ATTENDEE',
    'END',
    'END',
  ];
  // A name that fills several lines in octets: é is 2 octets, 😀 is 4.
  const long = `Amani ${'é'.repeat(37)} ${'😀'.repeat(23)} Kabeya-Mukendi ${'ñ'.repeat(11)}`;
  // [what, the name typed, the name a calendar shows (CN: no DQUOTE, no line break, no ";")]
  const names: [string, string, string][] = [
    ['a double quote', 'Amani "Ami" Kabeya', 'Amani “Ami” Kabeya'],
    ['a lone double quote', 'Amani" ;ROLE=CHAIR', 'Amani” ,ROLE=CHAIR'],
    ['a semicolon', 'Amani; Kabeya', 'Amani, Kabeya'],
    ['a comma', 'Kabeya, Amani', 'Kabeya, Amani'],
    ['a backslash', 'Amani \\ Kabeya', 'Amani \\ Kabeya'],
    ['a colon', 'Amani: mailto:pirate@example.cd', 'Amani: mailto:pirate@example.cd'],
    ['a new line', 'Amani\nATTENDEE:mailto:pirate@example.cd', 'Amani ATTENDEE:mailto:pirate@example.cd'],
    ['a carriage return', 'Amani\rKabeya', 'Amani Kabeya'],
    ['a CRLF', 'Amani\r\n Kabeya', 'Amani Kabeya'],
    ['a long name in é and emoji', long, long],
  ];

  it.each(names)(
    '%s: every line within 75 octets, the organiser, the attendee and the texts intact',
    (_, name, shown) => {
      const text = callInvitation({
        ...call,
        organizer: { name: `${name} (Lisanga Digital)`, email: 'nadine@lisanga-digital.cd' },
        attendee: { name, email: 'amani@example.cd' },
        title: `Appel découverte Lisanga Digital · ${name}`,
        description: `Rejoindre : https://meet.example.cd/lisanga\nAvec ${name}`,
      });
      // No line over 75 octets nor cut inside a character, every parameter quoted and every text
      // escaped as RFC 5545 writes them, and one property per line: none injected.
      expect(invitationProblems(text)).toEqual([]);
      expect(contentLines(text).map((line) => /^[^;:]+/.exec(line)?.[0])).toEqual(PROPERTIES);
      const { event } = parse(text);
      expect(event.attendee).toEqual({
        params: { RSVP: true, ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'NEEDS-ACTION', CN: shown },
        val: 'mailto:amani@example.cd',
      });
      expect(event.organizer).toEqual({
        params: { CN: `${shown} (Lisanga Digital)` },
        val: 'MAILTO:nadine@lisanga-digital.cd',
      });
      // Texts keep every character (escaped, not dropped); a lone CR is a line break there.
      const lines = (value: string) => value.replace(/\r\n?/g, '\n');
      expect(event.summary).toBe(lines(`Appel découverte Lisanga Digital · ${name}`));
      expect(event.description).toBe(lines(`Rejoindre : https://meet.example.cd/lisanga\nAvec ${name}`));
      expect(event.location).toBe('https://meet.example.cd/lisanga');
    },
  );
});
