/**
 * Every page through React Router's server rendering, as @react-router/express does it, with two
 * differences: a public page may be answered from the response cache, or made once and kept there
 * (server/cache/response-cache.ts, docs/decisions/031-response-cache.md), and an answer goes out
 * in one write rather than streamed (sendWhole), a document compressed in one call with its
 * length. The back-office and the personal newsletter pages (confirm, manage, unsubscribe), a
 * draft's preview and a lead's call page (their links carry a token) are always rendered for their
 * own request.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';
import Negotiator from 'negotiator';
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import { cacheKey, isSharedPage, type MadeAnswer, type ResponseCache } from '../cache/response-cache.ts';
import { refuseMethod } from './methods.ts';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

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

/** The compression middleware's choice (server/app.ts, `compression`), made the same way. */
const SUPPORTED_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];
/**
 * The encoding the compression middleware picks: the client's, and among those it accepts
 * equally, Brotli then gzip (Negotiator's second argument, which its types do not declare).
 */
function negotiatedEncoding(req: ExpressRequest): string | undefined {
  const negotiator = new Negotiator(req) as unknown as {
    encoding(available: string[], preferred: string[]): string | undefined;
  };
  return negotiator.encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS);
}
/** The compression middleware's threshold: smaller answers go out as they are. */
const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli's window for a document of `length` bytes: the smallest that holds it (a window of 2^n
 * bytes holds 2^n - 16), within Brotli's 10 to 24 bits.
 */
function brotliWindowBits(length: number): number {
  const { BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
  return Math.min(
    BROTLI_MAX_WINDOW_BITS,
    Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 16))),
  );
}

const compressors = {
  // The middleware's quality, so the same size; the size hint lets Brotli size its buffers to the
  // document: with the stream it replaces, 0.55 ms instead of 0.80 ms for a 60 KB page. The
  // window is the document's size too: with Brotli's default (4 MB), every page over 64 KB made
  // the heap collect everything about every twenty pages (external memory pressure), doubling the
  // CPU of `/` and `/about` (decision 030). The bytes are the same.
  br: (body: Buffer) =>
    brotliCompress(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      },
    }),
  gzip: (body: Buffer) => gzip(body),
  deflate: (body: Buffer) => deflate(body),
};

/**
 * A rendered document compressed in one call, as the compression middleware would have
 * compressed it (same encoding, same quality), with its Content-Length. The middleware, which
 * streams through a zlib stream made for each answer, then leaves it as it is (already encoded)
 * and only adds `Vary: Accept-Encoding`. Other answers (resource routes) are left to it.
 */
async function compressDocument(
  req: ExpressRequest,
  res: ExpressResponse,
  body: Buffer,
): Promise<{ encoding?: string; body: Buffer }> {
  const unchanged = { body };
  const header = (name: string) => String(res.getHeader(name) ?? '');
  if (
    req.method === 'HEAD' ||
    body.length < COMPRESSION_THRESHOLD ||
    !header('Content-Type').startsWith('text/html') ||
    res.hasHeader('Content-Encoding') ||
    /(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(header('Cache-Control'))
  ) {
    return unchanged;
  }
  const encoding = req.headers['accept-encoding'] ? negotiatedEncoding(req) : undefined;
  if (encoding !== 'br' && encoding !== 'gzip' && encoding !== 'deflate') return unchanged;
  return { encoding, body: await compressors[encoding](body) };
}

/**
 * Sends a rendered answer in one write (@react-router/express streams it chunk by chunk). A page
 * is complete before its first byte anyway (app/entry.server.tsx waits for every boundary); React
 * writes it in hundreds of small chunks, and each one was a socket write and, compressed, a call
 * into zlib of its own: sent whole, a page rendered for each request costs about half as much. A
 * document is compressed here in one call (compressDocument).
 */
async function sendWhole(req: ExpressRequest, res: ExpressResponse, response: Response) {
  const whole = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (res.destroyed || res.writableEnded) return;
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  const { encoding, body } = whole ? await compressDocument(req, res, whole) : { body: whole };
  if (res.destroyed || res.writableEnded) return;
  if (encoding && body) {
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
  }
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

type PageRoute = RouteObject & { hasAction: boolean; children?: PageRoute[] };

/** The build's routes as a tree React Router's matchRoutes reads, kept per build. */
const routeTrees = new WeakMap<ServerBuild, PageRoute[]>();
function routeTree(build: ServerBuild): PageRoute[] {
  let tree = routeTrees.get(build);
  if (!tree) {
    const routes = Object.values(build.routes).filter((route) => route !== undefined);
    const childrenOf = (parentId: string | undefined): PageRoute[] =>
      routes
        .filter((route) => route.parentId === parentId)
        .map((route) => {
          const hasAction = Boolean(route.module.action);
          return route.index
            ? { id: route.id, index: true, caseSensitive: route.caseSensitive, hasAction }
            : {
                id: route.id,
                path: route.path,
                caseSensitive: route.caseSensitive,
                hasAction,
                children: childrenOf(route.id),
              };
        });
    tree = childrenOf(undefined);
    routeTrees.set(build, tree);
  }
  return tree;
}

/**
 * The methods a page's URL takes: GET and HEAD, and POST when the route a form posts to there (as
 * React Router picks it: the deepest route with a path, or the index route with `?index`) has an
 * action. A client navigation's data URL (`/x.data`, `/_.data`) is its page's.
 */
export function pageMethods(build: ServerBuild, url: string): string[] {
  const { pathname, searchParams } = new URL(url, 'http://page');
  const path = pathname.endsWith('/_.data')
    ? pathname.slice(0, -'_.data'.length)
    : pathname.replace(/\.data$/, '');
  const matches = matchRoutes(routeTree(build), path) ?? [];
  const last = matches.at(-1);
  const nakedIndex = searchParams.getAll('index').some((value) => value === '');
  const target =
    last?.route.index && nakedIndex
      ? last
      : matches.filter((match, index) => index === 0 || Boolean(match.route.path)).at(-1);
  return (target?.route as PageRoute | undefined)?.hasAction ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}

export function pageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  loadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
  cache?: ResponseCache;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const { cache, build } = options;
  const currentBuild = typeof build === 'function' ? build : async () => build;
  return async (req, res, next) => {
    try {
      // React Router would print a stack trace for a method a page does not take (and run an
      // action for a PUT or a DELETE): a 405 here, logged as any request is (one JSON line).
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const allowed = pageMethods(await currentBuild(), req.originalUrl);
        if (!allowed.includes(req.method)) {
          refuseMethod(res, allowed);
          return;
        }
      }
      const render = () => handle(fetchRequest(req, res), options.loadContext(req, res));
      if (cache && req.method === 'GET' && isSharedPage(req.originalUrl)) {
        await cache.serve(req, res, cacheKey(req.originalUrl), async () => madeAnswer(res, await render()));
      } else {
        await sendWhole(req, res, await render());
      }
    } catch (error) {
      next(error);
    }
  };
}
