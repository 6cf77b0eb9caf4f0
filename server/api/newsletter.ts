/**
 * The newsletter API (docs/product.md §7.2 and the double opt-in of decision 009). Every answer is `no-store`
 * (tokens and personal data), and no GET changes anything: mail scanners and link previews open
 * every link of an email.
 */
import { Router } from 'express';
import {
  NewsletterManageLinkSchema,
  NewsletterManageSchema,
  NewsletterSubscribeSchema,
  NewsletterTokenSchema,
} from '#common/schemas/newsletter.ts';
import type { Database } from '#db/client.ts';
import { badRequest } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import { conversionSource } from '../leads/attribution.ts';
import type { Newsletter } from '../newsletter/newsletter.ts';
import { invalidToken } from '../newsletter/tokens.ts';
import { honeypotReviewReason, reviewReasonOf } from '../security/honeypot.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import {
  type AddressLimits,
  hitRateLimit,
  hitRateLimits,
  rateLimited,
  reviewReasonOrRefuse,
} from '../security/rate-limit.ts';

export type NewsletterApiDeps = {
  db: Database;
  newsletter: Newsletter;
  /** Called after a transaction that queued an email committed (wakes the email worker). */
  afterEmail?: () => void;
  /** The site's host (PUBLIC_URL's): a referrer from it is not the sign-up's source. */
  siteHost: string;
};

function queryToken(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw invalidToken();
  return parseInput(NewsletterTokenSchema, { token: value }).token;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Le corps de la requête doit être un objet JSON.');
  }
  return body as Record<string, unknown>;
}

export function newsletterApiRouter(deps: NewsletterApiDeps): Router {
  const router = Router();
  router.use('/newsletter', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // Past the address's limit (or with the honeypot filled), a sign-up is kept "À vérifier": the
  // visitor gets the same answer and the confirmation email, the staff no notification; past the
  // daily ceiling, refused (docs/decisions/083-leads-kept-for-review.md).
  router.post('/newsletter/subscribe', async (req, res) => {
    const body = objectBody(req.body);
    const limits: AddressLimits = {
      review: { key: `newsletter:${req.ip}`, rule: RATE_LIMITS.newsletterPerIp },
      ceiling: { key: `newsletter-day:${req.ip}`, rule: RATE_LIMITS.newsletterCeilingPerIp },
    };
    const hits = await hitRateLimits(deps.db, [limits.review, limits.ceiling]);
    const overLimit = reviewReasonOrRefuse(limits, hits, 'inscriptions');
    const request = parseInput(NewsletterSubscribeSchema, body);
    const reviewReason = reviewReasonOf(overLimit, honeypotReviewReason(request));
    const client = { ip: req.ip, userAgent: req.get('User-Agent') };
    const outcome = await deps.newsletter.subscribe(
      request,
      client,
      reviewReason,
      conversionSource(request.visit, client, deps.siteHost),
    );
    if (outcome.emailSent) deps.afterEmail?.();
    res.json({ requiresConfirmation: true });
  });

  // A fresh manage link by email; the same answer whether the address is known or not.
  router.post('/newsletter/manage-link', async (req, res) => {
    const limit = await hitRateLimit(
      deps.db,
      `newsletter-manage-link:${req.ip}`,
      RATE_LIMITS.newsletterManageLinksPerIp,
    );
    if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
    const { email } = parseInput(NewsletterManageLinkSchema, objectBody(req.body));
    const outcome = await deps.newsletter.sendManageLink(email);
    if (outcome.emailSent) deps.afterEmail?.();
    res.json({ requested: true });
  });

  router.post('/newsletter/confirm', async (req, res) => {
    const { token } = parseInput(NewsletterTokenSchema, objectBody(req.body));
    await deps.newsletter.confirm(token, { ip: req.ip, userAgent: req.get('User-Agent') });
    deps.afterEmail?.();
    res.json({ confirmed: true });
  });

  // RFC 8058 one-click: the mailbox provider POSTs `List-Unsubscribe=One-Click` (form-encoded)
  // without cookies and follows no redirect; the token in the URL is all it takes.
  router.post('/newsletter/unsubscribe', async (req, res) => {
    const token = queryToken(req.query.token);
    await deps.newsletter.unsubscribe(token);
    res.type('text/plain; charset=utf-8').send('Vous êtes désinscrit de la newsletter Lisanga Digital.');
  });

  router.get('/newsletter/manage', async (req, res) => {
    res.json(await deps.newsletter.preferences(queryToken(req.query.token)));
  });

  router.post('/newsletter/manage', async (req, res) => {
    const request = parseInput(NewsletterManageSchema, objectBody(req.body));
    res.json(await deps.newsletter.updatePreferences(request));
  });

  router.get('/newsletter/export', async (req, res) => {
    const data = await deps.newsletter.exportData(queryToken(req.query.token));
    res.setHeader('Content-Disposition', 'attachment; filename="mes-donnees-newsletter.json"');
    res.type('application/json').send(JSON.stringify(data, null, 2));
  });

  router.post('/newsletter/erase', async (req, res) => {
    const { token } = parseInput(NewsletterTokenSchema, objectBody(req.body));
    await deps.newsletter.erase(token);
    res.json({ erased: true });
  });

  return router;
}
