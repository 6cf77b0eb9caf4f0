/**
 * Sends campaigns (docs/decisions/017-campaign-engine.md). The outbox worker's design
 * (server/email/worker.ts), applied to campaign_jobs:
 * 1. start the scheduled campaigns that are due (campaigns.ts, claimed FOR UPDATE SKIP LOCKED);
 * 2. claim due queued jobs of running campaigns (`sending`, not paused, not cancelled) with
 *    `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), in one statement committed before
 *    anything is sent: several instances never hold one job, a crashed one's jobs come back;
 * 3. deliver each: re-check at send time that the campaign still runs and the subscriber is still
 *    active (someone who left, bounced or complained since the schedule is never sent to), render
 *    their email, tag its links to the site with the campaign's UTM parameters (utm.ts), add tracking, send it with the job's stable Message-ID, record the outcome
 *    (sent, committed just before the message's end goes out; retried with backoff; failed for
 *    good on a 5xx or after MAX_ATTEMPTS);
 * 4. end the campaigns left without queued jobs.
 * A rate limiter spaces the sends (CAMPAIGN_RATE_PER_SECOND for the instance), `concurrency`
 * of them in flight at once. Every time comes from the injected `now()`.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { inTransaction } from '#db/client.ts';
import { campaignJobs, emailCampaigns, newsletterSubscriptions } from '#db/schema.ts';
import { dueAndUnleased, leaseEndsSoon, releaseLeases } from '../background/claim.ts';
import { createPollLoop, describeError, type PollLoop, type SenderOptions } from '../background/poll-loop.ts';
import { formatAddress } from '../email/outbox.ts';
import type { MailTransport, OutgoingEmail } from '../email/transport.ts';
import { MailSendError } from '../email/transport.ts';
import { backoffDelayMs, MAX_ATTEMPTS } from '../email/worker.ts';
import { subscriberLinkKey } from '../newsletter/tokens.ts';
import {
  CANCELLED_JOB_ERROR,
  type Events,
  finishCompletedCampaigns,
  finishIfDone,
  startDueCampaigns,
} from './campaigns.ts';
import {
  type CampaignRenderContext,
  CampaignRenderError,
  loadRenderContext,
  renderCampaign,
  subscriberLinks,
  unsubscribeHeaders,
} from './render.ts';
import { instrumentHtml } from './tracking.ts';
import { ensureCampaignKey, tagCampaignHtml, tagCampaignText } from './utm.ts';

/** How long a claim protects a job; far longer than a batch takes at the slowest allowed rate. */
export const LEASE_MS = 2 * 60_000;

/** lastError of a job skipped because its subscriber is no longer active. */
export const SKIPPED_JOB_ERRORS = {
  unsubscribed: 'Désabonné avant l’envoi',
  bounced: 'Adresse en échec (rejet) avant l’envoi',
  pending: 'Inscription non confirmée',
  inactive: 'Abonné désactivé avant l’envoi',
} as const;

export type CampaignRunResult = {
  /** Scheduled campaigns started by this run. */
  started: number;
  sent: number;
  failed: number;
  retried: number;
  /** Jobs not sent because the subscriber left (counted in failed too) . */
  skipped: number;
  /** Campaigns this run ended (sent or failed). */
  finished: number;
};

/**
 * A run starts the due campaigns, then claims and sends until nothing is due; `wake()` after "send
 * now" or "resume" committed; `stop()` releases the claimed jobs not yet sent.
 */
export type CampaignWorker = PollLoop<CampaignRunResult>;

export type CampaignWorkerOptions = SenderOptions & {
  transport: MailTransport;
  events: Events;
  /** PUBLIC_URL: subscribers' links, tracking links, Message-ID host. */
  publicUrl: string;
  /** Messages per second for this worker (all its concurrent sends together). */
  ratePerSecond: number;
  /** Messages in flight at once. */
  concurrency: number;
  /** env.TRACKING_SECRET, handed to the tracking links' signer. */
  trackingSecret?: string;
  /** How the rate limiter waits; tests make it move their clock instead. */
  sleep?: (ms: number) => Promise<void>;
  batchSize?: number;
  /** For the backoff jitter; tests pin it. */
  random?: () => number;
};

/**
 * Spaces events `1 / ratePerSecond` apart: each caller reserves the next free slot at once (so
 * concurrent callers get distinct slots) and waits until it comes.
 */
export function createRateLimiter(
  ratePerSecond: number,
  now: () => Date,
  sleep: (ms: number) => Promise<void>,
) {
  const intervalMs = 1_000 / ratePerSecond;
  let nextSlot = 0;
  return {
    async acquire(): Promise<void> {
      const at = now().getTime();
      const slot = Math.max(nextSlot, at);
      nextSlot = slot + intervalMs;
      if (slot > at) await sleep(slot - at);
    },
  };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type JobRow = typeof campaignJobs.$inferSelect;
type Outcome = 'sent' | 'failed' | 'retried' | 'skipped' | 'released';

async function claim(w: Worker): Promise<{ rows: JobRow[]; leaseUntil: Date }> {
  const { db, now, batchSize } = w;
  const at = now();
  const leaseUntil = new Date(at.getTime() + LEASE_MS);
  const due = db
    .select({ id: campaignJobs.id })
    .from(campaignJobs)
    .innerJoin(emailCampaigns, eq(emailCampaigns.id, campaignJobs.campaignId))
    .where(
      and(
        dueAndUnleased(campaignJobs, 'queued', at),
        eq(emailCampaigns.status, 'sending'),
        isNull(emailCampaigns.pausedAt),
        isNull(emailCampaigns.cancelledAt),
      ),
    )
    .orderBy(asc(campaignJobs.nextAttemptAt), asc(campaignJobs.id))
    .limit(batchSize)
    .for('update', { of: campaignJobs, skipLocked: true });
  // One statement, committed on its own: the lease is visible to every instance before sending.
  const rows = await db
    .update(campaignJobs)
    .set({ lockedUntil: leaseUntil })
    .where(inArray(campaignJobs.id, due))
    .returning();
  rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id));
  return { rows, leaseUntil };
}

const stillQueued = (job: JobRow) => and(eq(campaignJobs.id, job.id), eq(campaignJobs.status, 'queued'));

const release = (w: Worker, ids: string[]) => releaseLeases(w.db, campaignJobs, ids, 'queued');

async function fail(w: Worker, job: JobRow, lastError: string, attempt = job.attempt): Promise<void> {
  const { db, now } = w;
  await db
    .update(campaignJobs)
    .set({ status: 'failed', lastError, attempt, lockedUntil: null, updatedAt: now() })
    .where(stillQueued(job));
}

async function deliver(
  w: Worker,
  job: JobRow,
  leaseUntil: Date,
  contexts: Map<string, Promise<CampaignRenderContext>>,
): Promise<Outcome> {
  const { db, transport, publicUrl, logger, now, random, limiter, stopping } = w;
  const log = { jobId: job.id, campaignId: job.campaignId, subscriberId: job.subscriberId };
  const [campaign] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, job.campaignId));
  if (!campaign) return 'released'; // deleted with its jobs (cascade)
  if (campaign.cancelledAt) {
    await fail(w, job, CANCELLED_JOB_ERROR);
    return 'failed';
  }
  if (campaign.status !== 'sending' || campaign.pausedAt) {
    await release(w, [job.id]);
    return 'released';
  }
  const [subscriber] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, job.subscriberId));
  if (!subscriber) return 'released'; // erased: the job went with them (cascade)
  if (subscriber.status !== 'active' || !subscriber.isActive) {
    const reason = subscriber.status === 'active' ? 'inactive' : subscriber.status;
    await fail(w, job, SKIPPED_JOB_ERRORS[reason]);
    logger.info({ ...log, status: subscriber.status }, 'campaign email skipped: subscriber no longer active');
    return 'skipped';
  }

  await limiter.acquire();
  if (stopping() || leaseEndsSoon(leaseUntil, now())) {
    await release(w, [job.id]);
    return 'released';
  }

  const attempt = job.attempt + 1;
  let message: OutgoingEmail;
  try {
    let context = contexts.get(campaign.id);
    if (!context) {
      context = loadRenderContext(db, campaign, publicUrl);
      contexts.set(campaign.id, context);
    }
    w.linkKey ??= subscriberLinkKey(db).catch((error: unknown) => {
      w.linkKey = undefined; // not cached: the next job tries again
      throw error;
    });
    const links = await subscriberLinks(db, {
      linkKey: await w.linkKey,
      subscriberId: subscriber.id,
      publicUrl,
      now: now(),
    });
    const rendered = await renderCampaign(db, {
      campaign,
      context: await context,
      firstName: subscriber.firstName,
      links,
    });
    // The site's links carry the campaign's UTM parameters, then go through the click tracking:
    // the redirect lands on the tagged URL. A campaign started before keys existed gets one now.
    const tagging = {
      publicUrl,
      campaignKey: campaign.utmCampaign ?? (await ensureCampaignKey(db, campaign)),
    };
    const html = await instrumentHtml(db, {
      html: tagCampaignHtml(rendered.html, tagging),
      campaignId: campaign.id,
      subscriberId: subscriber.id,
      publicUrl,
      trackingSecret: w.trackingSecret,
    });
    const messageId = job.messageId ?? (await ensureMessageId(w, job));
    message = {
      id: job.id,
      messageId,
      toAddress: subscriber.email,
      fromAddress: formatAddress(campaign.senderName, campaign.senderEmail),
      replyTo: null,
      subject: rendered.subject,
      html,
      textBody: tagCampaignText(rendered.text, tagging),
      headers: unsubscribeHeaders(links),
      createdAt: job.createdAt,
    };
  } catch (error) {
    if (!(error instanceof CampaignRenderError)) throw error;
    await fail(w, job, describeError(error), attempt);
    logger.error({ ...log, error: error.message }, 'campaign email could not be rendered');
    return 'failed';
  }

  const error = await sendRecorded(db, transport, { message, job, attempt, now });
  if (error === undefined) {
    logger.debug({ ...log, attempt }, 'campaign email sent');
    return 'sent';
  }
  const permanent = error instanceof MailSendError && error.permanent;
  const lastError = describeError(error);
  if (permanent || attempt >= MAX_ATTEMPTS) {
    await fail(w, job, lastError, attempt);
    logger.warn({ ...log, attempt, error: lastError }, 'campaign email given up');
    return 'failed';
  }
  const nextAttemptAt = new Date(now().getTime() + backoffDelayMs(attempt, random));
  await db
    .update(campaignJobs)
    .set({ attempt, lastError, nextAttemptAt, lockedUntil: null, updatedAt: now() })
    .where(stillQueued(job));
  logger.warn({ ...log, attempt, error: lastError, nextAttemptAt }, 'campaign email not sent, will retry');
  return 'retried';
}

/** Jobs written by an older version have no Message-ID: one is stored before the first attempt. */
async function ensureMessageId(w: Worker, job: JobRow): Promise<string> {
  const { db, host } = w;
  const messageId = `<${randomUUID()}@${host}>`;
  await db
    .update(campaignJobs)
    .set({ messageId })
    .where(and(eq(campaignJobs.id, job.id), isNull(campaignJobs.messageId)));
  const [row] = await db
    .select({ messageId: campaignJobs.messageId })
    .from(campaignJobs)
    .where(eq(campaignJobs.id, job.id));
  return row?.messageId ?? messageId;
}

async function processBatch(
  w: Worker,
  rows: JobRow[],
  leaseUntil: Date,
  result: CampaignRunResult,
): Promise<void> {
  const { db, events, logger, now, concurrency, stopping } = w;
  const queue = [...rows];
  const contexts = new Map<string, Promise<CampaignRenderContext>>();
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await w.visitorsFirst?.turn();
      if (stopping()) {
        await release(w, [job.id, ...queue.splice(0).map((j) => j.id)]);
        return;
      }
      let outcome: Outcome;
      try {
        outcome = await deliver(w, job, leaseUntil, contexts);
      } catch (error) {
        // A database hiccup: the lease expires and the job is tried again later.
        logger.error({ err: error, jobId: job.id }, 'campaign job failed unexpectedly');
        continue;
      }
      if (outcome === 'sent') result.sent += 1;
      else if (outcome === 'failed') result.failed += 1;
      else if (outcome === 'retried') result.retried += 1;
      else if (outcome === 'skipped') {
        result.skipped += 1;
        result.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  for (const campaignId of new Set(rows.map((r) => r.campaignId))) {
    const done = await inTransaction(db, (tx) => finishIfDone(tx, events, campaignId, now()));
    if (done) result.finished += 1;
  }
}

async function run(w: Worker): Promise<CampaignRunResult> {
  const { db, events, publicUrl, now, stopping } = w;
  const result: CampaignRunResult = { started: 0, sent: 0, failed: 0, retried: 0, skipped: 0, finished: 0 };
  while (!stopping()) {
    result.started += (await startDueCampaigns({ db, events, publicUrl }, now())).length;
    const { rows, leaseUntil } = await claim(w);
    if (rows.length === 0) break;
    await processBatch(w, rows, leaseUntil, result);
  }
  // Also ends a campaign whose last job was recorded by an instance that died before ending it.
  if (!stopping()) result.finished += await finishCompletedCampaigns({ db, events }, now());
  return result;
}

/** A campaign worker's dependencies and state, resolved once (createCampaignWorker). */
type Worker = {
  db: CampaignWorkerOptions['db'];
  transport: MailTransport;
  events: Events;
  publicUrl: string;
  trackingSecret: string | undefined;
  logger: CampaignWorkerOptions['logger'];
  now: () => Date;
  concurrency: number;
  batchSize: number;
  random: () => number;
  limiter: ReturnType<typeof createRateLimiter>;
  /** The Message-IDs' host. */
  host: string;
  /** The subscribers' links' key, read once (not kept when reading it failed). */
  linkKey: Promise<string> | undefined;
  /** Whether the loop is stopping: jobs not started are given back. */
  stopping: () => boolean;
  visitorsFirst: CampaignWorkerOptions['visitorsFirst'];
};

export function createCampaignWorker(options: CampaignWorkerOptions): CampaignWorker {
  const now = options.now ?? (() => new Date());
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const worker: Worker = {
    db: options.db,
    transport: options.transport,
    events: options.events,
    publicUrl: options.publicUrl,
    trackingSecret: options.trackingSecret,
    logger: options.logger.child({ component: 'campaign-worker' }),
    now,
    concurrency,
    // A batch lasts a few seconds at the configured rate, well inside the lease.
    batchSize:
      options.batchSize ?? Math.min(50, Math.max(concurrency * 2, Math.ceil(options.ratePerSecond * 2))),
    random: options.random ?? Math.random,
    limiter: createRateLimiter(options.ratePerSecond, now, options.sleep ?? realSleep),
    host: new URL(options.publicUrl).hostname,
    linkKey: undefined,
    stopping: () => loop.isStopping(),
    visitorsFirst: options.visitorsFirst,
  };
  const loop = createPollLoop({
    run: () => run(worker),
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    logger: worker.logger,
    failureMessage: 'campaign run failed',
    visitorsFirst: options.visitorsFirst,
  });
  return loop;
}

/**
 * Sends a campaign job's email, the job recorded as sent just before the message's end goes out
 * (see server/email/worker.ts): a process killed mid-send never sends it twice. Answers the
 * failure, if any; a job recorded and then refused (or whose connection dropped) is queued again.
 */
async function sendRecorded(
  db: CampaignWorkerOptions['db'],
  transport: MailTransport,
  input: { message: OutgoingEmail; job: JobRow; attempt: number; now: () => Date },
): Promise<unknown> {
  const { job, attempt, now } = input;
  let committed = false;
  const commit = async () => {
    await db
      .update(campaignJobs)
      .set({ status: 'sent', sentAt: now(), attempt, lastError: null, lockedUntil: null, updatedAt: now() })
      .where(and(eq(campaignJobs.id, job.id), eq(campaignJobs.status, 'queued')));
    committed = true;
  };
  let error: unknown;
  try {
    const outcome = await transport.send(input.message, { commit });
    if (!outcome.accepted)
      error = new MailSendError(`not accepted: ${outcome.response}`, { permanent: false });
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) {
    // A transport that takes no commit (a test's) is recorded after the send.
    if (!committed) await commit();
    return undefined;
  }
  if (committed) {
    await db
      .update(campaignJobs)
      .set({ status: 'queued', sentAt: null })
      .where(and(eq(campaignJobs.id, job.id), eq(campaignJobs.status, 'sent')));
  }
  return error;
}
