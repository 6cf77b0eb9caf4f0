/**
 * The public read API: JSON answers with ETag (a matching If-None-Match gets a 304) and
 * a short shared cache, so phones revalidate cheaply. Each answer is made once and served from
 * the response cache until the content it shows changes (docs/decisions/031).
 */
import { type Request, type Response, Router } from 'express';
import {
  BlogListQuerySchema,
  BlogSlugParamsSchema,
  ServiceIdParamsSchema,
} from '#common/schemas/public-api.ts';
import type { Database } from '#db/client.ts';
import { cacheKey, type ResponseCache } from '../cache/response-cache.ts';
import { noteRead } from '../content/content-reads.ts';
import type { PublicContent } from '../content/public-content.ts';
import { HttpError, notFound } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import { crossSiteRefusal } from '../security/csrf.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import { hitRateLimit, rateLimited } from '../security/rate-limit.ts';

/** Fresh for a minute, then served stale for up to five while revalidating. */
export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export type PublicApiDeps = {
  content: PublicContent;
  db: Database;
  /** PUBLIC_URL's and TRUSTED_ORIGINS' origins (server/security/csrf.ts, trustedOriginSet). */
  trustedOrigins: ReadonlySet<string>;
  cache?: ResponseCache;
};

export function publicApiRouter({ content, db, trustedOrigins, cache }: PublicApiDeps): Router {
  const router = Router();

  /** A public read: its JSON answer, from the response cache when there is one. */
  const publicGet = (path: string, read: (req: Request) => Promise<unknown>) =>
    router.get(path, async (req: Request, res: Response) => {
      if (!cache) {
        res.setHeader('Cache-Control', PUBLIC_API_CACHE_CONTROL);
        res.json(await read(req));
        return;
      }
      await cache.serve(req, res, cacheKey(req.originalUrl), async () => ({
        status: 200,
        headers: {
          ...res.getHeaders(),
          'content-type': 'application/json; charset=utf-8',
          'cache-control': PUBLIC_API_CACHE_CONTROL,
        },
        body: Buffer.from(JSON.stringify(await read(req))),
      }));
    });

  publicGet('/services', () => content.listServices());
  publicGet('/services/parents', () => content.listParentServices());
  publicGet('/services/:id', async (req) => {
    const { id } = parseInput(ServiceIdParamsSchema, req.params);
    const service = await content.getService(id);
    if (!service) throw notFound('Service introuvable.');
    return service;
  });

  publicGet('/team', () => content.listTeam());
  publicGet('/testimonials', () => content.listTestimonials());
  publicGet('/client-logos', () => content.listClientLogos());
  publicGet('/stats', () => content.listStats());

  // These answers carry each post's view counter (pages do not): a counted view drops them.
  publicGet('/blog', (req) => {
    noteRead('blog_post_views');
    return content.listPosts(parseInput(BlogListQuerySchema, req.query));
  });
  publicGet('/blog/:slug', async (req) => {
    noteRead('blog_post_views');
    const { slug } = parseInput(BlogSlugParamsSchema, req.params);
    const post = await content.getPost(slug);
    if (!post) throw notFound('Article introuvable.');
    return post;
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

  publicGet('/portfolio', () => content.listCaseStudies());
  publicGet('/settings/public', () => content.getPublicSettings());

  return router;
}
