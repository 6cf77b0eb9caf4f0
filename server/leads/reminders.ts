/**
 * Leads left unanswered (docs/decisions/066-lead-follow-up.md): the site promises an answer within
 * QUOTE_RESPONSE_HOURS (docs/product.md §9.1). A lead still `nouveau` past that gets one reminder:
 * an email to its owner, or to every active admin when nobody follows it yet. The leads list flags
 * the same leads. Each lead is claimed by one UPDATE … RETURNING (server/background/claim.ts), so
 * that with several instances it is reminded once; the emails go through the outbox in the same
 * transaction, with a dedupe key per lead and admin.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { QUOTE_RESPONSE_HOURS, QUOTE_RESPONSE_TIME } from '#common/constants.ts';
import { kinshasaDayAndHour } from '#common/kinshasa.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { type AdminUser, adminUsers, type ContactRequest, contactRequests } from '#db/schema.ts';
import { activityInsert } from '../activity/log.ts';
import { claimRows } from '../background/claim.ts';
import { repeatEvery } from '../background/repeat.ts';
import { type EmailMessage, formatAddress, type Outbox } from '../email/outbox.ts';
import { plainTextHtml, siteUrlOf } from '../email/templates.ts';
import type { Logger } from '../logger.ts';

/** Leads reminded per run; the next run takes the rest. */
const BATCH = 50;

function reminderEmail(lead: ContactRequest, admin: AdminUser, publicUrl: string): EmailMessage {
  const text = [
    `${lead.fullName} attend une réponse depuis le ${kinshasaDayAndHour(lead.createdAt)} (heure de Kinshasa).`,
    `Le site promet une réponse sous ${QUOTE_RESPONSE_HOURS} h, et ce contact est toujours « Nouveau ».`,
    '',
    `Service : ${lead.serviceInterest}`,
    `Email : ${lead.email}`,
    `Téléphone : ${lead.phone ?? lead.phoneRaw ?? 'Non fourni'}`,
    '',
    `Voir le contact : ${siteUrlOf(publicUrl)}/admin/contacts?lead=${lead.id}`,
  ].join('\n');
  return {
    to: formatAddress(`${admin.firstName} ${admin.lastName}`.trim(), admin.email),
    subject: `Sans réponse depuis ${QUOTE_RESPONSE_HOURS} h : ${lead.fullName}`.replace(/[\r\n]+/g, ' '),
    text,
    html: plainTextHtml(text),
    dedupeKey: `lead-reminder:${lead.id}:${admin.id}`,
  };
}

/** Reminds the staff of the leads left unanswered as of `now`; gives how many leads were reminded. */
export async function remindUnansweredLeads(
  db: Database,
  deps: { outbox: Outbox; publicUrl: string },
  now: Date,
): Promise<number> {
  const answerDue = new Date(now.getTime() - QUOTE_RESPONSE_TIME);
  return inTransaction(db, async (tx) => {
    const leads = await claimRows(tx, contactRequests, {
      where: and(
        eq(contactRequests.status, 'nouveau'),
        lte(contactRequests.createdAt, answerDue),
        isNull(contactRequests.remindedAt),
        // Kept "À vérifier": nobody was told of it, nobody is reminded (decision 083).
        isNull(contactRequests.reviewReason),
      ),
      orderBy: [asc(contactRequests.createdAt)],
      limit: BATCH,
      // A reminder is not a change of the lead: its "last updated" stays.
      set: { remindedAt: now, updatedAt: sql`${contactRequests.updatedAt}` },
    });
    if (leads.length === 0) return 0;
    const admins = await tx.select().from(adminUsers).where(eq(adminUsers.isActive, true));
    for (const lead of leads) {
      const owner = admins.find((admin) => admin.id === lead.ownerId);
      for (const admin of owner ? [owner] : admins) {
        await deps.outbox.enqueueEmail(tx, reminderEmail(lead, admin, deps.publicUrl));
      }
      await activityInsert(tx, {
        type: 'contact.reminded',
        title: `Sans réponse depuis ${QUOTE_RESPONSE_HOURS} h : ${lead.fullName}`,
        description: owner ? `Rappel envoyé à ${owner.email}` : 'Rappel envoyé à toute l’équipe',
        userId: null,
      });
    }
    return leads.length;
  });
}

/**
 * Runs the reminder every `intervalMs` (the first time after a minute, or sooner when the interval
 * is shorter), then wakes the email worker.
 */
export function startLeadReminders(
  db: Database,
  deps: { outbox: Outbox; publicUrl: string; logger: Logger; wakeEmails: () => void },
  intervalMs = 5 * 60_000,
) {
  const run = async () => {
    try {
      const reminded = await remindUnansweredLeads(db, deps, new Date());
      if (reminded > 0) {
        deps.logger.info({ reminded }, 'staff reminded of unanswered leads');
        deps.wakeEmails();
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'unanswered leads reminder failed');
    }
  };
  return repeatEvery(run, intervalMs, Math.min(60_000, intervalMs));
}
