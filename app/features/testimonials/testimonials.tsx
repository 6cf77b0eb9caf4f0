/**
 * The testimonials of a page (docs/decisions/086-testimonials.md): the home page, About, a
 * service's page.
 */
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { PublicTestimonial } from '#common/api-types.ts';
import { PageSection } from '~/components/page-section';
import { TestimonialCard } from '~/components/testimonial-card';
import { CAROUSEL_STEP_ATTRIBUTE } from '~/lib/carousel';
import { cn } from '~/lib/cn';

const STEP_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-800 shadow-sm ring-1 ring-gray-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * The testimonials of a page, nothing when there is none. On phones and tablets, a row that
 * scrolls sideways card by card (swipe, arrow keys once focused, or the buttons under it); from
 * 1024 px, a grid of three columns.
 */
export function TestimonialsSection({
  testimonials,
  titleId,
  title = 'Ils parlent de nous',
  intro,
  className,
}: {
  testimonials: PublicTestimonial[];
  titleId: string;
  title?: string;
  intro?: string;
  className?: string;
}) {
  if (testimonials.length === 0) return null;
  const trackId = `${titleId}-list`;
  const scrolls = testimonials.length > 1;
  return (
    <PageSection titleId={titleId} title={title} className={className}>
      {intro ? <p className="mt-2 max-w-2xl text-gray-700">{intro}</p> : null}
      <ul
        id={trackId}
        // Focusable so that the arrow keys scroll it (it is a scrolling region below 1024 px).
        // Relative: the cards' visually hidden texts (absolute) are then clipped with the row,
        // instead of widening the page by the width of the cards out of view.
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? 'Témoignages (faites défiler)' : undefined}
        className={cn(
          'relative mt-8 flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain scroll-smooth pb-1 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700 motion-reduce:scroll-auto',
          'lg:grid lg:snap-none lg:grid-cols-3 lg:gap-6 lg:overflow-visible',
        )}
      >
        {testimonials.map((testimonial, index) => (
          <li
            key={testimonial.id}
            className={cn(
              'shrink-0 snap-start',
              scrolls ? 'w-[85%] sm:w-[calc(50%-0.5rem)] lg:w-auto' : 'w-full sm:max-w-xl lg:max-w-none',
            )}
          >
            <TestimonialCard testimonial={testimonial} index={index} />
          </li>
        ))}
      </ul>
      {scrolls ? (
        <div className="mt-4 flex justify-end gap-3 lg:hidden">
          <button
            type="button"
            {...{ [CAROUSEL_STEP_ATTRIBUTE]: 'previous' }}
            aria-controls={trackId}
            aria-label="Témoignage précédent"
            className={STEP_BUTTON}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            {...{ [CAROUSEL_STEP_ATTRIBUTE]: 'next' }}
            aria-controls={trackId}
            aria-label="Témoignage suivant"
            className={STEP_BUTTON}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </PageSection>
  );
}
