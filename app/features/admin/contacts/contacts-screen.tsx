/**
 * The leads (docs/product.md §2.2, decisions 011 and 012): search, status, form ("Origine"), owner,
 * follow-up, review and visit source ("Source", decision 084) filters, sortable
 * columns, server-side pagination, a detail panel, CSV export of what is filtered. The filters live in the
 * address (?q=&status=&page=...), so reload and back keep them; ?lead=<id> opens a lead's panel on arrival (a
 * link to one lead), after which the open panel is the screen's own state. New leads arrive by the real-time
 * channel, which refreshes this list (admin/layout.tsx).
 */

import { useQuery } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QUOTE_RESPONSE_HOURS, QUOTE_RESPONSE_TIME } from '#common/constants.ts';
import { CONTACT_STATUSES, type ContactStatus } from '#common/enums.ts';
import {
  type AdminContact,
  CONTACT_FOLLOW_UP_FILTERS,
  CONTACT_SOURCE_LABELS,
  CONTACT_STATUS_LABELS,
  type ContactFollowUpFilter,
  type ContactListQuery,
  NO_OWNER,
  REVIEW_FILTERS,
  type ReviewFilter,
  type TrafficSourceCount,
} from '#common/schemas/admin.ts';
import { adminFullName } from '#common/schemas/users-admin.ts';
import { EmailAddress } from '~/components/email-address';
import { Button } from '~/components/ui/button';
import { CONTACTS_KEY, toSearch } from '~/features/admin/data/queries';
import {
  AdminList,
  type Column,
  type ColumnSort,
  rowsSkeleton,
  useAdminList,
} from '~/features/admin/kit/admin-list';
import { Badge } from '~/features/admin/kit/badge';
import { formatDateTime, isOverdue } from '~/features/admin/kit/dates';
import { CREATED_SORT_OPTIONS, PhoneSortSelect } from '~/features/admin/kit/filters';
import { AdminPageHeader, Card } from '~/features/admin/kit/page';
import { cn } from '~/lib/cn';
import { usersQuery } from '../settings/data';
import { ContactDetail } from './contact-detail';
import { ContactStatusBadge } from './contact-status-badge';
import { CONTACT_LIST_DEFAULTS, type ContactListParams, contactsQuery, ownerOptions } from './data';

const STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: CONTACT_STATUS_LABELS[value] }));
const SOURCE_OPTIONS = Object.entries(CONTACT_SOURCE_LABELS).map(([value, label]) => ({ value, label }));
const FOLLOW_UP_OPTIONS = Object.entries(CONTACT_FOLLOW_UP_FILTERS).map(([value, label]) => ({
  value,
  label,
}));
const REVIEW_OPTIONS = Object.entries(REVIEW_FILTERS).map(([value, label]) => ({ value, label }));
type SortKey = ContactListQuery['sort'];
const SORT_KEYS: readonly SortKey[] = ['createdAt', 'fullName', 'status', 'nextActionAt'];
/** On a phone the column headers are gone with the table: the order is chosen here. */
const PHONE_SORT_OPTIONS = [
  ...CREATED_SORT_OPTIONS,
  { value: 'nextActionAt:asc', label: 'Prochaine action' },
  { value: 'fullName:asc', label: 'Nom (A → Z)' },
  { value: 'fullName:desc', label: 'Nom (Z → A)' },
  { value: 'status:asc', label: 'Statut' },
] as const;

function readParams(search: URLSearchParams): ContactListParams {
  const status = search.get('status');
  const sort = search.get('sort') as SortKey;
  const followUp = search.get('followUp') as ContactFollowUpFilter;
  const review = search.get('review') as ReviewFilter;
  return {
    q: search.get('q') ?? undefined,
    status: CONTACT_STATUSES.includes(status as ContactStatus) ? (status as ContactStatus) : undefined,
    source: search.get('source') ?? undefined,
    owner: search.get('owner') ?? undefined,
    followUp: followUp in CONTACT_FOLLOW_UP_FILTERS ? followUp : undefined,
    review: review in REVIEW_FILTERS ? review : undefined,
    trafficSource: search.get('trafficSource') || undefined,
    sort: SORT_KEYS.includes(sort) ? sort : 'createdAt',
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

  const users = useQuery(usersQuery);
  // A deactivated admin stays selectable while the list is filtered by them.
  const filtered = users.data?.find((user) => user.id === params.owner);
  const owners = [
    { value: NO_OWNER, label: 'Sans responsable' },
    ...ownerOptions(users.data, filtered && { id: filtered.id, name: adminFullName(filtered) }),
  ];
  const { q, status, source, owner, followUp, review, trafficSource } = params;
  const exportSearch = toSearch({ q, status, source, owner, followUp, review, trafficSource }, {});
  const sort = (column: SortKey): ColumnSort => {
    const active = params.sort === column;
    return {
      active,
      ascending: params.order === 'asc',
      // A first click shows the newest (or largest) first, except the follow-up: the soonest
      // next action first, the one to do now.
      onSort: () => {
        const first = column === 'nextActionAt' ? 'asc' : 'desc';
        const other = first === 'asc' ? 'desc' : 'asc';
        update({ sort: column, order: active && params.order === first ? other : first });
      },
    };
  };

  return (
    <>
      <AdminPageHeader
        title="Contacts"
        description="Demandes de devis, d’appel découverte et messages reçus par le site."
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
          skeleton={rowsSkeleton('h-52 md:h-16', true)}
          toolbar={{
            search: { label: 'Rechercher un contact', placeholder: 'Nom, email, entreprise, téléphone' },
            // On a phone the list starts in the first screen: its six filters wait behind a button.
            filtersSheet: true,
            filters: [
              { key: 'status', label: 'Statut', allLabel: 'Tous', options: STATUS_OPTIONS },
              { key: 'source', label: 'Origine', allLabel: 'Toutes', options: SOURCE_OPTIONS },
              // The visit that brought the lead (docs/decisions/084-first-party-audience.md).
              {
                key: 'trafficSource',
                label: 'Source',
                allLabel: 'Toutes',
                options: trafficSourceOptions(list.query.data?.trafficSources ?? [], trafficSource),
              },
              // Named apart from the open lead's own "Responsable".
              {
                key: 'owner',
                label: 'Responsable',
                accessibleName: 'Filtrer par responsable',
                allLabel: 'Tous',
                options: owners,
              },
              { key: 'followUp', label: 'Suivi', allLabel: 'Tous', options: FOLLOW_UP_OPTIONS },
              // Kept without notifying the staff (docs/decisions/083-leads-kept-for-review.md).
              { key: 'review', label: 'Vérification', allLabel: 'Tous', options: REVIEW_OPTIONS },
            ],
            extra: (
              <PhoneSortSelect
                sort={params.sort ?? 'createdAt'}
                order={params.order ?? 'desc'}
                byDefault={CONTACT_LIST_DEFAULTS}
                options={PHONE_SORT_OPTIONS}
                onChange={update}
              />
            ),
          }}
          empty={{
            title:
              q || status || source || owner || followUp || review || trafficSource
                ? 'Aucun contact ne correspond à ces filtres.'
                : 'Aucun contact pour le moment.',
            children: 'Les demandes envoyées depuis le site apparaîtront ici en temps réel.',
          }}
          table={{
            cards: true,
            className: 'relative md:overflow-x-auto',
            tableClassName: 'w-full text-left text-sm md:min-w-[48rem]',
            caption: (data) => `Liste des contacts, ${data.total} au total`,
            rowTestId: 'contact-row',
            columns: contactColumns(sort, setOpenId),
          }}
        />
      </Card>
      <ContactDetail id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/** The list's columns: `sort` makes one sortable, `open` shows a lead's panel. */
function contactColumns(
  sort: (column: SortKey) => ColumnSort,
  open: (id: string) => void,
): Column<AdminContact>[] {
  return [
    {
      header: 'Nom',
      sort: sort('fullName'),
      className: 'md:px-4 md:py-3',
      cell: (contact) => (
        <div className="min-w-0">
          <button
            type="button"
            className="text-right font-medium wrap-anywhere text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 md:text-left"
            onClick={() => open(contact.id)}
          >
            {contact.fullName}
          </button>
          {/* On a phone's card it wraps where a reader expects; in the table, one line,
              cut with an ellipsis (Chromium breaks at <wbr> even in nowrap text). */}
          <p
            title={contact.email}
            className="wrap-anywhere text-gray-600 md:max-w-[16rem] md:truncate md:[&_wbr]:hidden"
          >
            <EmailAddress email={contact.email} />
          </p>
        </div>
      ),
    },
    {
      header: 'Service',
      className: 'text-gray-800 md:max-w-[12rem] md:truncate md:px-4 md:py-3',
      cell: (contact) => contact.serviceInterest,
    },
    {
      header: 'Origine',
      className: 'text-gray-700 md:px-4 md:py-3',
      cell: (contact) => CONTACT_SOURCE_LABELS[contact.source] ?? contact.source,
    },
    {
      header: 'Statut',
      sort: sort('status'),
      className: 'md:px-4 md:py-3',
      cell: (contact) => (
        <div className="flex flex-col items-end gap-1 md:items-start">
          <ContactStatusBadge status={contact.status} />
          {contact.reviewReason ? <Badge tone="amber">À vérifier</Badge> : null}
          {unanswered(contact) ? (
            <span className="text-xs font-medium whitespace-nowrap text-red-700">
              Sans réponse depuis plus de {QUOTE_RESPONSE_HOURS} h
            </span>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Suivi',
      sort: sort('nextActionAt'),
      className: 'text-gray-700 md:px-4 md:py-3',
      cell: (contact) => <FollowUpCell contact={contact} />,
    },
    {
      header: 'Reçu le',
      sort: sort('createdAt'),
      className: 'whitespace-nowrap text-gray-700 md:px-4 md:py-3',
      cell: (contact) => formatDateTime(contact.createdAt),
    },
  ];
}

/**
 * The "Source" filter's choices: each visit source stored, with its leads ("Facebook (12)"), plus
 * the one in the address when no lead has it any more, so that it stays shown and selectable.
 */
function trafficSourceOptions(sources: readonly TrafficSourceCount[], current: string | undefined) {
  const all =
    current && !sources.some((source) => source.value === current)
      ? [{ value: current, count: 0 }, ...sources]
      : sources;
  return all.map(({ value, count }) => ({ value, label: `${value} (${count})` }));
}

/** A lead still `nouveau` past the answer the site promises (docs/product.md §9.1: within 24 h). */
const unanswered = (contact: AdminContact, now = Date.now()) =>
  contact.status === 'nouveau' && now - new Date(contact.createdAt).getTime() >= QUOTE_RESPONSE_TIME;

/** Who follows the lead and its next action's date, late ones in red. */
function FollowUpCell({ contact }: { contact: AdminContact }) {
  const late = isOverdue(contact.nextActionAt);
  return (
    <div className="min-w-0">
      <p>{contact.owner?.name ?? 'Sans responsable'}</p>
      {contact.nextActionAt ? (
        <p className={cn(late ? 'font-medium text-red-700' : 'text-gray-600')}>
          <span className="whitespace-nowrap">{formatDateTime(contact.nextActionAt)}</span>
          {late ? <span className="whitespace-nowrap"> · en retard</span> : null}
        </p>
      ) : null}
    </div>
  );
}
