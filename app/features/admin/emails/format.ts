/** Figures and hours of the campaign screens, as the Kinshasa office reads them. */
const hourFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Kinshasa',
});
export const formatHour = (iso: string) => hourFormat.format(new Date(iso));
export const formatCount = (n: number) => n.toLocaleString('fr-FR');
export const formatRate = (part: number, whole: number) =>
  whole > 0 ? (part / whole).toLocaleString('fr-FR', { style: 'percent', maximumFractionDigits: 1 }) : '—';

/** Kinshasa is UTC+1 all year (no daylight saving): a datetime-local value read there. */
export const KINSHASA_OFFSET = '+01:00';
export function kinshasaLocalToIso(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}${KINSHASA_OFFSET}`;
}
/** The datetime-local value (YYYY-MM-DDTHH:MM) of an instant in Kinshasa. */
export function isoToKinshasaLocal(date: Date): string {
  return new Date(date.getTime() + 60 * 60 * 1000).toISOString().slice(0, 16);
}
