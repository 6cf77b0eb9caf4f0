/**
 * A signed-in admin for API tests: an account written with the real password hash, a real login
 * through POST /api/auth/login, and request builders that send the session cookie and, for
 * state-changing calls, the Origin and X-Requested-With headers the CSRF check wants.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { adminApiRouter } from '#server/api/admin/index.ts';
import { type AuthApiDeps, adminGate, authApiRouter } from '#server/api/auth.ts';
import { createAppDeps } from '#server/app-deps.ts';
import { adminOf } from '#server/auth/require-admin.ts';
import { readEnv } from '#server/env.ts';
import { apiErrorHandler, apiNotFound } from '#server/http/error-handler.ts';
import { createLogger, type Logger } from '#server/logger.ts';
import type { AppEvent } from '#server/realtime/event-bus.ts';
import { recordEvents } from './events.ts';
import { insertAdminUser } from './factories.ts';
import { createSeededDatabase, type SeedOptions } from './seeded-database.ts';
import { createTestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

/** PUBLIC_URL of a test app without overrides: the only Origin the CSRF check accepts. */
export const TEST_ORIGIN = 'http://localhost:3000';

type App = Parameters<typeof request>[0];

let ipCounter = 0;
/** A fresh client address per call, so per-IP rate limits never couple tests. */
export const nextTestIp = () => `10.77.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

export async function createTestAdmin(db: DatabaseHandle['db'], overrides: { email?: string } = {}) {
  const { user, password } = await insertAdminUser(db, overrides);
  return { user, email: user.email, password };
}

export type AdminSession = Awaited<ReturnType<typeof signInAdmin>>;

/** Creates an admin, logs in through the API and returns request builders carrying the session. */
export async function signInAdmin(app: App, db: DatabaseHandle['db'], options: { origin?: string } = {}) {
  const origin = options.origin ?? TEST_ORIGIN;
  const admin = await createTestAdmin(db);
  const res = await request(app)
    .post('/api/auth/login')
    .set('Origin', origin)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', nextTestIp())
    .send({ email: admin.email, password: admin.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const header = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    // `__Host-session` when the site's address is https (server/auth/cookie.ts).
    .find((c) => /^(__Host-)?session=/.test(c));
  if (!header) throw new Error('no session cookie set');
  const cookie = header.split(';')[0] as string;
  const mutate = (method: 'post' | 'patch' | 'put' | 'delete', path: string) =>
    request(app)
      [method](path)
      .set('Cookie', cookie)
      .set('Origin', origin)
      .set('X-Requested-With', 'fetch')
      .set('X-Forwarded-For', nextTestIp());
  return {
    user: admin.user,
    /** Their password, for the actions that ask for it again. */
    password: admin.password,
    cookie,
    get: (path: string) => request(app).get(path).set('Cookie', cookie),
    post: (path: string) => mutate('post', path),
    patch: (path: string) => mutate('patch', path),
    put: (path: string) => mutate('put', path),
    delete: (path: string) => mutate('delete', path),
  };
}

/**
 * The API part of app.ts (JSON parser, auth router, admin gate, error handler) around the given
 * admin routers, with the auth options `auth` (a test's clock among them).
 */
function createApiTestApp(logger: Logger, auth: AuthApiDeps, adminRouters: RequestHandler[]) {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(pinoHttp({ logger }));
  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use(authApiRouter(auth));
  api.use('/admin', adminGate(auth), ...adminRouters);
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  app.use('/api', api);
  return app;
}

/**
 * The API part of app.ts with the admin routers, and a clock the test sets: the dashboard's weeks
 * and the exports' dates follow it.
 */
export function createClockedAdminApp(database: DatabaseHandle, now: () => Date) {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const logger = createLogger(env);
  const deps = createAppDeps({ database, env, logger });
  const auth = { db: database.db, publicUrl: env.PUBLIC_URL };
  return { app: createApiTestApp(logger, auth, [adminApiRouter(deps, { now })]), deps };
}

/**
 * The setup of the admin API tests on a stopped clock (the dashboard's and the audience's periods):
 * registers the file's beforeAll/afterAll hooks that create an empty database and sign in to the
 * admin API whose clock reads `now`; the fields are set once the file's tests run (a later
 * beforeAll of the file may fill the database).
 */
export function clockedAdminContext(now: Date) {
  const context = {} as { database: DatabaseHandle; admin: AdminSession };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    const { app } = createClockedAdminApp(context.database, () => now);
    context.admin = await signInAdmin(app, context.database.db);
  });
  afterAll(async () => {
    await context.database?.close();
  });
  return context;
}

/**
 * The auth router and the admin gate as app.ts mounts them, for the sign-in tests: sessions and
 * lockouts on the clock the test moves (`now`), and behind the gate a GET /api/admin/ping that
 * answers the signed-in admin's email, followed by `adminRouters`.
 */
export function createClockedAuthApp(
  db: DatabaseHandle['db'],
  options: { now: () => Date; trustedOrigins?: string[]; adminRouters?: RequestHandler[] },
) {
  const logger = createLogger(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  const { now, trustedOrigins, adminRouters = [] } = options;
  const guarded = express.Router();
  guarded.get('/ping', (_req, res) => {
    res.json({ email: adminOf(res).user.email });
  });
  const auth = { db, publicUrl: TEST_ORIGIN, trustedOrigins, now };
  return createApiTestApp(logger, auth, [guarded, ...adminRouters]);
}

export type AdminTestContext = {
  database: DatabaseHandle;
  testApp: ReturnType<typeof createTestApp>;
  /** Signed in before the file's tests run. */
  admin: AdminSession;
  /** The app's MEDIA_DIR when asked for (`mediaDir: true`), a fresh temporary folder; else ''. */
  mediaDir: string;
  /** The real-time events the app published, when asked for (`events: true`): see waitForEvent. */
  events: AppEvent[];
};

/**
 * The setup the admin API test files share: registers the file's beforeAll/afterAll hooks that
 * open a test database (seeded as the site starts when `seed` says how, see createSeededDatabase),
 * build the app on it (with its own temporary MEDIA_DIR when `mediaDir`, the variables `env`
 * resolves to, recording its real-time events when `events`), sign an admin in, and close and remove it all afterwards. The returned
 * object is filled in before the tests run.
 */
export function adminTestContext(
  options: {
    seed?: SeedOptions;
    mediaDir?: boolean;
    events?: boolean;
    /** More of the app's environment, asked for once the file's other hooks have run (an S3 bucket). */
    env?: () => Promise<Record<string, string>>;
  } = {},
): AdminTestContext {
  const context = { mediaDir: '', events: [] as AppEvent[] } as AdminTestContext;
  beforeAll(async () => {
    if (options.mediaDir) context.mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-'));
    context.database = options.seed ? await createSeededDatabase(options.seed) : await createTestDatabase();
    context.testApp = createTestApp(context.database, {
      ...(options.mediaDir ? { MEDIA_DIR: context.mediaDir } : {}),
      ...(await options.env?.()),
    });
    if (options.events) await recordEvents(context.testApp.deps.events, context.events);
    context.admin = await signInAdmin(context.testApp.app, context.database.db);
  });
  afterAll(async () => {
    if (options.events) await context.testApp?.deps.events.stop();
    await context.database?.close();
    if (context.mediaDir) fs.rmSync(context.mediaDir, { recursive: true, force: true });
  });
  return context;
}
