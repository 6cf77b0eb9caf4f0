/**
 * The discovery call's public API (docs/decisions/077-call-booking.md; shapes in
 * common/schemas/calls.ts). Each route is opened by the lead's signed link: the token travels as
 * the `token` query parameter of the GET (masked in the logs) or in the body of the POSTs. The
 * POSTs are limited per link and, much higher, per IP, and each one is safe to retry
 * (server/booking/desk.ts).
 */
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { CallBookSchema, CallCancelSchema, CallPageQuerySchema } from '#common/schemas/calls.ts';
import type { Database } from '#db/client.ts';
import type { CallDesk } from '../booking/desk.ts';
import { parseInput } from '../http/validate.ts';
import { conversionSource } from '../leads/attribution.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import { hitRateLimits, rateLimited } from '../security/rate-limit.ts';

export type CallsApiDeps = {
  db: Database;
  calls: CallDesk;
  /** Called after a change committed (wakes the email worker). */
  afterChange?: () => void;
  /** The site's host (PUBLIC_URL's): a referrer from it is not the booking's source. */
  siteHost: string;
};

export function callsApiRouter(deps: CallsApiDeps): Router {
  const router = Router();
  const { db, calls } = deps;

  router.use('/calls', (req, res, next) => {
    // Personal answers: never kept by a cache, never indexed.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    if (req.method !== 'POST') return next();
    // Per link, not per address: visitors behind one carrier address each have their own; the
    // address's daily ceiling bounds a script trying links (docs/decisions/083-leads-kept-for-review.md).
    const token: unknown = req.body?.token;
    const link = createHash('sha256')
      .update(typeof token === 'string' ? token : '')
      .digest('base64url')
      .slice(0, 22);
    hitRateLimits(db, [
      { key: `calls-link:${link}`, rule: RATE_LIMITS.callChangesPerLink },
      { key: `calls-day:${req.ip}`, rule: RATE_LIMITS.callChangesCeilingPerIp },
    ])
      .then((limits) => {
        const refused = limits.find((limit) => !limit.allowed);
        next(refused ? rateLimited(refused.retryAfterSeconds) : undefined);
      })
      .catch(next);
  });

  router.get('/calls', async (req, res) => {
    const query = parseInput(CallPageQuerySchema, req.query);
    res.json(await calls.page(db, query.token, query.timeZone));
  });

  router.post('/calls/book', async (req, res) => {
    const { visit, ...input } = parseInput(CallBookSchema, req.body);
    const { call, created } = await calls.book(db, {
      ...input,
      startsAt: new Date(input.startsAt),
      // The visit the call was booked in (docs/decisions/084-first-party-audience.md).
      source: conversionSource(visit, { ip: req.ip, userAgent: req.get('User-Agent') }, deps.siteHost),
    });
    if (created) deps.afterChange?.();
    req.log.info({ created }, 'call booked');
    res.status(created ? 201 : 200).json({ call });
  });

  router.post('/calls/reschedule', async (req, res) => {
    // The call keeps the source of its booking: the visit a reschedule sends is not read.
    const { visit: _visit, ...input } = parseInput(CallBookSchema, req.body);
    const answer = await calls.reschedule(db, { ...input, startsAt: new Date(input.startsAt) });
    deps.afterChange?.();
    res.json(answer);
  });

  router.post('/calls/cancel', async (req, res) => {
    const input = parseInput(CallCancelSchema, req.body);
    const answer = await calls.cancel(db, input);
    deps.afterChange?.();
    res.json(answer);
  });

  return router;
}
