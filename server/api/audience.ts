/**
 * POST /api/audience: the beacon of the public pages (docs/decisions/084-first-party-audience.md),
 * a page view or a page's engaged time, sent by `navigator.sendBeacon` (a Blob of type
 * application/json, or text/plain for a string) or `fetch(…, { keepalive: true })`.
 *
 * | answer | when |
 * | 202 | stored: committed to the database before the answer (group commit) |
 * | 204 | not counted, by design: `DNT: 1`, `Sec-GPC: 1`, a bot's User-Agent, a prefetch or prerender (`Sec-Purpose` or `Purpose`), a signed-in staff member, a path that is not a public page |
 * | 400 | not a JSON object, or a field the schema refuses (French message per field) |
 * | 403 | sent by another site's page (`crossSiteRefusal`, as the blog's view counter) |
 * | 413 | a body over AUDIENCE_LIMITS.bodyBytes (2,048 bytes) |
 * | 429 | more than AUDIENCE_RATE_LIMIT beacons this minute from the visitor key |
 * | 503 | the batch could not be written (a server fault) |
 *
 * Every answer is `no-store`; no cookie is ever set (the session cookie is only read, never
 * refreshed); neither the address nor the User-Agent is stored or logged: they make the visitor key
 * and give a device class, a browser family and a country, then are dropped.
 */
import express, { type ErrorRequestHandler, type Request, Router } from 'express';
import { visitSource } from '#common/audience.ts';
import { kinshasaDate } from '#common/kinshasa.ts';
import { AUDIENCE_LIMITS, AudienceBeaconSchema } from '#common/schemas/audience.ts';
import type { AudienceCollector, AudienceEventRow } from '../audience/collector.ts';
import { audiencePath } from '../audience/paths.ts';
import { readVisitContext, referrerHostOf } from '../audience/visit-context.ts';
import { visitorKey } from '../audience/visitor-key.ts';
import { readSessionToken, sessionCookieFor } from '../auth/cookie.ts';
import { isWellFormedToken, peekSession } from '../auth/sessions.ts';
import { HttpError } from '../errors.ts';
import { apiErrorHandler, toHttpError } from '../http/error-handler.ts';
import { parseInput } from '../http/validate.ts';
import type { Logger } from '../logger.ts';
import { crossSiteRefusal } from '../security/csrf.ts';
import { rateLimited } from '../security/rate-limit.ts';

export type AudienceApiDeps = {
  audience: AudienceCollector;
  publicUrl: string;
  /** PUBLIC_URL's and TRUSTED_ORIGINS' origins (server/security/csrf.ts, trustedOriginSet). */
  trustedOrigins: ReadonlySet<string>;
  /** The route comes before the request logger (server/app.ts): it logs its own refusals. */
  logger: Logger;
};

/** Prefetches and prerenders say so in `Sec-Purpose` (Chromium) or `Purpose` (older browsers). */
const SPECULATIVE = /prefetch|prerender/i;

/** Why a request is not counted, from its headers alone (the session is checked apart). */
function headerExclusion(req: Request): string | null {
  if (req.get('DNT')?.trim() === '1') return 'dnt';
  if (req.get('Sec-GPC')?.trim() === '1') return 'gpc';
  if (SPECULATIVE.test(req.get('Sec-Purpose') ?? '') || SPECULATIVE.test(req.get('Purpose') ?? '')) {
    return 'speculative';
  }
  return null;
}

function beaconJson(body: unknown): unknown {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new HttpError(400, 'invalid_body', 'Le corps de la requête doit être un objet JSON.');
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_json', 'Le corps de la requête doit être un JSON valide.');
  }
}

const notStored = () =>
  new HttpError(
    503,
    'audience_unavailable',
    'La mesure d’audience est momentanément indisponible.',
    undefined,
    { 'Retry-After': '5' },
  );

export function audienceApiRouter(deps: AudienceApiDeps): Router {
  const { audience, trustedOrigins } = deps;
  const logger = deps.logger.child({ component: 'audience' });
  const cookie = sessionCookieFor(deps.publicUrl);
  const router = Router();
  // Its own parser, before the API's JSON one: a small limit (413 past it), and sendBeacon's
  // text/plain as well as application/json, read as bytes and parsed here.
  const body = express.raw({
    type: ['application/json', 'text/plain'],
    limit: AUDIENCE_LIMITS.bodyBytes,
  });

  router.post(
    '/audience',
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    body,
    async (req, res) => {
      if (crossSiteRefusal(req, trustedOrigins)) {
        throw new HttpError(403, 'cross_site', 'Requête refusée (autre site).');
      }
      const beacon = parseInput(AudienceBeaconSchema, beaconJson(req.body));
      const path = audiencePath(beacon.path);
      if (headerExclusion(req) || path === null) {
        res.status(204).end();
        return;
      }
      const ip = req.ip ?? '';
      const userAgent = req.get('User-Agent') ?? '';
      const context = readVisitContext({ ip, userAgent });
      if (context.isBot) {
        res.status(204).end();
        return;
      }
      const db = await audience.db();
      const now = new Date();
      // Staff reading their own site are not visitors. Read-only: the session is not extended.
      const token = readSessionToken(req, cookie);
      if (isWellFormedToken(token) && (await peekSession(db, token, now))) {
        res.status(204).end();
        return;
      }
      const day = kinshasaDate(now);
      const key = visitorKey({
        salt: await audience.saltOf(day),
        siteHost: audience.siteHost,
        ip,
        userAgent,
      });
      const limit = audience.rateLimit.hit(key, now);
      if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);

      const referrerHost =
        beacon.type === 'pageview' ? referrerHostOf(beacon.referrer, audience.siteHost) : null;
      const row: AudienceEventRow = {
        at: now,
        day,
        visitorKey: key,
        type: beacon.type,
        path,
        referrerHost,
        // A page view's source; an engagement beacon has none ('') and counts for its visit's.
        source: beacon.type === 'pageview' ? visitSource({ referrerHost, utmSource: beacon.utmSource }) : '',
        utmSource: beacon.type === 'pageview' ? beacon.utmSource || null : null,
        utmMedium: beacon.type === 'pageview' ? beacon.utmMedium || null : null,
        utmCampaign: beacon.type === 'pageview' ? beacon.utmCampaign || null : null,
        utmContent: beacon.type === 'pageview' ? beacon.utmContent || null : null,
        utmTerm: beacon.type === 'pageview' ? beacon.utmTerm || null : null,
        device: context.device,
        browser: context.browser,
        country: context.country,
        engagedMs: beacon.type === 'engagement' ? beacon.engagedMs : null,
      };
      try {
        await audience.record(row);
      } catch {
        // Logged once for its whole batch (collector.ts): not once per request.
        const error = notStored();
        for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
        res.status(error.status).json({ error: { code: error.code, message: error.message } });
        return;
      }
      res.status(202).end();
    },
  );
  // A refusal or a failure is one line with its status (a counted beacon none, thousands a second
  // at peak); never the address, the User-Agent or the body. Then the API's answer.
  const logRefusal: ErrorRequestHandler = (error, req, res, next) => {
    const { status, code } = toHttpError(error);
    logger.info(
      { method: req.method, url: '/api/audience', statusCode: status, code },
      'audience beacon refused',
    );
    apiErrorHandler(error, req, res, next);
  };
  router.use('/audience', logRefusal);
  return router;
}
