/**
 * Inviting a lead to book the call (server/booking/desk.ts): the email with the booking link
 * after a call request, or sent by an admin.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { callBookings } from '#db/schema.ts';
import { activityInsert } from '../../activity/log.ts';
import { addTimelineEntry } from '../../admin/contacts.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { NewLead } from '../../leads/create-lead.ts';
import {
  anyoneBookable,
  bookingLink,
  type CallDeskDeps,
  deskSettings,
  firstNameOf,
  leadById,
  siteUrl,
} from './shared.ts';

/**
 * What a call request adds to the lead's statement: the email with the booking link. The
 * page's path is the request's answer, so the modal can open it at once. Null while no admin
 * is bookable with hours.
 */
export async function requestWrites(
  deps: CallDeskDeps,
  db: Database,
  lead: NewLead,
  now = new Date(),
): Promise<{ write: SQL; path: string } | null> {
  // Nobody takes calls yet: the request keeps the former way (staff call back within 24 h).
  if (!(await anyoneBookable(deps, db))) return null;
  const url = await bookingLink(deps, db, lead.id, now);
  const s = await deskSettings(deps, db);
  // The address was typed by whoever sent the form and is not proven theirs yet: this email
  // carries no text they typed (no name), so the form cannot send their words to anyone.
  const write = await deps.outbox.emailInsert(db, {
    to: lead.email,
    subject: 'Votre demande d’appel découverte est bien reçue',
    text: `Bonjour,\n\nMerci de votre intérêt pour Lisanga Digital. Choisissez dès maintenant l’heure de votre appel découverte : ${url}\n\nAucun créneau ne vous convient ? Nous vous recontactons sous 24 h.\n\nL’équipe Lisanga Digital`,
    templateKey: 'call_request_received',
    templateVariables: { bookingUrl: url, companyAddress: s.companyAddress },
    dedupeKey: `lead:${lead.id}:call-link`,
  });
  return { write, path: url.slice(siteUrl(deps).length) };
}

/**
 * An admin offers the call to a lead who has no link (a quote request, a call request made
 * while nobody was bookable, a lost email): the same email and link as after a call request,
 * noted in the lead's timeline. One email per lead and minute, whatever the clicks.
 */
export async function sendBookingLink(
  deps: CallDeskDeps,
  db: Database,
  input: { leadId: string; adminId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const lead = await leadById(db, input.leadId);
  if (!lead) throw notFound('Demande introuvable.');
  const held = and(eq(callBookings.contactId, lead.id), eq(callBookings.status, 'confirmed'));
  if (await hasRow(db, callBookings, held)) {
    throw new HttpError(409, 'already_booked', 'Un appel est déjà réservé avec ce contact.');
  }
  if (!(await anyoneBookable(deps, db))) {
    throw new HttpError(
      409,
      'nobody_bookable',
      'Personne n’est disponible pour un appel : réglez d’abord les disponibilités dans les paramètres.',
    );
  }
  const url = await bookingLink(deps, db, lead.id, now);
  const settingsNow = await deskSettings(deps, db);
  const firstName = firstNameOf(lead.fullName);
  await inTransaction(db, async (tx) => {
    const queued = await deps.outbox.enqueueEmail(tx, {
      to: lead.email,
      subject: 'Choisissez l’heure de votre appel découverte avec Lisanga Digital',
      text: `Bonjour ${firstName},\n\nNous vous proposons un appel découverte gratuit de 30 minutes. Choisissez l’heure qui vous convient : ${url}\n\nL’équipe Lisanga Digital`,
      templateKey: 'call_booking_invitation',
      templateVariables: { firstName, bookingUrl: url, companyAddress: settingsNow.companyAddress },
      dedupeKey: `lead:${lead.id}:call-link:${now.toISOString().slice(0, 16)}`,
    });
    // A second click within the minute: the same email, nothing more to note.
    if (queued.duplicate) return;
    await addTimelineEntry(tx, {
      contactId: lead.id,
      kind: 'email',
      body: 'Lien de réservation de l’appel découverte envoyé',
      userId: input.adminId,
    });
    await activityInsert(tx, {
      type: 'call.link_sent',
      title: `Lien de réservation envoyé : ${lead.fullName}`,
      userId: input.adminId,
    });
    await deps.events.publish(tx, {
      channel: 'contacts',
      type: 'contact_updated',
      data: { id: lead.id },
    });
  });
}
