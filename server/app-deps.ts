/**
 * Everything a request needs, built once per process and handed to the API routers and, through
 * the router context (app/context.server.ts), to the page loaders.
 */
import type { DatabaseHandle } from '#db/client.ts';
import { createAudienceCollector } from './audience/collector.ts';
import { createVisitorsFirst } from './background/visitors-first.ts';
import { createCallDesk } from './booking/desk.ts';
import { invalidateOnContentChange } from './cache/invalidation.ts';
import { createResponseCache } from './cache/response-cache.ts';
import { createTableMemo } from './cache/table-memo.ts';
import { createCampaignWorker } from './campaigns/worker.ts';
import { createPublicContent } from './content/public-content.ts';
import { createOutbox } from './email/outbox.ts';
import { renderTemplate } from './email/templates.ts';
import { createMailTransport } from './email/transport.ts';
import { createOutboxWorker } from './email/worker.ts';
import type { Env } from './env.ts';
import { createStaffNotifier } from './leads/notify-staff.ts';
import type { Logger } from './logger.ts';
import { createMediaStore } from './media/store.ts';
import { pushEndpointPolicy } from './push/endpoint.ts';
import { createPushWorker } from './push/worker.ts';
import { createEventBus } from './realtime/event-bus.ts';

export type AppDeps = ReturnType<typeof createAppDeps>;

export function createAppDeps(deps: { database: DatabaseHandle; env: Env; logger: Logger }) {
  // Cheap to build: nodemailer connects only to send, and the worker polls only once start.ts
  // starts it (tests build services without ever sending).
  const mailTransport = createMailTransport({
    smtpUrl: deps.env.SMTP_URL,
    dataDir: deps.env.DATA_DIR,
    logger: deps.logger,
  });
  const outbox = createOutbox({ publicUrl: deps.env.PUBLIC_URL });
  const events = createEventBus(deps.database, deps.logger);
  // Public pages and API answers kept ready (docs/decisions/031), emptied by content changes from
  // any instance; it keeps nothing until the event bus listens (start.ts starts it).
  const responseCache =
    deps.env.RESPONSE_CACHE_MB > 0
      ? createResponseCache({ maxBytes: deps.env.RESPONSE_CACHE_MB * 1024 * 1024 })
      : undefined;
  if (responseCache) invalidateOnContentChange(responseCache, events);
  // Email templates, the settings a lead's email needs and the lists every public page shows,
  // read once until their table changes.
  const memo = createTableMemo(events);
  const render: typeof renderTemplate = (db, key, variables) => renderTemplate(db, key, variables, memo);
  // The background senders wait while visitors' requests keep the thread busy (decision 121).
  const visitorsFirst = createVisitorsFirst();
  const worker = createOutboxWorker({
    db: deps.database.db,
    transport: mailTransport,
    logger: deps.logger,
    render,
    visitorsFirst,
  });
  // Campaign jobs (decision 017), same transport; started by start.ts like the outbox worker.
  const campaignWorker = createCampaignWorker({
    db: deps.database.db,
    transport: mailTransport,
    logger: deps.logger,
    events,
    publicUrl: deps.env.PUBLIC_URL,
    ratePerSecond: deps.env.CAMPAIGN_RATE_PER_SECOND,
    concurrency: deps.env.CAMPAIGN_CONCURRENCY,
    trackingSecret: deps.env.TRACKING_SECRET,
    visitorsFirst,
  });
  return {
    database: deps.database,
    env: deps.env,
    logger: deps.logger,
    content: createPublicContent(deps.database.db, deps.env.PUBLIC_URL, memo),
    /** Uploaded images, in a folder or an S3 bucket (docs/decisions/100-media-on-s3.md). */
    media: createMediaStore(deps.env),
    email: {
      /** `enqueueEmail(tx, message)` inside the transaction that causes the email. */
      outbox,
      /** `renderTemplate(tx, key, variables)`: takes the caller's transaction, like the outbox. */
      renderTemplate: render,
      transport: mailTransport,
      /** `wake()` after the transaction that enqueued committed. */
      worker,
    },
    /** `requestArrived()` for each HTTP request (start.ts): what the background senders make way for. */
    visitorsFirst,
    /** Application events for the admin's real-time channel, across instances (LISTEN/NOTIFY). */
    events,
    /** Absent when RESPONSE_CACHE_MB is 0. */
    responseCache,
    /** Campaign sending (decision 017): `worker.wake()` after a campaign starts or resumes. */
    campaigns: { worker: campaignWorker },
    /** The staff's push notifications (docs/decisions/080-staff-push.md): `worker.wake()` after queueing. */
    push: {
      worker: createPushWorker({
        db: deps.database.db,
        logger: deps.logger,
        publicUrl: deps.env.PUBLIC_URL,
        policy: pushEndpointPolicy(deps.env),
        visitorsFirst,
      }),
    },
    /**
     * The audience's beacons (docs/decisions/084-first-party-audience.md): their own pool, group
     * commit and rate limit; `fold` is the upkeep loop start.ts starts, `close()` at shutdown.
     */
    audience: createAudienceCollector(deps),
    /** The discovery call's booking (docs/decisions/077-call-booking.md). */
    calls: createCallDesk({ outbox, events, memo, publicUrl: deps.env.PUBLIC_URL }),
    leads: {
      staffNotification: createStaffNotifier({
        outbox,
        memo,
        publicUrl: deps.env.PUBLIC_URL,
      }),
    },
  };
}
