/**
 * A list that scrolls sideways card by card on small screens and becomes a grid from a breakpoint
 * (the testimonials, the team on the home page): a swipe and the arrow keys need no script (the
 * list takes the focus, it is a scrolling region); the "previous" and "next" buttons are plain
 * markup that one delegated listener brings to life (app/lib/carousel.ts). Nothing is hydrated.
 */
import type { LucideIcon } from 'lucide-react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ReactNode } from 'react';
import { CAROUSEL_STEP_ATTRIBUTE } from '~/lib/carousel';
import { cn } from '~/lib/cn';

const STEP_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-gray-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * The list. `scrolls`: more than one card, so it scrolls (and is named and focusable). `className`
 * carries where it becomes a grid (e.g. `lg:grid lg:snap-none lg:grid-cols-3 lg:overflow-visible`).
 */
export function CarouselTrack({
  id,
  label,
  scrolls,
  className,
  children,
}: {
  id: string;
  /** What the list holds, e.g. "Témoignages": its name is "<label> (faites défiler)". */
  label: string;
  scrolls: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ul
      id={id}
      tabIndex={scrolls ? 0 : undefined}
      aria-label={scrolls ? `${label} (faites défiler)` : undefined}
      // Relative: the cards' visually hidden texts (absolute) are then clipped with the row,
      // instead of widening the page by the width of the cards out of view.
      className={cn(
        'relative flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain scroll-smooth pb-1 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700 motion-reduce:scroll-auto',
        className,
      )}
    >
      {children}
    </ul>
  );
}

/** The "previous" and "next" buttons under a track; `className` hides them where it is a grid. */
export function CarouselButtons({
  trackId,
  previous,
  next,
  className,
}: {
  trackId: string;
  previous: string;
  next: string;
  className?: string;
}) {
  return (
    <div className={cn('mt-4 flex justify-end gap-3', className)}>
      <StepButton step="previous" trackId={trackId} label={previous} icon={ChevronLeft} />
      <StepButton step="next" trackId={trackId} label={next} icon={ChevronRight} />
    </div>
  );
}

/** One of the buttons: its step attribute is what the delegated listener reads. */
function StepButton({
  step,
  trackId,
  label,
  icon: Icon,
}: {
  step: 'previous' | 'next';
  trackId: string;
  label: string;
  icon: LucideIcon;
}) {
  return (
    <button
      type="button"
      {...{ [CAROUSEL_STEP_ATTRIBUTE]: step }}
      aria-controls={trackId}
      aria-label={label}
      className={STEP_BUTTON}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
