/**
 * Builds the Express application: one process, one port, serving the JSON API under /api, the
 * health probes, the static assets and every page through React Router's server rendering.
 * Tests build it without a page build and call the API without opening a port.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { pinoHttp } from 'pino-http';
import { type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import {
  appContext,
  cspNonceContext,
  islandAssetsContext,
  requestClientContext,
} from '#app/context.server.ts';
import { bootstrapScript, type IslandAssets } from '#app/islands/bootstrap.ts';
import { groupStatements } from '#db/grouped-statements.ts';
import { adminApiRouter } from './api/admin/index.ts';
import { audienceApiRouter } from './api/audience.ts';
import { adminGate, authApiRouter } from './api/auth.ts';
import { callsApiRouter } from './api/calls.ts';
import { contactApiRouter } from './api/contact.ts';
import { newsletterApiRouter } from './api/newsletter.ts';
import { publicApiRouter } from './api/public.ts';
import { securityAdminRouter } from './api/second-factor.ts';
import type { AppDeps } from './app-deps.ts';
import { cacheKey } from './cache/response-cache.ts';
import { emailWebhookRouter, trackingRouter } from './campaigns/tracking-routes.ts';
import { apiErrorHandler, apiNotFound, finalErrorHandler } from './http/error-handler.ts';
import { limitJsonDepth } from './http/json-depth.ts';
import { refuseMethod } from './http/methods.ts';
import { pageHandler } from './http/page-handler.ts';
import { redactUrl } from './logger.ts';
import { mediaFiles } from './media/serve.ts';
import { newsletterFromDeps } from './newsletter/newsletter.ts';
import { trustedOriginSet } from './security/csrf.ts';
import { baselineHeaders, securityHeaders } from './security/headers.ts';
import { visualFiles, visualStoreOf } from './visuals/routes.ts';
import type { VisualStore } from './visuals/store.ts';

export type PageRendering =
  | { kind: 'build'; build: ServerBuild; clientDir: string; islandAssets: IslandAssets }
  | { kind: 'vite'; vite: ViteDevServer; loadBuild: () => Promise<ServerBuild> };

export type CreateAppOptions = {
  /** How pages are rendered; absent in API-only tests. */
  pages?: PageRendering;
  /** Set while the process is shutting down: new requests get 503. */
  isShuttingDown?: () => boolean;
};

const READY_TIMEOUT_MS = 2_000;
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const SERVICE_WORKER_CSP = "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Express {
  const { env, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(env.TRUST_PROXY));

  // Static files first: fingerprinted assets are served before logging and the page-level
  // security headers (frame, opener, referrer policies apply to documents, not to scripts), which
  // saves a few hundred bytes on each of the ~20 files a first visit loads over 3G.
  const pages = options.pages;
  if (pages?.kind === 'build') serveAssets(app, pages.clientDir);
  // Public pages and public API answers kept by the response cache (docs/decisions/031) go out
  // here, as they were first sent (security headers included), before any other work. Their
  // visits are not in the request log (a reverse proxy's access log has them).
  const cache = deps.responseCache;
  if (cache) {
    app.use((req, res, next) => {
      if (options.isShuttingDown?.() || !cache.serveKept(req, res, cacheKey(req.originalUrl))) next();
    });
  }
  // Everything below, pages or not, gets Permissions-Policy and a CSP (baselineHeaders).
  app.use(baselineHeaders);
  // TRACE, CONNECT, WebDAV verbs...: a 405 before any route (React Router would throw on them).
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) {
      next();
      return;
    }
    // The URL is not logged: it may be a tracking link's (tokens), and this is only a refusal.
    logger.info({ method: req.method }, 'method not allowed');
    refuseMethod(res, ALLOWED_METHODS);
  });
  if (pages?.kind === 'build') serveBuildFiles(app, pages.clientDir);

  const visualStore = visualStoreOf(deps);
  mountUnloggedRoutes(app, deps, visualStore);
  mountRequestPipeline(app, deps, options);
  mountHealthChecks(app, deps);
  app.use('/api', apiRouter(deps, visualStore));
  if (pages) mountPages(app, deps, pages);
  app.use(finalErrorHandler);
  return app;
}

const nosniff: express.RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

/**
 * The build's fingerprinted assets. They never change: cached for a year, served as the Brotli or
 * gzip file compressed at build time.
 */
function serveAssets(app: Express, clientDir: string): void {
  app.use(
    '/assets',
    nosniff,
    expressStaticGzip(path.join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      // Never revalidated (immutable), so ETag and Last-Modified would be bytes for nothing.
      serveStatic: { immutable: true, maxAge: '1y', index: false, etag: false, lastModified: false },
    }),
  );
}

/** The build's service worker, its activation page, and the other public files (icons, manifest: an hour). */
function serveBuildFiles(app: Express, clientDir: string): void {
  // The service worker (docs/decisions/020-pwa.md): always revalidated, so a new build
  // reaches visitors at their next visit, and allowed to control the whole site. Its CSP governs
  // the worker itself: it fetches and caches this site only.
  app.get('/sw.js', nosniff, (_req, res, next) => {
    res.setHeader('Content-Security-Policy', SERVICE_WORKER_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Service-Worker-Allowed', '/');
    res.sendFile(path.join(clientDir, 'sw.js'), { cacheControl: false, dotfiles: 'deny' }, (error) =>
      error ? next() : undefined,
    );
  });
  // An empty page load inside the worker's scope: the update card loads it in a hidden frame to
  // make the browser hand over to the new worker (app/features/pwa/pwa-runtime.ts, nudge).
  app.get('/sw-activate', nosniff, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  });
  // Icons and the manifest. Only a path naming a file (with an extension) can be one: a page's
  // path never does, which spares every page a look at the disk (an fs.stat per request).
  const publicFiles = express.static(clientDir, { maxAge: '1h', index: false });
  app.use((req, res, next) =>
    path.extname(req.path) ? nosniff(req, res, () => publicFiles(req, res, next)) : next(),
  );
}

/**
 * What is answered before the request log (their URLs carry tokens, or there are thousands a
 * second), the pages' headers and compression: media, visuals, tracking and the audience's beacon.
 */
function mountUnloggedRoutes(app: Express, deps: AppDeps, visualStore: VisualStore): void {
  const { env, logger } = deps;
  // Uploaded images (decision 039): generated names, long immutable caching, nosniff.
  app.use('/media', mediaFiles(deps));
  // Generated covers and share images (decision 023): hashed names, cached for a year, nosniff.
  app.use('/visuals', visualFiles(deps, visualStore));
  // Campaign open and click tracking (decision 018), before request logging: URLs carry tokens.
  app.use('/t', trackingRouter(deps));
  // The audience's beacon (docs/decisions/084-first-party-audience.md), before request logging,
  // the pages' headers and compression: thousands a second at peak, each answered with an empty
  // 202 that needs none of them (a fifth of its CPU time). It logs its own refusals.
  app.use(
    '/api',
    audienceApiRouter({
      audience: deps.audience,
      publicUrl: env.PUBLIC_URL,
      trustedOrigins: trustedOriginSet({ publicUrl: env.PUBLIC_URL, trustedOrigins: env.TRUSTED_ORIGINS }),
      logger,
    }),
  );
}

/** The request log, the security headers, the refusal while shutting down, and compression. */
function mountRequestPipeline(app: Express, deps: AppDeps, options: CreateAppOptions): void {
  const { env, logger } = deps;
  const pages = options.pages;
  app.use(
    pinoHttp({
      logger,
      quietReqLogger: true,
      autoLogging: { ignore: (req) => isQuietPath(req.url ?? '') },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use(
    securityHeaders({
      https: env.PUBLIC_URL.startsWith('https://'),
      production: env.isProduction,
      contentSecurityPolicy: pages?.kind !== 'vite',
      publicScriptHash:
        pages?.kind === 'build'
          ? `sha256-${createHash('sha256').update(bootstrapScript(pages.islandAssets)).digest('base64')}`
          : undefined,
    }),
  );

  app.use((_req, res, next) => {
    if (options.isShuttingDown?.()) {
      res.setHeader('Connection', 'close');
      res
        .status(503)
        .json({ error: { code: 'shutting_down', message: 'Le serveur redémarre, veuillez réessayer.' } });
      return;
    }
    next();
  });

  app.use(compression());
}

/** Liveness and readiness (the database answers within READY_TIMEOUT_MS). */
function mountHealthChecks(app: Express, deps: AppDeps): void {
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await withTimeout(deps.database.ping(), READY_TIMEOUT_MS);
      res.json({ status: 'ready', database: deps.database.kind });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', database: deps.database.kind });
    }
  });
}

/** The JSON API: public routes, the webhook, sign-in, the back-office behind its gate, the forms. */
function apiRouter(deps: AppDeps, visualStore: VisualStore): express.Router {
  const { env } = deps;
  const cache = deps.responseCache;
  const api = express.Router();
  // 100 kB of JSON is far above any form; email templates (MJML, up to 200 000 characters) get 1 MB.
  const json = express.json({ limit: '100kb' });
  const templateJson = express.json({ limit: '1mb' });
  api.use((req, res, next) =>
    (req.path.startsWith('/admin/email-templates') ? templateJson : json)(req, res, next),
  );
  api.use(limitJsonDepth);
  api.use(
    publicApiRouter({
      content: deps.content,
      db: deps.database.db,
      trustedOrigins: trustedOriginSet({ publicUrl: env.PUBLIC_URL, trustedOrigins: env.TRUSTED_ORIGINS }),
      cache,
    }),
  );
  // The SMTP provider's delivery, bounce and complaint events (decision 018): a secret, no session.
  api.use(emailWebhookRouter(deps));
  // Login, logout, the session's user, password change.
  api.use(
    authApiRouter({
      db: deps.database.db,
      publicUrl: env.PUBLIC_URL,
      trustedOrigins: env.TRUSTED_ORIGINS,
      events: deps.events,
      dataDir: env.DATA_DIR,
    }),
  );
  // The back-office API: every router behind the one gate (no-store, CSRF, session, password).
  api.use(
    '/admin',
    adminGate({ db: deps.database.db, publicUrl: env.PUBLIC_URL, trustedOrigins: env.TRUSTED_ORIGINS }),
    adminApiRouter(deps),
    securityAdminRouter({ db: deps.database.db }),
    // Drawn covers before publication, for the back-office's lists.
    express.Router().use('/visuals', visualFiles(deps, visualStore, { drafts: true })),
  );
  api.use(
    contactApiRouter({
      db: deps.database.db,
      commitLead: groupStatements(deps.database.db),
      events: deps.events,
      staffNotification: deps.leads.staffNotification,
      calls: deps.calls,
      siteHost: deps.audience.siteHost,
      afterLead: () => {
        deps.email.worker.wake();
        deps.push.worker.wake();
      },
    }),
  );
  api.use(
    callsApiRouter({
      db: deps.database.db,
      calls: deps.calls,
      siteHost: deps.audience.siteHost,
      afterChange: () => deps.email.worker.wake(),
    }),
  );
  api.use(
    newsletterApiRouter({
      db: deps.database.db,
      newsletter: newsletterFromDeps(deps),
      siteHost: deps.audience.siteHost,
      afterEmail: () => {
        deps.email.worker.wake();
        deps.push.worker.wake();
      },
    }),
  );
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}

/** The pages, rendered by React Router with the router context (app/context.server.ts). */
function mountPages(app: Express, deps: AppDeps, pages: PageRendering): void {
  const cache = deps.responseCache;
  if (pages.kind === 'vite') app.use(pages.vite.middlewares);
  // The public pages' script (docs/decisions/030-public-islands.md); in development Vite serves its source.
  const islandAssets: IslandAssets =
    pages.kind === 'build'
      ? pages.islandAssets
      : { entry: '/app/islands/entry.client.ts', preload: [], dev: true };
  app.all(
    '/{*splat}',
    pageHandler({
      build: pages.kind === 'build' ? pages.build : pages.loadBuild,
      mode: pages.kind === 'build' ? 'production' : 'development',
      // In development pages change with the code: never kept.
      cache: pages.kind === 'build' ? cache : undefined,
      loadContext: (req, res) =>
        new RouterContextProvider(
          new Map<RouterContext<unknown>, unknown>([
            [appContext, deps],
            [cspNonceContext, res.locals.cspNonce],
            [islandAssetsContext, islandAssets],
            [requestClientContext, { ip: req.ip, userAgent: req.get('User-Agent') }],
          ]),
        ),
    }),
  );
}

function isQuietPath(url: string): boolean {
  return url === '/healthz' || url === '/readyz' || url.startsWith('/assets/') || url.startsWith('/@');
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
