/**
 * The static reference of `npm run perf`: a small proxy in front of the running site, on a port of
 * its own, that forwards every request to the site unchanged and answers HTML documents with the
 * same page minus its scripts (stripScripts). CSS, fonts, images and headers come from the same
 * server, so the reference differs from the page only by its scripts. The stripped document is
 * compressed with Brotli when the browser accepts it, as the site compresses its pages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { stripScripts } from './perf-figures.ts';

export type StaticReference = { url: string; stop: () => Promise<void> };

/** Hop-by-hop headers and those that describe a body the proxy rewrites. */
const DROPPED = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
];

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

export async function startStaticReference(siteUrl: string): Promise<StaticReference> {
  const site = new URL(siteUrl);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const acceptsBrotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const forward = http.request(
      {
        agent,
        host: site.hostname,
        port: site.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: site.host },
      },
      (answer) => {
        const isHtml = String(answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!isHtml || request.method !== 'GET') {
          const headers = { ...answer.headers };
          for (const name of ['connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = stripScripts(
            decode(Buffer.concat(chunks), answer.headers['content-encoding']).toString('utf8'),
          );
          const body = acceptsBrotli ? zlib.brotliCompressSync(html) : Buffer.from(html);
          const headers = { ...answer.headers };
          for (const name of DROPPED) delete headers[name];
          response.writeHead(answer.statusCode ?? 502, {
            ...headers,
            ...(acceptsBrotli ? { 'content-encoding': 'br' } : {}),
            'content-length': body.length,
          });
          response.end(body);
        });
        answer.on('error', () => response.destroy());
      },
    );
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
