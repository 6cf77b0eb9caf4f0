/**
 * The building blocks shared by the admin screens: page heading, cards, badges, the states a list
 * has besides its rows (error, empty; its loading shape is skeleton.tsx), filters and pagination. Plain Tailwind, no extra library.
 */

import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Inbox from 'lucide-react/icons/inbox';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import Trash2 from 'lucide-react/icons/trash';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import {
  type ComponentProps,
  type ReactNode,
  Suspense,
  useEffect,
  useEffectEvent,
  useId,
  useState,
} from 'react';
import { Link } from 'react-router';
import { formatInKinshasa } from '#common/kinshasa.ts';
import { Sending } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/use-hydrated';
import { IconButton } from './icon-button';
import { ChartBox } from './skeleton';
import { useDebounced } from './use-debounced';

export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A row's edit button, an icon alone, named 'Modifier « name »'. */
export function EditIconButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton label={`Modifier « ${name} »`} tooltip="Modifier" onClick={onClick}>
      <Pencil className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/** A row's delete button, an icon alone in red, named 'Supprimer « name »'. */
export function DeleteIconButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <IconButton
      label={`Supprimer « ${name} »`}
      tooltip="Supprimer"
      className="text-red-700 hover:bg-red-50"
      onClick={onClick}
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/**
 * A row's labelled button, its icon then its verb; with `item`, screen readers hear what it acts on
 * ('Renommer Ma clé').
 */
export function RowButton({
  icon: Icon,
  label,
  item,
  ...props
}: { icon: LucideIcon; label: string; item?: string } & Omit<
  ComponentProps<typeof Button>,
  'children' | 'variant' | 'size'
>) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={item === undefined ? undefined : `${label} ${item}`}
      {...props}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The "new" action of a list: a link to the new item's screen, or a button opening its dialog. */
export function NewItemButton({ label, to, onClick }: { label: string; to?: string; onClick?: () => void }) {
  const content = (
    <>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </>
  );
  return to ? (
    <Button asChild size="sm">
      <Link to={to}>{content}</Link>
    </Button>
  ) : (
    <Button size="sm" onClick={onClick}>
      {content}
    </Button>
  );
}

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-xl border border-gray-200 bg-white p-4 shadow-sm', className)}
      {...props}
    />
  );
}

/**
 * A card of the settings screen: its title (which names the card), a line saying what it is for,
 * the card's actions beside them from 640 px (a "new" button), then its content.
 */
export function SettingsCard({
  titleId,
  title,
  description,
  actions,
  className,
  children,
}: {
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/**
 * A row of a settings card's list (an account, a figure, a passkey, a device): what it is, then its
 * buttons, below it on a phone and at its right end from 640 px.
 */
export function SettingsRow({
  testId,
  className,
  children,
}: {
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className={cn('flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      {children}
    </li>
  );
}

/** The name of a row's item, then its badges (hidden, role, active...). */
export function RowTitle({ name, children }: { name: string; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
      <span className="wrap-anywhere">{name}</span>
      {children}
    </p>
  );
}

/**
 * Shown instead of every admin screen while the signed-in admin has a step to take first (a new
 * password, a second factor): why, in an amber box, then the panel that takes it.
 */
export function RequiredStep({
  titleId,
  title,
  reason,
  className,
  children,
}: {
  titleId: string;
  title: string;
  reason: string;
  /** Its width: the panel's own. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={cn('mx-auto space-y-4', className)}>
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <h1 id={titleId} className="text-lg font-semibold">
          {title}
        </h1>
        <p className="mt-1 text-sm">{reason}</p>
      </div>
      {children}
    </section>
  );
}

/** A card holding one group of a form's fields, under its legend. */
export function FieldsetCard({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Card>
      <fieldset className="min-w-0">
        <legend className="mb-1 text-base font-semibold text-gray-900">{legend}</legend>
        {children}
      </fieldset>
    </Card>
  );
}

const BADGE_TONES = {
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  green: 'bg-brand-50 text-brand-800 ring-brand-200',
  gray: 'bg-gray-100 text-gray-700 ring-gray-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({ tone = 'gray', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
      <AlertTriangle className="size-8 text-red-600" aria-hidden="true" />
      <p className="font-medium text-gray-900">Impossible de charger les données.</p>
      <p className="max-w-md text-sm break-words text-gray-600">
        {error instanceof Error ? error.message : 'Erreur inconnue'}
      </p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Réessayer
        </Button>
      ) : null}
    </div>
  );
}

/** The way back from an item's screen to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** The item asked for is not there: gone (404) or never was (a malformed id, 400). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * An item's screen whose item could not be read: the way back, then "it does not exist" when it
 * is missing, or the error with a retry.
 */
export function ItemLoadFailure({
  back,
  missing,
  error,
  onRetry,
}: {
  back: ReactNode;
  missing: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <>
      {back}
      <Card>
        {isMissing(error) ? (
          <p role="alert" className="py-12 text-center text-gray-800">
            {missing}
          </p>
        ) : (
          <ErrorState error={error} onRetry={onRetry} />
        )}
      </Card>
    </>
  );
}

/**
 * An item's screen: its query (`options`), its skeleton while it loads, ItemLoadFailure when it
 * cannot be read, else `render` with the item.
 */
export function ItemLoader<T>({
  options,
  back,
  missing,
  skeleton,
  render,
}: {
  options: { queryKey: QueryKey; queryFn: (context: { signal?: AbortSignal }) => Promise<T> };
  back: ReactNode;
  missing: string;
  skeleton: ReactNode;
  render: (item: T) => ReactNode;
}) {
  const query = useQuery(options);
  if (query.isPending) return skeleton;
  if (query.isError) {
    return (
      <ItemLoadFailure
        back={back}
        missing={missing}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return render(query.data);
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center">
      <Inbox className="size-8 text-gray-400" aria-hidden="true" />
      <p className="font-medium text-gray-900">{title}</p>
      {children ? <div className="text-sm text-gray-600">{children}</div> : null}
    </div>
  );
}

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

/** Dates as the Kinshasa office reads them, whatever the browser's time zone; "—" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatInKinshasa(iso, 'dateTime') : '—';
}
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatInKinshasa(iso, 'date') : '—';
}

/** A lead's next action whose time has come (the panel, the list and the dashboard flag it). */
export const isOverdue = (nextActionAt: string | null, now = Date.now()) =>
  nextActionAt !== null && new Date(nextActionAt).getTime() <= now;

/** The submit button of a settings panel's form, at its right end. */
export function PanelSubmit({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={pending}>
        {pending ? <Sending /> : label}
      </Button>
    </div>
  );
}

/** "Annuler": closes a form or a dialog without saving; one look everywhere in the back-office. */
export function CancelButton({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" variant="secondary" onClick={onClick} disabled={disabled}>
      Annuler
    </Button>
  );
}

/**
 * The buttons that end an admin form: "Annuler" (closes without saving) and the submit button,
 * both disabled while the request runs, the submit one then showing `pendingLabel`.
 */
export function FormActions({
  pending,
  onCancel,
  submitLabel = 'Enregistrer',
  pendingLabel = 'Enregistrement...',
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: ReactNode;
}) {
  return (
    <>
      <CancelButton onClick={onCancel} disabled={pending} />
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}

/**
 * A chart card's body: the drawing for sighted users, once hydrated (charts measure the DOM and
 * load lazily), and the same figures as a table for screen readers. `rows` are the table's cells,
 * formatted, the first of each its row's header.
 */
export function ChartWithTable({
  chart,
  heightClass,
  caption,
  columns,
  rows,
}: {
  chart: ReactNode;
  heightClass: string;
  caption: string;
  columns: string[];
  rows: string[][];
}) {
  const hydrated = useHydrated();
  const placeholder = <ChartBox className="size-full" />;
  return (
    <>
      <div className={cn('mt-4 min-w-0', heightClass)} aria-hidden="true">
        {hydrated ? <Suspense fallback={placeholder}>{chart}</Suspense> : placeholder}
      </div>
      {/* sr-only on the wrapper: a table would keep its content's width and widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
