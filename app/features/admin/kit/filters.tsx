/**
 * A list's toolbar: the search box, the filters with their labels, and the pagination.
 */

import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Search from 'lucide-react/icons/search';
import { type ReactNode, useEffect, useEffectEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { useDebounced } from './use-debounced';

/** The look of the lists' search box, filters and other toolbar controls. */
export const filterControlClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 sm:text-sm';

const SEARCH_DEBOUNCE_MS = 300;

/** A search box that reports its value 300 ms after the last keystroke. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const settled = useDebounced(draft, SEARCH_DEBOUNCE_MS);
  const report = useEffectEvent((text: string) => {
    if (text !== value) onChange(text);
  });
  useEffect(() => report(settled), [settled]);
  return (
    // In a row of filters (from 1024 px) it keeps room for a few words rather than shrink to an icon.
    <div className="relative min-w-0 flex-1 sm:max-w-xs lg:min-w-60">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        className={cn(filterControlClass, 'w-full pl-9')}
      />
    </div>
  );
}

/**
 * A labelled native select; the empty value means "all". It fills its line in the toolbar's column
 * (a phone) and shrinks rather than widen the page (a long tag or an admin's long name); from
 * 1024 px, where ListToolbar puts its controls in a row, it takes its options' width, 15 rem at most.
 */
export function FilterSelect({
  label,
  accessibleName,
  value,
  onChange,
  options,
  allLabel,
}: {
  label: string;
  /**
   * The name a screen reader says, when the visible label alone would be another control's name
   * on the same screen (a field of the open item): it must contain the label (WCAG 2.5.3).
   */
  accessibleName?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel: string;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          aria-label={accessibleName}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(filterControlClass, 'min-w-0 flex-1 lg:max-w-60 lg:flex-none')}
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

type SortOrder = 'asc' | 'desc';

/** The first choices of a dated list's PhoneSortSelect: by creation, newest then oldest first. */
export const CREATED_SORT_OPTIONS = [
  { value: 'createdAt:desc', label: 'Plus récents' },
  { value: 'createdAt:asc', label: 'Plus anciens' },
] as const;

/**
 * A sortable list's order on a phone, where the table and its sortable column headers are hidden:
 * one select of "column:direction" choices; "Par défaut" goes back to the list's default order.
 */
export function PhoneSortSelect<TSort extends string>({
  sort,
  order,
  byDefault,
  options,
  onChange,
}: {
  sort: TSort;
  order: SortOrder;
  byDefault: { sort: TSort; order: SortOrder };
  options: readonly { value: `${TSort}:${SortOrder}`; label: string }[];
  onChange: (changes: { sort: TSort; order: SortOrder }) => void;
}) {
  return (
    <div className="md:hidden">
      <FilterSelect
        label="Trier par"
        value={`${sort}:${order}`}
        onChange={(value) => {
          const [chosen, direction] = (value || `${byDefault.sort}:${byDefault.order}`).split(':');
          onChange({ sort: chosen as TSort, order: direction as SortOrder });
        }}
        options={options}
        allLabel="Par défaut"
      />
    </div>
  );
}

/** A filter's control after its visible label; `children` draws the control with the id it is given. */
export function FilterField({
  label,
  labelClassName,
  children,
}: {
  label: string;
  labelClassName?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className={cn('shrink-0 text-sm font-medium text-gray-700', labelClassName)}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-gray-700"
    >
      <p className="whitespace-nowrap">
        {first}–{last} sur {total}
      </p>
      {/* Below 400 px the buttons keep their arrow and say their word to screen readers only:
          both words and the page number do not fit beside each other in a card on a 360-px phone. */}
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="max-[399px]:sr-only">Précédent</span>
        </Button>
        <span aria-current="page" className="whitespace-nowrap">
          Page {page} / {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <span className="max-[399px]:sr-only">Suivant</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
