/**
 * The life of a campaign (docs/decisions/017-campaign-engine.md):
 *
 *   draft ──schedule──> scheduled ──(its time, worker, still ready)──┐
 *     │  <──unschedule, or not ready at its time (holdBack)┘              v
 *     └──────────────send now──────────────────────────────────────> sending ──> sent | failed
 *                                                   pause/resume (pausedAt) ┘  cancel (cancelledAt)
 *
 * Starting to send writes one campaign_jobs row per recipient in ONE `INSERT ... SELECT` (the
 * segment's condition, `ON CONFLICT DO NOTHING` on campaignId + subscriberId), each with its
 * Message-ID, in the transaction that moves the campaign to `sending` (which also gives the
 * campaign its links' utm_campaign key if scheduling did not, see utm.ts); the worker (worker.ts)
 * then delivers them. A campaign is finished when no job is queued any more: `sent` when at
 * least one message went out, `failed` otherwise. Cancelling marks the queued jobs `failed` with
 * lastError 'Annulé' (rather than deleting them: the admin keeps the count of who did not get
 * it); a job a worker is sending at that moment finishes and counts as sent.
 * Every admin change writes its activity log row in its own transaction.
 */
import { and, asc, count, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { CampaignStatus } from '#common/enums.ts';
import { kinshasaDateTime } from '#common/kinshasa.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { campaignJobs, contentPublications, emailCampaigns, newsletterSubscriptions } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { fieldError } from '../errors.ts';
import { queuePush } from '../push/notify.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import {
  conflict,
  emptyCounts,
  jobCounts,
  lockCampaign,
  lockUnsentCampaign,
  updateCampaignRow,
} from './campaign-rows.ts';
import { assertReady, type CampaignProblem, campaignProblems } from './readiness.ts';
import type { CampaignRow } from './render.ts';
import { segmentCondition, storedSegment } from './segment.ts';
import { ensureCampaignKey } from './utm.ts';

export type Events = Pick<EventBus, 'publish'>;

/** The event that moves an open campaign page and the list on (common/realtime.ts). */
const campaignUpdate = (id: string, status: CampaignStatus) =>
  ({ channel: 'campaigns', type: 'campaign_update', data: { id, status } }) as const;

/** lastError of the jobs a cancellation dropped. */
export const CANCELLED_JOB_ERROR = 'Annulé';

/**
 * Writes the jobs (one statement, idempotent) and moves the campaign to `sending`; the
 * publications it announces are processed from now on. Returns the number of jobs.
 */
async function startSending(
  tx: Database,
  campaign: CampaignRow,
  at: Date,
  messageIdHost: string,
): Promise<number> {
  await ensureCampaignKey(tx, campaign);
  const segment = storedSegment(campaign.segmentFilterJson);
  const s = newsletterSubscriptions;
  const stamp = at.toISOString();
  // The Message-ID is chosen here, before any attempt, and reused by every retry of the job.
  await tx.execute(sql`
    insert into ${campaignJobs}
      (campaign_id, subscriber_id, status, attempt, message_id, next_attempt_at, created_at, updated_at)
    select ${campaign.id}::uuid, ${s.id}, 'queued', 0,
      '<' || gen_random_uuid()::text || '@' || ${messageIdHost} || '>',
      ${stamp}::timestamptz, ${stamp}::timestamptz, ${stamp}::timestamptz
    from ${s}
    where ${segmentCondition(segment)}
    on conflict (campaign_id, subscriber_id) do nothing`);
  const [jobs] = await tx
    .select({ n: count() })
    .from(campaignJobs)
    .where(eq(campaignJobs.campaignId, campaign.id));
  await tx
    .update(emailCampaigns)
    .set({ status: 'sending', pausedAt: null, cancelledAt: null, updatedAt: at })
    .where(eq(emailCampaigns.id, campaign.id));
  await tx
    .update(contentPublications)
    .set({ processed: true })
    .where(eq(contentPublications.campaignId, campaign.id));
  return jobs?.n ?? 0;
}

export type SendDeps = { db: Database; events: Events; publicUrl: string };

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname;

/** "Send now": the jobs are written at once; the caller wakes the worker after the commit. */
export async function sendCampaignNow(
  deps: SendDeps,
  id: string,
  adminId: string,
  at: Date,
): Promise<CampaignRow> {
  return inTransaction(deps.db, async (tx) => {
    const current = await lockUnsentCampaign(tx, id, 'Cette campagne a déjà été envoyée.');
    await assertReady(tx, current, deps.publicUrl);
    const jobs = await startSending(tx, current, at, hostOf(deps.publicUrl));
    // Thrown inside the transaction: nothing of the above is kept.
    if (jobs === 0)
      throw conflict('Aucun abonné actif ne correspond à ce segment : il n’y a personne à qui envoyer.');
    await logActivity(tx, {
      type: 'campaign.sent',
      title: `Envoi de la campagne « ${current.title} » lancé`,
      description: `${jobs} destinataire${jobs > 1 ? 's' : ''}`,
      userId: adminId,
    });
    return lockCampaign(tx, id);
  });
}

export async function scheduleCampaign(
  deps: { db: Database; publicUrl: string },
  id: string,
  scheduledAt: Date,
  adminId: string,
  at: Date,
): Promise<CampaignRow> {
  return inTransaction(deps.db, async (tx) => {
    const current = await lockUnsentCampaign(
      tx,
      id,
      'Seule une campagne qui n’a pas encore été envoyée peut être programmée.',
    );
    if (scheduledAt.getTime() <= at.getTime()) {
      throw fieldError('scheduledAt', 'Choisissez une date et une heure à venir.');
    }
    await assertReady(tx, current, deps.publicUrl);
    // Its links' utm_campaign is known from now on (the Audience screen may list it before it leaves).
    await ensureCampaignKey(tx, current);
    return updateCampaignRow(tx, id, { status: 'scheduled', scheduledAt }, adminId, (row) => ({
      type: 'campaign.scheduled',
      title: `Campagne « ${row.title} » programmée`,
      description: `Envoi prévu le ${kinshasaDateTime(scheduledAt)} (heure de Kinshasa)`,
    }));
  });
}

/** The transitions that only flip a column, with their rule, effect and log entry. */
async function transition(
  db: Database,
  id: string,
  adminId: string,
  rule: { allowed: (row: CampaignRow) => boolean; refusal: (row: CampaignRow) => string },
  change: Partial<typeof emailCampaigns.$inferInsert>,
  log: { type: string; title: (row: CampaignRow) => string },
  after?: (tx: Database, row: CampaignRow) => Promise<void>,
): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => {
    const current = await lockCampaign(tx, id);
    if (!rule.allowed(current)) throw conflict(rule.refusal(current));
    await tx.update(emailCampaigns).set(change).where(eq(emailCampaigns.id, id));
    await logActivity(tx, { type: log.type, title: log.title(current), userId: adminId });
    await after?.(tx, current);
    return lockCampaign(tx, id);
  });
}

const isRunning = (row: CampaignRow) => row.status === 'sending' && row.cancelledAt === null;
const notSendingMessage = (row: CampaignRow) =>
  row.status === 'sent' || row.status === 'failed'
    ? 'Cette campagne est terminée.'
    : 'Cette campagne n’est pas en cours d’envoi.';

export function unscheduleCampaign(db: Database, id: string, adminId: string): Promise<CampaignRow> {
  return transition(
    db,
    id,
    adminId,
    { allowed: (row) => row.status === 'scheduled', refusal: () => 'Cette campagne n’est pas programmée.' },
    { status: 'draft', scheduledAt: null },
    { type: 'campaign.unscheduled', title: (row) => `Programmation de la campagne « ${row.title} » annulée` },
  );
}

export function pauseCampaign(db: Database, id: string, adminId: string, at: Date): Promise<CampaignRow> {
  return transition(
    db,
    id,
    adminId,
    {
      allowed: (row) => isRunning(row) && row.pausedAt === null,
      refusal: (row) => (isRunning(row) ? 'Cette campagne est déjà en pause.' : notSendingMessage(row)),
    },
    { pausedAt: at },
    { type: 'campaign.paused', title: (row) => `Envoi de la campagne « ${row.title} » mis en pause` },
  );
}

export function resumeCampaign(db: Database, id: string, adminId: string): Promise<CampaignRow> {
  return transition(
    db,
    id,
    adminId,
    {
      allowed: (row) => isRunning(row) && row.pausedAt !== null,
      refusal: (row) => (isRunning(row) ? 'Cette campagne n’est pas en pause.' : notSendingMessage(row)),
    },
    { pausedAt: null },
    { type: 'campaign.resumed', title: (row) => `Envoi de la campagne « ${row.title} » repris` },
  );
}

export function cancelCampaign(
  deps: { db: Database; events: Events },
  id: string,
  adminId: string,
  at: Date,
): Promise<CampaignRow> {
  return transition(
    deps.db,
    id,
    adminId,
    { allowed: isRunning, refusal: notSendingMessage },
    { cancelledAt: at, pausedAt: null },
    { type: 'campaign.cancelled', title: (row) => `Envoi de la campagne « ${row.title} » annulé` },
    async (tx, row) => {
      // A job a worker holds right now is left to it: it sees the cancellation before sending,
      // or it is already talking to the SMTP server and the message counts as sent.
      await tx
        .update(campaignJobs)
        .set({ status: 'failed', lastError: CANCELLED_JOB_ERROR, lockedUntil: null, updatedAt: at })
        .where(
          and(
            eq(campaignJobs.campaignId, row.id),
            eq(campaignJobs.status, 'queued'),
            or(isNull(campaignJobs.lockedUntil), lt(campaignJobs.lockedUntil, at)),
          ),
        );
      await finishIfDone(tx, deps.events, row.id, at);
    },
  );
}

/**
 * Ends a `sending` campaign whose jobs are all done: `sent` (with sentAt) when at least one
 * message went out, `failed` otherwise; tells the admins (dashboard figures and a notification)
 * in the same transaction. Locks the campaign row, so two workers finishing together end it once.
 */
export async function finishIfDone(
  tx: Database,
  events: Events,
  campaignId: string,
  at: Date,
): Promise<boolean> {
  const [campaign] = await tx
    .select()
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, 'sending')))
    .for('update');
  if (!campaign) return false;
  const counts = (await jobCounts(tx, [campaignId])).get(campaignId) ?? emptyCounts();
  if (counts.queued > 0) return false;
  const delivered = counts.sent + counts.bounced + counts.complained;
  const status: CampaignStatus = delivered > 0 ? 'sent' : 'failed';
  await tx
    .update(emailCampaigns)
    .set({ status, sentAt: at, pausedAt: null, updatedAt: at })
    .where(eq(emailCampaigns.id, campaignId));
  const sentText = `${delivered} envoyé${delivered > 1 ? 's' : ''}`;
  const failedText = counts.failed > 0 ? `, ${counts.failed} en échec` : '';
  await logActivity(tx, {
    type: status === 'sent' ? 'campaign.finished' : 'campaign.failed',
    title:
      status === 'sent'
        ? `Campagne « ${campaign.title} » envoyée`
        : `Campagne « ${campaign.title} » : aucun message n’a pu être envoyé`,
    description: `${sentText}${failedText}`,
    userId: null,
  });
  await queuePush(tx, {
    key: `campaign:${campaignId}:finished`,
    title: status === 'sent' ? 'Campagne envoyée' : 'Échec de la campagne',
    body: `« ${campaign.title} » : ${status === 'sent' ? sentText : 'aucun message envoyé'}${failedText}`,
    url: `/admin/emails/campaigns/${campaignId}`,
  });
  await events.publish(
    tx,
    campaignUpdate(campaignId, status),
    { channel: 'dashboard', type: 'stats_update', data: {} },
    {
      channel: 'system',
      type: 'notification',
      data:
        status === 'sent'
          ? {
              title: 'Campagne envoyée',
              message: `« ${campaign.title} » : ${sentText}${failedText}`,
              level: 'success',
            }
          : {
              title: 'Échec de la campagne',
              message: `« ${campaign.title} » : aucun message envoyé${failedText}`,
              level: 'error',
            },
    },
  );
  return true;
}

/**
 * A scheduled campaign that is no longer ready when its time comes (edited since, or its template
 * was): it goes back to the drafts instead of going out unfinished, and the staff are told why,
 * in the activity log, as a live notification and on their phones.
 */
async function holdBack(
  tx: Database,
  events: Events,
  campaign: CampaignRow,
  problems: CampaignProblem[],
  at: Date,
): Promise<void> {
  await tx
    .update(emailCampaigns)
    .set({ status: 'draft', scheduledAt: null, updatedAt: at })
    .where(eq(emailCampaigns.id, campaign.id));
  const why = problems.map((problem) => problem.message).join(' ');
  await logActivity(tx, {
    type: 'campaign.held',
    title: `Envoi programmé de la campagne « ${campaign.title} » suspendu : elle est revenue en brouillon`,
    description: why,
    userId: null,
  });
  await queuePush(tx, {
    key: `campaign:${campaign.id}:held:${campaign.scheduledAt?.toISOString() ?? ''}`,
    title: 'Campagne non envoyée',
    body: `« ${campaign.title} » est revenue en brouillon : ${why}`,
    url: `/admin/emails/campaigns/${campaign.id}`,
  });
  await events.publish(tx, campaignUpdate(campaign.id, 'draft'), {
    channel: 'system',
    type: 'notification',
    data: {
      title: 'Campagne non envoyée',
      message: `« ${campaign.title} » est revenue en brouillon : ${why}`,
      level: 'error',
    },
  });
}

/**
 * Starts the scheduled campaigns whose time has come. Each is claimed `FOR UPDATE SKIP LOCKED`,
 * so two instances never both start one (the job insert is idempotent anyway). Each is checked
 * again first, as a "send now" is: one no longer ready is held back (holdBack). Returns the ids of
 * the campaigns started.
 */
export async function startDueCampaigns(deps: SendDeps, at: Date): Promise<string[]> {
  return inTransaction(deps.db, async (tx) => {
    const due = await tx
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.status, 'scheduled'), lte(emailCampaigns.scheduledAt, at)))
      .orderBy(asc(emailCampaigns.scheduledAt))
      .limit(10)
      .for('update', { skipLocked: true });
    const started: string[] = [];
    for (const campaign of due) {
      // Nobody to send to is not a reason to hold it back: it ends as failed below, as it did.
      const problems = (await campaignProblems(tx, campaign, deps.publicUrl)).filter(
        (problem) => problem.field !== 'segment',
      );
      if (problems.length > 0) {
        await holdBack(tx, deps.events, campaign, problems, at);
        continue;
      }
      started.push(campaign.id);
      const jobs = await startSending(tx, campaign, at, hostOf(deps.publicUrl));
      await logActivity(tx, {
        type: 'campaign.started',
        title: `Envoi programmé de la campagne « ${campaign.title} » démarré`,
        description: `${jobs} destinataire${jobs > 1 ? 's' : ''}`,
        userId: null,
      });
      await deps.events.publish(tx, campaignUpdate(campaign.id, 'sending'));
      // Nobody matched at that time: the campaign ends at once, as failed.
      if (jobs === 0) await finishIfDone(tx, deps.events, campaign.id, at);
    }
    return started;
  });
}

/** Ends every `sending` campaign left with no queued job (after a crash between the two steps too). */
export async function finishCompletedCampaigns(
  deps: { db: Database; events: Events },
  at: Date,
): Promise<number> {
  const rows = await deps.db
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(
      and(
        eq(emailCampaigns.status, 'sending'),
        sql`not exists (select 1 from ${campaignJobs} where ${campaignJobs.campaignId} = ${emailCampaigns.id} and ${campaignJobs.status} = 'queued')`,
      ),
    );
  let finished = 0;
  for (const row of rows) {
    if (await inTransaction(deps.db, (tx) => finishIfDone(tx, deps.events, row.id, at))) finished += 1;
  }
  return finished;
}
