import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInKinshasa,
  KINSHASA_TIME_ZONE,
  kinshasaClock,
  kinshasaDate,
  kinshasaDateTime,
  kinshasaDayAndHour,
  kinshasaDayEnd,
  kinshasaDayStart,
  kinshasaLocal,
  kinshasaLocalToIso,
  monthStart,
  weekStart,
} from './kinshasa.ts';

describe('Kinshasa calendar (UTC+1, weeks from Monday)', () => {
  it.each([
    // Wednesday 4 March 2026, 11:00 in Kinshasa.
    { at: '2026-03-04T10:00:00Z', start: '2026-03-01T23:00:00.000Z' },
    // Monday 00:00 in Kinshasa is still Sunday 23:00 UTC: already the new week.
    { at: '2026-03-01T23:00:00Z', start: '2026-03-01T23:00:00.000Z' },
    // Sunday 23:59:59 in Kinshasa belongs to the week before.
    { at: '2026-03-01T22:59:59Z', start: '2026-02-22T23:00:00.000Z' },
  ])('starts the week on Monday 00:00 Kinshasa time: $at is in the week from $start', ({ at, start }) => {
    expect(weekStart(new Date(at)).toISOString()).toBe(start);
  });

  it.each([
    { at: '2026-03-15T12:00:00Z', start: '2026-02-28T23:00:00.000Z' },
    { at: '2025-12-31T23:30:00Z', start: '2025-12-31T23:00:00.000Z' },
    { at: '2025-12-31T22:30:00Z', start: '2025-11-30T23:00:00.000Z' },
  ])(
    'starts the month on the 1st 00:00 Kinshasa time, across years: $at is in the month from $start',
    ({ at, start }) => {
      expect(monthStart(new Date(at)).toISOString()).toBe(start);
    },
  );

  it('writes dates as Kinshasa sees them', () => {
    expect(kinshasaDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(kinshasaDateTime(new Date('2026-01-10T09:05:00Z'))).toBe('2026-01-10 10:05');
    expect(kinshasaDayAndHour(new Date('2026-11-28T09:00:00Z'))).toBe('28/11/2026 à 10:00');
  });
});

describe('Kinshasa wall clock', () => {
  it('reads an instant’s date, time and weekday an hour ahead of UTC', () => {
    // Thursday 3 December 2026, 23:30 UTC: already Friday the 4th, 00:30, in Kinshasa.
    expect(kinshasaClock(new Date('2026-12-03T23:30:00Z'))).toEqual({
      date: '2026-12-04',
      time: '00:30',
      hour: 0,
      minute: 30,
      weekday: 5,
    });
    // Sunday 22:59 UTC is Sunday 23:59 there: weekday 7, not yet Monday.
    expect(kinshasaClock(new Date('2026-12-06T22:59:00Z')).weekday).toBe(7);
    expect(kinshasaClock(new Date('2026-12-06T23:00:00Z')).weekday).toBe(1);
  });

  it('cuts days at Kinshasa’s midnight, 23:00 UTC the day before', () => {
    expect(kinshasaDayStart('2026-12-04').toISOString()).toBe('2026-12-03T23:00:00.000Z');
    // The last instant of a day and the first of the next fall on each side of the cut.
    expect(kinshasaDate(new Date('2026-12-04T22:59:59.999Z'))).toBe('2026-12-04');
    expect(kinshasaDate(new Date('2026-12-04T23:00:00Z'))).toBe('2026-12-05');
    expect(kinshasaDayEnd(new Date('2026-12-04T22:59:59Z')).toISOString()).toBe('2026-12-04T23:00:00.000Z');
    expect(kinshasaDayEnd(new Date('2026-12-04T23:00:00Z')).toISOString()).toBe('2026-12-05T23:00:00.000Z');
  });

  it('counts days across months, years and 29 February', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('has no daylight saving: the same offset in January and July, as the time-zone database says', () => {
    for (const at of [
      '2026-01-15T12:00:00Z',
      '2026-03-29T12:00:00Z',
      '2026-07-15T12:00:00Z',
      '2026-10-25T12:00:00Z',
    ]) {
      const clock = kinshasaClock(new Date(at));
      expect(clock.hour).toBe(13);
      const intlHour = new Intl.DateTimeFormat('en-GB', {
        timeZone: KINSHASA_TIME_ZONE,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(at));
      expect(Number(intlHour)).toBe(clock.hour);
    }
    // A day is always 24 hours long there.
    expect(kinshasaDayStart('2026-03-30').getTime() - kinshasaDayStart('2026-03-29').getTime()).toBe(
      86_400_000,
    );
  });

  it('turns a date-time field’s value into the instant it names, and back', () => {
    expect(kinshasaLocalToIso('2026-12-04T10:00')).toBe('2026-12-04T10:00:00+01:00');
    expect(kinshasaLocalToIso('2026-12-04T10:00:30')).toBe('2026-12-04T10:00:30+01:00');
    expect(new Date(kinshasaLocalToIso('2026-12-05T00:15')).toISOString()).toBe('2026-12-04T23:15:00.000Z');
    expect(kinshasaLocal(new Date('2026-12-04T23:15:00Z'))).toBe('2026-12-05T00:15');
    expect(kinshasaLocal(new Date(kinshasaLocalToIso('2026-07-01T08:45')))).toBe('2026-07-01T08:45');
  });
});

describe('French dates and times on Kinshasa’s clock', () => {
  // 23:30 UTC on the 3rd: the 4th in Kinshasa, whatever the machine's own zone.
  const lateEvening = '2026-12-03T23:30:07Z';

  it('writes the Kinshasa date and time, not UTC’s', () => {
    expect(formatInKinshasa(lateEvening, 'date')).toBe('4 déc. 2026');
    expect(formatInKinshasa(lateEvening, 'longDate')).toBe('4 décembre 2026');
    expect(formatInKinshasa(lateEvening, 'dateTime')).toBe('04/12/2026 00:30');
    expect(formatInKinshasa(lateEvening, 'dateTimeSeconds')).toBe('04/12/2026 00:30:07');
    expect(formatInKinshasa(new Date(lateEvening), 'dayMonthTime')).toBe('04/12 00:30');
  });
});
