/**
 * The newsletter subscribers (decisions 011, 036 and 037): a filtered, searchable, sortable and
 * paged list whose state is in the URL; per person, tags editing, the export of their data and
 * their erasure; the CSV export of the current filters and the CSV import. On a phone each row
 * becomes a card.
 */
import { useMutation } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import Download from 'lucide-react/icons/download';
import FileDown from 'lucide-react/icons/file-down';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Tags from 'lucide-react/icons/tags';
import Trash2 from 'lucide-react/icons/trash';
import Upload from 'lucide-react/icons/upload';
import { type ReactNode, useEffect, useState } from 'react';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '#common/enums.ts';
import { type AdminSubscriber, REVIEW_FILTERS, SUBSCRIBER_STATUS_LABELS } from '#common/schemas/admin.ts';
import { EmailAddress } from '~/components/email-address';
import { Button, buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { SUBSCRIBERS_KEY } from '../data/queries';
import { AdminList, rowsSkeleton, useAdminList } from '../kit/admin-list';
import { Badge, type BadgeTone } from '../kit/badge';
import { formatDate } from '../kit/dates';
import { CREATED_SORT_OPTIONS, PhoneSortSelect } from '../kit/filters';
import { AdminPageHeader, Card } from '../kit/page';
import { notSpamSubscriberMutation, SUBSCRIBER_LIST_DEFAULTS, subscribersQuery } from './data';
import { EraseDialog } from './erase-dialog';
import { ImportDialog } from './import-dialog';
import { TagsDialog } from './tags-dialog';
import {
  filterSearch,
  readSubscriberParams,
  type SubscriberParams,
  type SubscriberSort,
  writeSubscriberParams,
} from './use-subscriber-params';

export const STATUS_TONES: Record<SubscriberStatus, BadgeTone> = {
  pending: 'amber',
  active: 'green',
  unsubscribed: 'gray',
  bounced: 'red',
};

const SOURCE_LABELS: Record<string, string> = {
  footer: 'Pied de page',
  website: 'Site web',
  import: 'Import CSV',
};

const STATUS_OPTIONS = SUBSCRIBER_STATUSES.map((status) => ({
  value: status,
  label: SUBSCRIBER_STATUS_LABELS[status],
}));

const REVIEW_OPTIONS = Object.entries(REVIEW_FILTERS).map(([value, label]) => ({ value, label }));

/** The first click on a column sorts it the way one usually reads it: names A→Z, dates newest first. */
const FIRST_ORDER: Record<SubscriberSort, 'asc' | 'desc'> = {
  email: 'asc',
  status: 'asc',
  createdAt: 'desc',
};

const SORT_OPTIONS = [
  ...CREATED_SORT_OPTIONS,
  { value: 'email:asc', label: 'Email (A → Z)' },
  { value: 'email:desc', label: 'Email (Z → A)' },
  { value: 'status:asc', label: 'Statut' },
  { value: 'status:desc', label: 'Statut (inverse)' },
] as const;

export function SubscribersScreen() {
  const list = useAdminList(readSubscriberParams, writeSubscriberParams, subscribersQuery, {
    preventScrollReset: true,
  });
  const { params, update, query } = list;
  const [importOpen, setImportOpen] = useState(false);
  const [editing, setEditing] = useState<AdminSubscriber | null>(null);
  const [erasing, setErasing] = useState<AdminSubscriber | null>(null);

  // Past the last page (its last row erased, or an old link): go to the last page that exists.
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  const pastTheEnd = Boolean(query.data && !query.isPlaceholderData && params.page > lastPage);
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage }, { replace: true });
  }, [pastTheEnd, lastPage, update]);

  const exportSearch = filterSearch(params).toString();
  const filtered = Boolean(params.q || params.status || params.tag || params.review);

  return (
    <>
      <AdminPageHeader
        title="Abonnés newsletter"
        description="Les inscrits à la newsletter, leur statut de confirmation et leurs étiquettes."
        actions={
          <>
            <a
              href={`${SUBSCRIBERS_KEY}/export.csv${exportSearch ? `?${exportSearch}` : ''}`}
              download
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Download className="size-4" aria-hidden="true" />
              Exporter en CSV
            </a>
            <Button size="sm" onClick={() => setImportOpen(true)}>
              <Upload className="size-4" aria-hidden="true" />
              Importer
            </Button>
          </>
        }
      />

      <Card className="min-w-0">
        <AdminList
          list={list}
          skeleton={rowsSkeleton('h-44 md:h-14', true)}
          toolbar={{
            landmark: 'Filtrer les abonnés',
            search: { label: 'Rechercher un abonné', placeholder: 'Email, prénom ou nom', replace: true },
            filters: [
              { key: 'status', label: 'Statut', options: STATUS_OPTIONS, allLabel: 'Tous' },
              {
                key: 'tag',
                label: 'Étiquette',
                options: tagOptions(query.data?.tags ?? [], params.tag),
                allLabel: 'Toutes',
              },
              // Kept without notifying the staff (docs/decisions/083-leads-kept-for-review.md).
              { key: 'review', label: 'Vérification', options: REVIEW_OPTIONS, allLabel: 'Tous' },
            ],
            extra: (
              <PhoneSortSelect
                sort={params.sort}
                order={params.order}
                byDefault={SUBSCRIBER_LIST_DEFAULTS}
                options={SORT_OPTIONS}
                onChange={update}
              />
            ),
          }}
          empty={{
            title: filtered ? 'Aucun abonné ne correspond à ces critères' : 'Aucun abonné pour le moment',
            children: filtered
              ? 'Modifiez la recherche ou les filtres.'
              : 'Les inscriptions du site et vos imports apparaîtront ici.',
          }}
          frame={(content) => (
            <div aria-busy={query.isPlaceholderData} className={cn(query.isPlaceholderData && 'opacity-60')}>
              {content}
            </div>
          )}
        >
          {(data) => (
            <SubscribersTable
              items={data.items}
              params={params}
              onSort={(sort) =>
                update({
                  sort,
                  order: params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[sort],
                })
              }
              onEditTags={setEditing}
              onErase={setErasing}
            />
          )}
        </AdminList>
      </Card>

      <ImportDialog open={importOpen} onOpenChange={setImportOpen} />
      <TagsDialog subscriber={editing} onClose={() => setEditing(null)} />
      <EraseDialog subscriber={erasing} onClose={() => setErasing(null)} />
    </>
  );
}

/** The tags in use, plus the one in the URL even if no row has it any more (it stays selectable). */
function tagOptions(tags: string[], current: string | undefined) {
  const all = current && !tags.includes(current) ? [current, ...tags] : tags;
  return all.map((tag) => ({ value: tag, label: tag }));
}

// On a phone (below md) the table is laid out as one card per row, each cell labelled by its
// column name (data-label); from md it is a plain table that scrolls inside its card if needed.
const cellClass =
  'flex min-w-0 items-start justify-between gap-3 py-1 text-sm before:shrink-0 before:font-medium before:text-gray-500 before:content-[attr(data-label)] md:px-2 md:py-3 md:align-top md:before:content-none';

/** A column that a phone card shows, that the table leaves out below 1536 px to fit beside the menu. */
const WIDE_ONLY = 'md:hidden 2xl:table-cell';

function SubscribersTable({
  items,
  params,
  onSort,
  onEditTags,
  onErase,
}: {
  items: AdminSubscriber[];
  params: SubscriberParams;
  onSort: (sort: SubscriberSort) => void;
  onEditTags: (subscriber: AdminSubscriber) => void;
  onErase: (subscriber: AdminSubscriber) => void;
}) {
  const sortHeader = (sort: SubscriberSort, label: string) => (
    <SortHeader sort={sort} label={label} params={params} onSort={onSort} />
  );
  return (
    // relative: the visually hidden labels (absolutely positioned) stay inside the scrolling box
    // instead of widening the page.
    <div className="relative md:overflow-x-auto">
      <table className="block w-full md:table md:min-w-[52rem]">
        <caption className="sr-only">Abonnés à la newsletter</caption>
        <thead className="hidden md:table-header-group">
          <tr className="border-b border-gray-200 text-left font-medium text-gray-600">
            {sortHeader('email', 'Email')}
            <th scope="col" className="px-2 py-2">
              Nom
            </th>
            {sortHeader('status', 'Statut')}
            <th scope="col" className="px-2 py-2">
              Étiquettes
            </th>
            <th scope="col" className="px-2 py-2">
              Origine
            </th>
            {sortHeader('createdAt', 'Inscription')}
            <th scope="col" className={cn('px-2 py-2', WIDE_ONLY)}>
              Confirmation
            </th>
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-gray-100">
          {items.map((subscriber) => (
            <SubscriberRow
              key={subscriber.id}
              subscriber={subscriber}
              onEditTags={() => onEditTags(subscriber)}
              onErase={() => onErase(subscriber)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({
  sort,
  label,
  params,
  onSort,
}: {
  sort: SubscriberSort;
  label: string;
  params: SubscriberParams;
  onSort: (sort: SubscriberSort) => void;
}) {
  const active = params.sort === sort;
  const direction = active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? ArrowUpDown : params.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={direction} className="px-1 py-1">
      <button
        type="button"
        onClick={() => onSort(sort)}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'text-gray-400')} aria-hidden="true" />
      </button>
    </th>
  );
}

function Cell({
  label,
  wideOnly = false,
  className,
  children,
}: {
  label: string;
  wideOnly?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td data-label={label} className={cn(cellClass, wideOnly ? WIDE_ONLY : 'md:table-cell', className)}>
      {children}
    </td>
  );
}

// The ghost button's look in red (the Button's variants have no destructive one).
const dangerGhostClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';

function SubscriberRow({
  subscriber,
  onEditTags,
  onErase,
}: {
  subscriber: AdminSubscriber;
  onEditTags: () => void;
  onErase: () => void;
}) {
  const name = [subscriber.firstName, subscriber.lastName].filter(Boolean).join(' ');
  return (
    <tr className="block rounded-lg border border-gray-200 p-3 md:table-row md:rounded-none md:border-0 md:p-0">
      <Cell label="Email" className="font-medium text-gray-900 md:min-w-52">
        <span className="min-w-0 text-right wrap-anywhere md:text-left">
          <EmailAddress email={subscriber.email} />
        </span>
      </Cell>
      <Cell label="Nom" className="text-gray-700">
        <span className="min-w-0 text-right break-words md:text-left">{name || '—'}</span>
      </Cell>
      <Cell label="Statut">
        <span className="flex flex-wrap justify-end gap-1 md:justify-start">
          <Badge tone={STATUS_TONES[subscriber.status]}>{SUBSCRIBER_STATUS_LABELS[subscriber.status]}</Badge>
          {subscriber.reviewReason ? (
            <span title={subscriber.reviewReason}>
              <Badge tone="amber">À vérifier</Badge>
              <span className="sr-only"> : {subscriber.reviewReason}</span>
            </span>
          ) : null}
        </span>
      </Cell>
      <Cell label="Étiquettes" className="md:min-w-40">
        {subscriber.tags.length === 0 ? (
          <span className="text-gray-500">—</span>
        ) : (
          // A long tag wraps inside its badge instead of pushing the card wider than the screen.
          <ul
            aria-label="Étiquettes"
            className="flex min-w-0 flex-wrap justify-end gap-1 md:justify-start [&_span]:whitespace-normal [&_span]:wrap-anywhere"
          >
            {subscriber.tags.map((tag) => (
              <li key={tag} className="min-w-0 max-w-full">
                <Badge tone="blue">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Cell>
      <Cell label="Origine" className="text-gray-700">
        <span className="min-w-0 text-right md:text-left">
          {SOURCE_LABELS[subscriber.source] ?? subscriber.source}
          {/* The visit that brought the sign-up (docs/decisions/084-first-party-audience.md). */}
          {subscriber.trafficSource && (
            <span className="block text-xs text-gray-500 md:whitespace-nowrap">{`Source : ${subscriber.trafficSource}`}</span>
          )}
        </span>
      </Cell>
      <Cell label="Inscription" className="whitespace-nowrap text-gray-700">
        <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
      </Cell>
      <Cell label="Confirmation" wideOnly className="whitespace-nowrap text-gray-700">
        {subscriber.subscribedAt ? (
          <time dateTime={subscriber.subscribedAt}>{formatDate(subscriber.subscribedAt)}</time>
        ) : (
          '—'
        )}
      </Cell>
      <td className="block pt-2 md:table-cell md:px-2 md:py-2 md:align-top">
        <div className="flex flex-wrap gap-1 md:flex-nowrap md:justify-end">
          {subscriber.reviewReason ? <NotSpamButton subscriber={subscriber} /> : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={onEditTags}
            aria-label={`Étiquettes de ${subscriber.email}`}
            title="Modifier les étiquettes"
          >
            <Tags className="size-4" aria-hidden="true" />
            <span className="md:sr-only">Étiquettes</span>
          </Button>
          <a
            href={`${SUBSCRIBERS_KEY}/${encodeURIComponent(subscriber.id)}/export`}
            download
            aria-label={`Exporter les données de ${subscriber.email}`}
            title="Exporter les données"
            className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          >
            <FileDown className="size-4" aria-hidden="true" />
            <span className="md:sr-only">Exporter les données</span>
          </a>
          <button
            type="button"
            onClick={onErase}
            aria-label={`Supprimer définitivement ${subscriber.email}`}
            title="Supprimer définitivement"
            className={dangerGhostClass}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            <span className="md:sr-only">Supprimer</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

/** "Ce n'est pas du spam" on a sign-up kept "À vérifier": one click, the staff are told now or at its confirmation. */
function NotSpamButton({ subscriber }: { subscriber: AdminSubscriber }) {
  const clear = useMutation(notSpamSubscriberMutation());
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={clear.isPending}
      onClick={() => clear.mutate(subscriber)}
      aria-label={`Ce n’est pas du spam : ${subscriber.email}`}
      title="Ce n’est pas du spam"
    >
      <ShieldCheck className="size-4" aria-hidden="true" />
      <span className="md:sr-only">Ce n’est pas du spam</span>
    </Button>
  );
}
