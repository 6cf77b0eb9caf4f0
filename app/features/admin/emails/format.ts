/** Figures and hours of the campaign screens, as the Kinshasa office reads them. */
import { formatInKinshasa } from '#common/kinshasa.ts';

export const formatHour = (iso: string) => formatInKinshasa(iso, 'dayMonthTime');
export const formatCount = (n: number) => n.toLocaleString('fr-FR');
export const formatRate = (part: number, whole: number) =>
  whole > 0 ? (part / whole).toLocaleString('fr-FR', { style: 'percent', maximumFractionDigits: 1 }) : '—';
