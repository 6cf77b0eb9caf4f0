/**
 * The discovery call's life after the request (docs/decisions/077-call-booking.md): the signed
 * link that opens it, the slots offered, and booking, moving or cancelling it. Each change writes
 * the call, its emails (with their calendar invitation), its reminders and the lead's history (with
 * the owner and status a booking gives it, server/admin/contact-follow-up.ts) in ONE transaction, so
 * a visitor told "booked" has the row and the emails, and a retried request changes nothing
 * twice: booking or moving to the time already held, or cancelling a cancelled call, answers
 * with the call as it is and sends nothing.
 */
import { and, desc, eq, like, type SQL } from 'drizzle-orm';
import { callTimeWords, KINSHASA_TIME_ZONE, knownTimeZone } from '#common/call-time.ts';
import type { PREFERRED_SLOTS, URGENCY_OPTIONS } from '#common/constants.ts';
import type { AdminCallSlot } from '#common/schemas/booking-admin.ts';
import type { CallPageAnswer, PublicCall } from '#common/schemas/calls.ts';
import { frenchTypography } from '#common/typography.ts';
import { type Database, hasPgCode, inTransaction } from '#db/client.ts';
import {
  adminUsers,
  bookingHours,
  callBookings,
  contactRequests,
  emailOutbox,
  siteSettings,
} from '#db/schema.ts';
import { activityInsert } from '../activity/log.ts';
import { noteCallChange } from '../admin/contact-follow-up.ts';
import { addTimelineEntry, adminNames } from '../admin/contacts.ts';
import type { TableMemo } from '../cache/table-memo.ts';
import { formatAddress, type Outbox } from '../email/outbox.ts';
import { siteUrlOf } from '../email/templates.ts';
import { HttpError, notFound } from '../errors.ts';
import type { ConversionSource } from '../leads/attribution.ts';
import type { NewLead } from '../leads/create-lead.ts';
import { queuePush } from '../push/notify.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { checkLink, signLink } from '../security/signed-link.ts';
import { type BookingRow, bookCall, offeredSlots, SLOT_TAKEN_MESSAGE } from './book.ts';
import { callInvitation } from './invitation.ts';
import type { Slot } from './slots.ts';

const HOUR = 3_600_000;
/** How long the link of the request's email and of a cancellation stays open. */
export const BOOKING_LINK_TTL_MS = 14 * 24 * HOUR;
/** The public page of the call, opened by the link (`?token=`). */
export const CALL_PAGE_PATH = '/appel-decouverte';
/** The reminders before a call: the day before and an hour before. */
const REMINDERS = [
  { key: 'remind-24h', before: 24 * HOUR, inHowLong: 'demain' },
  { key: 'remind-1h', before: HOUR, inHowLong: 'dans une heure' },
] as const;

export const INVALID_LINK_MESSAGE = 'Ce lien de réservation n’est pas valide.';
export const EXPIRED_LINK_MESSAGE = 'Ce lien de réservation a expiré.';

type Preferred = (typeof PREFERRED_SLOTS)[number];
type Urgency = (typeof URGENCY_OPTIONS)[number];

export type CallDeskDeps = {
  outbox: Outbox;
  events: EventBus;
  publicUrl: string;
  /** The settings, read once until they change. */
  memo: TableMemo;
};

type Lead = Pick<
  typeof contactRequests.$inferSelect,
  'id' | 'fullName' | 'email' | 'phone' | 'company' | 'serviceInterest' | 'callPreferredTime' | 'callUrgency'
>;
type Admin = { id: string; firstName: string; lastName: string; email: string };
type Change = 'booked' | 'moved' | 'cancelled';

const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';
const nameOf = (admin: Pick<Admin, 'firstName' | 'lastName'>) =>
  `${admin.firstName} ${admin.lastName}`.trim();

export function createCallDesk(deps: CallDeskDeps) {
  const siteUrl = siteUrlOf(deps.publicUrl);
  const pageUrl = (token: string) => `${siteUrl}${CALL_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  const adminUrl = (leadId: string) => `${siteUrl}/admin/contacts?lead=${leadId}`;

  async function settings(db: Database) {
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
  const bookingLink = async (db: Database, leadId: string, now: Date) =>
    pageUrl((await signLink(db, 'call', leadId, new Date(now.getTime() + BOOKING_LINK_TTL_MS))).token);

  /** The link in a booked call's emails: open until the call starts. */
  const manageLink = async (db: Database, call: BookingRow) =>
    pageUrl((await signLink(db, 'call', call.contactId, call.startsAt)).token);

  /** The lead a token opens; 404 or 410 (in French) otherwise. */
  async function leadOf(db: Database, token: string, now: Date): Promise<Lead> {
    const link = await checkLink(db, 'call', token, now);
    if (link.state === 'invalid') throw new HttpError(404, 'invalid_link', INVALID_LINK_MESSAGE);
    if (link.state === 'expired') throw new HttpError(410, 'expired_link', EXPIRED_LINK_MESSAGE);
    const lead = await leadById(db, link.id);
    // An erased lead leaves links behind: they open nothing.
    if (!lead) throw new HttpError(404, 'invalid_link', INVALID_LINK_MESSAGE);
    return lead;
  }

  async function leadById(db: Database, id: string): Promise<Lead | undefined> {
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
  async function latestCall(db: Database, leadId: string): Promise<BookingRow | undefined> {
    const [row] = await db
      .select()
      .from(callBookings)
      .where(eq(callBookings.contactId, leadId))
      .orderBy(desc(eq(callBookings.status, 'confirmed')), desc(callBookings.updatedAt))
      .limit(1);
    return row;
  }

  async function adminOf(db: Database, id: string): Promise<Admin> {
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
   * Who may take a call at one of `slots`: the admins free then, in the order a booking tries
   * them (server/booking/book.ts), by name; the page's summary shows them until a call is booked.
   */
  async function hostsOf(db: Database, slots: Slot[]): Promise<string[]> {
    const ids = [...new Set(slots.flatMap((slot) => slot.adminIds))];
    const names = await adminNames(db, ids);
    return ids.flatMap((id) => names.get(id) ?? []);
  }

  async function publicCall(db: Database, call: BookingRow): Promise<PublicCall> {
    return {
      startsAt: call.startsAt.toISOString(),
      endsAt: call.endsAt.toISOString(),
      status: call.status,
      withName: nameOf(await adminOf(db, call.adminId)),
    };
  }

  const query = (lead: Lead, visitorTimeZone: string | undefined, now: Date) => ({
    preferredTime: (lead.callPreferredTime ?? 'Flexible') as Preferred,
    urgency: (lead.callUrgency ?? 'Sous 15 jours') as Urgency,
    visitorTimeZone,
    now,
  });

  /**
   * Everything a change of the call sends, written in its transaction: the visitor's email and
   * the staff's, each with the invitation, and the reminders of a call still on. Reminders of
   * the call's earlier times, not yet sent, are withdrawn first.
   */
  async function writeEmails(
    db: Database,
    input: {
      lead: Lead;
      call: BookingRow;
      change: Change;
      formerAdminId?: string;
      /** Where a moved call was. */
      formerStartsAt?: Date;
      /** The admin who moved or cancelled the call for the agency; absent when the visitor did. */
      byStaff?: string;
      now: Date;
    },
  ) {
    const { lead, call, change, now } = input;
    const s = await settings(db);
    const admin = await adminOf(db, call.adminId);
    const visitorZone = knownTimeZone(call.visitorTimeZone);
    const visitorTime = callTimeWords(call.startsAt, visitorZone);
    const kinshasaTime = callTimeWords(call.startsAt, KINSHASA_TIME_ZONE).when;
    const base = `call:${call.id}:${call.sequence}`;
    const cancelled = change === 'cancelled';
    const invitation = (organizer: Admin, isCancelled: boolean) =>
      callInvitation({
        bookingId: call.id,
        startsAt: call.startsAt,
        endsAt: call.endsAt,
        sequence: call.sequence,
        cancelled: isCancelled,
        organizer: { name: `${nameOf(organizer)} (Lisanga Digital)`, email: organizer.email },
        attendee: { name: lead.fullName, email: lead.email },
        title: `Appel découverte Lisanga Digital · ${lead.fullName}`,
        description: s.meetingDetails,
        location: s.meetingDetails,
        publicUrl: deps.publicUrl,
      });
    const staffFrom = s.notificationFrom
      ? { from: formatAddress(`${s.senderName || 'Site'} (notifications)`, s.notificationFrom) }
      : {};
    const writes: Promise<SQL>[] = [];

    await db
      .delete(emailOutbox)
      .where(
        and(eq(emailOutbox.status, 'pending'), like(emailOutbox.dedupeKey, `call:${call.id}:%:remind-%`)),
      );

    // The visitor.
    if (cancelled) {
      const bookingUrl = await bookingLink(db, lead.id, now);
      const variables = {
        firstName: firstNameOf(lead.fullName),
        when: visitorTime.when,
        bookingUrl,
        byStaff: input.byStaff !== undefined,
        companyAddress: s.companyAddress,
      };
      const why = variables.byStaff
        ? `Nous devons malheureusement annuler votre appel découverte du ${variables.when}. Toutes nos excuses.`
        : `Votre appel découverte du ${variables.when} est bien annulé.`;
      writes.push(
        deps.outbox.emailInsert(db, {
          to: lead.email,
          subject: `Votre appel découverte du ${variables.when} est annulé`,
          text: `Bonjour ${variables.firstName},\n\n${why}\n\nChoisir un autre créneau : ${bookingUrl}\n\nL’équipe Lisanga Digital`,
          templateKey: 'call_cancellation',
          templateVariables: variables,
          replyTo: formatAddress(nameOf(admin), admin.email),
          calendar: invitation(admin, true),
          dedupeKey: `${base}:visitor`,
        }),
      );
    } else {
      const manageUrl = await manageLink(db, call);
      const variables = {
        firstName: firstNameOf(lead.fullName),
        headline: change === 'moved' ? 'Votre appel a été déplacé' : 'Votre appel est réservé',
        moved: change === 'moved',
        when: visitorTime.when,
        kinshasa: visitorTime.kinshasa,
        withName: `${nameOf(admin)}, Lisanga Digital`,
        meetingDetails: s.meetingDetails,
        manageUrl,
        companyAddress: s.companyAddress,
      };
      writes.push(
        deps.outbox.emailInsert(db, {
          to: lead.email,
          subject: variables.moved
            ? `Votre appel découverte est déplacé au ${variables.when}`
            : `Votre appel découverte : ${variables.when}`,
          text: [
            `Bonjour ${variables.firstName},`,
            '',
            `${variables.headline}. Votre appel découverte de 30 minutes avec ${variables.withName} aura lieu le ${variables.when}${variables.kinshasa ? ` (soit ${variables.kinshasa})` : ''}.`,
            '',
            s.meetingDetails,
            '',
            `Déplacer ou annuler : ${manageUrl}`,
            '',
            'L’équipe Lisanga Digital',
          ].join('\n'),
          templateKey: 'call_confirmation',
          templateVariables: variables,
          replyTo: formatAddress(nameOf(admin), admin.email),
          calendar: invitation(admin, false),
          dedupeKey: `${base}:visitor`,
        }),
      );
      for (const reminder of REMINDERS) {
        const sendAfter = new Date(call.startsAt.getTime() - reminder.before);
        // A call booked for tomorrow morning gets no "tomorrow" reminder a few hours later.
        if (sendAfter.getTime() <= now.getTime()) continue;
        const shared = {
          inHowLong: reminder.inHowLong,
          meetingDetails: s.meetingDetails,
          companyAddress: s.companyAddress,
        };
        const forVisitor = {
          ...shared,
          recipientFirstName: firstNameOf(lead.fullName),
          when: visitorTime.when,
          kinshasa: visitorTime.kinshasa,
          withName: `${nameOf(admin)}, Lisanga Digital`,
          manageUrl,
          adminUrl: '',
        };
        const forStaff = {
          ...shared,
          recipientFirstName: admin.firstName,
          when: kinshasaTime,
          kinshasa: '',
          withName: lead.fullName,
          manageUrl: '',
          adminUrl: adminUrl(lead.id),
        };
        for (const [who, to, variables, extra] of [
          ['visitor', lead.email, forVisitor, `Déplacer ou annuler : ${manageUrl}`],
          ['staff', admin.email, forStaff, `Voir le contact : ${adminUrl(lead.id)}`],
        ] as const) {
          writes.push(
            deps.outbox.emailInsert(db, {
              to,
              subject: `Rappel : appel découverte ${reminder.inHowLong}, ${variables.when}`,
              text: `Petit rappel : votre appel découverte avec ${variables.withName} commence ${reminder.inHowLong}, le ${variables.when}.\n\n${s.meetingDetails}\n\n${extra}`,
              templateKey: 'call_reminder',
              templateVariables: variables,
              sendAfter,
              dedupeKey: `${base}:${reminder.key}:${who}`,
              ...(who === 'staff' ? staffFrom : {}),
            }),
          );
        }
      }
    }

    // The staff: the admin who takes the call, and the one who no longer does when it moved.
    const staffEmail = (to: Admin, event: string, isCancelled: boolean, key: string) => {
      const variables = {
        event,
        fullName: lead.fullName,
        email: lead.email,
        phone: lead.phone ?? '',
        company: lead.company ?? '',
        serviceInterest: lead.serviceInterest,
        when: kinshasaTime,
        visitorTime: visitorTime.kinshasa ? visitorTime.when : '',
        withName: nameOf(admin),
        meetingDetails: s.meetingDetails,
        adminUrl: adminUrl(lead.id),
      };
      return deps.outbox.emailInsert(db, {
        to: to.email,
        subject: `${event} : ${lead.fullName}, ${kinshasaTime}`,
        text: `${event} : ${lead.fullName} (${lead.email}), ${kinshasaTime}, avec ${nameOf(admin)}.\n\nVoir le contact : ${variables.adminUrl}`,
        templateKey: 'call_staff_notification',
        templateVariables: variables,
        replyTo: formatAddress(lead.fullName, lead.email),
        calendar: invitation(to, isCancelled),
        dedupeKey: `${base}:${key}`,
        ...staffFrom,
      });
    };
    const event = { booked: 'Appel réservé', moved: 'Appel déplacé', cancelled: 'Appel annulé' }[change];
    // A call moved to another admin is, for them, a new call.
    const handedOver = input.formerAdminId !== undefined && input.formerAdminId !== admin.id;
    writes.push(staffEmail(admin, handedOver ? 'Appel réservé' : event, cancelled, 'staff'));
    if (input.formerAdminId && handedOver) {
      writes.push(staffEmail(await adminOf(db, input.formerAdminId), 'Appel annulé', true, 'former-staff'));
    }
    for (const write of await Promise.all(writes)) await db.execute(write);

    await queuePush(db, {
      key: `call:${call.id}:${call.sequence}`,
      title: `${event} : ${lead.fullName}`,
      body: `${kinshasaTime}, avec ${nameOf(admin)}`,
      url: adminUrl(lead.id).slice(siteUrl.length),
    });
    await activityInsert(db, {
      type: `call.${change}`,
      title: `${event} : ${lead.fullName}`,
      description: kinshasaTime,
      userId: input.byStaff ?? null,
    });
    // The lead's history, and its owner and status (docs/product.md §2.2 "Rendez-vous").
    await noteCallChange(
      db,
      change === 'cancelled'
        ? { contactId: lead.id, change, startsAt: call.startsAt, byStaff: input.byStaff }
        : change === 'moved'
          ? {
              contactId: lead.id,
              change,
              startsAt: call.startsAt,
              adminId: call.adminId,
              formerStartsAt: input.formerStartsAt ?? call.startsAt,
              formerAdminId: input.formerAdminId ?? call.adminId,
              byStaff: input.byStaff,
            }
          : { contactId: lead.id, change, startsAt: call.startsAt, adminId: call.adminId },
    );
    await deps.events.publish(db, {
      channel: 'contacts',
      type: 'call_booking_update',
      data: {
        contactId: lead.id,
        bookingId: call.id,
        status: call.status,
        startsAt: call.startsAt.toISOString(),
      },
    });
    await deps.events.publish(db, { channel: 'dashboard', type: 'stats_update', data: {} });
  }

  /** The confirmed call of the lead, or 409 `no_call`. */
  async function confirmedCall(db: Database, leadId: string): Promise<BookingRow> {
    const [call] = await db
      .select()
      .from(callBookings)
      .where(and(eq(callBookings.contactId, leadId), eq(callBookings.status, 'confirmed')));
    if (!call) throw new HttpError(409, 'no_call', 'Vous n’avez pas d’appel réservé.');
    return call;
  }

  async function anyoneBookable(db: Database): Promise<boolean> {
    const [row] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .innerJoin(bookingHours, eq(bookingHours.adminId, adminUsers.id))
      .where(and(eq(adminUsers.isActive, true), eq(adminUsers.bookable, true)))
      .limit(1);
    return row !== undefined;
  }

  return {
    /**
     * What a call request adds to the lead's statement: the email with the booking link. The
     * page's path is the request's answer, so the modal can open it at once. Null while no admin
     * is bookable with hours.
     */
    async requestWrites(
      db: Database,
      lead: NewLead,
      now = new Date(),
    ): Promise<{ write: SQL; path: string } | null> {
      // Nobody takes calls yet: the request keeps the former way (staff call back within 24 h).
      if (!(await anyoneBookable(db))) return null;
      const url = await bookingLink(db, lead.id, now);
      const s = await settings(db);
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
      return { write, path: url.slice(siteUrl.length) };
    },

    /**
     * An admin offers the call to a lead who has no link (a quote request, a call request made
     * while nobody was bookable, a lost email): the same email and link as after a call request,
     * noted in the lead's timeline. One email per lead and minute, whatever the clicks.
     */
    async sendBookingLink(
      db: Database,
      input: { leadId: string; adminId: string; now?: Date },
    ): Promise<void> {
      const now = input.now ?? new Date();
      const lead = await leadById(db, input.leadId);
      if (!lead) throw notFound('Demande introuvable.');
      const [held] = await db
        .select({ id: callBookings.id })
        .from(callBookings)
        .where(and(eq(callBookings.contactId, lead.id), eq(callBookings.status, 'confirmed')));
      if (held) throw new HttpError(409, 'already_booked', 'Un appel est déjà réservé avec ce contact.');
      if (!(await anyoneBookable(db))) {
        throw new HttpError(
          409,
          'nobody_bookable',
          'Personne n’est disponible pour un appel : réglez d’abord les disponibilités dans les paramètres.',
        );
      }
      const url = await bookingLink(db, lead.id, now);
      const settingsNow = await settings(db);
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
    },

    /** The page's data: who, the current call, the slots on the visitor's clock. */
    async page(
      db: Database,
      token: string,
      timeZone: string | undefined,
      now = new Date(),
    ): Promise<CallPageAnswer> {
      const lead = await leadOf(db, token, now);
      const call = await latestCall(db, lead.id);
      const zone = knownTimeZone(timeZone);
      const { slots, matchesPreference } = await offeredSlots(db, query(lead, zone, now));
      return {
        firstName: firstNameOf(lead.fullName),
        call: call ? await publicCall(db, call) : null,
        slots: slots.map((slot) => ({
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
        })),
        matchesPreference,
        preferredTime: lead.callPreferredTime ?? 'Flexible',
        timeZone: zone,
        meetingDetails: (await settings(db)).meetingDetails,
        hosts: await hostsOf(db, slots),
      };
    },

    /**
     * Books `startsAt`; `created` is false when the lead already had exactly that call (its
     * source, `source`, the visit it was booked in, is then left as the first booking wrote it).
     */
    book(
      db: Database,
      input: { token: string; startsAt: Date; timeZone?: string; now?: Date; source?: ConversionSource },
    ) {
      const now = input.now ?? new Date();
      return inTransaction(db, async (tx) => {
        const lead = await leadOf(tx, input.token, now);
        const [held] = await tx
          .select()
          .from(callBookings)
          .where(and(eq(callBookings.contactId, lead.id), eq(callBookings.status, 'confirmed')));
        if (held && sameTime(held, input.startsAt))
          return { call: await publicCall(tx, held), created: false };
        if (held) throw new HttpError(409, 'already_booked', 'Votre appel est déjà réservé.');
        const call = await bookCall(tx, {
          ...query(lead, input.timeZone, now),
          contactId: lead.id,
          startsAt: input.startsAt,
          source: input.source,
        });
        await writeEmails(tx, { lead, call, change: 'booked', now });
        return { call: await publicCall(tx, call), created: true };
      });
    },

    /** Moves the lead's call to `startsAt` among the times the visitor is offered. */
    reschedule(db: Database, input: { token: string; startsAt: Date; timeZone?: string; now?: Date }) {
      const now = input.now ?? new Date();
      return inTransaction(db, async (tx) => {
        const lead = await leadOf(tx, input.token, now);
        const held = await confirmedCall(tx, lead.id);
        if (sameTime(held, input.startsAt)) return { call: await publicCall(tx, held) };
        assertNotStarted(held, now);
        const { slots } = await offeredSlots(tx, query(lead, input.timeZone, now));
        const visitorTimeZone = knownTimeZone(input.timeZone ?? held.visitorTimeZone);
        const moved = await moveCall(tx, {
          lead,
          held,
          slots,
          startsAt: input.startsAt,
          visitorTimeZone,
          now,
        });
        return { call: await publicCall(tx, moved) };
      });
    },

    /**
     * The free times staff can move a call to: every slot of the horizon, whatever the visitor's
     * preferred part of the day, each with the admin who would take it (the call's own when free).
     */
    async staffSlots(db: Database, input: { bookingId: string; now?: Date }): Promise<AdminCallSlot[]> {
      const now = input.now ?? new Date();
      const { held } = await movableCall(db, input.bookingId, now);
      const slots = await everySlot(db, held, now);
      const hosts = slots.map((slot) => keepingAdmin(slot.adminIds, held.adminId)[0] ?? null);
      const names = await adminNames(db, hosts);
      return slots.map((slot, index) => ({
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        withName: names.get(hosts[index] ?? '') ?? '',
      }));
    },

    /**
     * The agency moves a call to another free time: the visitor gets the updated invitation (same
     * UID, SEQUENCE raised) and the new time; moving it to the time it has already changes nothing.
     */
    moveByStaff(db: Database, input: { bookingId: string; startsAt: Date; adminId: string; now?: Date }) {
      const now = input.now ?? new Date();
      return inTransaction(db, async (tx) => {
        const { held, lead } = await movableCall(tx, input.bookingId, now, input.startsAt);
        if (sameTime(held, input.startsAt)) return held;
        const slots = await everySlot(tx, held, now);
        return moveCall(tx, {
          lead,
          held,
          slots,
          startsAt: input.startsAt,
          visitorTimeZone: held.visitorTimeZone,
          byStaff: input.adminId,
          now,
        });
      });
    },

    /** Cancels the lead's call; a call already cancelled is answered as it is. */
    cancel(db: Database, input: { token: string; now?: Date }) {
      const now = input.now ?? new Date();
      return inTransaction(db, async (tx) => {
        const lead = await leadOf(tx, input.token, now);
        const latest = await latestCall(tx, lead.id);
        if (!latest) throw new HttpError(409, 'no_call', 'Vous n’avez pas d’appel réservé.');
        return { call: await publicCall(tx, await cancelCall(tx, { lead, call: latest, now })) };
      });
    },

    /**
     * Cancels a call for the agency (an admin who cannot take it): the visitor is told, with
     * apologies and a link to pick another time. Answers the call, cancelled.
     */
    cancelByStaff(db: Database, input: { bookingId: string; adminId: string; now?: Date }) {
      const now = input.now ?? new Date();
      return inTransaction(db, async (tx) => {
        const [call] = await tx.select().from(callBookings).where(eq(callBookings.id, input.bookingId));
        const lead = call && (await leadById(tx, call.contactId));
        if (!call || !lead) throw notFound('Appel introuvable.');
        return cancelCall(tx, { lead, call, now, byStaff: input.adminId });
      });
    },
  };

  /** The call cancelled (SEQUENCE raised) with its emails; one already cancelled is left as it is. */
  async function cancelCall(
    tx: Database,
    input: { lead: Lead; call: BookingRow; now: Date; byStaff?: string },
  ): Promise<BookingRow> {
    const { lead, call, now } = input;
    if (call.status === 'cancelled') return call;
    const [cancelled] = await tx
      .update(callBookings)
      .set({ status: 'cancelled', sequence: call.sequence + 1, updatedAt: now })
      .where(and(eq(callBookings.id, call.id), eq(callBookings.sequence, call.sequence)))
      .returning();
    if (!cancelled)
      throw new HttpError(409, 'call_changed', 'Votre appel vient de changer : rechargez la page.');
    await writeEmails(tx, { lead, call: cancelled, change: 'cancelled', byStaff: input.byStaff, now });
    return cancelled;
  }
  /**
   * Moves `held` to the slot of `slots` starting at `startsAt` (SEQUENCE raised: calendars update
   * the event), with the admin who has the call when free then, else the next one free; its emails
   * in the same transaction. 409 when the time is no longer free.
   */
  async function moveCall(
    tx: Database,
    input: {
      lead: Lead;
      held: BookingRow;
      slots: Slot[];
      startsAt: Date;
      visitorTimeZone: string;
      now: Date;
      byStaff?: string;
    },
  ): Promise<BookingRow> {
    const { lead, held, now } = input;
    const slot = input.slots.find((s) => s.startsAt.getTime() === input.startsAt.getTime());
    if (!slot) throw new HttpError(409, 'slot_taken', SLOT_TAKEN_MESSAGE);
    for (const adminId of keepingAdmin(slot.adminIds, held.adminId)) {
      let moved: BookingRow | undefined;
      try {
        // A savepoint: the unique index refusing this admin must not end the transaction.
        moved = await inTransaction(tx, async (inner) => {
          const [row] = await inner
            .update(callBookings)
            .set({
              adminId,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              sequence: held.sequence + 1,
              visitorTimeZone: input.visitorTimeZone,
              updatedAt: now,
            })
            .where(and(eq(callBookings.id, held.id), eq(callBookings.sequence, held.sequence)))
            .returning();
          return row;
        });
      } catch (error) {
        if (hasPgCode(error, '23505')) continue;
        throw error;
      }
      if (!moved) throw new HttpError(409, 'call_changed', CALL_CHANGED_MESSAGE);
      await writeEmails(tx, {
        lead,
        call: moved,
        change: 'moved',
        formerAdminId: held.adminId,
        formerStartsAt: held.startsAt,
        byStaff: input.byStaff,
        now,
      });
      return moved;
    }
    throw new HttpError(409, 'slot_taken', SLOT_TAKEN_MESSAGE);
  }

  /** Every free slot of the horizon for staff moving `held`, on the visitor's clock. */
  async function everySlot(db: Database, held: BookingRow, now: Date): Promise<Slot[]> {
    const { slots } = await offeredSlots(db, {
      preferredTime: 'Flexible',
      urgency: 'Pas urgent',
      visitorTimeZone: held.visitorTimeZone,
      now,
    });
    return slots;
  }

  /**
   * The confirmed call `bookingId` and its lead, still ahead; 404 or 409 in French otherwise. A
   * retried move (the call already at `retriedAt`) is answered even once the call is near.
   */
  async function movableCall(
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
}

/** The admins free for a slot, the one who has the call first: a move keeps its host when it can. */
const keepingAdmin = (adminIds: string[], current: string) =>
  adminIds.includes(current) ? [current, ...adminIds.filter((id) => id !== current)] : adminIds;

const sameTime = (call: BookingRow, startsAt: Date) => call.startsAt.getTime() === startsAt.getTime();

function assertNotStarted(call: BookingRow, now: Date) {
  if (call.startsAt.getTime() <= now.getTime()) {
    throw new HttpError(409, 'call_started', 'L’appel a déjà commencé : il ne peut plus être déplacé.');
  }
}

const CALL_CHANGED_MESSAGE = 'Votre appel vient de changer : rechargez la page.';

export type CallDesk = ReturnType<typeof createCallDesk>;
