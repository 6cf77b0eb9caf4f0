/**
 * What a client says (docs/decisions/086-testimonials.md), as a `figure`: the words
 * in a `blockquote`, who said them in the `figcaption`, and the case study it tells of. No review
 * markup for search engines: a business's own testimonials are not reviews (Google ignores
 * self-serving ones), and the page stays honest about what they are.
 */
import ChevronRight from 'lucide-react/icons/chevron-right';
import Quote from 'lucide-react/icons/quote';
import { Link } from 'react-router';
import type { PublicTestimonial } from '#common/api-types.ts';
import { mediaSrcset } from '#common/schemas/media.ts';
import { cn } from '~/lib/cn';
import { InitialsAvatar } from './initials-avatar';

const AVATAR_SIZE = 48;

/** The portrait, else the company's logo, else the person's initials on a brand tint. */
function Avatar({ testimonial, index }: { testimonial: PublicTestimonial; index: number }) {
  const { photoUrl, logoUrl } = testimonial;
  if (photoUrl || logoUrl) {
    const url = (photoUrl ?? logoUrl) as string;
    return (
      <img
        src={url}
        srcSet={mediaSrcset(url)}
        sizes={`${AVATAR_SIZE}px`}
        // Decorative: the name (and the company) are written beside it.
        alt=""
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        loading="lazy"
        decoding="async"
        className={cn(
          'size-12 shrink-0 rounded-full bg-white ring-2 ring-brand-100',
          photoUrl ? 'object-cover' : 'object-contain p-1.5',
        )}
      />
    );
  }
  return <InitialsAvatar name={testimonial.authorName} index={index} className="size-12 text-base" />;
}

/** "Directrice marketing, Kin Textiles": the role and the company, whichever are given. */
export const roleLine = (testimonial: Pick<PublicTestimonial, 'authorRole' | 'company'>) =>
  [testimonial.authorRole, testimonial.company].filter(Boolean).join(', ');

export function TestimonialCard({
  testimonial,
  index = 0,
  showCaseStudy = true,
  preview = false,
  className,
}: {
  testimonial: PublicTestimonial;
  /** Its place in the list, for the tint of the initials. */
  index?: number;
  /** Off where the card already sits in its case study. */
  showCaseStudy?: boolean;
  /** The back-office's preview: the link is drawn, not followed (the form would be lost). */
  preview?: boolean;
  className?: string;
}) {
  const role = roleLine(testimonial);
  const linkClass =
    'mt-4 inline-flex min-h-6 items-center gap-1 self-start text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';
  const linkText = (
    <>
      Lire l’étude de cas<span className="sr-only"> : {testimonial.caseStudy?.title}</span>
      <ChevronRight className="size-4" aria-hidden="true" />
    </>
  );
  return (
    <figure
      data-testid="testimonial"
      className={cn('flex h-full flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-100', className)}
    >
      <Quote className="size-8 shrink-0 text-brand-500" aria-hidden="true" />
      <blockquote className="mt-3 flex-1 text-gray-800">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar testimonial={testimonial} index={index} />
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">{testimonial.authorName}</p>
          {role ? <p className="text-sm text-brand-800">{role}</p> : null}
        </div>
      </figcaption>
      {showCaseStudy && testimonial.caseStudy ? (
        preview ? (
          <span className={linkClass}>{linkText}</span>
        ) : (
          <Link to={`/portfolio#case-${testimonial.caseStudy.id}`} className={linkClass}>
            {linkText}
          </Link>
        )
      ) : null}
    </figure>
  );
}
