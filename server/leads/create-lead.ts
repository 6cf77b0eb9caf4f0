/**
 * Storing a lead: the row, the staff's notification email (outbox), the activity log entry and
 * the real-time events are written in ONE statement, so a lead is never stored without staff
 * being told, nor announced without being stored; one round trip to the database, not eight.
 */

import type { SQL } from 'drizzle-orm';
import { composeCallMessage, composeQuoteMessage } from '#common/lead-message.ts';
import type { ContactRequest, LeadSource } from '#common/schemas/leads.ts';
import type { Database, Statement } from '#db/client.ts';
import { contactRequests, type ContactRequest as Lead } from '#db/schema.ts';
import { activityInsert } from '../activity/log.ts';
import { pushInsert } from '../push/notify.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { normalizePhone } from './phone.ts';

export const SOURCE_LABELS: Record<LeadSource, string> = {
  quote_request: 'Demande de devis',
  call_request: "Demande d'appel découverte",
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
    // Only the visitor's optional note: never the composed text the client sent beside it.
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
>;

export function newLead(request: ContactRequest, id: string): NewLead {
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
  };
}

/**
 * Everything storing a lead writes, for ONE statement (inOneStatement, run by runIdempotently
 * with the request's idempotency key): the row, its activity-log entry, the staff's email in the
 * outbox, and the real-time events that go out when it commits. Reading the settings and the
 * template for the email is the only work before it.
 */
export async function leadWrites(
  db: Database,
  deps: LeadDeps,
  lead: NewLead,
): Promise<{ writes: Statement[]; select: SQL }> {
  const writes = [
    db.insert(contactRequests).values(lead),
    activityInsert(db, {
      type: 'contact.created',
      title: `Nouveau contact : ${lead.fullName}`,
      description: `${SOURCE_LABELS[lead.source as LeadSource]} — ${lead.serviceInterest}`,
      userId: null,
    }),
    await deps.staffNotification(db, lead),
    // The staff's phones (docs/decisions/080-staff-push.md).
    pushInsert(db, {
      key: `lead:${lead.id}`,
      title: `Nouveau contact : ${lead.fullName}`,
      body: `${SOURCE_LABELS[lead.source as LeadSource]} — ${lead.serviceInterest}`,
      url: `/admin/contacts?lead=${lead.id}`,
    }),
  ];
  const select = deps.events.notification(
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
  );
  return { writes, select };
}
