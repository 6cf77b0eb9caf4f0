/**
 * The discovery calls' data in the back-office (docs/decisions/078-call-booking-admin.md): an
 * admin's availability and its save, and the agenda's calls over a period. Every key starts with
 * the booking API's path, which the real-time `call_booking_update` refreshes.
 */
import type {
  AdminCall,
  AdminCallSlot,
  AvailabilityInput,
  BookingAvailability,
} from '#common/schemas/booking-admin.ts';
import { createAdminMutation, createAdminQuery } from '../data/admin-data';
import { BOOKING_KEY, CONTACTS_KEY, DASHBOARD_KEY } from '../data/queries';

const AVAILABILITY_URL = `${BOOKING_KEY}/availability`;
/** One's own availability without `adminId`; a colleague's with it. */
const availabilityUrl = (adminId: string | null) =>
  adminId ? `${AVAILABILITY_URL}?adminId=${encodeURIComponent(adminId)}` : AVAILABILITY_URL;

export function availabilityQuery(adminId: string | null) {
  return createAdminQuery({
    queryKey: [AVAILABILITY_URL, adminId ?? 'me'],
    url: availabilityUrl(adminId),
    pick: (body: { availability: BookingAvailability }) => body.availability,
  });
}

/** From the form, which shows field errors itself. */
export const saveAvailabilityMutation = createAdminMutation({
  method: 'PUT',
  url: ({ adminId }: { adminId: string | null; values: AvailabilityInput }) => availabilityUrl(adminId),
  body: ({ values }) => values,
  read: (body: { availability: BookingAvailability }) => body.availability,
  updates: (saved, { adminId }) => [availabilityQuery(adminId).queryKey, saved],
  toast: (saved) => ({ title: 'Disponibilités enregistrées', description: saved.admin.name }),
});

/** The calls starting in [from, to) (two ISO instants), cancelled ones included. */
export function callsQuery(from: string, to: string) {
  const search = new URLSearchParams({ from, to });
  return createAdminQuery({
    queryKey: [BOOKING_KEY, 'calls', from, to],
    url: `${BOOKING_KEY}/calls?${search}`,
    pick: (body: { calls: AdminCall[] }) => body.calls,
  });
}

/**
 * The agency cancels a call it cannot take: the visitor is emailed apologies, the calendar's
 * cancellation and a link to pick another time (docs/decisions/077-call-booking.md).
 */
export const cancelCallMutation = createAdminMutation({
  method: 'POST',
  url: (call: { id: string; leadName: string }) =>
    `${BOOKING_KEY}/calls/${encodeURIComponent(call.id)}/cancel`,
  invalidates: [BOOKING_KEY, CONTACTS_KEY, DASHBOARD_KEY],
  toast: (call) => ({
    title: 'Appel annulé',
    description: `${call.leadName} reçoit un email d’excuse avec un lien pour choisir un autre créneau.`,
  }),
  errorToast: { fallback: 'L’appel n’a pas pu être annulé.' },
});

/** The free times a call can move to, on the call's admin first (every one of the horizon). */
export function callSlotsQuery(callId: string) {
  return createAdminQuery({
    queryKey: [BOOKING_KEY, 'calls', callId, 'slots'],
    url: `${BOOKING_KEY}/calls/${encodeURIComponent(callId)}/slots`,
    pick: (body: { slots: AdminCallSlot[] }) => body.slots,
  });
}

/**
 * The agency moves a call to another free time: the visitor is emailed the new time with the
 * updated invitation, which replaces the event in their calendar.
 */
export const moveCallMutation = createAdminMutation({
  method: 'POST',
  url: (move: { id: string; leadName: string; startsAt: string; when: string }) =>
    `${BOOKING_KEY}/calls/${encodeURIComponent(move.id)}/move`,
  body: ({ startsAt }) => ({ startsAt }),
  invalidates: [BOOKING_KEY, CONTACTS_KEY, DASHBOARD_KEY],
  toast: (_answer, move) => ({
    title: 'Appel déplacé',
    description: `${move.leadName} reçoit la nouvelle heure (${move.when}) et l’invitation mise à jour.`,
  }),
  errorToast: { fallback: 'L’appel n’a pas pu être déplacé.' },
});

/** An admin offers the call to a lead without a booked one: the email with the booking link. */
export const sendBookingLinkMutation = createAdminMutation({
  method: 'POST',
  url: (lead: { id: string; fullName: string }) =>
    `${BOOKING_KEY}/contacts/${encodeURIComponent(lead.id)}/link`,
  invalidates: [CONTACTS_KEY],
  toast: (lead) => ({
    title: 'Lien envoyé',
    description: `${lead.fullName} reçoit un email pour choisir l’heure de son appel découverte.`,
  }),
  errorToast: { fallback: 'Le lien n’a pas pu être envoyé.' },
});
