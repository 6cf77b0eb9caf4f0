/**
 * The lists of the back-office screens (blog, portfolio, contacts, activity, campaigns,
 * subscribers, services, team, templates), from one set of pieces: the toolbar (search box and
 * filters), the states of a query (loading, error with a retry, empty), a table whose columns the
 * screen declares (header, cells, sortable or not) and the pagination. Each screen gives its
 * filters, its columns or its own rows, and its texts.
 */
import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { type ComponentProps, type ReactNode, useState, useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { useListParams } from '../data/use-list-params';
import { AdminDialog, DialogBody, DialogFooter } from './dialog-frame';
import { FilterSelect, Pagination, SearchInput } from './filters';
import { Loading, Rows } from './skeleton';
import { EmptyState, ErrorState } from './states';

/** A page of a paged list, as every list endpoint answers. */
export type ListPage<T> = { items: T[]; total: number; page: number; pageSize: number };

type FilterSelectProps = ComponentProps<typeof FilterSelect>;

/** A select bound to the list parameter `key`: its value, and "all" (empty) as no parameter. */
type BoundFilter<P> = Pick<FilterSelectProps, 'label' | 'accessibleName' | 'allLabel' | 'options'> & {
  key: keyof P & string;
};

export type ListToolbarProps<P> = {
  /** The search box, bound to the parameter `q`; `replace`: typing replaces the history entry. */
  search?: { label: string; placeholder?: string; replace?: boolean };
  /** Selects bound to a parameter, or wired by the screen itself. */
  filters?: (BoundFilter<P> | FilterSelectProps)[];
  /** Controls after the filters (dates, a sort, a reset button). */
  extra?: ReactNode;
  /** The bar's layout when it is not the usual one (a column on a phone, a wrapping row from lg). */
  className?: string;
  /** Makes the bar a search landmark with this name. */
  landmark?: string;
  /**
   * Below 1024 px, the filters (and `extra`) wait in a "Filtres (n)" dialog behind one button beside
   * the search, so that the list starts in the first screen of a phone.
   */
  filtersSheet?: boolean;
};

const WIDE_TOOLBAR = '(min-width: 1024px)';

/** Whether the toolbar has the room for its filters in a row (1024 px), following the window's width. */
function useWideToolbar(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE_TOOLBAR);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_TOOLBAR).matches,
    () => true,
  );
}

/** A list's parameters and their update, from useListParams. */
export type ListState<P> = {
  params: P;
  update: (changes: Partial<P>, options?: { replace?: boolean }) => void;
};

/**
 * A paged list's state: its parameters in the address (useListParams) and the query of the page
 * they name, which keeps the previous page on screen while the next one loads.
 */
export function useAdminList<P extends { page?: number }, TPage>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
  queryOf: (params: P) => {
    queryKey: QueryKey;
    queryFn: (context: { signal?: AbortSignal }) => Promise<TPage>;
  },
  options?: { preventScrollReset?: boolean },
) {
  const { params, update, clear } = useListParams(read, write, options);
  const query = useQuery({ ...queryOf(params), placeholderData: keepPreviousData });
  return { params, update, clear, query };
}

export function ListToolbar<P extends { page?: number }>({
  params,
  update,
  search,
  filters = [],
  extra,
  className = 'mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center',
  landmark,
  filtersSheet = false,
}: ListToolbarProps<P> & ListState<P>) {
  const wide = useWideToolbar();
  const [sheetOpen, setSheetOpen] = useState(false);
  const current = (key: string) => String((params as Record<string, unknown>)[key] ?? '');
  const set = (key: string, value: string, options?: { replace?: boolean }) =>
    update({ [key]: value || undefined } as Partial<P>, options);
  const searchBox = search ? (
    <SearchInput
      label={search.label}
      placeholder={search.placeholder}
      value={current('q')}
      onChange={(q) => set('q', q, search.replace ? { replace: true } : undefined)}
    />
  ) : null;
  const boundKeys = filters.flatMap((filter) => ('key' in filter ? [filter.key] : []));
  const selects = (
    <>
      {filters.map((filter) => {
        if (!('key' in filter)) return <FilterSelect key={filter.label} {...filter} />;
        const { key: param, ...select } = filter;
        return (
          <FilterSelect
            key={select.label}
            {...select}
            value={current(param)}
            onChange={(value) => set(param, value)}
          />
        );
      })}
      {extra}
    </>
  );
  const inSheet = filtersSheet && !wide;
  const active = boundKeys.filter((key) => current(key) !== '').length;
  const controls = inSheet ? (
    <>
      <div className="flex gap-2">
        {searchBox}
        <Button
          type="button"
          variant="secondary"
          className="h-10 shrink-0 px-3"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {active > 0 ? `Filtres (${active})` : 'Filtres'}
        </Button>
      </div>
      <AdminDialog
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title="Filtres"
        description="La liste change à chaque choix, derrière cette fenêtre."
      >
        <DialogBody>
          <div className="flex flex-col gap-3">{selects}</div>
        </DialogBody>
        <DialogFooter>
          <Button
            type="button"
            variant="secondary"
            disabled={active === 0}
            onClick={() => update(Object.fromEntries(boundKeys.map((key) => [key, undefined])) as Partial<P>)}
          >
            Effacer les filtres
          </Button>
          <Button type="button" onClick={() => setSheetOpen(false)}>
            Voir les résultats
          </Button>
        </DialogFooter>
      </AdminDialog>
    </>
  ) : (
    <>
      {searchBox}
      {selects}
    </>
  );
  return landmark ? (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to happy-dom, which the unit tests run on; the role gives browsers the same landmark.
    <div role="search" aria-label={landmark} className={className}>
      {controls}
    </div>
  ) : (
    <div className={className}>{controls}</div>
  );
}

export type EmptyProps = { title: string; children?: ReactNode };

/**
 * A list's rows while it loads, as tall as its real rows (`rowClassName`), under its table's
 * header from 768 px (`head`).
 */
export const rowsSkeleton = (rowClassName?: string, head = false) => (
  <Loading>
    <Rows rowClassName={rowClassName} head={head} />
  </Loading>
);

const LIST_SKELETON = rowsSkeleton();

/**
 * A query's states before its rows: loading (`skeleton`, the rows' shape), failed (with a retry),
 * empty; then `children`.
 */
export function QueryStates<T>({
  query,
  isEmpty,
  empty,
  skeleton = LIST_SKELETON,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: EmptyProps;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return skeleton;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty(query.data)) return <EmptyState title={empty.title}>{empty.children}</EmptyState>;
  return children(query.data);
}

/** A list's rows as a DataTable of the page's items: its columns and look, its caption from the page. */
type ListTable<TPage extends ListPage<{ id: string }>> = Omit<
  DataTableProps<TPage['items'][number]>,
  'items' | 'rowKey' | 'busy' | 'caption'
> & { caption?: (data: TPage) => string };

/**
 * A paged list: its toolbar, the query's states, the rows (`children` draws them from the page, or
 * `table` declares them: a DataTable of the items, busy while the next page loads), and the
 * pagination, all bound to the list's parameters (useListParams). `frame` wraps the rows and the
 * pagination (a scrolling box, a busy state).
 */
export function AdminList<TPage extends ListPage<{ id: string }>, P extends { page?: number }>({
  list: { query, params, update },
  toolbar,
  empty,
  skeleton,
  frame = (content) => content,
  paginationClassName,
  table,
  children,
}: {
  /** From useAdminList. */
  list: ListState<P> & { query: UseQueryResult<TPage> };
  toolbar?: ListToolbarProps<P>;
  empty: EmptyProps;
  /** The rows' shape while the first page loads (QueryStates). */
  skeleton?: ReactNode;
  frame?: (content: ReactNode) => ReactNode;
  paginationClassName?: string;
  table?: ListTable<TPage>;
  /** Rows of the screen's own, before the table if there is one (a list for phones). */
  children?: (data: TPage) => ReactNode;
}) {
  return (
    <>
      {toolbar ? <ListToolbar params={params} update={update} {...toolbar} /> : null}
      <QueryStates
        query={query}
        isEmpty={(data) => data.items.length === 0}
        empty={empty}
        skeleton={skeleton}
      >
        {(data) => {
          const pagination = (
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page } as Partial<P>)}
            />
          );
          return frame(
            <>
              {children?.(data)}
              {table ? (
                <DataTable
                  {...table}
                  items={data.items}
                  rowKey={(item) => item.id}
                  busy={query.isFetching}
                  caption={table.caption?.(data)}
                />
              ) : null}
              {paginationClassName ? <div className={paginationClassName}>{pagination}</div> : pagination}
            </>,
          );
        }}
      </QueryStates>
    </>
  );
}

/** A sortable column's state: whether the list is sorted by it, which way, and what a click does. */
export type ColumnSort = { active: boolean; ascending: boolean; onSort: () => void };

export type Column<T> = {
  header: string;
  /** The header is for screen readers only (an actions column). */
  hiddenHeader?: boolean;
  /** Shown from this width up only, header and cells: left out on a phone. */
  from?: keyof typeof SHOWN_FROM;
  /** Numbers: right-aligned, header too, in figures of one width. */
  numeric?: boolean;
  /** Classes of each cell of the column. */
  className?: string;
  cell: (item: T) => ReactNode;
  sort?: ColumnSort;
};

const SHOWN_FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' } as const;

/** The classes a column's header (`header`) or cells have by what the column is. */
const columnClass = (column: Column<never>, header: boolean) =>
  cn(
    column.from && SHOWN_FROM[column.from],
    column.numeric && (header ? 'text-right' : 'text-right tabular-nums'),
  );

// Every table of the back-office names its columns the same way: sentence case, medium weight,
// grey (no small capitals on one screen and plain words on the next).
const TABLE_HEADS = {
  /** Quiet headers, as in the blog and contacts lists. */
  plain: { thead: 'border-b border-gray-200 text-gray-600', th: 'px-4 py-2 font-medium' },
  /** On grey, as in the email screens. */
  boxed: { thead: 'border-b border-gray-200 bg-gray-50 text-gray-600', th: 'px-4 py-3 font-medium' },
  /** The same, tighter and ruled above too, for a table under a card's title. */
  compact: { thead: 'border-y border-gray-200 bg-gray-50 text-gray-600', th: 'px-4 py-2 font-medium' },
} as const;

// Below md, a table with `cards` shows each row as a card, each cell labelled by its column's
// header (data-label), as the subscribers screen does; from md it is a plain table.
const CARD_TABLE = 'block md:table';
const CARD_ROW =
  'block rounded-lg border border-gray-200 p-3 md:table-row md:rounded-none md:border-0 md:p-0';
const CARD_CELL =
  'flex min-w-0 items-start justify-between gap-3 px-0 py-1 text-right before:shrink-0 before:text-left before:font-medium before:text-gray-500 before:content-[attr(data-label)] md:table-cell md:text-left md:before:content-none';

export type DataTableProps<T> = {
  columns: Column<T>[];
  items: T[];
  rowKey: (item: T) => string;
  /** data-testid of each row. */
  rowTestId?: string;
  /** For screen readers. */
  caption?: string;
  busy?: boolean;
  /** Rows light up under the pointer. */
  hover?: boolean;
  head?: keyof typeof TABLE_HEADS;
  /** Below md, one card per row instead of a table (column classes then apply from md: `md:px-4`). */
  cards?: boolean;
  /** The box around the table (a horizontal scroll). */
  className?: string;
  tableClassName?: string;
};

export function DataTable<T>({
  columns,
  items,
  rowKey,
  rowTestId,
  caption,
  busy,
  hover = true,
  head = 'plain',
  cards = false,
  className,
  tableClassName = 'w-full text-left text-sm',
}: DataTableProps<T>) {
  const style = TABLE_HEADS[head];
  return (
    <div className={className}>
      <table className={cn(tableClassName, cards && CARD_TABLE)}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={cn(style.thead, cards && 'hidden md:table-header-group')}>
          <tr>
            {columns.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.header}
                  label={column.header}
                  className={cn(style.th, columnClass(column, true))}
                  {...column.sort}
                />
              ) : (
                <th key={column.header} scope="col" className={cn(style.th, columnClass(column, true))}>
                  {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody
          className={cn(
            'divide-y divide-gray-100',
            cards && 'block space-y-3 divide-y-0 md:table-row-group md:space-y-0 md:divide-y',
          )}
          aria-busy={busy}
        >
          {items.map((item) => (
            <tr
              key={rowKey(item)}
              className={cn(hover && 'hover:bg-gray-50', cards && CARD_ROW)}
              data-testid={rowTestId}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={cards ? column.header : undefined}
                  className={cn(cards && CARD_CELL, columnClass(column, false), column.className)}
                >
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({
  label,
  className,
  active,
  ascending,
  onSort,
}: ColumnSort & { label: string; className: string }) {
  const Icon = !active ? ArrowUpDown : ascending ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        onClick={onSort}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}
