/**
 * A page that says one thing (newsletter confirmation and unsubscription, the offline page, an
 * expired or invalid link): a round icon, a large title and the text and actions below it,
 * centred in a narrow column, on a light backdrop when `backdrop`.
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { Button } from './ui/button';

const TONES = {
  brand: { icon: 'bg-brand-100 text-brand-800', backdrop: 'bg-gradient-to-b from-brand-50 to-white' },
  gray: { icon: 'bg-gray-100 text-gray-700', backdrop: 'bg-gradient-to-b from-gray-50 to-white' },
  amber: { icon: 'bg-amber-100 text-amber-800', backdrop: '' },
} as const;

const WIDTHS = {
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  // The call page: one column on a phone, a booking tool's two from 1024 px.
  booking: 'max-w-xl lg:max-w-5xl',
} as const;

export function MessagePage({
  icon: Icon,
  tone = 'gray',
  backdrop = false,
  width = 'lg',
  centered = true,
  bigTitle = false,
  title,
  children,
}: {
  icon?: LucideIcon;
  tone?: keyof typeof TONES;
  backdrop?: boolean;
  width?: keyof typeof WIDTHS;
  /** Centred text and a larger icon; else aligned left, for a page with a form. */
  centered?: boolean;
  /** The title grows again from 640 px. */
  bigTitle?: boolean;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={cn('px-4 py-16 sm:py-24', backdrop && TONES[tone].backdrop)}>
      <div className={cn('mx-auto', WIDTHS[width], centered && 'text-center')}>
        {Icon ? (
          <span
            className={cn(
              'flex items-center justify-center rounded-full',
              centered ? 'mx-auto size-16' : 'size-14',
              TONES[tone].icon,
            )}
          >
            <Icon className={centered ? 'size-8' : 'size-7'} aria-hidden="true" />
          </span>
        ) : null}
        <h1
          className={cn(
            'text-3xl font-extrabold tracking-tight text-gray-900',
            Icon && 'mt-6',
            bigTitle && 'sm:text-4xl',
          )}
        >
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

/** The page's way on: `children` (its own action), then back to the home page. */
export function MessageActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      {children}
      <Button asChild size="lg" variant="secondary">
        <Link to="/">Retour à l’accueil</Link>
      </Button>
    </div>
  );
}
