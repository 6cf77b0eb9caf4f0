/**
 * What the call desk's modules share (server/booking/desk.ts): its dependencies, the lead and
 * admin it works with, the staff's settings it writes in its emails, the links it signs and the
 * reads of the call, the lead and the admins.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PREFERRED_SLOTS, URGENCY_OPTIONS } from '#common/constants.ts';
import type { PublicCall } from '#common/schemas/calls.ts';
import { frenchTypography } from '#common/typography.ts';
import type { Database } from '#db/client.ts';
import { adminUsers, bookingHours, callBookings, contactRequests, siteSettings } from '#db/schema.ts';
import type { TableMemo } from '../../cache/table-memo.ts';
import type { Outbox } from '../../email/outbox.ts';
import { siteUrlOf } from '../../email/templates.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { checkLink, signLink } from '../../security/signed-link.ts';
import type { BookingRow, OfferQuery } from '../book.ts';

export const HOUR = 3_600_000;
/** How long the link of the request's email and of a cancellation stays open. */
export const BOOKING_LINK_TTL_MS = 14 * 24 * HOUR;
/** The public page of the call, opened by the link (`?token=`). */
export const CALL_PAGE_PATH = '/appel-decouverte';

export const INVALID_LINK_MESSAGE = 'Ce lien de réservation n’est pas valide.';
export const EXPIRED_LINK_MESSAGE = 'Ce lien de réservation a expiré.';
export const CALL_CHANGED_MESSAGE = 'Votre appel vient de changer : rechargez la page.';

export type CallDeskDeps = {
  outbox: Outbox;
  events: EventBus;
  publicUrl: string;
  /** The settings, read once until they change. */
  memo: TableMemo;
};

type Preferred = (typeof PREFERRED_SLOTS)[number];
type Urgency = (typeof URGENCY_OPTIONS)[number];

export type Lead = Pick<
  typeof contactRequests.$inferSelect,
  'id' | 'fullName' | 'email' | 'phone' | 'company' | 'serviceInterest' | 'callPreferredTime' | 'callUrgency'
>;
export type Admin = { id: string; firstName: string; lastName: string; email: string };
export type Change = 'booked' | 'moved' | 'cancelled';

export const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';
export const nameOf = (admin: Pick<Admin, 'firstName' | 'lastName'>) =>
  `${admin.firstName} ${admin.lastName}`.trim();

/** The site's address, as the emails' links start. */
export const siteUrl = (deps: Pick<CallDeskDeps, 'publicUrl'>) => siteUrlOf(deps.publicUrl);
const pageUrl = (deps: Pick<CallDeskDeps, 'publicUrl'>, token: string) =>
  `${siteUrl(deps)}${CALL_PAGE_PATH}?token=${encodeURIComponent(token)}`;
/** The lead's page in the back-office. */
export const adminUrl = (deps: Pick<CallDeskDeps, 'publicUrl'>, leadId: string) =>
  `${siteUrl(deps)}/admin/contacts?lead=${leadId}`;

export type DeskSettings = Awaited<ReturnType<typeof deskSettings>>;

/** The staff's settings a call's page and emails show, read once until they change. */
export async function deskSettings(deps: Pick<CallDeskDeps, 'memo'>, db: Database) {
  const rows = await deps.memo.get('call_settings', ['site_settings'], () =>
    db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings),
  );
  const value = (key: string) => rows.find((r) => r.key === key)?.value.trim() ?? '';
  return {
    // Staff's words, shown on the call page and written in its emails: French typography as any
    // staff text the public reads (common/typography.ts).
    meetingDetails: frenchTypography(value('booking.meeting_details')),
    companyAddress: value('contact.address'),
    notificationFrom: value('email.notification_from'),
    senderName: value('email.sender_name'),
  };
}

/** The link of the page where the lead picks (or picks again) a time, open BOOKING_LINK_TTL_MS. */
export const bookingLink = async (
  deps: Pick<CallDeskDeps, 'publicUrl'>,
  db: Database,
  leadId: string,
  now: Date,
) => pageUrl(deps, (await signLink(db, 'call', leadId, new Date(now.getTime() + BOOKING_LINK_TTL_MS))).token);

/** The link in a booked call's emails: open until the call starts. */
export const manageLink = async (deps: Pick<CallDeskDeps, 'publicUrl'>, db: Database, call: BookingRow) =>
  pageUrl(deps, (await signLink(db, 'call', call.contactId, call.startsAt)).token);

/** The lead a token opens; 404 or 410 (in French) otherwise. */
export async function leadOf(db: Database, token: string, now: Date): Promise<Lead> {
  const link = await checkLink(db, 'call', token, now);
  if (link.state === 'invalid') throw new HttpError(404, 'invalid_link', INVALID_LINK_MESSAGE);
  if (link.state === 'expired') throw new HttpError(410, 'expired_link', EXPIRED_LINK_MESSAGE);
  const lead = await leadById(db, link.id);
  // An erased lead leaves links behind: they open nothing.
  if (!lead) throw new HttpError(404, 'invalid_link', INVALID_LINK_MESSAGE);
  return lead;
}

export async function leadById(db: Database, id: string): Promise<Lead | undefined> {
  const [lead] = await db
    .select({
      id: contactRequests.id,
      fullName: contactRequests.fullName,
      email: contactRequests.email,
      phone: contactRequests.phone,
      company: contactRequests.company,
      serviceInterest: contactRequests.serviceInterest,
      callPreferredTime: contactRequests.callPreferredTime,
      callUrgency: contactRequests.callUrgency,
    })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  return lead;
}

/** The lead's confirmed call, else its latest cancelled one. */
export async function latestCall(db: Database, leadId: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(callBookings)
    .where(eq(callBookings.contactId, leadId))
    .orderBy(desc(eq(callBookings.status, 'confirmed')), desc(callBookings.updatedAt))
    .limit(1);
  return row;
}

/** The confirmed call of the lead, or 409 `no_call`. */
export async function confirmedCall(db: Database, leadId: string): Promise<BookingRow> {
  const [call] = await db
    .select()
    .from(callBookings)
    .where(and(eq(callBookings.contactId, leadId), eq(callBookings.status, 'confirmed')));
  if (!call) throw new HttpError(409, 'no_call', 'Vous n’avez pas d’appel réservé.');
  return call;
}

export async function adminOf(db: Database, id: string): Promise<Admin> {
  const [admin] = await db
    .select({
      id: adminUsers.id,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
      email: adminUsers.email,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, id));
  if (!admin) throw new Error(`admin ${id} of a call is missing`);
  return admin;
}

/**
 * Whether any active admin takes calls and has set hours: asked by every call request, read once
 * until the accounts or the hours change (a round trip less for each of those leads).
 */
export function anyoneBookable(deps: Pick<CallDeskDeps, 'memo'>, db: Database): Promise<boolean> {
  return deps.memo.get('anyone_bookable', ['admin_users', 'booking_hours'], async () => {
    const [row] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .innerJoin(bookingHours, eq(bookingHours.adminId, adminUsers.id))
      .where(and(eq(adminUsers.isActive, true), eq(adminUsers.bookable, true)))
      .limit(1);
    return row !== undefined;
  });
}

export async function publicCall(db: Database, call: BookingRow): Promise<PublicCall> {
  return {
    startsAt: call.startsAt.toISOString(),
    endsAt: call.endsAt.toISOString(),
    status: call.status,
    withName: nameOf(await adminOf(db, call.adminId)),
  };
}

/** The slots a lead is offered: their preferred part of the day and urgency, on their clock. */
export const leadQuery = (lead: Lead, visitorTimeZone: string | undefined, now: Date): OfferQuery => ({
  preferredTime: (lead.callPreferredTime ?? 'Flexible') as Preferred,
  urgency: (lead.callUrgency ?? 'Sous 15 jours') as Urgency,
  visitorTimeZone,
  now,
});

export const sameTime = (call: BookingRow, startsAt: Date) => call.startsAt.getTime() === startsAt.getTime();

export function assertNotStarted(call: BookingRow, now: Date) {
  if (call.startsAt.getTime() <= now.getTime()) {
    throw new HttpError(409, 'call_started', 'L’appel a déjà commencé : il ne peut plus être déplacé.');
  }
}

/**
 * The confirmed call `bookingId` and its lead, still ahead; 404 or 409 in French otherwise. A
 * retried move (the call already at `retriedAt`) is answered even once the call is near.
 */
export async function movableCall(
  db: Database,
  bookingId: string,
  now: Date,
  retriedAt?: Date,
): Promise<{ held: BookingRow; lead: Lead }> {
  const [held] = await db.select().from(callBookings).where(eq(callBookings.id, bookingId));
  const lead = held && (await leadById(db, held.contactId));
  if (!held || !lead) throw notFound('Appel introuvable.');
  if (held.status !== 'confirmed') {
    throw new HttpError(409, 'call_cancelled', 'Cet appel est annulé : il ne peut plus être déplacé.');
  }
  if (!retriedAt || !sameTime(held, retriedAt)) assertNotStarted(held, now);
  return { held, lead };
}
