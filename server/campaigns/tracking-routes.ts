/**
 * Public tracking routes of campaign emails (decision 018), mounted at /t before request logging so
 * their tokens never reach the log:
 * - GET /t/o/:token: the open pixel. Always the same transparent GIF, valid token or not (the
 *   answer tells nothing about a token); an `open` is recorded only for a valid one.
 * - GET /t/c/:token: the click redirect, 302 to the campaign_links URL the signed token names,
 *   only if that link belongs to the token's campaign; anything else is a French 404, never a
 *   redirect to a URL taken from the request (no open redirect).
 * These are deliberate GET-with-effect exceptions: the effect is an append-only analytics row,
 * a repeat only counts one more open or click (docs/decisions/018-campaign-tracking.md).
 * With tracking switched off in the settings, valid links still redirect and nothing is recorded.
 *
 * POST /api/webhooks/email (emailWebhookRouter) is in webhook.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Request, type Response, Router } from 'express';
import type { Database } from '#db/client.ts';
import { campaignLinks } from '#db/schema.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Logger } from '../logger.ts';
import { isTrackingEnabled, trackingKeys, verifyTrackingToken } from './tracking.ts';
import { emailWebhookRouter as webhookRouter } from './webhook.ts';

/** The smallest transparent GIF: 1x1, one transparent colour (43 bytes). */
export const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

export type TrackingDeps = {
  db: Database;
  logger: Logger;
  trackingSecret?: string;
  now?: () => Date;
};

export function trackingRouter(deps: AppDeps): Router {
  return createTrackingRouter({
    db: deps.database.db,
    logger: deps.logger,
    trackingSecret: deps.env.TRACKING_SECRET,
  });
}

export function emailWebhookRouter(deps: AppDeps): Router {
  return webhookRouter({
    db: deps.database.db,
    logger: deps.logger,
    webhookSecret: deps.env.EMAIL_WEBHOOK_SECRET,
  });
}

export function createTrackingRouter(deps: TrackingDeps): Router {
  const router = Router();
  const logger = deps.logger.child({ component: 'tracking' });
  const now = deps.now ?? (() => new Date());

  async function verify(raw: string) {
    return verifyTrackingToken(raw, await trackingKeys(deps.db, deps.trackingSecret));
  }

  /**
   * One event row, only if the campaign still exists; the subscriber is kept only if their row
   * still exists (an erased subscriber's clicks still redirect, recorded without them).
   */
  async function record(
    type: 'open' | 'click',
    campaignId: string,
    subscriberId: string,
    meta: Record<string, unknown>,
  ) {
    await deps.db.execute(sql`
      insert into email_events (type, campaign_id, subscriber_id, meta_json, occurred_at)
      select ${type}::event_type, c.id,
        (select s.id from newsletter_subscriptions s where s.id = ${subscriberId}::uuid),
        ${JSON.stringify(meta)}::jsonb, ${now().toISOString()}::timestamptz
      from email_campaigns c where c.id = ${campaignId}::uuid`);
  }

  // Link checkers and previews send HEAD: they get the same answer but count for nothing.
  const counts = (req: Request) => req.method === 'GET';

  router.get('/o/:token', async (req, res) => {
    // Recorded before answering (a pixel costs one insert), and the GIF whatever happens.
    try {
      const token = await verify(req.params.token);
      if (token?.kind === 'open' && counts(req) && (await isTrackingEnabled(deps.db))) {
        await record('open', token.campaignId, token.subscriberId, {});
      }
    } catch (error) {
      logger.error({ err: error }, 'open tracking failed');
    }
    sendPixel(res);
  });

  router.get('/c/:token', async (req, res) => {
    try {
      const token = await verify(req.params.token);
      if (token?.kind !== 'click') return sendNotFound(res);
      const [link] = await deps.db
        .select({ url: campaignLinks.url })
        .from(campaignLinks)
        .where(and(eq(campaignLinks.id, token.linkId), eq(campaignLinks.campaignId, token.campaignId)))
        .limit(1);
      if (!link) return sendNotFound(res);
      if (counts(req) && (await isTrackingEnabled(deps.db))) {
        await record('click', token.campaignId, token.subscriberId, { url: link.url, linkId: token.linkId });
      }
      res.setHeader('Cache-Control', 'no-store, private');
      // The destination site must not see the tracking URL (it names a subscriber).
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.redirect(302, link.url);
    } catch (error) {
      logger.error({ err: error }, 'click tracking failed');
      if (!res.headersSent) {
        res
          .status(503)
          .type('text/plain; charset=utf-8')
          .setHeader('Cache-Control', 'no-store')
          .send('Service momentanément indisponible. Réessayez dans un instant.');
      }
    }
  });

  router.use((_req, res) => sendNotFound(res));
  return router;
}

function sendPixel(res: Response) {
  res.status(200);
  res.setHeader('Content-Type', 'image/gif');
  res.setHeader('Content-Length', String(TRANSPARENT_GIF.length));
  res.setHeader('Cache-Control', 'no-store, private');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.end(TRANSPARENT_GIF);
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Lien introuvable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937">
<h1 style="font-size:1.5rem">Lien introuvable</h1>
<p>Ce lien n’est pas valide ou n’existe plus. Vérifiez que vous avez copié l’adresse complète depuis l’email.</p>
<p><a href="/">Aller sur le site de Lisanga Digital</a></p>
</body>
</html>
`;

function sendNotFound(res: Response) {
  res
    .status(404)
    .type('text/html; charset=utf-8')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('X-Robots-Tag', 'noindex')
    .setHeader('Referrer-Policy', 'no-referrer')
    // Its only styles are inline attributes; nothing else may load.
    .setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    .send(NOT_FOUND_PAGE);
}
