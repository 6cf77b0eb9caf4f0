/**
 * How the Audience screen says its figures, in French: counts, shares, durations, the change
 * against the previous period, and the names of devices and countries.
 */
import { countryName, DEVICE_LABELS, type DeviceClass } from '#common/audience.ts';
import { kinshasaClock } from '#common/kinshasa.ts';

const integer = new Intl.NumberFormat('fr-FR');
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (value: number) => integer.format(value);
export const formatRatio = (value: number) => twoDecimals.format(value);
/** A share between 0 and 1 as "12,5 %"; null (no visitor to divide by) as "—". */
export const formatRate = (value: number | null) => (value === null ? '—' : percent.format(value));

/** An engaged time as "45 s", "2 min 05 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** "YYYY-MM-DD" as "04/03/2026", without a time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

/** "YYYY-MM-DD" as "04/03", for the chart's axis. */
export function formatShortDay(day: string): string {
  return formatDay(day).slice(0, 5);
}

/** An hour's start (an ISO instant) as Kinshasa's "14 h". */
export function formatHour(iso: string): string {
  return `${kinshasaClock(new Date(iso)).hour} h`;
}

export type Change = { text: string; tone: 'good' | 'bad' | 'neutral' };

/**
 * A figure beside the previous period's: a count's relative change ("+12 %"), a share's change in
 * points ("+2,1 points"). `higherIsBetter` colours it (a rising bounce rate is bad news).
 */
export function describeChange(
  current: number,
  previous: number,
  {
    kind = 'relative',
    higherIsBetter = true,
  }: { kind?: 'relative' | 'points'; higherIsBetter?: boolean } = {},
): Change {
  const suffix = 'vs période précédente';
  let delta: number;
  let text: string;
  if (kind === 'points') {
    delta = Math.round((current - previous) * 1000) / 10;
    text = `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${decimal.format(Math.abs(delta))} point${Math.abs(delta) >= 2 ? 's' : ''} ${suffix}`;
  } else {
    if (previous === 0)
      return { text: current === 0 ? `= ${suffix}` : 'Rien sur la période précédente', tone: 'neutral' };
    delta = Math.round(((current - previous) / previous) * 100);
    text = `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${integer.format(Math.abs(delta))} % ${suffix}`;
  }
  if (delta === 0) return { text: `= ${suffix}`, tone: 'neutral' };
  return { text, tone: delta > 0 === higherIsBetter ? 'good' : 'bad' };
}

export function deviceLabel(value: string): string {
  return DEVICE_LABELS[value as DeviceClass] ?? value;
}

/** An ISO country code in French ("CD" -> "Congo-Kinshasa"); '' is an unknown country. */
export function countryLabel(code: string): string {
  return code ? countryName(code) : 'Pays inconnu';
}
