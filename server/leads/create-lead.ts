/**
 * Storing a lead: the row, the staff's notification email (outbox), the activity log entry and
 * the real-time events are written in ONE transaction, so a lead is never stored without staff
 * being told, nor announced without being stored.
 */
import { composeCallMessage, composeQuoteMessage } from '../../common/lead-message.ts';
import type { ContactRequest, LeadSource } from '../../common/schemas/leads.ts';
import type { Database } from '../../db/client.ts';
import { activityLogs, contactRequests, type ContactRequest as Lead } from '../../db/schema.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { normalizePhone } from './phone.ts';

export const SOURCE_LABELS: Record<LeadSource, string> = {
  quote_request: 'Demande de devis',
  call_request: "Demande d'appel découverte",
  website: 'Message du formulaire de contact',
};

export type LeadDeps = {
  events: EventBus;
  /** Queues the staff notification email in the same transaction. */
  notifyStaff: (tx: Database, lead: Lead) => Promise<void>;
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

/** `id`: chosen by the caller, whose answer naming it is stored before the lead (contact.ts). */
export async function createLead(
  tx: Database,
  deps: LeadDeps,
  request: ContactRequest,
  id: string,
): Promise<Lead> {
  const { phone, phoneRaw } = normalizePhone(request.phone);
  const [lead] = await tx
    .insert(contactRequests)
    .values({
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
    })
    .returning();
  if (!lead) throw new Error('lead insert returned nothing');

  await tx.insert(activityLogs).values({
    type: 'contact.created',
    title: `Nouveau contact : ${lead.fullName}`,
    description: `${SOURCE_LABELS[request.source]} — ${lead.serviceInterest}`,
  });
  await deps.notifyStaff(tx, lead);
  await deps.events.publish(
    tx,
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
  return lead;
}
