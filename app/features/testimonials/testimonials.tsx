/**
 * The testimonials of a page (docs/decisions/086-testimonials.md): the home page, About, a
 * service's page.
 */
import type { PublicTestimonial } from '#common/api-types.ts';
import { CarouselButtons, CarouselTrack } from '~/components/carousel';
import { PageSection } from '~/components/page-section';
import { TestimonialCard } from '~/components/testimonial-card';
import { cn } from '~/lib/cn';

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
      <CarouselTrack
        id={trackId}
        label="Témoignages"
        scrolls={scrolls}
        className="mt-8 lg:grid lg:snap-none lg:grid-cols-3 lg:gap-6 lg:overflow-visible"
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
      </CarouselTrack>
      {scrolls ? (
        <CarouselButtons
          trackId={trackId}
          previous="Témoignage précédent"
          next="Témoignage suivant"
          className="lg:hidden"
        />
      ) : null}
    </PageSection>
  );
}
