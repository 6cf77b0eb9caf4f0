import { describe, expect, it } from 'vitest';
import { knownTimeZone } from '#common/call-time.ts';
import { availableSlots, type BookableAdmin, type SlotQuery } from './slots.ts';

/** Thursday 25 March 2027, 07:00 in Kinshasa (06:00 UTC); Paris moves to summer time on Sunday 28. */
const NOW = new Date('2027-03-25T06:00:00Z');

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

const nadine: BookableAdmin = {
  id: 'nadine',
  hours: [...weekdays('09:00', '12:00'), ...weekdays('14:00', '17:00')],
  daysOff: [],
};

/** Thursday 25 March 2027's morning in the weekly hours (09:00 to 12:00 in Kinshasa), as slots. */
const THURSDAY_MORNING = [
  '2027-03-25 09:00',
  '2027-03-25 09:30',
  '2027-03-25 10:00',
  '2027-03-25 10:30',
  '2027-03-25 11:00',
  '2027-03-25 11:30',
];

const query = (overrides: Partial<SlotQuery> = {}): SlotQuery => ({
  now: NOW,
  admins: [nadine],
  busy: [],
  preferredTime: 'Flexible',
  urgency: 'Pas urgent',
  ...overrides,
});

/** The slots' starts as Kinshasa wall-clock times, "YYYY-MM-DD HH:MM". */
const kinshasa = (slots: { startsAt: Date }[]) =>
  slots.map((s) => new Date(s.startsAt.getTime() + 3_600_000).toISOString().slice(0, 16).replace('T', ' '));

describe('the discovery call’s slots', () => {
  it('offers 30-minute slots in the weekly hours, with their break, two hours ahead at least, never on a weekend', () => {
    const { slots, matchesPreference } = availableSlots(query());
    expect(matchesPreference).toBe(true);
    const thursday = kinshasa(slots).filter((s) => s.startsWith('2027-03-25'));
    expect(thursday).toEqual([
      ...THURSDAY_MORNING,
      '2027-03-25 14:00',
      '2027-03-25 14:30',
      '2027-03-25 15:00',
      '2027-03-25 15:30',
      '2027-03-25 16:00',
      '2027-03-25 16:30',
    ]);
    expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 30 * 60_000)).toBe(true);
    expect(kinshasa(slots).some((s) => s.startsWith('2027-03-27') || s.startsWith('2027-03-28'))).toBe(false);
    // Ten working days in the next fourteen, twelve slots each (the first Thursday included).
    expect(slots).toHaveLength(10 * 12);
    // Asked at 08:30 Kinshasa, 09:00 is too close (less than two hours): the first is 10:30.
    const later = availableSlots(query({ now: new Date('2027-03-25T07:30:00Z') }));
    expect(kinshasa(later.slots)[0]).toBe('2027-03-25 10:30');
  });

  it('reads "Matin (8h-12h)" on the visitor’s clock: Paris matches Kinshasa until its summer time, then an hour ahead', () => {
    const paris = availableSlots(query({ preferredTime: 'Matin (8h-12h)', visitorTimeZone: 'Europe/Paris' }));
    const slots = kinshasa(paris.slots);
    // Thursday, Paris in winter time (UTC+1, as Kinshasa): 09:00 to 11:30 in Kinshasa.
    expect(slots.filter((s) => s.startsWith('2027-03-25'))).toEqual(THURSDAY_MORNING);
    // Monday, Paris in summer time (UTC+2): its 8h-12h is 7h-11h in Kinshasa, so 09:00 to 10:30.
    expect(slots.filter((s) => s.startsWith('2027-03-29'))).toEqual([
      '2027-03-29 09:00',
      '2027-03-29 09:30',
      '2027-03-29 10:00',
      '2027-03-29 10:30',
    ]);
    // The same instants for a visitor in Kinshasa: Monday's morning keeps 11:00 and 11:30.
    const local = kinshasa(availableSlots(query({ preferredTime: 'Matin (8h-12h)' })).slots);
    expect(local.filter((s) => s.startsWith('2027-03-29'))).toHaveLength(6);
    expect(paris.slots[0]?.startsAt.toISOString()).toBe('2027-03-25T08:00:00.000Z');
  });

  it('leaves out what is booked and the days off, and merges the admins free at the same time', () => {
    const kevin: BookableAdmin = {
      id: 'kevin',
      hours: [{ weekday: 4, start: '09:00', end: '10:00' }],
      daysOff: [],
    };
    const { slots } = availableSlots(
      query({
        admins: [{ ...nadine, daysOff: ['2027-03-26'] }, kevin],
        busy: [
          {
            adminId: 'nadine',
            startsAt: new Date('2027-03-25T08:00:00Z'),
            endsAt: new Date('2027-03-25T09:00:00Z'),
          },
          {
            adminId: 'kevin',
            startsAt: new Date('2027-03-25T08:00:00Z'),
            endsAt: new Date('2027-03-25T08:30:00Z'),
          },
        ],
      }),
    );
    const at = (k: string) => slots.find((s) => kinshasa([s])[0] === k);
    // 09:00: both busy; 09:30: Kevin only (Nadine's call lasts an hour); 10:00: Nadine only.
    expect(at('2027-03-25 09:00')).toBeUndefined();
    expect(at('2027-03-25 09:30')?.adminIds).toEqual(['kevin']);
    expect(at('2027-03-25 10:00')?.adminIds).toEqual(['nadine']);
    // Friday is Nadine's day off, and Kevin works on Thursdays only.
    expect(kinshasa(slots).some((s) => s.startsWith('2027-03-26'))).toBe(false);
  });

  it('"Cette semaine" offers the next seven days first, and every slot when none is left in them', () => {
    const urgent = availableSlots(query({ urgency: 'Cette semaine' }));
    expect(urgent.slots.every((s) => s.startsAt.getTime() < NOW.getTime() + 7 * 86_400_000)).toBe(true);
    expect(urgent.slots).toHaveLength(5 * 12);
    const fullWeek = availableSlots(
      query({
        urgency: 'Cette semaine',
        admins: [
          { ...nadine, daysOff: ['2027-03-25', '2027-03-26', '2027-03-29', '2027-03-30', '2027-03-31'] },
        ],
      }),
    );
    expect(kinshasa(fullWeek.slots)[0]).toBe('2027-04-01 09:00');
  });

  it('offers every free slot, saying so, when none falls in the preferred part of the day', () => {
    const mornings: BookableAdmin = { id: 'nadine', hours: weekdays('09:00', '12:00'), daysOff: [] };
    const late = availableSlots(query({ admins: [mornings], preferredTime: 'Fin d’après-midi (16h-18h)' }));
    expect(late.matchesPreference).toBe(false);
    expect(late.slots).toHaveLength(10 * 6);
    expect(availableSlots(query({ admins: [] }))).toEqual({ slots: [], matchesPreference: true });
  });

  it('takes an unknown time zone for Kinshasa’s', () => {
    expect(knownTimeZone('Mars/Olympus')).toBe('Africa/Kinshasa');
    expect(knownTimeZone(undefined)).toBe('Africa/Kinshasa');
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});
