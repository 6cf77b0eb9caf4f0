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
