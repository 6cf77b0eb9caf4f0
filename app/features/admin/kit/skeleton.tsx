/**
 * The back-office's one way of waiting (docs/decisions/096-admin-skeletons.md): the shape of the
 * screen that is coming, drawn with a few grey primitives, instead of a spinner or a sentence.
 *
 * `Loading` is the region that waits: `aria-busy`, one visually hidden "Chargement…" status, and
 * its shapes hidden from assistive technologies, pulsing together unless the system asks for
 * less motion. The primitives (`Lines`, `Rows`, `Panel`, `ChartBox`) are plain boxes sized in the
 * content's own units (a line of `text-sm` is 20 px, a card has the card's padding and border),
 * so the content takes their place without pushing what follows.
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

const BAR = 'rounded bg-gray-200';

/** A region waiting for its data; `className` lays out its shapes. */
export function Loading({
  children,
  className,
  label = 'Chargement…',
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <div aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div aria-hidden="true" className={cn('motion-safe:animate-pulse', className)}>
        {children}
      </div>
    </div>
  );
}

// Each bar as tall as its line of text: `text-sm` (20 px), `text-base` (24 px), a page's title
// (`text-2xl`, 32 px).
const LINE = { sm: 'my-1 h-3', base: 'my-1.5 h-3', title: 'my-1.5 h-5' } as const;

/** Lines of text, one bar per width (Tailwind width classes), each as tall as a line of `size`. */
export function Lines({
  widths = ['w-3/4', 'w-1/2'],
  size = 'sm',
  className,
}: {
  widths?: string[];
  size?: keyof typeof LINE;
  className?: string;
}) {
  return (
    <div className={className}>
      {widths.map((width, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical shapes that never move.
        <div key={index} className={cn(BAR, LINE[size], width)} />
      ))}
    </div>
  );
}

/** A screen's heading (AdminPageHeader): its title and the line under it. */
export function Heading() {
  return (
    <div className="mb-6">
      <Lines size="title" widths={['w-1/2 sm:w-1/4']} />
      <Lines widths={['w-5/6 sm:w-1/2']} className="mt-1" />
    </div>
  );
}

// The lines of successive rows vary a little, as names and titles do.
const ROW_WIDTHS = ['w-2/5', 'w-1/2', 'w-1/3', 'w-3/5', 'w-5/12'];

/**
 * The rows of a list, `count` of them: each a title and a detail line, and a short figure at its
 * end. `rowClassName` gives a row the height (or padding) of the list's real rows; `head`, a table's
 * header row from 768 px (where the lists' tables show theirs).
 */
export function Rows({
  count = 6,
  rowClassName = 'py-3',
  head = false,
  className,
}: {
  count?: number;
  rowClassName?: string;
  head?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('divide-y divide-gray-100', className)}>
      {head ? (
        <div className="hidden h-[2.3rem] items-center border-b border-gray-200 md:flex">
          <div className={cn(BAR, 'h-3 w-1/2')} />
        </div>
      ) : null}
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical shapes that never move.
        <div key={index} className={cn('flex items-center gap-4', rowClassName)}>
          <Lines widths={[ROW_WIDTHS[index % ROW_WIDTHS.length] ?? 'w-1/2', 'w-1/4']} className="flex-1" />
          <div className={cn(BAR, 'h-3 w-16 shrink-0')} />
        </div>
      ))}
    </div>
  );
}

/**
 * A card of the screen (the admin's `Card`: border, padding, rounded corners), with its title's
 * bar, `lines` of text under it (3 without `children`, none with), then `children`. `className`
 * sets its height where the card's is known.
 */
export function Panel({
  lines,
  className,
  children,
}: {
  lines?: number;
  className?: string;
  children?: ReactNode;
}) {
  const count = lines ?? (children ? 0 : 3);
  return (
    <div className={cn('rounded-xl border border-gray-200 bg-white p-4 shadow-sm', className)}>
      <div className={cn(BAR, 'mt-1 mb-2 h-4 w-1/3')} />
      <Lines widths={Array.from({ length: count }, (_, index) => ROW_WIDTHS[index % 5] ?? '')} />
      {children}
    </div>
  );
}

/**
 * Tiles of a grid (figures, cards): `count` boxes bordered like cards, laid out by `className`
 * (the grid's own classes), each as tall as `tileClassName` says.
 */
export function Tiles({
  count,
  className,
  tileClassName,
}: {
  count: number;
  className?: string;
  tileClassName: string;
}) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical shapes that never move.
        <div key={index} className={cn('rounded-xl border border-gray-200 bg-white', tileClassName)} />
      ))}
    </div>
  );
}

// A bar chart's silhouette: twelve weeks rising and falling.
const BAR_HEIGHTS = [
  'h-[35%]',
  'h-[50%]',
  'h-[42%]',
  'h-[60%]',
  'h-[48%]',
  'h-[70%]',
  'h-[55%]',
  'h-[78%]',
  'h-[62%]',
  'h-[85%]',
  'h-[72%]',
  'h-[90%]',
];

/** A chart's box, as tall as `className` says (the chart's own height class), bars on a baseline. */
export function ChartBox({ className }: { className?: string }) {
  return (
    <div className={cn('flex items-end gap-[3%] border-b border-gray-200 px-[2%]', className)}>
      {BAR_HEIGHTS.map((height) => (
        <div key={height} className={cn('flex-1 rounded-t bg-gray-100', height)} />
      ))}
    </div>
  );
}

/** A stack of `count` cards of `lines` lines, waiting: a settings tab, a screen's first cards. */
export function CardsSkeleton({ count = 2, lines = 4 }: { count?: number; lines?: number }) {
  return (
    <Loading className="space-y-6">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical shapes that never move.
        <Panel key={index} lines={lines} />
      ))}
    </Loading>
  );
}

/** A whole screen waiting for its code or its data: its heading, then its first card. */
export function PageSkeleton() {
  return (
    <Loading>
      <Heading />
      <Panel lines={6} className="h-96" />
    </Loading>
  );
}
