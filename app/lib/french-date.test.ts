import { describe, expect, it } from 'vitest';
import {
  calendarDateToDay,
  dayToCalendarDate,
  formatFrenchDate,
  formatFrenchTime,
  isIsoDay,
  parseFrenchDate,
  parseFrenchTime,
  splitDateTime,
  tidyFrenchDate,
  tidyFrenchTime,
} from './french-date';

describe('parseFrenchDate', () => {
  it.each([
    ['04/12/2026', '2026-12-04'],
    ['4/1/2026', '2026-01-04'],
    [' 04.12.2026 ', '2026-12-04'],
    ['04-12-2026', '2026-12-04'],
    ['04 / 12 / 2026', '2026-12-04'],
    ['04122026', '2026-12-04'],
  ])('reads the day first, as French people write it: %j is %s', (typed, day) => {
    expect(parseFrenchDate(typed)).toBe(day);
  });

  it('takes an ISO day as it is (a pasted value)', () => {
    expect(parseFrenchDate('2026-12-04')).toBe('2026-12-04');
  });

  it('refuses days that do not exist and incomplete or ambiguous text', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2027',
      '00/12/2026',
      '12/13/2026',
      '04/12/26',
      '04/12',
      '',
      'demain',
    ])
      expect(parseFrenchDate(text), text).toBeNull();
    expect(parseFrenchDate('29/02/2028')).toBe('2028-02-29');
  });
});

describe('parseFrenchTime', () => {
  it.each([
    ['14:30', '14:30'],
    ['9:05', '09:05'],
    ['9h05', '09:05'],
    ['9 h 05', '09:05'],
    ['14H', '14:00'],
    ['0905', '09:05'],
    ['00:00', '00:00'],
  ])('reads a 24-hour time in the ways it is written: %j is %s', (typed, time) => {
    expect(parseFrenchTime(typed)).toBe(time);
  });

  it('keeps seconds when they are typed', () => {
    expect(parseFrenchTime('14:30:08')).toBe('14:30:08');
  });

  it('refuses times that do not exist, and the English clock', () => {
    for (const text of ['24:00', '12:60', '2:30 PM', '2 pm', '1:5', '', 'midi'])
      expect(parseFrenchTime(text), text).toBeNull();
  });
});

describe('formatting', () => {
  it.each([
    ['2026-01-06', '06/01/2026'],
    ['06/01/20', '06/01/20'],
    ['', ''],
  ])('shows an ISO day as jj/mm/aaaa and anything else as it is: %j as %j', (value, shown) => {
    expect(formatFrenchDate(value)).toBe(shown);
  });

  it.each([
    ['09:05', '09:05'],
    ['09:05:00', '09:05'],
    ['09:05:08', '09:05:08'],
  ])('shows a time as hh:mm, with seconds only when there are some: %s as %s', (value, shown) => {
    expect(formatFrenchTime(value)).toBe(shown);
  });

  it.each([
    { tidy: tidyFrenchDate, typed: '04122026', shown: '04/12/2026' },
    { tidy: tidyFrenchDate, typed: '4.12.2026', shown: '04/12/2026' },
    { tidy: tidyFrenchTime, typed: '1430', shown: '14:30' },
    { tidy: tidyFrenchTime, typed: '9h', shown: '09:00' },
    // Not understood: left as typed, for the person to mend.
    { tidy: tidyFrenchDate, typed: '31022026', shown: '31022026' },
    { tidy: tidyFrenchTime, typed: '2560', shown: '2560' },
  ])(
    'writes back what was typed on a keypad without "/" or ":" as it was understood: $typed as $shown',
    ({ tidy, typed, shown }) => {
      expect(tidy(typed)).toBe(shown);
    },
  );

  it('formats what it parses back to the same value', () => {
    expect(parseFrenchDate(formatFrenchDate('2026-03-31'))).toBe('2026-03-31');
    expect(parseFrenchTime(formatFrenchTime('23:59'))).toBe('23:59');
  });
});

describe('day-and-time values', () => {
  it('splits a value into its day and its time, or says it is malformed', () => {
    expect(splitDateTime('2026-12-04T14:30')).toEqual({ day: '2026-12-04', time: '14:30' });
    expect(splitDateTime('2026-12-04T14:30:08')).toEqual({ day: '2026-12-04', time: '14:30:08' });
    expect(splitDateTime('')).toBeNull();
    expect(splitDateTime('04/12/2026|14:30')).toBeNull();
    expect(splitDateTime('2026-02-30T10:00')).toBeNull();
    expect(splitDateTime('2026-12-04T25:00')).toBeNull();
  });

  it.each([
    ['2026-12-04', true],
    ['2026-02-29', false],
    ['2026-12-4', false],
  ])('checks ISO days against the calendar: %s is a day, %s', (value, isDay) => {
    expect(isIsoDay(value)).toBe(isDay);
  });

  it('gives the calendar the same day whatever the browser’s time zone', () => {
    expect(calendarDateToDay(dayToCalendarDate('2026-12-31'))).toBe('2026-12-31');
    expect(calendarDateToDay(dayToCalendarDate('2026-03-01'))).toBe('2026-03-01');
  });
});
