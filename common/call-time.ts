/**
 * A discovery call's time as people read it (docs/decisions/077-call-booking.md): on the visitor's
 * own clock, with Kinshasa's beside it when the two differ at that moment. Shared by the booking
 * page and the emails, so both say the same words. Intl's time-zone database does the work.
 * Kinshasa's calendar and clock are common/kinshasa.ts's; the zone's name is written here, where
 * the booking page's island finds it without loading the calendar.
 */

export const KINSHASA_TIME_ZONE = 'Africa/Kinshasa';

/** The zone when the runtime knows it, else Kinshasa's (an old browser, a forged value). */
export function knownTimeZone(zone: string | null | undefined): string {
  if (!zone) return KINSHASA_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return KINSHASA_TIME_ZONE;
  }
}

/** Whether the runtime knows `zone` by that name ("Etc/Unknown" is what some browsers say when they do not). */
function isKnownTimeZone(zone: string): boolean {
  if (zone === 'Etc/Unknown') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The device's zone, from the name its browser gives (`Intl…resolvedOptions().timeZone`), else from
 * its offset east of UTC in minutes (`-new Date().getTimezoneOffset()`): "UTC", or the Etc zone of
 * a whole number of hours. Null when neither says it: the page then claims nothing of the device.
 */
export function deviceTimeZone(named: string | null | undefined, eastOfUtcMinutes: number): string | null {
  if (named && isKnownTimeZone(named)) return knownTimeZone(named);
  if (eastOfUtcMinutes === 0) return 'UTC';
  const hours = eastOfUtcMinutes / 60;
  if (!Number.isInteger(hours) || Math.abs(hours) > 14) return null;
  // The Etc zones count the other way: Etc/GMT-1 is an hour ahead of UTC.
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

const MINUTE = 60_000;

/** How many minutes `zone`'s clock is ahead of UTC at `at`. */
function utcOffsetMinutes(at: Date, zone: string): number {
  const parts = formatter('offset', zone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(at.getTime() / MINUTE) * MINUTE) / MINUTE);
}

/** Whether `zone` reads Kinshasa's clock all year round (Lagos, Luanda: UTC+1 without summer time). */
function onKinshasaClockAllYear(zone: string, at: Date): boolean {
  const year = at.getUTCFullYear();
  return [Date.UTC(year, 0, 15, 12), Date.UTC(year, 6, 15, 12)].every(
    (moment) =>
      utcOffsetMinutes(new Date(moment), zone) === utcOffsetMinutes(new Date(moment), KINSHASA_TIME_ZONE),
  );
}

/** "UTC", "UTC+3", "UTC−3", "UTC+5:30": `zone`'s offset at `at`. */
function utcOffsetName(at: Date, zone: string): string {
  const offset = utcOffsetMinutes(at, zone);
  if (offset === 0) return 'UTC';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  return `UTC${offset > 0 ? '+' : '\u2212'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/**
 * The name of `zone`'s time, true for whoever reads it: "heure de Kinshasa" for a zone on
 * Kinshasa's clock all year (Lagos too), "heure UTC" or "heure UTC−3" for a zone without a city
 * (UTC, Etc/GMT+3), else the city of its last part: "heure de Paris", "heure d'Abidjan"
 * ("America/New_York": New York).
 */
export function zoneLabel(name: string, at: Date = new Date()): string {
  const zone = knownTimeZone(name);
  if (onKinshasaClockAllYear(zone, at)) return 'heure de Kinshasa';
  if (!zone.includes('/') || zone.startsWith('Etc/')) return `heure ${utcOffsetName(at, zone)}`;
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  return /^[AEIOUYÉH]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;
}

/**
 * One formatter per kind and zone, made once: building an Intl.DateTimeFormat costs far more than
 * using one, and the booking page formats every slot of two weeks on a cheap phone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${zone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('fr-FR', { timeZone: zone, ...options });
    formatters.set(key, made);
  }
  return made;
}

const dayAndTime = (zone: string) =>
  formatter('day-time', zone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
const timeOnly = (zone: string) => formatter('time', zone, { hour: '2-digit', minute: '2-digit' });
const dayOnly = (zone: string) => formatter('day', zone, { weekday: 'long', day: 'numeric', month: 'long' });

/** "10:00" on `zone`'s clock. */
export const clockTime = (at: Date, zone: string) => timeOnly(zone).format(at);

/** "jeudi 3 décembre" on `zone`'s calendar. */
export const calendarDay = (at: Date, zone: string) => dayOnly(zone).format(at);

/** Whether `zone` reads the same wall clock as Kinshasa at `at` (Paris in winter does). */
export const sameClockAsKinshasa = (at: Date, zone: string) =>
  dayAndTime(zone).format(at) === dayAndTime(KINSHASA_TIME_ZONE).format(at);

/**
 * The call's time for someone in `zone`: "jeudi 3 décembre à 10:00 (heure de Paris)", and
 * `kinshasa` "11:00 à Kinshasa" when Kinshasa's clock says otherwise (else empty).
 */
export function callTimeWords(at: Date, zone: string): { when: string; kinshasa: string } {
  const known = knownTimeZone(zone);
  const when = `${dayAndTime(known).format(at)} (${zoneLabel(known, at)})`;
  if (sameClockAsKinshasa(at, known)) return { when, kinshasa: '' };
  const day = calendarDay(at, KINSHASA_TIME_ZONE);
  const sameDay = day === calendarDay(at, known);
  return {
    when,
    kinshasa: sameDay
      ? `${clockTime(at, KINSHASA_TIME_ZONE)} à Kinshasa`
      : `${day} à ${clockTime(at, KINSHASA_TIME_ZONE)} à Kinshasa`,
  };
}
