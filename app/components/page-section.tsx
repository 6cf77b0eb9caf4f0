/**
 * A section of a public page: the page's width, its vertical rhythm and its h2 (`titleId` names
 * the section for screen readers), then `children`. A section that `continues` the one above it
 * (same background) has no padding on top: the padding of that one already separates them.
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

export function PageSection({
  titleId,
  title,
  id,
  className,
  continues = false,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** The section's own id, for a link to it. */
  id?: string;
  /** Beside the padding: a background, a scroll margin. */
  className?: string;
  continues?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cn(className, 'px-4', continues ? 'pb-12 sm:pb-16 lg:pb-24' : 'py-12 sm:py-16 lg:py-24')}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={titleId} className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
