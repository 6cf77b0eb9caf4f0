/**
 * Everything a change of the call sends (server/booking/desk.ts), written in its transaction: the
 * visitor's email and the staff's, each with the calendar invitation, the reminders of a call
 * still on, the staff's push, the activity log, the lead's history and the live events.
 */
import type { SQL } from 'drizzle-orm';
import { callTimeWords, KINSHASA_TIME_ZONE, knownTimeZone } from '#common/call-time.ts';
import type { Database } from '#db/client.ts';
import { activityInsert } from '../../activity/log.ts';
import { noteCallChange } from '../../admin/contact-follow-up.ts';
import { formatAddress } from '../../email/outbox.ts';
import { queuePush } from '../../push/notify.ts';
import type { BookingRow } from '../book.ts';
import { callInvitation } from '../invitation.ts';
import { reminderEmails, withdrawReminders } from './reminders.ts';
import {
  type Admin,
  adminOf,
  adminUrl,
  bookingLink,
  type CallDeskDeps,
  type Change,
  type DeskSettings,
  deskSettings,
  firstNameOf,
  type Lead,
  manageLink,
  nameOf,
  siteUrl,
} from './shared.ts';

/** An email's insert, composed when its turn comes: one statement at a time in the call's transaction. */
export type EmailWrite = () => Promise<SQL>;

/** What every email of one change of the call shares. */
export type CallLetter = {
  lead: Lead;
  call: BookingRow;
  /** The admin who takes the call. */
  admin: Admin;
  settings: DeskSettings;
  /** The call's time on the visitor's clock (and Kinshasa's when it differs). */
  visitorTime: { when: string; kinshasa: string };
  kinshasaTime: string;
  /** The start of every email's dedupe key: one set of emails per call and SEQUENCE. */
  base: string;
  /** The staff's emails' sender, when the settings name one. */
  staffFrom: { from?: string };
};

type ChangeInput = {
  lead: Lead;
  call: BookingRow;
  change: Change;
  formerAdminId?: string;
  /** Where a moved call was. */
  formerStartsAt?: Date;
  /** The admin who moved or cancelled the call for the agency; absent when the visitor did. */
  byStaff?: string;
  now: Date;
};

/** The emails one side of a change writes (the visitor's, the staff's), from the `K` of its input. */
type LetterEmails<K extends keyof ChangeInput> = (
  deps: CallDeskDeps,
  db: Database,
  letter: CallLetter,
  input: Pick<ChangeInput, K>,
) => Promise<EmailWrite[]>;

async function letterOf(deps: CallDeskDeps, db: Database, lead: Lead, call: BookingRow): Promise<CallLetter> {
  const settings = await deskSettings(deps, db);
  const admin = await adminOf(db, call.adminId);
  return {
    lead,
    call,
    admin,
    settings,
    visitorTime: callTimeWords(call.startsAt, knownTimeZone(call.visitorTimeZone)),
    kinshasaTime: callTimeWords(call.startsAt, KINSHASA_TIME_ZONE).when,
    base: `call:${call.id}:${call.sequence}`,
    staffFrom: settings.notificationFrom
      ? { from: formatAddress(`${settings.senderName || 'Site'} (notifications)`, settings.notificationFrom) }
      : {},
  };
}

/** The call's calendar invitation, sent by `organizer`. */
function invitationOf(deps: CallDeskDeps, letter: CallLetter, organizer: Admin, isCancelled: boolean) {
  const { call, lead, settings } = letter;
  return callInvitation({
    bookingId: call.id,
    startsAt: call.startsAt,
    endsAt: call.endsAt,
    sequence: call.sequence,
    cancelled: isCancelled,
    organizer: { name: `${nameOf(organizer)} (Lisanga Digital)`, email: organizer.email },
    attendee: { name: lead.fullName, email: lead.email },
    title: `Appel découverte Lisanga Digital · ${lead.fullName}`,
    description: settings.meetingDetails,
    location: settings.meetingDetails,
    publicUrl: deps.publicUrl,
  });
}

/** The visitor's email of the change: from the admin who takes the call, with the invitation. */
function visitorEmail(
  deps: CallDeskDeps,
  db: Database,
  letter: CallLetter,
  email: {
    subject: string;
    text: string;
    templateKey: string;
    variables: Record<string, unknown>;
    isCancelled: boolean;
  },
): Promise<SQL> {
  const { lead, admin } = letter;
  return deps.outbox.emailInsert(db, {
    to: lead.email,
    subject: email.subject,
    text: email.text,
    templateKey: email.templateKey,
    templateVariables: email.variables,
    replyTo: formatAddress(nameOf(admin), admin.email),
    calendar: invitationOf(deps, letter, admin, email.isCancelled),
    dedupeKey: `${letter.base}:visitor`,
  });
}

/** The visitor's email of a cancelled call, with a link to pick another time. */
const cancellationEmail: LetterEmails<'byStaff' | 'now'> = async (deps, db, letter, input) => {
  const { lead, settings: s } = letter;
  const bookingUrl = await bookingLink(deps, db, lead.id, input.now);
  const variables = {
    firstName: firstNameOf(lead.fullName),
    when: letter.visitorTime.when,
    bookingUrl,
    byStaff: input.byStaff !== undefined,
    companyAddress: s.companyAddress,
  };
  const why = variables.byStaff
    ? `Nous devons malheureusement annuler votre appel découverte du ${variables.when}. Toutes nos excuses.`
    : `Votre appel découverte du ${variables.when} est bien annulé.`;
  return [
    () =>
      visitorEmail(deps, db, letter, {
        subject: `Votre appel découverte du ${variables.when} est annulé`,
        text: `Bonjour ${variables.firstName},\n\n${why}\n\nChoisir un autre créneau : ${bookingUrl}\n\nL’équipe Lisanga Digital`,
        templateKey: 'call_cancellation',
        variables,
        isCancelled: true,
      }),
  ];
};

/** The visitor's email of a booked or moved call, then the call's reminders. */
const confirmationEmails: LetterEmails<'change' | 'now'> = async (deps, db, letter, input) => {
  const { lead, call, admin, settings: s, visitorTime } = letter;
  const manageUrl = await manageLink(deps, db, call);
  const variables = {
    firstName: firstNameOf(lead.fullName),
    headline: input.change === 'moved' ? 'Votre appel a été déplacé' : 'Votre appel est réservé',
    moved: input.change === 'moved',
    when: visitorTime.when,
    kinshasa: visitorTime.kinshasa,
    withName: `${nameOf(admin)}, Lisanga Digital`,
    meetingDetails: s.meetingDetails,
    manageUrl,
    companyAddress: s.companyAddress,
  };
  const confirmation = () =>
    visitorEmail(deps, db, letter, {
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
      variables,
      isCancelled: false,
    });
  return [confirmation, ...reminderEmails(deps, db, letter, manageUrl, input.now)];
};

/** The email telling admin `to` of the call's change (`event`), with the invitation. */
function staffEmail(
  deps: CallDeskDeps,
  db: Database,
  letter: CallLetter,
  email: { to: Admin; event: string; isCancelled: boolean; key: string },
): Promise<SQL> {
  const { lead, admin, kinshasaTime, visitorTime } = letter;
  const variables = {
    event: email.event,
    fullName: lead.fullName,
    email: lead.email,
    phone: lead.phone ?? '',
    company: lead.company ?? '',
    serviceInterest: lead.serviceInterest,
    when: kinshasaTime,
    visitorTime: visitorTime.kinshasa ? visitorTime.when : '',
    withName: nameOf(admin),
    meetingDetails: letter.settings.meetingDetails,
    adminUrl: adminUrl(deps, lead.id),
  };
  return deps.outbox.emailInsert(db, {
    to: email.to.email,
    subject: `${email.event} : ${lead.fullName}, ${kinshasaTime}`,
    text: `${email.event} : ${lead.fullName} (${lead.email}), ${kinshasaTime}, avec ${nameOf(admin)}.\n\nVoir le contact : ${variables.adminUrl}`,
    templateKey: 'call_staff_notification',
    templateVariables: variables,
    replyTo: formatAddress(lead.fullName, lead.email),
    calendar: invitationOf(deps, letter, email.to, email.isCancelled),
    dedupeKey: `${letter.base}:${email.key}`,
    ...letter.staffFrom,
  });
}

const EVENTS: Record<Change, string> = {
  booked: 'Appel réservé',
  moved: 'Appel déplacé',
  cancelled: 'Appel annulé',
};

/** The staff's emails: the admin who takes the call, and the one who no longer does when it moved. */
const staffEmails: LetterEmails<'change' | 'formerAdminId'> = async (deps, db, letter, input) => {
  const { admin } = letter;
  // A call moved to another admin is, for them, a new call.
  const handedOver = input.formerAdminId !== undefined && input.formerAdminId !== admin.id;
  const event = handedOver ? 'Appel réservé' : EVENTS[input.change];
  const isCancelled = input.change === 'cancelled';
  const writes: EmailWrite[] = [
    () => staffEmail(deps, db, letter, { to: admin, event, isCancelled, key: 'staff' }),
  ];
  if (input.formerAdminId && handedOver) {
    const former = await adminOf(db, input.formerAdminId);
    writes.push(() =>
      staffEmail(deps, db, letter, {
        to: former,
        event: 'Appel annulé',
        isCancelled: true,
        key: 'former-staff',
      }),
    );
  }
  return writes;
};

/** The staff's push, the activity log, the lead's history and the live events of the change. */
async function announceChange(deps: CallDeskDeps, db: Database, letter: CallLetter, input: ChangeInput) {
  const { lead, call, admin, kinshasaTime } = letter;
  const { change } = input;
  const event = EVENTS[change];
  await queuePush(db, {
    key: `call:${call.id}:${call.sequence}`,
    title: `${event} : ${lead.fullName}`,
    body: `${kinshasaTime}, avec ${nameOf(admin)}`,
    url: adminUrl(deps, lead.id).slice(siteUrl(deps).length),
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

/**
 * Everything a change of the call sends, written in its transaction: the visitor's email and
 * the staff's, each with the invitation, and the reminders of a call still on. Reminders of
 * the call's earlier times, not yet sent, are withdrawn first.
 */
export async function writeEmails(deps: CallDeskDeps, db: Database, input: ChangeInput): Promise<void> {
  const letter = await letterOf(deps, db, input.lead, input.call);
  await withdrawReminders(db, input.call.id);
  const writes = [
    ...(input.change === 'cancelled'
      ? await cancellationEmail(deps, db, letter, input)
      : await confirmationEmails(deps, db, letter, input)),
    ...(await staffEmails(deps, db, letter, input)),
  ];
  // One after the other: the statements share the transaction's one connection, where queries
  // sent at once are queued by the driver today and refused by the next major version of `pg`.
  for (const write of writes) await db.execute(await write());
  await announceChange(deps, db, letter, input);
}
