/**
 * The leads (docs/product.md §2.2, decisions 011 and 012): search, status and source filters, sortable
 * columns, server-side pagination, a detail panel, CSV export of what is filtered. The filters live in the
 * address (?q=&status=&page=...), so reload and back keep them; ?lead=<id> opens a lead's panel on arrival (a
 * link to one lead), after which the open panel is the screen's own state. New leads arrive by the real-time
 * channel, which refreshes this list (admin/layout.tsx).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_STATUSES, type ContactStatus } from '#common/enums.ts';
import {
  CONTACT_SOURCE_LABELS,
  CONTACT_STATUS_LABELS,
  type ContactListQuery,
} from '#common/schemas/admin.ts';
import { Button } from '~/components/ui/button';
import { CONTACTS_KEY, toSearch } from '~/features/admin/queries';
import {
  AdminPageHeader,
  Card,
  EmptyState,
  ErrorState,
  FilterSelect,
  formatDateTime,
  LoadingState,
  Pagination,
  SearchInput,
} from '~/features/admin/ui';
import { ContactDetail } from './contact-detail';
import { ContactStatusBadge } from './contact-status-badge';
import { CONTACT_LIST_DEFAULTS, type ContactListParams, contactsQuery } from './data';

const STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: CONTACT_STATUS_LABELS[value] }));
const SOURCE_OPTIONS = Object.entries(CONTACT_SOURCE_LABELS).map(([value, label]) => ({ value, label }));
type SortKey = ContactListQuery['sort'];

function readParams(search: URLSearchParams): ContactListParams {
  const status = search.get('status');
  const sort = search.get('sort');
  return {
    q: search.get('q') ?? undefined,
    status: CONTACT_STATUSES.includes(status as ContactStatus) ? (status as ContactStatus) : undefined,
    source: search.get('source') ?? undefined,
    sort: sort === 'fullName' || sort === 'status' ? sort : 'createdAt',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

export function ContactsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  // Read from the address once (a link to one lead); then the panel is local state, so that
  // closing it and changing a filter right after can never race over the address.
  const [openId, setOpenId] = useState(() => searchParams.get('lead'));
  const list = useQuery({ ...contactsQuery(params), placeholderData: keepPreviousData });

  /** Changes some filters; any change other than the page goes back to page 1. */
  const update = useCallback(
    (changes: Partial<ContactListParams>) => {
      setSearchParams((previous) => {
        const next = { ...readParams(previous), ...changes };
        if (!('page' in changes)) next.page = 1;
        return toSearch(next as Record<string, string | number | undefined>, CONTACT_LIST_DEFAULTS);
      });
    },
    [setSearchParams],
  );

  const exportSearch = toSearch({ q: params.q, status: params.status, source: params.source }, {});
  const data = list.data;

  return (
    <>
      <AdminPageHeader
        title="Contacts"
        description="Demandes de devis, d'appel découverte et messages reçus par le site."
        actions={
          <Button asChild variant="secondary" size="sm">
            <a href={`${CONTACTS_KEY}/export.csv${exportSearch.size ? `?${exportSearch}` : ''}`} download>
              <Download className="size-4" aria-hidden="true" />
              Exporter en CSV
            </a>
          </Button>
        }
      />
      <Card>
        <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
          <SearchInput
            label="Rechercher un contact"
            placeholder="Nom, email, entreprise, téléphone"
            value={params.q ?? ''}
            onChange={(q) => update({ q })}
          />
          <FilterSelect
            label="Statut"
            allLabel="Tous"
            value={params.status ?? ''}
            options={STATUS_OPTIONS}
            onChange={(status) => update({ status: (status || undefined) as ContactStatus | undefined })}
          />
          <FilterSelect
            label="Origine"
            allLabel="Toutes"
            value={params.source ?? ''}
            options={SOURCE_OPTIONS}
            onChange={(source) => update({ source: source || undefined })}
          />
        </div>

        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : data && data.items.length === 0 ? (
          <EmptyState
            title={
              params.q || params.status || params.source
                ? 'Aucun contact ne correspond à ces filtres.'
                : 'Aucun contact pour le moment.'
            }
          >
            Les demandes envoyées depuis le site apparaîtront ici en temps réel.
          </EmptyState>
        ) : data ? (
          <>
            <div className="-mx-4 overflow-x-auto sm:mx-0">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Liste des contacts, {data.total} au total</caption>
                <thead className="border-b border-gray-200 text-gray-600">
                  <tr>
                    <SortHeader label="Nom" column="fullName" params={params} onSort={update} />
                    <th scope="col" className="px-4 py-2 font-medium">
                      Service
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Origine
                    </th>
                    <SortHeader label="Statut" column="status" params={params} onSort={update} />
                    <SortHeader label="Reçu le" column="createdAt" params={params} onSort={update} />
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100" aria-busy={list.isFetching}>
                  {data.items.map((contact) => (
                    <tr key={contact.id} className="hover:bg-gray-50" data-testid="contact-row">
                      <td className="px-4 py-3">
                        <button
                          type="button"
                          className="text-left font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                          onClick={() => setOpenId(contact.id)}
                        >
                          {contact.fullName}
                        </button>
                        <p className="max-w-[16rem] truncate text-gray-600">{contact.email}</p>
                      </td>
                      <td className="max-w-[12rem] truncate px-4 py-3 text-gray-800">
                        {contact.serviceInterest}
                      </td>
                      <td className="px-4 py-3 text-gray-700">
                        {CONTACT_SOURCE_LABELS[contact.source] ?? contact.source}
                      </td>
                      <td className="px-4 py-3">
                        <ContactStatusBadge status={contact.status} />
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                        {formatDateTime(contact.createdAt)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        ) : null}
      </Card>
      <ContactDetail id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function SortHeader({
  label,
  column,
  params,
  onSort,
}: {
  label: string;
  column: SortKey;
  params: ContactListParams;
  onSort: (changes: Partial<ContactListParams>) => void;
}) {
  const active = params.sort === column;
  const Icon = !active ? ArrowUpDown : params.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className="px-4 py-2 font-medium"
      aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        onClick={() => onSort({ sort: column, order: active && params.order === 'desc' ? 'asc' : 'desc' })}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}
