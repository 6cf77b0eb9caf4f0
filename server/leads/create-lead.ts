/**
 * Storing a lead: the row, the staff's notification email (outbox), the activity log entry and
 * the real-time events are written in ONE statement, so a lead is never stored without staff
 * being told, nor announced without being stored; one round trip to the database, not eight.
 * A lead kept "À vérifier" (`reviewReason`, docs/decisions/083-leads-kept-for-review.md) is stored
 * and logged without the staff's email, push and "new lead" event: "Ce n'est pas du spam" sends
 * them later (server/admin/contacts.ts), through `leadNotifications`.
 */

import type { SQL } from 'drizzle-orm';
import { describeAttribution } from '#common/audience.ts';
import type { ContactRequest, LeadSource } from '#common/schemas/leads.ts';
import type { Database, Statement } from '#db/client.ts';
import { contactRequests, type ContactRequest as Lead } from '#db/schema.ts';
import { activityInsert } from '../activity/log.ts';
import { pushInsert } from '../push/notify.ts';
import type { AppEvent, EventBus } from '../realtime/event-bus.ts';
import { type ConversionSource, NO_SOURCE } from './attribution.ts';
import { composeCallMessage, composeQuoteMessage } from './lead-message.ts';
import { normalizePhone } from './phone.ts';

export const SOURCE_LABELS: Record<LeadSource, string> = {
  quote_request: 'Demande de devis',
  call_request: 'Demande d’appel découverte',
  website: 'Message du formulaire de contact',
};

export type LeadDeps = {
  events: EventBus;
  /** The staff notification email's outbox row, written in the lead's own statement. */
  staffNotification: (db: Database, lead: NewLead) => Promise<SQL>;
};

/**
 * The message staff will read: composed on the server from the validated answers when the form
 * sent them (`details`), otherwise the client's own message (the specification's payload) as sent.
 */
export function composeLeadMessage(request: ContactRequest): string {
  if (request.source === 'website' || !request.details) return request.message?.trim() ?? '';
  if (request.source === 'quote_request') return composeQuoteMessage({ ...request, ...request.details });
  return composeCallMessage({
    fullName: request.fullName,
    email: request.email,
    phone: request.phone,
    company: request.company,
    serviceInterest: request.serviceType,
    ...request.details,
    // Only the visitor's optional note: never a composed text a client sent beside it.
    message: request.details.message,
  });
}

/** A lead as the visitor's request makes it, before the database adds its status and dates. */
export type NewLead = Pick<
  Lead,
  | 'id'
  | 'fullName'
  | 'email'
  | 'phone'
  | 'phoneRaw'
  | 'company'
  | 'serviceInterest'
  | 'budget'
  | 'message'
  | 'source'
  | 'callPreferredTime'
  | 'callUrgency'
  | 'reviewReason'
  | 'attribution'
  | 'trafficSource'
>;

/**
 * `reviewReason`: why the lead is kept "À vérifier" (the staff are not notified), or null;
 * `source`: the visit that brought it (server/leads/attribution.ts), always written, null or not,
 * so that every lead's statement has the same shape (prepared once).
 */
export function newLead(
  request: ContactRequest,
  id: string,
  reviewReason: string | null = null,
  source: ConversionSource = NO_SOURCE,
): NewLead {
  const { phone, phoneRaw } = normalizePhone(request.phone);
  return {
    id,
    fullName: request.fullName,
    email: request.email.toLowerCase(),
    phone,
    phoneRaw,
    company: request.company?.trim() || null,
    serviceInterest: request.serviceType,
    budget: request.source === 'quote_request' ? (request.details?.budget ?? null) : null,
    message: composeLeadMessage(request),
    source: request.source,
    callPreferredTime: request.source === 'call_request' ? (request.details?.preferredTime ?? null) : null,
    callUrgency: request.source === 'call_request' ? (request.details?.urgency ?? null) : null,
    reviewReason,
    attribution: source.attribution,
    trafficSource: source.trafficSource,
  };
}

/** "Arrivé(e) par Facebook · campagne « lancement » · …": what brought the lead, or null. */
export const leadOrigin = (lead: Pick<NewLead, 'attribution'>): string | null =>
  lead.attribution ? describeAttribution(lead.attribution) : null;

/**
 * What tells the staff about a lead: its email (outbox) and its push, as writes, and the "new
 * lead" events. Written with the lead, or when an admin says a lead kept "À vérifier" is not spam;
 * both are deduplicated by the lead's id (`lead:<id>`), so a lead is never announced twice.
 */
export async function leadNotifications(
  db: Database,
  deps: LeadDeps,
  lead: NewLead,
): Promise<{ writes: Statement[]; events: AppEvent[] }> {
  return {
    writes: [
      await deps.staffNotification(db, lead),
      // The staff's phones (docs/decisions/080-staff-push.md).
      pushInsert(db, {
        key: `lead:${lead.id}`,
        title: `Nouveau contact : ${lead.fullName}`,
        body: [`${SOURCE_LABELS[lead.source as LeadSource]} — ${lead.serviceInterest}`, leadOrigin(lead)]
          .filter(Boolean)
          .join('\n'),
        url: `/admin/contacts?lead=${lead.id}`,
      }),
    ],
    events: [
      {
        channel: 'contacts',
        type: 'new_contact',
        data: {
          id: lead.id,
          fullName: lead.fullName,
          source: lead.source,
          serviceInterest: lead.serviceInterest,
        },
      },
      { channel: 'dashboard', type: 'stats_update', data: {} },
    ],
  };
}

/**
 * Everything storing a lead writes, for ONE statement (inOneStatement, run by runIdempotently
 * with the request's idempotency key): the row, its activity-log entry, the staff's email and
 * push, and the real-time events that go out when it commits. Reading the settings and the
 * template for the email is the only work before it. A lead kept "À vérifier" notifies nobody:
 * its log entry says why, and the back-office's lists reload without a "new lead" toast.
 */
export async function leadWrites(
  db: Database,
  deps: LeadDeps,
  lead: NewLead,
): Promise<{ writes: Statement[]; select: SQL }> {
  const description = `${SOURCE_LABELS[lead.source as LeadSource]} — ${lead.serviceInterest}`;
  const stored = [db.insert(contactRequests).values(lead)];
  if (lead.reviewReason !== null) {
    return {
      writes: [
        ...stored,
        activityInsert(db, {
          type: 'contact.kept_for_review',
          title: `Contact à vérifier : ${lead.fullName}`,
          description: `${description} — ${lead.reviewReason}`,
          userId: null,
        }),
      ],
      select: deps.events.notification(
        { channel: 'contacts', type: 'contact_updated', data: { id: lead.id } },
        { channel: 'dashboard', type: 'stats_update', data: {} },
      ),
    };
  }
  const notifications = await leadNotifications(db, deps, lead);
  return {
    writes: [
      ...stored,
      activityInsert(db, {
        type: 'contact.created',
        title: `Nouveau contact : ${lead.fullName}`,
        description,
        userId: null,
      }),
      ...notifications.writes,
    ],
    select: deps.events.notification(...notifications.events),
  };
}
