import { describe, expect, it } from 'vitest';
import { aCallInvitation } from '#tests/helpers/factories.ts';
import { parseInvitation as parse } from '#tests/helpers/ical.ts';
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
