/**
 * A discovery call's time as people read it (docs/decisions/077-call-booking.md): on the visitor's
 * own clock, with Kinshasa's beside it when the two differ at that moment. Shared by the booking
 * page and the emails, so both say the same words. Intl's time-zone database does the work.
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

/** "heure de Paris", "heure d’Abidjan", from the zone's last part ("America/New_York": New York). */
export function zoneLabel(zone: string): string {
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
  const when = `${dayAndTime(known).format(at)} (${zoneLabel(known)})`;
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
