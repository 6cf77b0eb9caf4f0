/**
 * POST /api/contact (docs/product.md §7.2): quote requests, call requests and contact-page messages.
 * Order matters: a replay of an already-answered request gets its first answer at once (a flaky
 * connection must not spend the visitor's limits); then the per-IP limits: past the daily
 * ceiling, refused (429, in French); then validation; then the lead is stored, with its key,
 * "À vérifier" when its address sent more than the limit or its honeypot is filled (answered the
 * same, the staff not notified: docs/decisions/083-leads-kept-for-review.md), with the visit that
 * brought it (docs/decisions/084-first-party-audience.md).
 */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { type ContactRequestAccepted, ContactRequestSchema } from '#common/schemas/leads.ts';
import type { Database } from '#db/client.ts';
import type { CommitWork } from '#db/grouped-statements.ts';
import type { CallDesk } from '../booking/desk.ts';
import { badRequest } from '../errors.ts';
import {
  hashRequest,
  readIdempotencyKey,
  replayOrHitRateLimits,
  runIdempotently,
} from '../http/idempotency.ts';
import { parseInput } from '../http/validate.ts';
import { conversionSource } from '../leads/attribution.ts';
import { type LeadDeps, leadWrites, newLead } from '../leads/create-lead.ts';
import { honeypotReviewReason, reviewReasonOf } from '../security/honeypot.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import { type AddressLimits, reviewReasonOrRefuse } from '../security/rate-limit.ts';

const SCOPE = 'contact';

export type ContactApiDeps = LeadDeps & {
  db: Database;
  /** Commits a lead with the others arriving meanwhile (db/grouped-statements.ts). */
  commitLead: CommitWork;
  /** A call request's booking link, and its email (docs/decisions/077-call-booking.md). */
  calls: Pick<CallDesk, 'requestWrites'>;
  /** Called after a lead committed (wakes the email worker). */
  afterLead?: () => void;
  /** The site's host (PUBLIC_URL's): a referrer from it is not the lead's source. */
  siteHost: string;
};

export function contactApiRouter(deps: ContactApiDeps): Router {
  const router = Router();

  router.post('/contact', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const key = readIdempotencyKey(req.get('Idempotency-Key'));
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('Le corps de la requête doit être un objet JSON.');
    }
    // The lead's fingerprint leaves out the tab's visit: a retry sent after the visitor saw one more
    // page is the same submission, answered the same, and its stored source does not change.
    const { visit: _visit, ...submission } = body as Record<string, unknown>;
    const requestHash = hashRequest(submission);
    const limits: AddressLimits = {
      review: { key: `contact:${req.ip}`, rule: RATE_LIMITS.contactPerIp },
      ceiling: { key: `contact-day:${req.ip}`, rule: RATE_LIMITS.contactCeilingPerIp },
    };
    const first = await replayOrHitRateLimits(
      deps.db,
      { scope: SCOPE, key, requestHash },
      { hits: [limits.review, limits.ceiling] },
    );
    if (first.stored) {
      res.status(first.stored.status).json(first.stored.body);
      return;
    }
    const overLimit = reviewReasonOrRefuse(limits, first.limits, 'demandes');

    const request = parseInput(ContactRequestSchema, body);
    const reviewReason = reviewReasonOf(overLimit, honeypotReviewReason(request));

    // The lead's id is chosen here, so that its answer is stored with the key in one statement.
    const id = randomUUID();
    const source = conversionSource(
      request.visit,
      { ip: req.ip, userAgent: req.get('User-Agent') },
      deps.siteHost,
    );
    const lead = newLead(request, id, reviewReason, source);
    const writes = await leadWrites(deps.db, deps, lead);
    let answer: ContactRequestAccepted = { id };
    if (request.source === 'call_request') {
      // The visitor picks the call's time next: the modal opens the page, the email keeps it.
      const booking = await deps.calls.requestWrites(deps.db, lead);
      if (booking) {
        writes.writes.push(booking.write);
        answer = { id, bookingPath: booking.path };
      }
    }
    const response = await runIdempotently(
      deps.db,
      { scope: SCOPE, key, requestHash, answer: { status: 201, body: answer } },
      writes,
      deps.commitLead,
    );
    req.log.info(
      { leadId: (response.body as { id: string }).id, source: request.source, reviewReason },
      reviewReason ? 'lead stored for review' : 'lead stored',
    );
    deps.afterLead?.();
    res.status(response.status).json(response.body);
  });

  return router;
}
