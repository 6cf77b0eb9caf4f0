/**
 * Leads for the back-office: the filtered, sorted, paginated list (with the visit sources to filter
 * by), one lead with the visit that brought it, status changes
 * (broadcast on the real-time channel), "Ce n'est pas du spam" on a lead kept "À vérifier", and
 * the CSV export.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Attribution } from '#common/audience.ts';
import type { ContactNoteKind, ContactStatus } from '#common/enums.ts';
import { kinshasaDateTime, kinshasaDayEnd } from '#common/kinshasa.ts';
import {
  type AdminContact,
  CONTACT_FOLLOW_UP_FILTERS,
  CONTACT_SOURCE_LABELS,
  CONTACT_STATUS_LABELS,
  type ContactFiltersSchema,
  type ContactListQuery,
  type ContactPage,
  NO_OWNER,
  type TrafficSourceCount,
} from '#common/schemas/admin.ts';
import { adminFullName } from '#common/schemas/users-admin.ts';
import { type Database, inOneStatement, inTransaction, queryRows } from '#db/client.ts';
import { allOf, pageOfTable, searchIn } from '#db/list-queries.ts';
import { insertRow } from '#db/rows.ts';
import {
  adminUsers,
  type ContactNote,
  type ContactRequest,
  contactNotes,
  contactRequests,
} from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { type LeadDeps, leadNotifications } from '../leads/create-lead.ts';
import { displayPhone } from '../leads/phone.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { exportCsv, searchFilter } from './csv.ts';

export type ContactFilters = z.output<typeof ContactFiltersSchema>;

/** A lead as the back-office shows it; `owners` names its owner (presentContacts loads them). */
export function presentContact(row: ContactRequest, owners: Map<string, string>): AdminContact {
  const ownerName = row.ownerId ? owners.get(row.ownerId) : undefined;
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    phoneRaw: row.phoneRaw,
    phoneDisplay: displayPhone(row.phone ?? row.phoneRaw),
    company: row.company,
    serviceInterest: row.serviceInterest,
    budget: row.budget,
    message: row.message,
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: row.ownerId && ownerName ? { id: row.ownerId, name: ownerName } : null,
    nextActionAt: row.nextActionAt?.toISOString() ?? null,
    nextActionNote: row.nextActionNote,
    reviewReason: row.reviewReason,
  };
}

/** The names of these admins by id (an account deleted since has none). */
export async function adminNames(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: adminUsers.id, firstName: adminUsers.firstName, lastName: adminUsers.lastName })
    .from(adminUsers)
    .where(inArray(adminUsers.id, wanted));
  return new Map(rows.map((row) => [row.id, adminFullName(row)]));
}

/** The name of the active admin with that id; undefined when there is none (unknown or deactivated). */
export async function activeAdminName(db: Database, id: string): Promise<string | undefined> {
  const [admin] = await db
    .select({ firstName: adminUsers.firstName, lastName: adminUsers.lastName })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.isActive, true)));
  return admin && adminFullName(admin);
}

/**
 * `rows` presented by `present`, which is given the names of the admins they name (`adminOf`
 * each), all read in one query.
 */
export async function presentWithAdminNames<Row, Item>(
  db: Database,
  rows: Row[],
  adminOf: (row: Row) => string | null,
  present: (row: Row, names: Map<string, string>) => Item,
): Promise<Item[]> {
  const names = await adminNames(db, rows.map(adminOf));
  return rows.map((row) => present(row, names));
}

/** Leads as the back-office shows them, with their owner's name. */
export const presentContacts = (db: Database, rows: ContactRequest[]): Promise<AdminContact[]> =>
  presentWithAdminNames(db, rows, (row) => row.ownerId, presentContact);

/**
 * Writes one timeline entry (inside the caller's transaction). Each entry is dated after the lead's
 * latest one, even within one clock tick (PGlite's clock counts milliseconds), so the entries of
 * one change keep the order they were written in.
 */
export async function addTimelineEntry(
  db: Database,
  entry: { contactId: string; kind: ContactNoteKind; body: string; userId: string | null },
): Promise<ContactNote> {
  const latest = db
    .select({ at: sql`max(${contactNotes.createdAt})` })
    .from(contactNotes)
    .where(eq(contactNotes.contactId, entry.contactId));
  const createdAt = sql`greatest(clock_timestamp(), (${latest}) + interval '1 microsecond')`;
  return insertRow(db, contactNotes, { ...entry, createdAt });
}

/** The filters' condition; `now` decides which next actions are late or due today. */
function whereOf(filters: ContactFilters, now: Date): SQL | undefined {
  const c = contactRequests;
  return allOf(
    searchIn(filters.q, [c.fullName, c.email, c.company, c.phone, c.phoneRaw]),
    filters.status && eq(c.status, filters.status),
    filters.source && eq(c.source, filters.source),
    filters.owner && (filters.owner === NO_OWNER ? isNull(c.ownerId) : eq(c.ownerId, filters.owner)),
    filters.followUp === 'late' && lte(c.nextActionAt, now),
    filters.followUp === 'today' && lt(c.nextActionAt, kinshasaDayEnd(now)),
    filters.review === 'a_verifier' && isNotNull(c.reviewReason),
    filters.trafficSource && eq(c.trafficSource, filters.trafficSource),
  );
}

const SORT_COLUMNS = {
  createdAt: contactRequests.createdAt,
  fullName: sql`lower(${contactRequests.fullName})`,
  status: contactRequests.status,
  // Ascending, the soonest next action first and the leads without one last; descending, the
  // leads with nothing planned first, then the furthest next actions.
  nextActionAt: sql`coalesce(${contactRequests.nextActionAt}, 'infinity'::timestamptz)`,
} as const;

export async function listContacts(db: Database, query: ContactListQuery, now: Date): Promise<ContactPage> {
  const where = whereOf(query, now);
  const page = await pageOfTable(
    db,
    contactRequests,
    query,
    where,
    SORT_COLUMNS[query.sort],
    (rows: ContactRequest[]) => presentContacts(db, rows),
  );
  return { ...page, trafficSources: await trafficSources(db) };
}

/**
 * Every visit source the leads have, with how many leads each brought, most first: the "Source"
 * filter's choices. One grouped read of the (traffic_source, created_at) index; the leads of
 * unknown source are not a choice.
 */
export async function trafficSources(db: Database): Promise<TrafficSourceCount[]> {
  const count = sql<number>`count(*)::int`;
  const rows = await db
    .select({ value: contactRequests.trafficSource, count })
    .from(contactRequests)
    .where(isNotNull(contactRequests.trafficSource))
    .groupBy(contactRequests.trafficSource)
    .orderBy(desc(count), asc(contactRequests.trafficSource));
  return rows.flatMap((row) => (row.value === null ? [] : [{ value: row.value, count: Number(row.count) }]));
}

/** One lead and the visit that brought it (null when unknown). */
export async function findContact(
  db: Database,
  id: string,
): Promise<{ contact: AdminContact; attribution: Attribution | null } | undefined> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id));
  if (!row) return undefined;
  const [contact] = await presentContacts(db, [row]);
  return contact && { contact, attribution: row.attribution ?? null };
}

/**
 * Runs `change` on the lead with that id in a transaction that locks it first, so two admins'
 * changes of one lead run one after the other; undefined when there is no such lead.
 */
export function changeContact<T>(
  db: Database,
  id: string,
  change: (tx: Database, current: ContactRequest) => Promise<T>,
): Promise<T | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(contactRequests).where(eq(contactRequests.id, id)).for('update');
    return current && change(tx, current);
  });
}

/**
 * Writes `set` on the lead changeContact has locked and returns its new row; a lead that vanished
 * meanwhile throws `vanished`.
 */
export async function setLockedContact(
  tx: Database,
  id: string,
  set: Partial<typeof contactRequests.$inferInsert>,
  vanished: string,
): Promise<ContactRequest> {
  const [updated] = await tx.update(contactRequests).set(set).where(eq(contactRequests.id, id)).returning();
  if (!updated) throw new Error(vanished);
  return updated;
}

/**
 * Any status may follow any other (a lead marked done by mistake goes back). The change, its
 * activity log entry and its events are one transaction; the same status again changes nothing.
 */
export async function changeContactStatus(
  db: Database,
  events: Pick<EventBus, 'publish'>,
  input: { id: string; status: ContactStatus; adminId: string },
): Promise<AdminContact | undefined> {
  return changeContact(db, input.id, async (tx, current) => {
    if (current.status === input.status) return (await presentContacts(tx, [current]))[0];
    const updated = await setLockedContact(
      tx,
      input.id,
      { status: input.status },
      'contact vanished during status change',
    );
    await addTimelineEntry(tx, {
      contactId: updated.id,
      kind: 'status',
      body: `Statut : ${CONTACT_STATUS_LABELS[current.status]} → ${CONTACT_STATUS_LABELS[input.status]}`,
      userId: input.adminId,
    });
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
    return (await presentContacts(tx, [updated]))[0];
  });
}

/**
 * "Ce n'est pas du spam" on a lead kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md):
 * clears the flag and sends what a lead sends when it arrives (the staff's email, the push, the
 * "new lead" event), with a timeline entry and an activity-log line, in one transaction that
 * locks the lead. A second click (or a second admin) finds the flag cleared and changes nothing,
 * and the email and the push are deduplicated by the lead's id besides.
 */
export async function clearContactReview(
  db: Database,
  deps: LeadDeps,
  input: { id: string; adminId: string },
): Promise<AdminContact | undefined> {
  return changeContact(db, input.id, async (tx, current) => {
    if (current.reviewReason === null) return (await presentContacts(tx, [current]))[0];
    const updated = await setLockedContact(
      tx,
      input.id,
      { reviewReason: null },
      'contact vanished while its review was cleared',
    );
    await addTimelineEntry(tx, {
      contactId: updated.id,
      kind: 'review',
      body: `Ce n’est pas du spam (était à vérifier : ${current.reviewReason})`,
      userId: input.adminId,
    });
    await logActivity(tx, {
      type: 'contact.not_spam',
      title: `Ce n’est pas du spam : ${updated.fullName}`,
      description: `Était à vérifier : ${current.reviewReason}`,
      userId: input.adminId,
    });
    const notifications = await leadNotifications(tx, deps, updated);
    await queryRows(
      tx,
      inOneStatement(notifications.writes, deps.events.notification(...notifications.events)),
    );
    return (await presentContacts(tx, [updated]))[0];
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
  // The form the lead came through (quote, call, contact page), as the list's "Origine".
  'Origine',
  // The visit that brought the lead (docs/decisions/084-first-party-audience.md), as its "Source".
  'Source',
];

/** The list's filters and order, without pagination, as a CSV; the export is logged. */
export async function exportContactsCsv(
  db: Database,
  filters: ContactFilters,
  adminId: string,
  now: Date,
): Promise<{ csv: string; rows: number }> {
  return exportCsv(db, {
    rows: db
      .select()
      .from(contactRequests)
      .where(whereOf(filters, now))
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
      r.trafficSource,
    ],
    log: {
      type: 'contacts.exported',
      title: (count) => `Export CSV des contacts (${count})`,
      filters: [
        searchFilter(filters.q),
        filters.status && `statut ${CONTACT_STATUS_LABELS[filters.status]}`,
        filters.source && `origine ${CONTACT_SOURCE_LABELS[filters.source] ?? filters.source}`,
        filters.owner &&
          (filters.owner === NO_OWNER
            ? 'sans responsable'
            : `responsable ${(await adminNames(db, [filters.owner])).get(filters.owner) ?? 'inconnu'}`),
        filters.followUp && CONTACT_FOLLOW_UP_FILTERS[filters.followUp].toLowerCase(),
        filters.review && 'à vérifier',
        filters.trafficSource && `source « ${filters.trafficSource} »`,
      ],
    },
    adminId,
  });
}
