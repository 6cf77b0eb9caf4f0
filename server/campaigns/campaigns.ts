/**
 * The life of a campaign (issue 8; docs/decisions/017-campaign-engine.md):
 *
 *   draft ──schedule──> scheduled ──(its time, worker)──┐
 *     │  <──unschedule──┘                                 v
 *     └──────────────send now──────────────────────> sending ──> sent | failed
 *                                      pause/resume (pausedAt) ┘  cancel (cancelledAt)
 *
 * Starting to send writes one campaign_jobs row per recipient in ONE `INSERT ... SELECT` (the
 * segment's condition, `ON CONFLICT DO NOTHING` on campaignId + subscriberId), each with its
 * Message-ID, in the transaction that moves the campaign to `sending`; the worker (worker.ts)
 * then delivers them. A campaign is finished when no job is queued any more: `sent` when at
 * least one message went out, `failed` otherwise. Cancelling marks the queued jobs `failed` with
 * lastError 'Annulé' (rather than deleting them: the admin keeps the count of who did not get
 * it); a job a worker is sending at that moment finishes and counts as sent.
 * Every admin change writes its activity log row in its own transaction.
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CampaignStatus, JobStatus } from '#common/enums.ts';
import type { Page } from '#common/schemas/admin.ts';
import type {
  CampaignDetail,
  CampaignInput,
  CampaignListQuerySchema,
  CampaignSummary,
  PendingPublication,
  Segment,
} from '#common/schemas/campaigns.ts';
import { type Database, inTransaction } from '#db/client.ts';
import {
  campaignJobs,
  contentPublications,
  emailCampaigns,
  emailTemplates,
  newsletterSubscriptions,
  siteSettings,
} from '#db/schema.ts';
import { logActivity } from '../admin/activity.ts';
import { kinshasaDateTime } from '../admin/time.ts';
import { HttpError, notFound } from '../errors.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { CampaignRow } from './render.ts';
import { countSegment, segmentCondition, storedSegment } from './segment.ts';

export type CampaignListQuery = z.output<typeof CampaignListQuerySchema>;
export type Events = Pick<EventBus, 'publish'>;

/** lastError of the jobs a cancellation dropped. */
export const CANCELLED_JOB_ERROR = 'Annulé';
/** The key of the seeded template announcements start from (db/seed-email-templates.ts). */
export const ANNOUNCEMENT_TEMPLATE_KEY = 'content_announcement';

export const campaignNotFound = () => notFound('Campagne introuvable.');
const conflict = (message: string) => new HttpError(409, 'invalid_transition', message);
const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_error', 'Certains champs sont invalides.', { [field]: message });

const inTx = inTransaction;

// ---------------------------------------------------------------------------------------------
// Presenting
// ---------------------------------------------------------------------------------------------

type JobCounts = Record<JobStatus, number> & { total: number };

const emptyCounts = (): JobCounts => ({ queued: 0, sent: 0, failed: 0, bounced: 0, complained: 0, total: 0 });

async function jobCounts(db: Database, campaignIds: string[]): Promise<Map<string, JobCounts>> {
  const counts = new Map<string, JobCounts>();
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .select({ campaignId: campaignJobs.campaignId, status: campaignJobs.status, n: count() })
    .from(campaignJobs)
    .where(inArray(campaignJobs.campaignId, campaignIds))
    .groupBy(campaignJobs.campaignId, campaignJobs.status);
  for (const row of rows) {
    const entry = counts.get(row.campaignId) ?? emptyCounts();
    entry[row.status] = row.n;
    entry.total += row.n;
    counts.set(row.campaignId, entry);
  }
  return counts;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentSummary(row: CampaignRow, jobs: JobCounts): CampaignSummary {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    status: row.status,
    paused: row.status === 'sending' && row.pausedAt !== null,
    scheduledAt: iso(row.scheduledAt),
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    jobs,
  };
}

function displaySegment(row: CampaignRow): Segment {
  try {
    return storedSegment(row.segmentFilterJson);
  } catch {
    return { tags: [], locale: undefined };
  }
}

export async function presentCampaign(db: Database, row: CampaignRow): Promise<CampaignDetail> {
  const jobs = (await jobCounts(db, [row.id])).get(row.id) ?? emptyCounts();
  const [template] = row.templateId
    ? await db
        .select({ name: emailTemplates.name })
        .from(emailTemplates)
        .where(eq(emailTemplates.id, row.templateId))
    : [];
  const publications = await db
    .select({ id: contentPublications.id })
    .from(contentPublications)
    .where(eq(contentPublications.campaignId, row.id))
    .orderBy(asc(contentPublications.publishedAt));
  const segment = displaySegment(row);
  const started = row.status !== 'draft' && row.status !== 'scheduled';
  return {
    ...presentSummary(row, jobs),
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    templateId: row.templateId,
    templateName: template?.name ?? null,
    segment,
    content: row.content,
    recipientCount: started ? jobs.total : await countSegment(db, segment),
    cancelledAt: iso(row.cancelledAt),
    publicationIds: publications.map((p) => p.id),
  };
}

export async function listCampaigns(db: Database, query: CampaignListQuery): Promise<Page<CampaignSummary>> {
  const where = query.status ? eq(emailCampaigns.status, query.status) : undefined;
  const rows = await db
    .select()
    .from(emailCampaigns)
    .where(where)
    .orderBy(desc(emailCampaigns.createdAt), asc(emailCampaigns.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(emailCampaigns).where(where);
  const counts = await jobCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => presentSummary(row, counts.get(row.id) ?? emptyCounts())),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function findCampaign(db: Database, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  return row;
}

async function lockCampaign(tx: Database, id: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for('update');
  if (!row) throw campaignNotFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Drafts
// ---------------------------------------------------------------------------------------------

async function defaultSender(db: Database): Promise<{ name: string; email: string }> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, ['email.sender_name', 'email.sender_email']));
  const settings = new Map(rows.map((r) => [r.key, r.value.trim()]));
  return {
    name: settings.get('email.sender_name') || 'Lisanga Digital',
    email: settings.get('email.sender_email') || 'contact@lisanga-digital.cd',
  };
}

async function assertTemplate(db: Database, templateId: string): Promise<void> {
  const [template] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(eq(emailTemplates.id, templateId));
  if (!template) throw fieldError('templateId', 'Ce modèle n’existe plus : choisissez-en un autre.');
}

async function inputValues(db: Database, input: CampaignInput) {
  await assertTemplate(db, input.templateId);
  const sender = await defaultSender(db);
  return {
    title: input.title,
    subject: input.subject,
    senderName: input.senderName || sender.name,
    senderEmail: input.senderEmail || sender.email,
    templateId: input.templateId,
    segmentFilterJson: input.segment as Record<string, unknown>,
    content: input.content,
  };
}

export async function createCampaign(
  db: Database,
  input: CampaignInput,
  adminId: string,
): Promise<CampaignRow> {
  return inTx(db, async (tx) => {
    const [row] = await tx
      .insert(emailCampaigns)
      .values(await inputValues(tx, input))
      .returning();
    if (!row) throw new Error('campaign insert returned nothing');
    await logActivity(tx, {
      type: 'campaign.created',
      title: `Campagne « ${row.title} » créée`,
      userId: adminId,
    });
    return row;
  });
}

export async function updateCampaign(
  db: Database,
  id: string,
  input: CampaignInput,
  adminId: string,
): Promise<CampaignRow> {
  return inTx(db, async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'draft' && current.status !== 'scheduled') {
      throw conflict('Une campagne envoyée ou en cours d’envoi ne peut plus être modifiée.');
    }
    const [row] = await tx
      .update(emailCampaigns)
      .set(await inputValues(tx, input))
      .where(eq(emailCampaigns.id, id))
      .returning();
    if (!row) throw campaignNotFound();
    await logActivity(tx, {
      type: 'campaign.updated',
      title: `Campagne « ${row.title} » modifiée`,
      userId: adminId,
    });
    return row;
  });
}

export async function deleteCampaign(db: Database, id: string, adminId: string): Promise<void> {
  await inTx(db, async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'draft') {
      throw conflict('Seul un brouillon peut être supprimé. Déprogrammez d’abord une campagne programmée.');
    }
    await tx.delete(emailCampaigns).where(eq(emailCampaigns.id, id));
    await logActivity(tx, {
      type: 'campaign.deleted',
      title: `Campagne « ${current.title} » supprimée`,
      userId: adminId,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

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
  return inTx(deps.db, async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'draft' && current.status !== 'scheduled') {
      throw conflict('Cette campagne a déjà été envoyée.');
    }
    if (!current.templateId) throw conflict('Choisissez un modèle avant d’envoyer la campagne.');
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
  db: Database,
  id: string,
  scheduledAt: Date,
  adminId: string,
  at: Date,
): Promise<CampaignRow> {
  return inTx(db, async (tx) => {
    const current = await lockCampaign(tx, id);
    if (current.status !== 'draft' && current.status !== 'scheduled') {
      throw conflict('Seule une campagne qui n’a pas encore été envoyée peut être programmée.');
    }
    if (scheduledAt.getTime() <= at.getTime()) {
      throw fieldError('scheduledAt', 'Choisissez une date et une heure à venir.');
    }
    const [row] = await tx
      .update(emailCampaigns)
      .set({ status: 'scheduled', scheduledAt })
      .where(eq(emailCampaigns.id, id))
      .returning();
    if (!row) throw campaignNotFound();
    await logActivity(tx, {
      type: 'campaign.scheduled',
      title: `Campagne « ${row.title} » programmée`,
      description: `Envoi prévu le ${kinshasaDateTime(scheduledAt)} (heure de Kinshasa)`,
      userId: adminId,
    });
    return row;
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
  return inTx(db, async (tx) => {
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
  await events.publish(
    tx,
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
 * Starts the scheduled campaigns whose time has come. Each is claimed `FOR UPDATE SKIP LOCKED`,
 * so two instances never both start one (the job insert is idempotent anyway). Returns the ids.
 */
export async function startDueCampaigns(deps: SendDeps, at: Date): Promise<string[]> {
  return inTx(deps.db, async (tx) => {
    const due = await tx
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.status, 'scheduled'), lte(emailCampaigns.scheduledAt, at)))
      .orderBy(asc(emailCampaigns.scheduledAt))
      .limit(10)
      .for('update', { skipLocked: true });
    for (const campaign of due) {
      const jobs = await startSending(tx, campaign, at, hostOf(deps.publicUrl));
      await logActivity(tx, {
        type: 'campaign.started',
        title: `Envoi programmé de la campagne « ${campaign.title} » démarré`,
        description: `${jobs} destinataire${jobs > 1 ? 's' : ''}`,
        userId: null,
      });
      // Nobody matched at that time: the campaign ends at once, as failed.
      if (jobs === 0) await finishIfDone(tx, deps.events, campaign.id, at);
    }
    return due.map((c) => c.id);
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
    if (await inTx(deps.db, (tx) => finishIfDone(tx, deps.events, row.id, at))) finished += 1;
  }
  return finished;
}

// ---------------------------------------------------------------------------------------------
// New content (issue 8 item 6)
// ---------------------------------------------------------------------------------------------

export async function listPendingPublications(
  db: Database,
  publicUrl: string,
): Promise<PendingPublication[]> {
  const rows = await db
    .select()
    .from(contentPublications)
    .where(eq(contentPublications.processed, false))
    .orderBy(desc(contentPublications.publishedAt));
  return rows.map((row) => ({
    id: row.id,
    contentType: row.contentType,
    title: row.title,
    url: new URL(row.url, publicUrl).toString(),
    publishedAt: row.publishedAt.toISOString(),
  }));
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A draft announcing unprocessed publications, from the 'content_announcement' template, to every
 * active subscriber. The publications point to it (content_publications.campaignId) and become
 * processed when it is sent; a publication already in another unsent announcement moves here.
 */
export async function createAnnouncement(
  db: Database,
  publicationIds: string[],
  adminId: string,
  publicUrl: string,
): Promise<CampaignRow> {
  return inTx(db, async (tx) => {
    const ids = [...new Set(publicationIds)];
    const publications = await tx
      .select()
      .from(contentPublications)
      .where(and(inArray(contentPublications.id, ids), eq(contentPublications.processed, false)))
      .orderBy(asc(contentPublications.publishedAt))
      .for('update');
    if (publications.length !== ids.length) {
      throw fieldError('publicationIds', 'Une de ces publications n’existe plus ou a déjà été annoncée.');
    }
    const [template] = await tx
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(eq(emailTemplates.key, ANNOUNCEMENT_TEMPLATE_KEY));
    if (!template) throw conflict('Le modèle « Annonce de nouveau contenu » est introuvable.');

    const first = publications[0];
    if (!first) throw fieldError('publicationIds', 'Choisissez au moins une publication');
    const urls = publications.map((p) => new URL(p.url, publicUrl).toString());
    const single = publications.length === 1;
    const headline = single ? first.title : `${publications.length} nouvelles publications`;
    const content: Record<string, string> = {
      contentTitle: headline,
      contentExcerpt: single
        ? `Découvrez « ${first.title} » sur notre site.`
        : `Au programme : ${publications.map((p) => `« ${p.title} »`).join(', ')}.`,
      contentUrl: single ? (urls[0] ?? publicUrl) : new URL('/blog', publicUrl).toString(),
      // Plain text, one publication per line: "Titre : https://…".
      publicationList: publications.map((p, i) => `${p.title} : ${urls[i]}`).join('\n'),
    };
    const sender = await defaultSender(tx);
    const [campaign] = await tx
      .insert(emailCampaigns)
      .values({
        title: truncate(`Annonce : ${headline}`, 200),
        subject: truncate(`Nouveau sur notre site : ${headline}`, 200),
        senderName: sender.name,
        senderEmail: sender.email,
        templateId: template.id,
        segmentFilterJson: { tags: [] },
        content,
      })
      .returning();
    if (!campaign) throw new Error('announcement insert returned nothing');
    await tx
      .update(contentPublications)
      .set({ campaignId: campaign.id })
      .where(inArray(contentPublications.id, ids));
    await logActivity(tx, {
      type: 'campaign.created',
      title: `Annonce « ${headline} » préparée`,
      description: publications.map((p) => p.title).join(' · '),
      userId: adminId,
    });
    return campaign;
  });
}

/** Exposed for tests and the worker: jobs still waiting for one campaign. */
export async function queuedJobCount(db: Database, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignJobs)
    .where(and(eq(campaignJobs.campaignId, campaignId), eq(campaignJobs.status, 'queued')));
  return row?.n ?? 0;
}
