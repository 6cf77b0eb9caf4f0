/**
 * Pages and the methods they take: a page answers GET and HEAD, and POST only
 * where its route has an action; any other method is a 405 with `Allow`, and the log stays one
 * JSON line per event, never a stack trace printed by React Router. The app is the real one,
 * with the real entry.server and a small route table of its own instead of the site's build.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { Suspense, use } from 'react';
import { Outlet, type ServerBuild } from 'react-router';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import * as entry from '~/entry.server';
import { createApp } from '../app.ts';
import { createAppDeps } from '../app-deps.ts';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';

const page = (text: string) => () => <p>{text}</p>;
/** A part of a page that waits for its data after the loaders (a promise it reads with `use`). */
function SlowPart() {
  const text = use(slowText());
  return <p>{text}</p>;
}
let pendingText: Promise<string> | undefined;
const slowText = () => {
  pendingText ??= new Promise((resolve) => setTimeout(() => resolve('Contenu arrivé après le rendu'), 30));
  return pendingText;
};
/**
 * A page well above the compression threshold (1 KB), and as the site's longest: over 64 K
 * characters, some beyond Latin-1 (’), which makes it a string of two bytes a character.
 */
const LONG_TEXT = 'Une page assez longue pour être compressée, d’un bout à l’autre. '.repeat(1100);

/** How often the loader data of the pages below was read since the last reset: the page itself never reads it. */
let loaderDataReads = 0;
const countedLoaderData = () => ({
  get services() {
    loaderDataReads += 1;
    return ['Stratégie digitale', 'Publicité'];
  },
});

/** The routes a build of the site has, as few as the methods need: one with an action. */
function routeModule(id: string, parentId: string | undefined, fields: object, module: object) {
  return { id, parentId, ...fields, module: { default: page(id), ...module } };
}
const routes = {
  root: routeModule(
    'root',
    undefined,
    { path: '' },
    {
      default: () => (
        <html lang="fr">
          <body>
            <Outlet />
          </body>
        </html>
      ),
      // As the site's root has one: an error is a page of its own, not React Router's default.
      ErrorBoundary: () => (
        <html lang="fr">
          <body>
            <p>Erreur de chargement</p>
          </body>
        </html>
      ),
    },
  ),
  'routes/layout': routeModule('routes/layout', 'root', {}, { default: () => <Outlet /> }),
  'routes/home': routeModule('routes/home', 'routes/layout', { index: true }, {}),
  'routes/confirm': routeModule(
    'routes/confirm',
    'routes/layout',
    { path: 'newsletter/confirm' },
    { action: async () => ({ confirmed: true }) },
  ),
  'routes/broken': routeModule(
    'routes/broken',
    'routes/layout',
    { path: 'broken' },
    {
      loader: () => {
        throw new Error('a loader that breaks');
      },
    },
  ),
  'routes/long': routeModule(
    'routes/long',
    'routes/layout',
    { path: 'long' },
    { default: () => <p>{LONG_TEXT}</p> },
  ),
  'routes/slow': routeModule(
    'routes/slow',
    'routes/layout',
    { path: 'slow' },
    {
      default: () => (
        <Suspense fallback={<p>Chargement</p>}>
          <SlowPart />
        </Suspense>
      ),
    },
  ),
  // The same loader data on a public page and on a back-office one: the router encodes it for the
  // browser only where the page hydrates (the back-office), reading each of its fields then.
  'routes/data': routeModule(
    'routes/data',
    'routes/layout',
    { path: 'donnees' },
    { loader: countedLoaderData },
  ),
  'routes/admin-data': routeModule(
    'routes/admin-data',
    'routes/layout',
    { path: 'admin/donnees' },
    { loader: countedLoaderData },
  ),
  'routes/rss': {
    id: 'routes/rss',
    parentId: 'root',
    path: 'blog/rss.xml',
    module: {
      loader: () => new Response('<rss/>', { headers: { 'Content-Type': 'application/rss+xml' } }),
    },
  },
};
const build = {
  entry: { module: entry },
  routes,
  assets: {
    entry: { module: '/assets/entry.js', imports: [] },
    // What the renderer builds its route tree from (the browser's manifest in a real build).
    routes: Object.fromEntries(
      [
        routes.root,
        routes['routes/layout'],
        routes['routes/long'],
        routes['routes/slow'],
        routes['routes/data'],
        routes['routes/admin-data'],
      ].map((route) => [
        route.id,
        {
          ...route,
          module: `/assets/${route.id}.js`,
          hasLoader: 'loader' in route.module,
          hasAction: 'action' in route.module,
          hasErrorBoundary: 'ErrorBoundary' in route.module,
        },
      ]),
    ),
    url: '/assets/manifest.js',
    version: 'test',
  },
  basename: '/',
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
} as unknown as ServerBuild;

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createAppDeps>;
const logLines: string[] = [];
/** What the process wrote to stdout and stderr meanwhile (anything but the JSON log). */
const printed: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const env = readEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info', RESPONSE_CACHE_MB: '0' });
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  deps = createAppDeps({ database, env, logger: createLogger(env, { destination }) });
  app = createApp(deps, {
    pages: {
      kind: 'build',
      build,
      clientDir: 'build/client',
      islandAssets: { entry: '/assets/islands.js', preload: [] },
    },
  });
});
afterAll(async () => {
  deps?.email.transport.close();
  await database?.close();
});
beforeEach(() => {
  logLines.length = 0;
  printed.length = 0;
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The log of the request: JSON lines only, none with a stack trace. */
function logOfRequest() {
  const entries = logLines.join('').trim().split('\n').filter(Boolean);
  const parsed = entries.map((line) => JSON.parse(line) as Record<string, unknown>);
  return parsed;
}

describe('a page and the methods it takes', () => {
  it('answers POST on a page without an action with 405 and Allow: GET, HEAD; the log is one JSON line, nothing printed', async () => {
    const answer = await request(app).post('/').type('form').send('name=x').expect(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.body).toEqual({ error: { code: 'method_not_allowed', message: 'Méthode non autorisée.' } });
    const log = logOfRequest();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 405 } });
    expect(JSON.stringify(log)).not.toMatch(/stack|\n\s+at /);
    expect(printed).toEqual([]);
  });

  it('takes POST where the route has an action, and refuses PUT, PATCH, DELETE and OPTIONS with Allow: GET, HEAD, POST', async () => {
    await request(app).post('/newsletter/confirm').type('form').send('token=x').expect(200);
    for (const method of ['put', 'patch', 'delete', 'options'] as const) {
      const answer = await request(app)[method]('/newsletter/confirm').expect(405);
      expect(answer.headers.allow, method).toBe('GET, HEAD, POST');
    }
    const other = await request(app).put('/une-page-inconnue').expect(405);
    expect(other.headers.allow).toBe('GET, HEAD');
    // The data requests of client navigations (single fetch) follow their page's rule.
    expect((await request(app).post('/_.data').expect(405)).headers.allow).toBe('GET, HEAD');
    await request(app).post('/newsletter/confirm.data').type('form').send('token=x').expect(200);
    expect((await request(app).post('/blog/rss.xml').expect(405)).headers.allow).toBe('GET, HEAD');
    await request(app).get('/').expect(200);
    await request(app).head('/').expect(200);
    expect(printed).toEqual([]);
  });

  it('logs a page that fails as JSON lines, never as a stack printed on stderr', async () => {
    await request(app).get('/broken').expect(500);
    const log = logOfRequest();
    expect(log.some((entry) => JSON.stringify(entry).includes('a loader that breaks'))).toBe(true);
    expect(log.some((entry) => (entry.res as { statusCode?: number } | undefined)?.statusCode === 500)).toBe(
      true,
    );
    expect(printed).toEqual([]);
  });
});

describe('a rendered document', () => {
  /** The answer as it is on the wire, not decompressed. */
  async function raw(path: string, acceptEncoding?: string, method = 'GET') {
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.request({ host: '127.0.0.1', port, path, method, headers }, resolve).on('error', reject).end(),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('goes out compressed as the client asks, Brotli first, whole with its length, and reads as the page', async () => {
    const decode: Record<string, (body: Buffer) => Buffer> = {
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
      deflate: zlib.inflateSync,
    };
    for (const [accepted, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['deflate', 'deflate'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const answer = await raw('/long', accepted);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accepted).toBe(expected);
      expect(answer.headers.vary, accepted).toBe('Accept-Encoding');
      expect(answer.headers['transfer-encoding'], accepted).toBeUndefined();
      const { body } = answer;
      expect(Number(answer.headers['content-length']), accepted).toBe(body.length);
      const html = decode[expected]?.(body).toString('utf8');
      expect(html, accepted).toContain(LONG_TEXT.trim());
      expect(html, accepted).toMatch(/^<!DOCTYPE html>/);
    }
    for (const accepted of [undefined, 'identity', 'compress']) {
      const answer = await raw('/long', accepted);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accepted).toBeUndefined();
      expect(answer.body.toString('utf8'), accepted).toContain(LONG_TEXT.trim());
    }
    // A short page is not worth compressing; a HEAD gets the headers only.
    const short = await raw('/', 'br');
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.headers.vary).toBe('Accept-Encoding');
    const head = await raw('/long', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });
});

describe('a public document', () => {
  it('never has the router encode its loader data for the browser, which a back-office page still gets', async () => {
    loaderDataReads = 0;
    const publicPage = await request(app).get('/donnees').expect(200);
    expect(publicPage.text).toContain('routes/data');
    expect(publicPage.text).not.toContain('__reactRouterContext');
    expect(loaderDataReads).toBe(0);

    // Encoded (its fields read once) for the router the back-office hydrates; the script carrying
    // it is written by <Scripts />, which this small root does not have.
    const adminPage = await request(app).get('/admin/donnees').expect(200);
    expect(adminPage.text).toContain('routes/admin-data');
    expect(loaderDataReads).toBe(1);
    expect(printed).toEqual([]);
  });

  it('waits for a part that is still loading, as it always did: the page has its content, not its fallback', async () => {
    const answer = await request(app).get('/slow').expect(200);
    expect(answer.text).toMatch(/^<!DOCTYPE html><html lang="fr">/);
    expect(answer.text).toContain('Contenu arrivé après le rendu');
    expect(answer.text).not.toContain('Chargement');
    // No boundary left for the browser to render: public pages hydrate no router.
    expect(answer.text).not.toContain('<!--$!');
    expect(printed).toEqual([]);
  });
});
