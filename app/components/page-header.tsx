import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';

/**
 * The top of every inner page: a breadcrumb (Accueil > …), the page's h1 and an optional intro.
 * Pair it with `breadcrumbJsonLd` in the page's meta so search engines see the same trail.
 *
 * `visual` (a hero visual, docs/design.md) sits beside the text from 1024 px and under it on
 * phones; `width="prose"` lines the header up with a 48rem reading column (blog posts, legal
 * pages) instead of the 72rem page grid.
 */
export function PageHeader({
  title,
  intro,
  trail = [],
  children,
  visual,
  width = 'page',
}: {
  title: string;
  intro?: ReactNode;
  /** Intermediate crumbs between Accueil and this page, as [label, path]. */
  trail?: [string, string][];
  children?: ReactNode;
  visual?: ReactNode;
  width?: 'page' | 'prose';
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 pt-8 pb-8 sm:pt-12 lg:pb-12">
      <div
        className={cn(
          'mx-auto',
          width === 'prose' ? 'max-w-3xl' : 'max-w-6xl',
          visual ? 'grid items-center gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-12' : null,
        )}
      >
        <div>
          <nav aria-label="Fil d’Ariane" className="text-sm text-gray-600">
            {/* The crumbs flow like a sentence: a long page title wraps under "Accueil / Blog",
                not in a column of its own beside its separator. */}
            <ol className="leading-6">
              <li className="inline">
                <Link
                  to="/"
                  className="inline-flex min-h-6 items-center hover:text-brand-800 hover:underline"
                >
                  Accueil
                </Link>
              </li>
              {trail.map(([label, path]) => (
                <li key={path} className="inline">
                  <span aria-hidden="true" className="mx-1">
                    /
                  </span>
                  <Link
                    to={path}
                    className="inline-flex min-h-6 items-center hover:text-brand-800 hover:underline"
                  >
                    {label}
                  </Link>
                </li>
              ))}
              <li className="inline">
                <span aria-hidden="true" className="mx-1">
                  /
                </span>
                <span aria-current="page" className="text-gray-900">
                  {title}
                </span>
              </li>
            </ol>
          </nav>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-gray-900 sm:text-4xl">
            {title}
          </h1>
          {intro ? <div className="mt-3 max-w-3xl text-lg text-gray-700">{intro}</div> : null}
          {children}
        </div>
        {visual ? <div className="mx-auto w-full max-w-md lg:max-w-none">{visual}</div> : null}
      </div>
    </div>
  );
}
