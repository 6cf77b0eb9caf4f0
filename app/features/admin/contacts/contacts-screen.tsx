/**
 * The leads (docs/product.md §2.2, decisions 011 and 012): search, status and source filters, sortable
 * columns, server-side pagination, a detail panel, CSV export of what is filtered. The filters live in the
 * address (?q=&status=&page=...), so reload and back keep them; ?lead=<id> opens a lead's panel on arrival (a
 * link to one lead), after which the open panel is the screen's own state. New leads arrive by the real-time
 * channel, which refreshes this list (admin/layout.tsx).
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_STATUSES, type ContactStatus } from '#common/enums.ts';
import {
  CONTACT_SOURCE_LABELS,
  CONTACT_STATUS_LABELS,
  type ContactListQuery,
} from '#common/schemas/admin.ts';
import { Button } from '~/components/ui/button';
import { AdminList, type ColumnSort, DataTable, useAdminList } from '~/features/admin/admin-list';
import { CONTACTS_KEY, toSearch } from '~/features/admin/queries';
import { AdminPageHeader, Card, formatDateTime } from '~/features/admin/ui';
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

const writeParams = (params: ContactListParams) =>
  toSearch(params as Record<string, string | number | undefined>, CONTACT_LIST_DEFAULTS);

export function ContactsScreen() {
  const [searchParams] = useSearchParams();
  const list = useAdminList(readParams, writeParams, contactsQuery);
  const { params, update } = list;
  // Read from the address once (a link to one lead); then the panel is local state, so that
  // closing it and changing a filter right after can never race over the address.
  const [openId, setOpenId] = useState(() => searchParams.get('lead'));

  const exportSearch = toSearch({ q: params.q, status: params.status, source: params.source }, {});
  const sort = (column: SortKey): ColumnSort => {
    const active = params.sort === column;
    return {
      active,
      ascending: params.order === 'asc',
      onSort: () => update({ sort: column, order: active && params.order === 'desc' ? 'asc' : 'desc' }),
    };
  };

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
        <AdminList
          list={list}
          toolbar={{
            search: { label: 'Rechercher un contact', placeholder: 'Nom, email, entreprise, téléphone' },
            filters: [
              { key: 'status', label: 'Statut', allLabel: 'Tous', options: STATUS_OPTIONS },
              { key: 'source', label: 'Origine', allLabel: 'Toutes', options: SOURCE_OPTIONS },
            ],
          }}
          empty={{
            title:
              params.q || params.status || params.source
                ? 'Aucun contact ne correspond à ces filtres.'
                : 'Aucun contact pour le moment.',
            children: 'Les demandes envoyées depuis le site apparaîtront ici en temps réel.',
          }}
        >
          {(data) => (
            <DataTable
              className="-mx-4 overflow-x-auto sm:mx-0"
              tableClassName="w-full min-w-[40rem] text-left text-sm"
              caption={`Liste des contacts, ${data.total} au total`}
              items={data.items}
              rowKey={(contact) => contact.id}
              rowTestId="contact-row"
              busy={list.query.isFetching}
              columns={[
                {
                  header: 'Nom',
                  sort: sort('fullName'),
                  className: 'px-4 py-3',
                  cell: (contact) => (
                    <>
                      <button
                        type="button"
                        className="text-left font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
                        onClick={() => setOpenId(contact.id)}
                      >
                        {contact.fullName}
                      </button>
                      <p className="max-w-[16rem] truncate text-gray-600">{contact.email}</p>
                    </>
                  ),
                },
                {
                  header: 'Service',
                  className: 'max-w-[12rem] truncate px-4 py-3 text-gray-800',
                  cell: (contact) => contact.serviceInterest,
                },
                {
                  header: 'Origine',
                  className: 'px-4 py-3 text-gray-700',
                  cell: (contact) => CONTACT_SOURCE_LABELS[contact.source] ?? contact.source,
                },
                {
                  header: 'Statut',
                  sort: sort('status'),
                  className: 'px-4 py-3',
                  cell: (contact) => <ContactStatusBadge status={contact.status} />,
                },
                {
                  header: 'Reçu le',
                  sort: sort('createdAt'),
                  className: 'px-4 py-3 whitespace-nowrap text-gray-700',
                  cell: (contact) => formatDateTime(contact.createdAt),
                },
              ]}
            />
          )}
        </AdminList>
      </Card>
      <ContactDetail id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
