/**
 * Kinshasa's clock, the office's, in one place: Africa/Kinshasa is UTC+1 all year (no daylight
 * saving), weeks start on Monday. Days, weeks and wall-clock times are epoch arithmetic on that
 * fixed offset rather than the time-zone database, so the SQL and the numbers are identical on
 * PGlite and PostgreSQL and in any browser (docs/decisions/038-kinshasa-time.md,
 * 106-one-kinshasa-clock.md). The French texts use Intl with the zone's name. A visitor's own zone
 * (any IANA zone, read by Intl) is common/call-time.ts's.
 */
import { KINSHASA_TIME_ZONE } from './call-time.ts';

// The zone's name lives in call-time.ts so that the booking island does not load this module.
export { KINSHASA_TIME_ZONE };
/** Kinshasa's clock is an hour ahead of UTC, all year. */
export const KINSHASA_OFFSET_MS = 60 * 60_000;
/** The offset as an ISO instant writes it. */
const KINSHASA_OFFSET_ISO = '+01:00';
const DAY_MS = 24 * 60 * 60_000;
export const WEEK_MS = 7 * DAY_MS;

/** An instant moved by the offset: its UTC fields read Kinshasa's wall clock. */
const onKinshasaClock = (at: Date) => new Date(at.getTime() + KINSHASA_OFFSET_MS);

/** Kinshasa's wall clock at `at`: its date, its "HH:MM", and the numbers behind them. */
export type KinshasaClock = {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
  hour: number;
  minute: number;
  /** 1 (Monday) to 7 (Sunday) */
  weekday: number;
};

/** The wall-clock parts of an instant in Kinshasa. */
export function kinshasaClock(at: Date): KinshasaClock {
  const local = onKinshasaClock(at);
  const iso = local.toISOString();
  return {
    date: iso.slice(0, 10),
    time: iso.slice(11, 16),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
  };
}

/** The Kinshasa calendar date of an instant, YYYY-MM-DD. */
export const kinshasaDate = (at: Date): string => kinshasaClock(at).date;

/** 00:00 Kinshasa time of a Kinshasa date (YYYY-MM-DD), as a UTC instant. */
export function kinshasaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KINSHASA_OFFSET_MS);
}

/** The Kinshasa date `days` days after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Midnight at the end of `at`'s day in Kinshasa (the next day's 00:00), as a UTC instant. */
export const kinshasaDayEnd = (at: Date): Date => kinshasaDayStart(addDays(kinshasaDate(at), 1));

/** Monday 00:00 Kinshasa time of the week containing `at`, as a UTC instant. */
export function weekStart(at: Date): Date {
  const { date, weekday } = kinshasaClock(at);
  return kinshasaDayStart(addDays(date, 1 - weekday));
}

/** The 1st of the month 00:00 Kinshasa time of `at`, as a UTC instant. */
export const monthStart = (at: Date): Date => kinshasaDayStart(`${kinshasaDate(at).slice(0, 8)}01`);

/** The wall clock of an instant as a date-time field holds it: "YYYY-MM-DDTHH:MM". */
export function kinshasaLocal(at: Date): string {
  const { date, time } = kinshasaClock(at);
  return `${date}T${time}`;
}

/**
 * The instant a Kinshasa date-time ("YYYY-MM-DDTHH:MM", seconds optional) names, as an ISO string
 * with its offset ("…T10:00:00+01:00"): what the forms send.
 */
export function kinshasaLocalToIso(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}${KINSHASA_OFFSET_ISO}`;
}

/** Kinshasa local date and time, "YYYY-MM-DD HH:MM": what a spreadsheet shows and sorts well. */
export function kinshasaDateTime(at: Date): string {
  const { date, time } = kinshasaClock(at);
  return `${date} ${time}`;
}

/** Kinshasa local date and time as a French sentence reads it: "28/11/2026 à 10:00". */
export function kinshasaDayAndHour(at: Date): string {
  const { date, time } = kinshasaClock(at);
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} à ${time}`;
}

/** The French ways the site writes a Kinshasa date or time. */
const FRENCH_FORMATS = {
  /** "4 déc. 2026" */
  date: { dateStyle: 'medium' },
  /** "4 décembre 2026" */
  longDate: { dateStyle: 'long' },
  /** "04/12/2026 10:05" */
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** "04/12/2026 10:05:07" */
  dateTimeSeconds: { dateStyle: 'short', timeStyle: 'medium' },
  /** "04/12 10:05" */
  dayMonthTime: { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type KinshasaFormat = keyof typeof FRENCH_FORMATS;

// Made on first use: a module-level `new Intl.DateTimeFormat` would stay in every bundle importing this.
const formatters = new Map<KinshasaFormat, Intl.DateTimeFormat>();

/** An instant (a Date or an ISO string) written in French on Kinshasa's calendar and clock. */
export function formatInKinshasa(at: Date | string, format: KinshasaFormat): string {
  let formatter = formatters.get(format);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('fr-FR', { ...FRENCH_FORMATS[format], timeZone: KINSHASA_TIME_ZONE });
    formatters.set(format, formatter);
  }
  return formatter.format(typeof at === 'string' ? new Date(at) : at);
}
