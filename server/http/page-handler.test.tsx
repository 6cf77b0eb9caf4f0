/**
 * Pages and the methods they take: a page answers GET and HEAD, and POST only
 * where its route has an action; any other method is a 405 with `Allow`, and the log stays one
 * JSON line per event, never a stack trace printed by React Router. The app is the real one,
 * with the real entry.server and a small route table of its own instead of the site's build.
 */
import { Writable } from 'node:stream';
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

/** The routes a build of the site has, as few as the methods need: one with an action. */
function routeModule(id: string, parentId: string | undefined, fields: object, module: object) {
  return { id, parentId, ...fields, module: { default: page(id), ...module } };
}
const build = {
  entry: { module: entry },
  routes: {
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
    'routes/rss': {
      id: 'routes/rss',
      parentId: 'root',
      path: 'blog/rss.xml',
      module: {
        loader: () => new Response('<rss/>', { headers: { 'Content-Type': 'application/rss+xml' } }),
      },
    },
  },
  assets: {
    entry: { module: '/assets/entry.js', imports: [] },
    routes: {},
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
