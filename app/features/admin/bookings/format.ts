/**
 * The discovery calls' dates and times as the back-office shows them: Kinshasa's calendar and
 * clock (the office's), whatever the browser's time zone; the words are common/call-time.ts's,
 * which the visitor's emails use too.
 */
import { calendarDay, clockTime } from '#common/call-time.ts';
import { KINSHASA_TIME_ZONE, kinshasaDate } from '#common/kinshasa.ts';

const dayWithYear = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dayWithoutYear = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** A Kinshasa date (YYYY-MM-DD) in words: "jeudi 24 décembre 2026" (without the year if asked). */
export function formatDay(day: string, { year = true }: { year?: boolean } = {}): string {
  // Noon UTC is the same date everywhere: the date is read as written, not moved by a time zone.
  return (year ? dayWithYear : dayWithoutYear).format(new Date(`${day}T12:00:00Z`));
}

/** "10:00" on Kinshasa's clock. */
export const callHour = (iso: string) => clockTime(new Date(iso), KINSHASA_TIME_ZONE);

/** "jeudi 3 décembre à 10:00" on Kinshasa's calendar and clock. */
export const callWhen = (iso: string) =>
  `${calendarDay(new Date(iso), KINSHASA_TIME_ZONE)} à ${callHour(iso)}`;

/** Today's date in Kinshasa, YYYY-MM-DD. */
export const kinshasaToday = () => kinshasaDate(new Date());
