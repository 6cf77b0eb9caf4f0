/**
 * The log leaks no secret (decision 022, ASVS V16): the real app, its logger at `debug` writing
 * to memory, goes through login (with a pre-set session: fixation), password change, logout and
 * replay of the old cookie, the newsletter's token links and a lead; then the whole log is searched
 * for every password, cookie value and token the flows used. The end-to-end counterpart reads the
 * e2e server's log after the whole Playwright run (tests/e2e/logs.spec.ts).
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createApp } from '#server/app.ts';
import { createAppDeps } from '#server/app-deps.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { issueToken } from '#server/newsletter/tokens.ts';
import { createTestAdmin, nextTestIp, TEST_ORIGIN } from '../helpers/admin-session.ts';
import { insertSubscriber } from '../helpers/factories.ts';
import { aWebsiteRequest } from '../helpers/request-factories.ts';
import { createSeededDatabase } from '../helpers/seeded-database.ts';

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let deps: ReturnType<typeof createAppDeps>;
const lines: string[] = [];

beforeAll(async () => {
  database = await createSeededDatabase({ adminPassword: 'mot-de-passe-du-seed-journal' });
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'debug' });
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  deps = createAppDeps({ database, env, logger: createLogger(env, { destination }) });
  app = createApp(deps);
});
afterAll(async () => {
  deps?.email.transport.close();
  await database?.close();
});

const write = (method: 'post', path: string) =>
  request(app)
    [method](path)
    .set('Origin', TEST_ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', nextTestIp());
const cookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('session='))
    ?.split(';')[0] ?? '';

describe('the log of auth, newsletter and lead flows', () => {
  it('contains the requests but no password, session cookie, token or cookie header', async () => {
    const secrets: string[] = ['mot-de-passe-du-seed-journal'];
    const admin = await createTestAdmin(database.db);
    secrets.push(admin.password);

    // A wrong password, then a login that carries a planted session cookie (fixation attempt).
    await write('post', '/api/auth/login')
      .send({ email: admin.email, password: 'mauvais-mot-de-passe-123' })
      .expect(401);
    secrets.push('mauvais-mot-de-passe-123');
    const planted = `session=${'P'.repeat(43)}`;
    const login = await write('post', '/api/auth/login')
      .set('Cookie', planted)
      .set('Authorization', 'Bearer jeton-porteur-secret-0123456789')
      .send({ email: admin.email, password: admin.password })
      .expect(200);
    secrets.push('P'.repeat(43), 'jeton-porteur-secret-0123456789');
    const cookie = cookieOf(login);
    expect(cookie).toMatch(/^session=.{20,}/);
    expect(cookie).not.toBe(planted);
    secrets.push(cookie.slice('session='.length));

    await request(app).get('/api/auth/me').set('Cookie', cookie).expect(200);
    const newPassword = 'nouveau-mot-de-passe-tres-long';
    await write('post', '/api/auth/password')
      .set('Cookie', cookie)
      .send({ currentPassword: admin.password, newPassword, confirmPassword: newPassword })
      .expect(204);
    secrets.push(newPassword);

    // Logout, then replay of the old cookie: refused.
    await write('post', '/api/auth/logout').set('Cookie', cookie).expect(204);
    await request(app).get('/api/auth/me').set('Cookie', cookie).expect(401);
    await request(app).get('/api/admin/dashboard').set('Cookie', cookie).expect(401);

    // Newsletter token links: in query strings, bodies and paths.
    const subscriber = await insertSubscriber(database.db, { status: 'pending' });
    const confirm = await issueToken(database.db, subscriber.id, 'confirm', new Date());
    const manage = await issueToken(database.db, subscriber.id, 'manage', new Date());
    const unsubscribe = await issueToken(database.db, subscriber.id, 'unsubscribe', new Date());
    secrets.push(confirm, manage, unsubscribe);
    await write('post', '/api/newsletter/confirm').send({ token: confirm }).expect(200);
    await request(app).get(`/api/newsletter/manage?token=${manage}`).expect(200);
    await request(app).get(`/api/newsletter/export?token=${manage}`).expect(200);
    await write('post', '/api/newsletter/manage')
      .send({ token: manage, firstName: 'Marie', tags: [] })
      .expect(200);
    await write('post', `/api/newsletter/unsubscribe?token=${unsubscribe}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    await request(app).get(`/t/o/${'T'.repeat(60)}`);
    secrets.push('T'.repeat(60));
    await write('post', '/api/newsletter/subscribe')
      .send({ email: 'journal@exemple.cd', elapsedMs: 5_000 })
      .expect(200);

    // A lead, and the emails it queues, sent by the worker (which logs too).
    await write('post', '/api/contact').send(aWebsiteRequest()).expect(201);
    await deps.email.worker.runOnce();

    const log = lines.join('');
    expect(log).toContain('"url":"/api/contact"');
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).toContain('admin logged in');
    for (const secret of secrets) expect(log, `secret leaked: ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(log).not.toMatch(/"cookie":"(?!\[REDACTED\])/i);
    expect(log).not.toMatch(/"set-cookie":\[?"(?!\[REDACTED\])/i);
    expect(log).not.toMatch(/"authorization":"(?!\[REDACTED\])/i);
    expect(log).not.toMatch(/Bearer [A-Za-z0-9._-]{8,}/);
    expect(log).not.toMatch(/(token=|"token":")[A-Za-z0-9_-]{43}/);
  });

  it('names the client address of a failed login, a lockout and a CSRF refusal', async () => {
    const admin = await createTestAdmin(database.db);
    const entries = () => lines.map((line) => JSON.parse(line) as { msg: string; ip?: string });
    const from = (ip: string) =>
      request(app)
        .post('/api/auth/login')
        .set('Origin', TEST_ORIGIN)
        .set('X-Requested-With', 'fetch')
        .set('X-Forwarded-For', ip)
        .send({ email: admin.email, password: 'pas-le-bon-mot-de-passe' });

    await from('10.77.0.1').expect(401);
    expect(entries()).toContainEqual(expect.objectContaining({ msg: 'admin login failed', ip: '10.77.0.1' }));

    for (let i = 0; i < 5; i++) await from('10.77.0.2');
    await from('10.77.0.2').expect(429);
    expect(entries()).toContainEqual(
      expect.objectContaining({
        msg: 'admin sign-in refused: too many failed attempts (lockout)',
        ip: '10.77.0.2',
      }),
    );

    await request(app)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('X-Requested-With', 'fetch')
      .set('X-Forwarded-For', '10.77.0.3')
      .send({ email: admin.email, password: admin.password })
      .expect(403);
    expect(entries()).toContainEqual(
      expect.objectContaining({ msg: 'request refused by CSRF check', ip: '10.77.0.3' }),
    );
  });
});
