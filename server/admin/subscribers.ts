/**
 * Newsletter subscribers for the back-office: list, edit (tags, names), CSV export and import,
 * the export and erasure of one person. An import never bypasses the double opt-in: a new
 * address is pending with a confirmation email unless the admin declares prior consent, and a
 * known address (above all an unsubscribed or bounced one) only ever gains tags.
 */
import { asc, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { kinshasaDateTime } from '#common/kinshasa.ts';
import {
  type AdminSubscriber,
  SUBSCRIBER_STATUS_LABELS,
  type SubscriberFiltersSchema,
  type SubscriberListQuery,
  type SubscriberPage,
  type SubscriberUpdateSchema,
} from '#common/schemas/admin.ts';
import { type Database, inTransaction, queryRows } from '#db/client.ts';
import { allOf, likePattern, pageOfTable, searchIn } from '#db/list-queries.ts';
import { activityLogs, type NewsletterSubscription, newsletterSubscriptions } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import type { MailTransport } from '../email/transport.ts';
import {
  announceSubscriber,
  eraseSubscriber,
  exportSubscriber,
  type SubscriberExport,
  subscriberFields,
} from '../newsletter/newsletter.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { exportCsv, searchFilter } from './csv.ts';

export type SubscriberFilters = z.output<typeof SubscriberFiltersSchema>;
export type SubscriberUpdate = z.output<typeof SubscriberUpdateSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentSubscriber(row: NewsletterSubscription): AdminSubscriber {
  return {
    id: row.id,
    ...subscriberFields(row),
    consentAt: iso(row.consentAt),
    subscribedAt: iso(row.subscribedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewReason: row.reviewReason,
    trafficSource: row.trafficSource,
  };
}

function whereOf(filters: SubscriberFilters): SQL | undefined {
  const s = newsletterSubscriptions;
  return allOf(
    searchIn(filters.q, [
      s.email,
      s.firstName,
      s.lastName,
      // "Marie Kabila" finds the row whose first and last names are stored apart.
      sql`(coalesce(${s.firstName}, '') || ' ' || coalesce(${s.lastName}, ''))`,
    ]),
    filters.status && eq(s.status, filters.status),
    // Tags are stored lower-cased (TagSchema).
    filters.tag && sql`${filters.tag.toLowerCase()} = any(${s.tags})`,
    filters.review === 'a_verifier' && isNotNull(s.reviewReason),
  );
}

const SORT_COLUMNS = {
  createdAt: newsletterSubscriptions.createdAt,
  email: newsletterSubscriptions.email,
  status: newsletterSubscriptions.status,
} as const;

/** Every tag in use, for the filter's choices. */
export async function allTags(db: Database): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`select distinct unnest(${newsletterSubscriptions.tags}) as tag from ${newsletterSubscriptions} order by tag`,
  );
  return rows.map((r) => r.tag);
}

export async function listSubscribers(db: Database, query: SubscriberListQuery): Promise<SubscriberPage> {
  const where = whereOf(query);
  const page = await pageOfTable(
    db,
    newsletterSubscriptions,
    query,
    where,
    SORT_COLUMNS[query.sort],
    (rows: NewsletterSubscription[]) => rows.map(presentSubscriber),
  );
  return { ...page, tags: await allTags(db) };
}

/**
 * "Ce n'est pas du spam" on a sign-up kept "À vérifier" (docs/decisions/083-leads-kept-for-
 * review.md): clears the flag, logged; a confirmed subscriber is announced to the staff now (push,
 * live event), a pending one when they confirm. The row is locked: a double click changes nothing
 * the second time.
 */
export async function clearSubscriberReview(
  db: Database,
  events: Pick<EventBus, 'publish'>,
  input: { id: string; adminId: string },
): Promise<AdminSubscriber | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, input.id))
      .for('update');
    if (!current || current.reviewReason === null) return current && presentSubscriber(current);
    const [updated] = await tx
      .update(newsletterSubscriptions)
      .set({ reviewReason: null })
      .where(eq(newsletterSubscriptions.id, input.id))
      .returning();
    if (!updated) throw new Error('subscriber vanished while its review was cleared');
    await logActivity(tx, {
      type: 'subscriber.not_spam',
      title: `Ce n’est pas du spam : ${updated.email}`,
      description: `Était à vérifier : ${current.reviewReason}`,
      userId: input.adminId,
    });
    if (updated.status === 'active') await announceSubscriber(tx, events, updated);
    return presentSubscriber(updated);
  });
}

export async function updateSubscriber(
  db: Database,
  input: { id: string; update: SubscriberUpdate; adminId: string },
): Promise<AdminSubscriber | undefined> {
  return inTransaction(db, async (tx) => {
    const { tags, firstName, lastName } = input.update;
    const set: Partial<typeof newsletterSubscriptions.$inferInsert> = {};
    if (tags !== undefined) set.tags = [...new Set(tags)];
    if (firstName !== undefined) set.firstName = firstName || null;
    if (lastName !== undefined) set.lastName = lastName || null;
    if (Object.keys(set).length === 0) {
      const [row] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, input.id));
      return row ? presentSubscriber(row) : undefined;
    }
    const [updated] = await tx
      .update(newsletterSubscriptions)
      .set(set)
      .where(eq(newsletterSubscriptions.id, input.id))
      .returning();
    if (!updated) return undefined;
    await logActivity(tx, {
      type: 'subscriber.updated',
      title: `Abonné modifié : ${updated.email}`,
      description: tags !== undefined ? `Étiquettes : ${updated.tags.join(', ') || 'aucune'}` : null,
      userId: input.adminId,
    });
    return presentSubscriber(updated);
  });
}

/** Where an address came from, as the spreadsheet shows it. */
const SOURCE_LABELS: Record<string, string> = {
  footer: 'Pied de page',
  website: 'Site web',
  import: 'Import',
};

export const SUBSCRIBER_CSV_HEADER = [
  'Email',
  'Prénom',
  'Nom',
  'Statut',
  'Étiquettes',
  // The form the sign-up came through, as the list's "Origine".
  'Origine',
  'Consentement le',
  'Inscrit le',
  'Créé le',
  // The visit that brought it (docs/decisions/084-first-party-audience.md), as its "Source".
  'Source',
];

export async function exportSubscribersCsv(
  db: Database,
  filters: SubscriberFilters,
  adminId: string,
): Promise<{ csv: string; rows: number }> {
  const when = (d: Date | null) => (d ? kinshasaDateTime(d) : '');
  return exportCsv(db, {
    rows: db
      .select()
      .from(newsletterSubscriptions)
      .where(whereOf(filters))
      .orderBy(desc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.id)),
    header: SUBSCRIBER_CSV_HEADER,
    line: (r) => [
      r.email,
      r.firstName,
      r.lastName,
      SUBSCRIBER_STATUS_LABELS[r.status],
      r.tags.join(', '),
      SOURCE_LABELS[r.source] ?? r.source,
      when(r.consentAt),
      when(r.subscribedAt),
      when(r.createdAt),
      r.trafficSource,
    ],
    log: {
      type: 'subscribers.exported',
      title: (count) => `Export CSV des abonnés (${count})`,
      filters: [
        searchFilter(filters.q),
        filters.status && `statut ${SUBSCRIBER_STATUS_LABELS[filters.status]}`,
        filters.tag && `étiquette ${filters.tag}`,
        filters.review && 'à vérifier',
      ],
    },
    adminId,
  });
}

/** Adds tags to known addresses (sorted, without duplicates); nothing else about them changes. */
export async function addTagsTo(tx: Database, emails: string[], tags: string[]): Promise<void> {
  if (emails.length === 0 || tags.length === 0) return;
  const added = sql`array[${sql.join(
    tags.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  await tx
    .update(newsletterSubscriptions)
    .set({
      tags: sql`(select coalesce(array_agg(distinct t order by t), '{}'::text[]) from unnest(${newsletterSubscriptions.tags} || ${added}) as t)`,
    })
    .where(inArray(newsletterSubscriptions.email, emails));
}

export async function findSubscriberEmails(tx: Database, emails: string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await tx
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.email, chunk));
    for (const r of rows) known.add(r.email);
  }
  return known;
}

/**
 * After an erasure, the activity log must not keep the address either (entries such as
 * "Abonné modifié : <address>").
 */
export async function forgetInActivityLog(db: Database, email: string): Promise<void> {
  const needle = likePattern(email);
  await db
    .delete(activityLogs)
    .where(or(ilike(activityLogs.title, needle), ilike(activityLogs.description, needle)));
}

/** One subscriber's data as they would download it, and the log entry saying an admin took it. */
export function exportSubscriberForAdmin(
  db: Database,
  input: { id: string; adminId: string; now: Date },
): Promise<SubscriberExport | undefined> {
  return inTransaction(db, async (tx) => {
    const data = await exportSubscriber(tx, input.id, input.now);
    if (data) {
      await logActivity(tx, {
        type: 'subscriber.exported',
        title: `Données d’un abonné exportées : ${data.email}`,
        userId: input.adminId,
      });
    }
    return data;
  });
}

/**
 * Erases a subscriber at an admin's request, in one transaction with what the back-office keeps
 * of it: the log forgets the address (it keeps that an erasure happened, not whom it concerned),
 * and the dashboard is told. False when there is no such subscriber.
 */
export function eraseSubscriberForAdmin(
  db: Database,
  input: { id: string; adminId: string; transport: Pick<MailTransport, 'forget'>; events: EventBus },
): Promise<boolean> {
  return eraseSubscriber(db, input.id, input.transport, async (tx, email) => {
    await forgetInActivityLog(tx, email);
    await logActivity(tx, {
      type: 'subscriber.erased',
      title: 'Abonné effacé (droit à l’effacement)',
      userId: input.adminId,
    });
    await input.events.publish(tx, { channel: 'dashboard', type: 'stats_update', data: {} });
  });
}
