import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { VALUES } from '~/content/values';
import { cn } from '~/lib/cn';
import { PageSection } from './page-section';

/**
 * The six values (docs/product.md §1.2). `brief` (the home page): below 640 px only the names,
 * as a row of pills, and a link to About where each is explained, since the home page repeats
 * About there (docs/decisions/090-home-page-height.md); from 640 px, as on About.
 */
export function ValuesSection({ brief = false }: { brief?: boolean }) {
  return (
    <PageSection titleId="values-title" title="Nos valeurs" className="bg-gray-50">
      <ul
        className={cn(
          'mt-8 sm:grid sm:grid-cols-2 sm:gap-6 lg:grid-cols-3',
          // Brief on a phone: the names as a wrapping row of pills, whatever their length.
          brief ? 'flex flex-wrap gap-2' : 'grid gap-4',
        )}
      >
        {VALUES.map(({ name, text, icon: Icon }) => (
          <li
            key={name}
            className={cn(
              'flex bg-white shadow-sm ring-1 ring-gray-100 sm:items-start sm:gap-4 sm:rounded-xl sm:p-6',
              brief ? 'items-center gap-2 rounded-full py-1.5 pr-4 pl-1.5' : 'gap-4 rounded-xl p-6',
            )}
          >
            <span
              className={cn(
                'flex shrink-0 items-center justify-center bg-brand-100 text-brand-800 sm:size-10 sm:rounded-lg',
                brief ? 'size-8 rounded-full' : 'size-10 rounded-lg',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h3 className={cn('font-semibold text-gray-900', brief && 'text-sm sm:text-base')}>{name}</h3>
              <p className={cn('mt-1 text-sm text-gray-700', brief && 'hidden sm:block')}>{text}</p>
            </div>
          </li>
        ))}
      </ul>
      {brief ? (
        <p className="mt-6 sm:hidden">
          <Link
            to="/about"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            Notre approche en détail <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      ) : null}
    </PageSection>
  );
}
