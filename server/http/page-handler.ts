/**
 * Every page through React Router's server rendering, as @react-router/express does it, with two
 * differences: a public page may be answered from the response cache, or made once and kept there
 * (server/cache/response-cache.ts, docs/decisions/031-response-cache.md), and an answer goes out
 * in one write rather than streamed (sendWhole). The back-office and the personal newsletter pages
 * (confirm, manage, unsubscribe), a draft's preview and a lead's call page (their links carry a
 * token) are always rendered for their own
 * request.
 */
import { createReadableStreamFromReadable } from '@react-router/node';
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { isAdminPath } from '#common/paths.ts';
import { cacheKey, type MadeAnswer, type ResponseCache } from '../cache/response-cache.ts';

/** Documents whose answer is the same for every visitor, and so may be shared. */
export function isSharedPage(path: string): boolean {
  return !(
    isAdminPath(path) ||
    /^\/newsletter\/(confirm|manage|unsubscribe)\/?$/.test(path) ||
    // A draft's preview and a lead's call (their links carry a token): decisions 070 and 077.
    /^\/(apercu|appel-decouverte)\/?$/.test(path)
  );
}

/** The Fetch API request React Router reads (@react-router/express's createRemixRequest). */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app.enabled('trust proxy')
    ? (req.get('X-Forwarded-Host')?.split(':') ?? [])
    : [];
  const [, hostPort] = req.get('host')?.split(':') ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? '', 10)).find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`;
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on('finish', () => {
    controller = null;
  });
  res.on('close', () => controller?.abort());
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Sends a rendered answer in one write (@react-router/express streams it chunk by chunk). A page
 * is complete before its first byte anyway (app/entry.server.tsx waits for every boundary); React
 * writes it in hundreds of small chunks, and each one was a socket write and, compressed, a call
 * into zlib of its own: sent whole, a page rendered for each request costs about half as much.
 */
async function sendWhole(res: ExpressResponse, response: Response) {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (res.destroyed || res.writableEnded) return;
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  res.end(body);
}

/** A whole rendered answer, with the headers the middlewares before it set (security headers). */
async function madeAnswer(res: ExpressResponse, response: Response): Promise<MadeAnswer> {
  const headers = res.getHeaders();
  for (const [name, value] of response.headers.entries()) {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  }
  // Shared pages change whenever the admin edits the site: browsers ask again (an ETag makes it
  // a 304 when nothing changed) rather than guess a freshness.
  headers['cache-control'] ??= 'no-cache';
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

export function pageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  loadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  cache?: ResponseCache;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const { cache } = options;
  return async (req, res, next) => {
    try {
      const render = () => handle(fetchRequest(req, res), options.loadContext(req, res));
      if (cache && req.method === 'GET' && isSharedPage(req.path)) {
        await cache.serve(req, res, cacheKey(req.originalUrl), async () => madeAnswer(res, await render()));
      } else {
        await sendWhole(res, await render());
      }
    } catch (error) {
      next(error);
    }
  };
}
