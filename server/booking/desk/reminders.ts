/**
 * The reminders of a booked call (server/booking/desk.ts): the day before and an hour before, to
 * the visitor and to the admin who takes it, queued with the booking and withdrawn when it changes.
 */
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { emailOutbox } from '#db/schema.ts';
import type { CallLetter, EmailWrite } from './emails.ts';
import { adminUrl, type CallDeskDeps, firstNameOf, HOUR, nameOf } from './shared.ts';

/** The reminders before a call: the day before and an hour before. */
const REMINDERS = [
  { key: 'remind-24h', before: 24 * HOUR, inHowLong: 'demain' },
  { key: 'remind-1h', before: HOUR, inHowLong: 'dans une heure' },
] as const;

/** Withdraws the reminders of the call's earlier times not sent yet. */
export async function withdrawReminders(db: Database, callId: string): Promise<void> {
  await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), like(emailOutbox.dedupeKey, `call:${callId}:%:remind-%`)));
}

/**
 * The reminders of a call still on, to the visitor (with `manageUrl`) and to its admin, each
 * pair skipped when its time has already come.
 */
export function reminderEmails(
  deps: CallDeskDeps,
  db: Database,
  letter: CallLetter,
  manageUrl: string,
  now: Date,
): EmailWrite[] {
  const { lead, call, admin, settings: s, visitorTime, kinshasaTime, base } = letter;
  const writes: EmailWrite[] = [];
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
      adminUrl: adminUrl(deps, lead.id),
    };
    for (const [who, to, variables, extra] of [
      ['visitor', lead.email, forVisitor, `Déplacer ou annuler : ${manageUrl}`],
      ['staff', admin.email, forStaff, `Voir le contact : ${adminUrl(deps, lead.id)}`],
    ] as const) {
      writes.push(() =>
        deps.outbox.emailInsert(db, {
          to,
          subject: `Rappel : appel découverte ${reminder.inHowLong}, ${variables.when}`,
          text: `Petit rappel : votre appel découverte avec ${variables.withName} commence ${reminder.inHowLong}, le ${variables.when}.\n\n${s.meetingDetails}\n\n${extra}`,
          templateKey: 'call_reminder',
          templateVariables: variables,
          sendAfter,
          dedupeKey: `${base}:${reminder.key}:${who}`,
          ...(who === 'staff' ? letter.staffFrom : {}),
        }),
      );
    }
  }
  return writes;
}
