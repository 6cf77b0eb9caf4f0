/**
 * Server rendering of every document request. Unlike React Router's default (stream as soon as
 * the shell is ready), we wait for every Suspense boundary (`onAllReady`): a page's HTML is then
 * complete before any JavaScript runs, for visitors without JavaScript, link previews and
 * crawlers alike. Public loaders wait for their data rather than defer it: a Suspense boundary
 * that resolves after the shell is still sent as a fallback plus a hidden block that an inline
 * script swaps in once on screen (docs/decisions/030). Our pages render in milliseconds, so
 * waiting costs nothing noticeable.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { IslandRendererContext } from '~/lib/island';
import { appContext, cspNonceContext, islandAssetsContext } from './context.server';
import { createIslandRenderer } from './islands/render.server';
import { IslandAssetsContext } from './islands/scripts';

export const streamTimeout = 5_000;

/**
 * The process's JSON logger (server/logger.ts), which server/app.ts puts in every request's
 * context: an error of a page is one JSON line there, never a stack printed on stderr.
 */
function loggerOf(context: Readonly<RouterContextProvider> | undefined) {
  try {
    return context?.get(appContext).logger;
  } catch {
    return undefined;
  }
}

/**
 * What React Router does with an error of a loader, an action or the rendering (its default
 * prints it with console.error). A refusal of the router itself (a 4xx such as a method without an
 * action) is logged without a stack; a real error with its own.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const logger = loggerOf(context);
  if (isRouteErrorResponse(error)) {
    // React Router's own refusals carry the Error that says why (not in ErrorResponse's type).
    const cause = (error as { error?: unknown }).error;
    const reason = cause instanceof Error ? cause.message : error.statusText;
    logger?.info({ method: request.method, status: error.status, reason }, 'page request refused');
    return;
  }
  logger?.error({ err: error, method: request.method }, 'page request failed');
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Every script React Router writes in the back-office (hydration data, module loader, scroll
  // restoration) carries the nonce the Content-Security-Policy of this response allows. Public
  // documents have none: their one script is allowed by its hash (docs/decisions/031).
  const nonce = loadContext.get(cspNonceContext);
  const islandAssets = loadContext.get(islandAssetsContext);
  // Each island of this page is a React tree of its own (app/islands/render.server.ts); kept
  // rendered, except in development where components change under the running server.
  const islandRenderer = createIslandRenderer({ keep: !import.meta.env.DEV });
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const { pipe, abort } = renderToPipeableStream(
      <IslandAssetsContext value={islandAssets && { ...islandAssets, nonce }}>
        <IslandRendererContext value={islandRenderer}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandRendererContext>
      </IslandAssetsContext>,
      {
        nonce,
        onAllReady() {
          settled = true;
          // Everything is ready: the document is gathered into one buffer and sent in one write,
          // rather than as React's many small chunks, each going through a web stream and the
          // compressor on its own (a fifth of an uncached page's CPU).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              resolve(
                new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
              );
              done();
            },
          });
          body.on('error', reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (settled) loggerOf(loadContext)?.error({ err: error }, 'page rendering failed');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
