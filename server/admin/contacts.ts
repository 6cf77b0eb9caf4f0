/**
 * Leads for the back-office: the filtered, sorted, paginated list, one lead, status changes
 * (broadcast on the real-time channel) and the CSV export.
 */
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactStatus } from '#common/enums.ts';
import {
  type AdminContact,
  CONTACT_SOURCE_LABELS,
  CONTACT_STATUS_LABELS,
  type ContactFiltersSchema,
  type ContactListQuery,
  type Page,
} from '#common/schemas/admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { type ContactRequest, contactRequests } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { kinshasaDateTime } from '../calendar/kinshasa.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { exportCsv, searchFilter } from './csv.ts';
import { allOf, findPresented, pageOfTable, searchIn } from './search.ts';

export type ContactFilters = z.output<typeof ContactFiltersSchema>;

export function presentContact(row: ContactRequest): AdminContact {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    phoneRaw: row.phoneRaw,
    company: row.company,
    serviceInterest: row.serviceInterest,
    budget: row.budget,
    message: row.message,
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function whereOf(filters: ContactFilters): SQL | undefined {
  const c = contactRequests;
  return allOf(
    searchIn(filters.q, [c.fullName, c.email, c.company, c.phone, c.phoneRaw]),
    filters.status && eq(c.status, filters.status),
    filters.source && eq(c.source, filters.source),
  );
}

const SORT_COLUMNS = {
  createdAt: contactRequests.createdAt,
  fullName: sql`lower(${contactRequests.fullName})`,
  status: contactRequests.status,
} as const;

export async function listContacts(db: Database, query: ContactListQuery): Promise<Page<AdminContact>> {
  const where = whereOf(query);
  return pageOfTable(db, contactRequests, query, where, SORT_COLUMNS[query.sort], (rows: ContactRequest[]) =>
    rows.map(presentContact),
  );
}

export const findContact = (db: Database, id: string): Promise<AdminContact | undefined> =>
  findPresented(db, contactRequests, id, presentContact);

/**
 * Any status may follow any other (a lead marked done by mistake goes back). The change, its
 * activity log entry and its events are one transaction; the same status again changes nothing.
 */
export async function changeContactStatus(
  db: Database,
  events: Pick<EventBus, 'publish'>,
  input: { id: string; status: ContactStatus; adminId: string },
): Promise<AdminContact | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, input.id))
      .for('update');
    if (!current) return undefined;
    if (current.status === input.status) return presentContact(current);
    const [updated] = await tx
      .update(contactRequests)
      .set({ status: input.status })
      .where(eq(contactRequests.id, input.id))
      .returning();
    if (!updated) throw new Error('contact vanished during status change');
    await logActivity(tx, {
      type: 'contact.status_changed',
      title: `Statut du contact ${updated.fullName} : ${CONTACT_STATUS_LABELS[input.status]}`,
      description: `${CONTACT_STATUS_LABELS[current.status]} → ${CONTACT_STATUS_LABELS[input.status]}`,
      userId: input.adminId,
    });
    await events.publish(
      tx,
      {
        channel: 'contacts',
        type: 'contact_status_update',
        data: { id: updated.id, status: updated.status },
      },
      { channel: 'dashboard', type: 'stats_update', data: {} },
    );
    return presentContact(updated);
  });
}

export const CONTACT_CSV_HEADER = [
  'Date',
  'Nom complet',
  'Email',
  'Téléphone',
  'Entreprise',
  'Service',
  'Budget',
  'Message',
  'Statut',
  'Source',
];

/** The list's filters and order, without pagination, as a CSV; the export is logged. */
export async function exportContactsCsv(
  db: Database,
  filters: ContactFilters,
  adminId: string,
): Promise<{ csv: string; rows: number }> {
  return exportCsv(db, {
    rows: db
      .select()
      .from(contactRequests)
      .where(whereOf(filters))
      .orderBy(desc(contactRequests.createdAt), asc(contactRequests.id)),
    header: CONTACT_CSV_HEADER,
    line: (r) => [
      kinshasaDateTime(r.createdAt),
      r.fullName,
      r.email,
      r.phone ?? r.phoneRaw,
      r.company,
      r.serviceInterest,
      r.budget,
      r.message,
      CONTACT_STATUS_LABELS[r.status],
      CONTACT_SOURCE_LABELS[r.source] ?? r.source,
    ],
    log: {
      type: 'contacts.exported',
      title: (count) => `Export CSV des contacts (${count})`,
      filters: [
        searchFilter(filters.q),
        filters.status && `statut ${CONTACT_STATUS_LABELS[filters.status]}`,
        filters.source && `source ${CONTACT_SOURCE_LABELS[filters.source] ?? filters.source}`,
      ],
    },
    adminId,
  });
}
