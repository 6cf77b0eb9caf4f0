/** A link in running text that leads on ("En savoir plus →"): brand colour, an arrow after it. */
import ArrowRight from 'lucide-react/icons/arrow-right';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';

export function ArrowLink({ className, children, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      {...props}
      className={cn(
        'inline-flex min-h-6 items-center gap-1 font-medium text-brand-800 underline-offset-4 hover:underline',
        className,
      )}
    >
      {children} <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

/** "En savoir plus", to a service's page, named for screen readers with the service. */
export function ServiceMoreLink({
  service,
  className,
}: {
  service: { id: string; title: string };
  className: string;
}) {
  return (
    <ArrowLink
      to={`/services/${service.id}`}
      aria-label={`En savoir plus sur ${service.title}`}
      className={className}
    >
      En savoir plus
    </ArrowLink>
  );
}
