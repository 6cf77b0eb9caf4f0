/**
 * Dates and times as French people type and read them (jj/mm/aaaa, 24-hour hh:mm), whatever the
 * browser's language, and the ISO values the forms send (YYYY-MM-DD, HH:MM or HH:MM:SS). Pure
 * functions: the date-time field uses them, and so do its tests.
 */

export const DATE_FORMAT_MESSAGE =
  'Date invalide\u00a0: écrivez-la sous la forme jj/mm/aaaa, par exemple 04/12/2026.';
export const TIME_FORMAT_MESSAGE =
  'Heure invalide\u00a0: écrivez-la sous la forme hh:mm sur 24\u00a0h, par exemple 14:30.';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A real calendar day in ISO form (not 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number | string) => String(n).padStart(2, '0');

/**
 * What someone typed as a day, as YYYY-MM-DD, or null. Day first: 4/12/2026, 04/12/2026,
 * 04.12.2026, 04-12-2026 and 04122026 are the 4th of December; an ISO day is taken as it is.
 */
export function parseFrenchDate(text: string): string | null {
  const typed = text.trim();
  if (isIsoDay(typed)) return typed;
  const match =
    /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** An ISO day shown as jj/mm/aaaa; anything else is shown as it is. */
export function formatFrenchDate(iso: string): string {
  const match = ISO_DAY.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * What someone typed as a day, written back as jj/mm/aaaa once understood (04122026, typed on a
 * keypad without "/", becomes 04/12/2026); text that is not a day is left as it is.
 */
export function tidyFrenchDate(text: string): string {
  const day = parseFrenchDate(text);
  return day ? formatFrenchDate(day) : text;
}

/**
 * What someone typed as a time of day (24 h), as HH:MM, or HH:MM:SS when seconds were typed; or
 * null. 9:05, 09:05, 9h05, 9 h 05, 9h and 0905 are all 09:05 (or 09:00).
 */
export function parseFrenchTime(text: string): string | null {
  const typed = text.trim().toLowerCase();
  const match =
    /^(\d{1,2})\s*[:h.]\s*(\d{2})(?::(\d{2}))?$/.exec(typed) ??
    /^(\d{1,2})\s*h$/.exec(typed) ??
    /^(\d{2})(\d{2})$/.exec(typed);
  if (!match) return null;
  const time = `${pad(match[1] as string)}:${match[2] ?? '00'}${match[3] ? `:${match[3]}` : ''}`;
  return ISO_TIME.test(time) ? time : null;
}

/** A time value shown as hh:mm (seconds only when there are some). */
export function formatFrenchTime(value: string): string {
  const match = ISO_TIME.exec(value);
  if (!match) return value;
  return match[3] && match[3] !== '00' ? value : `${match[1]}:${match[2]}`;
}

/** What someone typed as a time, written back as hh:mm once understood (1430, 14h30: 14:30). */
export function tidyFrenchTime(text: string): string {
  const time = parseFrenchTime(text);
  return time ? formatFrenchTime(time) : text;
}

/** A day-and-time value (YYYY-MM-DDTHH:MM[:SS]) split into its day and its time; null when malformed. */
export function splitDateTime(value: string): { day: string; time: string } | null {
  const [day = '', time = '', ...rest] = value.split('T');
  return rest.length === 0 && isIsoDay(day) && ISO_TIME.test(time) ? { day, time } : null;
}

/** A day (YYYY-MM-DD) as the calendar's date: that day at noon, on the browser's clock. */
export function dayToCalendarDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 12);
}

/** The day (YYYY-MM-DD) a calendar date stands for. */
export function calendarDateToDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
