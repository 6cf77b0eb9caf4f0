/**
 * The public read API (issue 2): JSON answers with ETag (Express adds a weak one and answers 304
 * to a matching If-None-Match) and a short shared cache, so phones revalidate cheaply.
 */
import { type Response, Router } from 'express';
import {
  BlogListQuerySchema,
  BlogSlugParamsSchema,
  ServiceIdParamsSchema,
} from '../../common/schemas/public-api.ts';
import type { Database } from '../../db/client.ts';
import type { PublicContent } from '../content/public-content.ts';
import { HttpError, notFound } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import { crossSiteRefusal } from '../security/csrf.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import { hitRateLimit, rateLimited } from '../security/rate-limit.ts';

/** Fresh for a minute, then served stale for up to five while revalidating. */
export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

function sendPublic(res: Response, body: unknown) {
  res.setHeader('Cache-Control', PUBLIC_API_CACHE_CONTROL);
  res.json(body);
}

export type PublicApiDeps = {
  content: PublicContent;
  db: Database;
  /** PUBLIC_URL's and TRUSTED_ORIGINS' origins (server/security/csrf.ts, trustedOriginSet). */
  trustedOrigins: ReadonlySet<string>;
};

export function publicApiRouter({ content, db, trustedOrigins }: PublicApiDeps): Router {
  const router = Router();

  router.get('/services', async (_req, res) => sendPublic(res, await content.listServices()));
  router.get('/services/parents', async (_req, res) => sendPublic(res, await content.listParentServices()));
  router.get('/services/:id', async (req, res) => {
    const { id } = parseInput(ServiceIdParamsSchema, req.params);
    const service = await content.getService(id);
    if (!service) throw notFound('Service introuvable.');
    sendPublic(res, service);
  });

  router.get('/team', async (_req, res) => sendPublic(res, await content.listTeam()));
  router.get('/stats', async (_req, res) => sendPublic(res, await content.listStats()));

  router.get('/blog', async (req, res) => {
    const query = parseInput(BlogListQuerySchema, req.query);
    sendPublic(res, await content.listPosts(query));
  });
  router.get('/blog/:slug', async (req, res) => {
    const { slug } = parseInput(BlogSlugParamsSchema, req.params);
    const post = await content.getPost(slug);
    if (!post) throw notFound('Article introuvable.');
    sendPublic(res, post);
  });

  // A reader opened the post (sent once per browser session by the page, with sendBeacon). POST
  // only: crawlers and link previews that merely GET the post never change the count. Another
  // site's page cannot count views, and one address cannot inflate them.
  router.post('/blog/:slug/views', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const refusal = crossSiteRefusal(req, trustedOrigins);
    if (refusal) {
      req.log?.warn({ ip: req.ip, reason: refusal }, 'post view refused: cross-site');
      throw new HttpError(403, 'cross_site', 'Requête refusée (autre site).');
    }
    const limit = await hitRateLimit(db, `views:${req.ip}`, RATE_LIMITS.postViewsPerIp);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
    const { slug } = parseInput(BlogSlugParamsSchema, req.params);
    if (!(await content.recordPostView(slug))) throw notFound('Article introuvable.');
    res.status(204).end();
  });

  router.get('/portfolio', async (_req, res) => sendPublic(res, await content.listCaseStudies()));
  router.get('/settings/public', async (_req, res) => sendPublic(res, await content.getPublicSettings()));

  return router;
}
