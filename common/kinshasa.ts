/**
 * The admin's calendar: Kinshasa time (Africa/Kinshasa, UTC+1 all year, no daylight saving), weeks
 * starting on Monday. A fixed offset rather than the time-zone database keeps the SQL and the
 * numbers identical on PGlite and PostgreSQL (docs/decisions/038-kinshasa-time.md). Shared by the
 * server (through server/calendar/kinshasa.ts) and the back-office's agenda, which both cut days
 * and weeks the same way.
 */
export const KINSHASA_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 Kinshasa time of the week containing `at`, as a UTC instant. */
export function weekStart(at: Date): Date {
  const local = new Date(at.getTime() + KINSHASA_OFFSET_MS);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(localMidnight - daysSinceMonday * DAY_MS - KINSHASA_OFFSET_MS);
}

/** Midnight at the end of `at`'s day in Kinshasa (the next day's 00:00), as a UTC instant. */
export function kinshasaDayEnd(at: Date): Date {
  const local = new Date(at.getTime() + KINSHASA_OFFSET_MS);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(localMidnight + DAY_MS - KINSHASA_OFFSET_MS);
}

/** The 1st of the month 00:00 Kinshasa time of `at`, as a UTC instant. */
export function monthStart(at: Date): Date {
  const local = new Date(at.getTime() + KINSHASA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - KINSHASA_OFFSET_MS);
}

/** The Kinshasa calendar date of an instant, YYYY-MM-DD. */
export function kinshasaDate(at: Date): string {
  return new Date(at.getTime() + KINSHASA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 Kinshasa time of a Kinshasa date (YYYY-MM-DD), as a UTC instant. */
export function kinshasaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KINSHASA_OFFSET_MS);
}

/** The Kinshasa date `days` days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Kinshasa local date and time, "YYYY-MM-DD HH:MM": what a spreadsheet shows and sorts well. */
export function kinshasaDateTime(at: Date): string {
  const iso = new Date(at.getTime() + KINSHASA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Kinshasa local date and time as a French sentence reads it: "28/11/2026 à 10:00". */
export function kinshasaDayAndHour(at: Date): string {
  const [date = '', time = ''] = kinshasaDateTime(at).split(' ');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} à ${time}`;
}
