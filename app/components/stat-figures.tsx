/**
 * The agency's figures as cards: each value first to the eye, its name after it (the term of the
 * list for screen readers, read before its value), and its description where the look shows one.
 * `hero`: small and three abreast, in the home page's hero; `section`: larger, with descriptions,
 * in a section of their own.
 */
import { cn } from '~/lib/cn';

type Stat = {
  id: string;
  name: string;
  value: number | string;
  unit: string | null;
  description?: string | null;
};

const LOOKS = {
  hero: {
    card: 'px-2 py-3 text-center sm:p-4 lg:text-left',
    name: 'mt-1 text-xs leading-snug text-gray-700 sm:text-sm',
    value: 'text-2xl text-brand-700 sm:text-3xl',
    descriptions: false,
  },
  section: {
    card: 'p-6',
    name: 'mt-2 font-semibold text-gray-900',
    value: 'text-4xl text-brand-800',
    descriptions: true,
  },
} as const;

export function StatFigures({
  stats,
  look,
  className,
}: {
  stats: Stat[];
  look: keyof typeof LOOKS;
  /** The list's grid. */
  className: string;
}) {
  const style = LOOKS[look];
  return (
    <dl className={className}>
      {stats.map((stat) => (
        <div
          key={stat.id}
          className={cn('flex flex-col rounded-xl bg-white shadow-sm ring-1 ring-gray-100', style.card)}
        >
          <dt className={cn('order-2', style.name)}>{stat.name}</dt>
          {/* leading-none after the size: cn drops a line height given before a font size. */}
          <dd className={cn('order-1 font-extrabold tabular-nums', style.value, 'leading-none')}>
            {stat.value}
            {stat.unit}
          </dd>
          {style.descriptions && stat.description ? (
            <dd className="order-3 mt-1 text-sm text-gray-700">{stat.description}</dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
