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
  it('reads the day first, as French people write it', () => {
    expect(parseFrenchDate('04/12/2026')).toBe('2026-12-04');
    expect(parseFrenchDate('4/1/2026')).toBe('2026-01-04');
    expect(parseFrenchDate(' 04.12.2026 ')).toBe('2026-12-04');
    expect(parseFrenchDate('04-12-2026')).toBe('2026-12-04');
    expect(parseFrenchDate('04 / 12 / 2026')).toBe('2026-12-04');
    expect(parseFrenchDate('04122026')).toBe('2026-12-04');
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
  it('reads a 24-hour time in the ways it is written', () => {
    expect(parseFrenchTime('14:30')).toBe('14:30');
    expect(parseFrenchTime('9:05')).toBe('09:05');
    expect(parseFrenchTime('9h05')).toBe('09:05');
    expect(parseFrenchTime('9 h 05')).toBe('09:05');
    expect(parseFrenchTime('14H')).toBe('14:00');
    expect(parseFrenchTime('0905')).toBe('09:05');
    expect(parseFrenchTime('00:00')).toBe('00:00');
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
  it('shows an ISO day as jj/mm/aaaa and anything else as it is', () => {
    expect(formatFrenchDate('2026-01-06')).toBe('06/01/2026');
    expect(formatFrenchDate('06/01/20')).toBe('06/01/20');
    expect(formatFrenchDate('')).toBe('');
  });

  it('shows a time as hh:mm, with seconds only when there are some', () => {
    expect(formatFrenchTime('09:05')).toBe('09:05');
    expect(formatFrenchTime('09:05:00')).toBe('09:05');
    expect(formatFrenchTime('09:05:08')).toBe('09:05:08');
  });

  it('writes back what was typed on a keypad without "/" or ":" as it was understood', () => {
    expect(tidyFrenchDate('04122026')).toBe('04/12/2026');
    expect(tidyFrenchDate('4.12.2026')).toBe('04/12/2026');
    expect(tidyFrenchTime('1430')).toBe('14:30');
    expect(tidyFrenchTime('9h')).toBe('09:00');
    // Not understood: left as typed, for the person to mend.
    expect(tidyFrenchDate('31022026')).toBe('31022026');
    expect(tidyFrenchTime('2560')).toBe('2560');
  });

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

  it('checks ISO days against the calendar', () => {
    expect(isIsoDay('2026-12-04')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-12-4')).toBe(false);
  });

  it('gives the calendar the same day whatever the browser’s time zone', () => {
    expect(calendarDateToDay(dayToCalendarDate('2026-12-31'))).toBe('2026-12-31');
    expect(calendarDateToDay(dayToCalendarDate('2026-03-01'))).toBe('2026-03-01');
  });
});
