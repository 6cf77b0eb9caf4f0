/** French number formatting for the dashboard's figures and charts. */
const integer = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return integer.format(value);
}

/**
 * The share of `part` in `whole` as a French percentage ("33,3 %"). Derived from the two counts
 * rather than read from a pre-computed rate, so the figure always matches the sentence beside it.
 */
export function formatShare(part: number, whole: number): string {
  return percent.format(whole > 0 ? part / whole : 0);
}

/** "YYYY-MM-DD" (a Monday, from the API) as "dd/MM", without going through a time zone. */
export function formatWeek(weekStart: string): string {
  const [, month, day] = weekStart.split('-');
  return month && day ? `${day}/${month}` : weekStart;
}

/** "1 confirmé", "3 confirmés": French plural (0 and 1 are singular). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${Math.abs(count) < 2 ? singular : pluralForm}`;
}
