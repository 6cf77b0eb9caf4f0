/**
 * Server rendering of every document request. Unlike React Router's default (stream as soon as
 * the shell is ready), we wait for every Suspense boundary (`onAllReady`): a page's HTML is then
 * complete before any JavaScript runs, for visitors without JavaScript, link previews and
 * crawlers alike. Public loaders wait for their data rather than defer it: a Suspense boundary
 * that resolves after the shell is still sent as a fallback plus a hidden block that an inline
 * script swaps in once on screen (docs/decisions/030). Our pages render in milliseconds, so
 * waiting costs nothing noticeable. A public document, whose data is all there, is rendered to one
 * string (the same HTML), and streamed as above only if a part of it still suspends.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { isAdminPath } from '#common/paths.ts';
import { IslandRendererContext } from '~/lib/island';
import { appContext, cspNonceContext, islandAssetsContext } from './context.server';
import { createIslandRenderer } from './islands/render.server';
import { IslandAssetsContext } from './islands/scripts';

export const streamTimeout = 5_000;

const DOCTYPE = Buffer.from('<!DOCTYPE html>');

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
  const keep = !import.meta.env.DEV;
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // As the root layout decides (app/root.tsx): the router's location, not the raw URL.
  const publicDocument =
    islandAssets !== null && !isAdminPath(routerContext.staticHandlerContext.location.pathname);
  // A public document has no <Scripts />: the loader data React Router encodes for the browser is
  // never sent, so the router is not handed its stream. Set before anything reads it: React Router
  // encodes the data only when its stream is first read (patches/react-router+8.4.0.patch), which
  // was about 5 % of the server's time on an uncached page (docs/decisions/120).
  if (publicDocument) routerContext.serverHandoffStream = undefined;
  const document = (islandRenderer: ReturnType<typeof createIslandRenderer>) => (
    <IslandAssetsContext value={islandAssets && { ...islandAssets, nonce }}>
      <IslandRendererContext value={islandRenderer}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </IslandRendererContext>
    </IslandAssetsContext>
  );
  // A public document (islands, no router in the browser, no nonce) is rendered to one string:
  // the same HTML as the stream below (which adds only the doctype), without encoding each of its
  // thousands of small pieces on its own. Its data is all there (public loaders wait for theirs);
  // should a part still suspend or fail, React marks its boundary for the browser to render
  // (`<!--$!-->`), and the page is rendered again as below, waiting for everything.
  if (publicDocument) {
    const html = renderToString(document(createIslandRenderer({ keep })));
    if (!html.includes('<!--$!')) {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // Encoded from the flat string `includes` made, not from a new one: a page with a character
      // beyond Latin-1 (’) is a string of two bytes a character, and beyond 64 K characters each
      // such copy is a large object of the heap, about 0.7 ms to allocate here (decision 030).
      return new Response(Buffer.concat([DOCTYPE, Buffer.from(html)]), {
        headers: responseHeaders,
        status: responseStatusCode,
      });
    }
  }
  const islandRenderer = createIslandRenderer({ keep });
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const { pipe, abort } = renderToPipeableStream(document(islandRenderer), {
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
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}
