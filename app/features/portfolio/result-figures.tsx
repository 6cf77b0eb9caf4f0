/**
 * A case study's results as figures, not prose (docs/design.md): the number first and large, what
 * it counts under it. The back-office stores each result as free text (`value`, 40 characters, and
 * `label`), so the figure is read from the value: "+150 % de ventes" shows "+150 %" large and
 * "de ventes" under it; a value without a leading number ("Top 3 Google") stays whole, smaller.
 */

/** A leading figure: a sign or comparison, a number with its thousands groups, then a unit. */
const FIGURE =
  /^((?:[+\-−–±~≈<>≤≥]\s?)?(?:[x×]\s?)?\d+(?:[\s\u00a0\u202f.,]\d+)*(?:\s?(?:%|\$|€|FC|CDF|USD|k|K|M|Md|x|×|h|min|j|pts?|points?|fois)(?=\s|$))?)(?:\s+(.+))?$/u;

export type ResultFigure = {
  /** Shown large; spaces become no-break ones ("48 500 $" never breaks). */
  figure: string;
  /** The rest of the value, shown under the figure ("de ventes"), or null. */
  rest: string | null;
  /** True when the value has no leading number: shown whole, at a smaller size. */
  prose: boolean;
};

export function resultFigure(value: string): ResultFigure {
  const text = value.trim().replace(/\s+/g, ' ');
  const match = FIGURE.exec(text);
  const nbsp = (s: string) => s.replace(/ /g, '\u00a0');
  if (!match?.[1]) return { figure: text, rest: null, prose: true };
  return { figure: nbsp(match[1]), rest: match[2] ?? null, prose: false };
}

export function ResultFigures({ results }: { results: { label: string; value: string }[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 sm:gap-3" data-testid="result-figures">
      {results.map((result) => {
        const { figure, rest, prose } = resultFigure(result.value);
        return (
          <div
            key={`${result.label}-${result.value}`}
            className="flex min-w-0 flex-col rounded-xl bg-brand-50 px-3 py-4 ring-1 ring-brand-100 sm:p-4"
          >
            <dt className="order-2 mt-2 text-xs leading-snug text-gray-700 sm:text-sm">{result.label}</dt>
            <dd className="order-1 min-w-0 text-brand-800">
              <span
                data-testid="result-figure"
                className={
                  prose
                    ? 'block text-lg leading-tight font-bold text-balance [overflow-wrap:anywhere] sm:text-xl'
                    : 'block text-xl leading-none font-extrabold tracking-tight tabular-nums [overflow-wrap:anywhere] min-[360px]:text-2xl sm:text-3xl'
                }
              >
                {figure}
              </span>
              {rest ? (
                <span className="mt-1 block text-sm leading-snug font-semibold [overflow-wrap:anywhere]">
                  {rest}
                </span>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
