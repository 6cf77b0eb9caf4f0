import { and, eq } from 'drizzle-orm';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { activityLogs, adminSessions, adminUsers, rateLimits } from '#db/schema.ts';
import { createClockedAuthApp, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { insertAdminUser } from '#tests/helpers/factories.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { verifyPassword } from '../auth/password.ts';
import { hashSessionToken } from '../auth/sessions.ts';
import { readEnv } from '../env.ts';
import { seedDatabase } from '../seed.ts';

const ADMIN_EMAIL = 'admin@agence.cd';
const ADMIN_PASSWORD = 'motdepasse-solide';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: DatabaseHandle;
let clock = new Date('2026-03-02T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** The auth router and the admin gate on the clock the tests move, trusting `trustedOrigins` too. */
const clockedApp = (trustedOrigins: string[] = []) =>
  createClockedAuthApp(database.db, { now: () => clock, trustedOrigins });
let app: ReturnType<typeof clockedApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { content: false, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  app = clockedApp();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
  clock = new Date('2026-03-02T08:00:00Z');
});

let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

type LoginBody = { email?: string; password?: string; rememberMe?: boolean };
function login(body: LoginBody, options: { ip?: string; cookie?: string; target?: express.Express } = {}) {
  const req = request(options.target ?? app)
    .post('/api/auth/login')
    .set('Origin', TEST_ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', options.ip ?? nextIp());
  if (options.cookie) req.set('Cookie', options.cookie);
  return req.send(body);
}
const me = (cookie?: string) => {
  const req = request(app).get('/api/auth/me');
  if (cookie) req.set('Cookie', cookie);
  return req;
};
const post = (path: string, cookie: string, body?: object) =>
  request(app)
    .post(path)
    .set('Origin', TEST_ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', '10.9.9.9')
    .set('Cookie', cookie)
    .send(body);

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const value = res.headers['set-cookie'];
  return Array.isArray(value) ? (value as string[]) : [];
}
/** "name=value" of the session cookie a response set. */
function sessionCookieOf(res: { headers: Record<string, unknown> }, name = 'session'): string {
  const header = setCookies(res).find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0] as string;
}
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function loggedIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD, rememberMe = false) {
  const res = await login({ email, password, rememberMe }).expect(200);
  return sessionCookieOf(res);
}

describe('POST /api/auth/login', () => {
  it('logs in, sets an HttpOnly SameSite=Lax browser-session cookie, and stores only the token hash', async () => {
    const res = await login({ email: 'Admin@Agence.CD', password: ADMIN_PASSWORD }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      user: {
        id: expect.any(String),
        email: ADMIN_EMAIL,
        firstName: 'Administrateur',
        lastName: 'Lisanga',
        role: 'admin',
        passwordChangeRequired: false,
        secondFactorSetupRequired: false,
      },
    });
    const [header] = setCookies(res);
    expect(header).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = tokenOf(sessionCookieOf(res));
    const rows = await database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashSessionToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.rememberMe).toBe(false);
    const all = await database.db.select({ tokenHash: adminSessions.tokenHash }).from(adminSessions);
    expect(all.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('with rememberMe, the cookie lasts 30 days', async () => {
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, rememberMe: true }).expect(200);
    expect(setCookies(res)[0]).toMatch(/; Max-Age=2592000;/);
  });

  it('answers the same 401 for a wrong password, an unknown email and an inactive account', async () => {
    await insertAdminUser(database.db, {
      email: 'inactif@agence.cd',
      password: 'inactif-password',
      isActive: false,
    });
    const wrong = await login({ email: ADMIN_EMAIL, password: 'mauvais-mot' }).expect(401);
    const unknown = await login({ email: 'personne@agence.cd', password: 'mauvais-mot' }).expect(401);
    const inactive = await login({ email: 'inactif@agence.cd', password: 'inactif-password' }).expect(401);
    const expected = { error: { code: 'invalid_credentials', message: 'Email ou mot de passe incorrect.' } };
    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
    expect(inactive.body).toEqual(expected);
    for (const res of [wrong, unknown, inactive]) expect(setCookies(res)).toEqual([]);
  });

  it('validates the body with French messages', async () => {
    const res = await login({ email: 'pas-un-email', password: '123' }).expect(400);
    expect(res.body.error.fields).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
    await login({ email: ADMIN_EMAIL, password: 'x'.repeat(10_000) }).expect(400);
  });

  it('locks one account+IP pair after 5 failures for 15 minutes; another IP still logs in', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++)
      await login({ email: ADMIN_EMAIL, password: 'mauvais-mot' }, { ip }).expect(401);
    const refused = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(429);
    expect(refused.body.error.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
    expect(refused.headers['retry-after']).toBe('900');
    // The real owner elsewhere is not locked out.
    await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip: '10.2.0.2' }).expect(200);
    // Another account from the locked IP is not locked either.
    await insertAdminUser(database.db, { email: 'autre@agence.cd', password: 'autre-password' });
    await login({ email: 'autre@agence.cd', password: 'autre-password' }, { ip }).expect(200);

    advance(14 * MINUTE);
    const still = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(429);
    expect(Number(still.headers['retry-after'])).toBe(60);
    advance(MINUTE + 1_000);
    await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(200);
  });

  it('a success clears the pair counter; only failures count', async () => {
    const ip = '10.2.1.1';
    for (let i = 0; i < 4; i++)
      await login({ email: ADMIN_EMAIL, password: 'mauvais-mot' }, { ip }).expect(401);
    await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(200);
    for (let i = 0; i < 4; i++)
      await login({ email: ADMIN_EMAIL, password: 'mauvais-mot' }, { ip }).expect(401);
    await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(200);
    for (let i = 0; i < 8; i++)
      await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(200);
  });

  it('a burst of parallel guesses gets no more than 5 tries', async () => {
    const ip = '10.2.3.1';
    const results = await Promise.all(
      Array.from({ length: 15 }, () => login({ email: ADMIN_EMAIL, password: 'mauvais-mot' }, { ip })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(429);
  });

  it('refuses an IP after 30 failures across accounts', async () => {
    const ip = '10.2.2.1';
    for (let i = 0; i < 30; i++) {
      await login({ email: `inconnu${i % 10}@agence.cd`, password: 'mauvais-mot' }, { ip }).expect(401);
    }
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip }).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ip: '10.2.2.2' }).expect(200);
  });

  it('issues a new session at each login; a cookie sent before login never becomes valid', async () => {
    /** Logs in sending `cookie`: a new session's cookie, the one sent no longer valid (or never). */
    const loginReplacing = async (cookie: string) => {
      const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { cookie }).expect(200);
      const issued = sessionCookieOf(res);
      expect(issued).not.toBe(cookie);
      await me(cookie).expect(401);
      await me(issued).expect(200);
      return issued;
    };
    const first = await loginReplacing(`session=${'A'.repeat(43)}`);
    // Logging in again with a valid cookie replaces it: the old session ends.
    await loginReplacing(first);
  });
});

describe('session lifetime', () => {
  it('expires after 30 idle minutes; activity every 20 minutes keeps it alive', async () => {
    const active = await loggedIn();
    const idle = await loggedIn();
    for (let i = 0; i < 6; i++) {
      advance(20 * MINUTE);
      await me(active).expect(200);
    }
    // `idle` has not been used for 2 hours; `active` for 0 minutes.
    const expired = await me(idle).expect(401);
    expect(expired.body).toEqual({
      error: { code: 'unauthenticated', message: 'Authentification requise.' },
    });
    // An invalid session clears the cookie.
    expect(setCookies(expired)[0]).toMatch(/^session=; Path=\/; Expires=Thu, 01 Jan 1970/);

    advance(31 * MINUTE);
    await me(active).expect(401);
  });

  it('ends 12 hours after login even when active', async () => {
    const cookie = await loggedIn();
    for (let t = 0; t < 12 * HOUR - 20 * MINUTE; t += 20 * MINUTE) {
      advance(20 * MINUTE);
      await me(cookie).expect(200);
    }
    advance(20 * MINUTE);
    await me(cookie).expect(401);
  });

  it('with rememberMe, lives past 12 hours and ends at 30 days', async () => {
    const cookie = await loggedIn(ADMIN_EMAIL, ADMIN_PASSWORD, true);
    advance(12 * HOUR);
    // Keep it active without thousands of requests: set lastSeenAt as activity would.
    const touch = () =>
      database.db
        .update(adminSessions)
        .set({ lastSeenAt: clock })
        .where(eq(adminSessions.tokenHash, hashSessionToken(tokenOf(cookie))));
    await touch();
    await me(cookie).expect(200);
    advance(30 * DAY - 12 * HOUR - MINUTE);
    await touch();
    await me(cookie).expect(200);
    advance(MINUTE);
    await touch();
    await me(cookie).expect(401);
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const cookie = await loggedIn();
    const lastSeen = async () => {
      const [row] = await database.db
        .select({ lastSeenAt: adminSessions.lastSeenAt })
        .from(adminSessions)
        .where(eq(adminSessions.tokenHash, hashSessionToken(tokenOf(cookie))));
      return row?.lastSeenAt.getTime();
    };
    const start = clock.getTime();
    advance(30_000);
    await me(cookie).expect(200);
    expect(await lastSeen()).toBe(start);
    advance(40_000);
    await me(cookie).expect(200);
    expect(await lastSeen()).toBe(clock.getTime());
  });

  it('a deactivated account loses its sessions at once', async () => {
    await insertAdminUser(database.db, { email: 'bientot-inactif@agence.cd', password: 'bientot-password' });
    const cookie = await loggedIn('bientot-inactif@agence.cd', 'bientot-password');
    await me(cookie).expect(200);
    await database.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(eq(adminUsers.email, 'bientot-inactif@agence.cd'));
    await me(cookie).expect(401);
    await request(app).get('/api/admin/ping').set('Cookie', cookie).expect(401);
  });
});

describe('GET /api/auth/me, POST /api/auth/logout, /api/admin guard', () => {
  it('me returns the user without secrets, never cached', async () => {
    const cookie = await loggedIn();
    const res = await me(cookie).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.body.user).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'lastName',
      'passwordChangeRequired',
      'role',
      'secondFactorSetupRequired',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|token/i);
    const anonymous = await me().expect(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('logout revokes the session and clears the cookie; replaying it gives 401', async () => {
    const cookie = await loggedIn();
    const res = await post('/api/auth/logout', cookie).expect(204);
    expect(setCookies(res)[0]).toMatch(/^session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    await me(cookie).expect(401);
    await request(app).get('/api/admin/ping').set('Cookie', cookie).expect(401);
    // Harmless without a session.
    await request(app)
      .post('/api/auth/logout')
      .set('Origin', TEST_ORIGIN)
      .set('X-Requested-With', 'fetch')
      .expect(204);
  });

  it('requireAdmin: 401 without a valid session, the admin on res.locals with one', async () => {
    const res = await request(app).get('/api/admin/ping').expect(401);
    expect(res.body.error.message).toBe('Authentification requise.');
    expect(res.headers['cache-control']).toBe('no-store');
    await request(app).get('/api/admin/ping').set('Cookie', 'session=garbage').expect(401);
    await request(app).get('/api/admin/unknown').expect(401);
    const cookie = await loggedIn();
    const ok = await request(app).get('/api/admin/ping').set('Cookie', cookie).expect(200);
    expect(ok.body).toEqual({ email: ADMIN_EMAIL });
    expect(ok.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/auth/password', () => {
  const email = 'change@agence.cd';
  const first = 'premier-password';
  const second = 'second-password';

  it('needs a session', async () => {
    await request(app)
      .post('/api/auth/password')
      .set('Origin', TEST_ORIGIN)
      .set('X-Requested-With', 'fetch')
      .send({ currentPassword: first, newPassword: second, confirmPassword: second })
      .expect(401);
  });

  it('validates with French field messages and refuses a wrong current password', async () => {
    await insertAdminUser(database.db, { email, password: first });
    const cookie = await loggedIn(email, first);
    const mismatch = await post('/api/auth/password', cookie, {
      currentPassword: first,
      newPassword: second,
      confirmPassword: 'autre-chose',
    }).expect(400);
    expect(mismatch.body.error.fields).toEqual({ confirmPassword: 'Les mots de passe ne correspondent pas' });
    const same = await post('/api/auth/password', cookie, {
      currentPassword: first,
      newPassword: first,
      confirmPassword: first,
    }).expect(400);
    expect(same.body.error.fields).toEqual({
      newPassword: 'Le nouveau mot de passe doit être différent de l’actuel.',
    });
    const wrong = await post('/api/auth/password', cookie, {
      currentPassword: 'pas-le-bon',
      newPassword: second,
      confirmPassword: second,
    }).expect(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Mot de passe actuel incorrect.' });
  });

  it('5 wrong current passwords lock the account+IP pair like failed logins', async () => {
    const cookie = await loggedIn(email, first);
    const body = { currentPassword: 'pas-le-bon', newPassword: second, confirmPassword: second };
    for (let i = 0; i < 5; i++) await post('/api/auth/password', cookie, body).expect(400);
    const locked = await post('/api/auth/password', cookie, { ...body, currentPassword: first }).expect(429);
    expect(locked.headers['retry-after']).toBe('900');
    await login({ email, password: first }, { ip: '10.9.9.9' }).expect(429);
    await database.db.delete(rateLimits);
  });

  it('changes the password, revokes the other sessions and keeps the current one', async () => {
    const current = await loggedIn(email, first);
    const other = await loggedIn(email, first);
    await post('/api/auth/password', current, {
      currentPassword: first,
      newPassword: second,
      confirmPassword: second,
    }).expect(204);
    await me(current).expect(200);
    await me(other).expect(401);
    await login({ email, password: first }).expect(401);
    await login({ email, password: second }).expect(200);
    const [user] = await database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(user?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', second)).toBe(true);
    // The change is in the activity log, with its author, never with the password.
    const logged = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.type, 'user.password_changed'), eq(activityLogs.userId, user?.id ?? '')));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.title).toBe(`Mot de passe modifié : ${email}`);
    expect(JSON.stringify(logged)).not.toContain(second);
  });
});

describe('password policy (ASVS 6.2)', () => {
  const email = 'faible@agence.cd';

  it('refuses to set a short or common password, in French, and keeps the old one', async () => {
    await insertAdminUser(database.db, { email, password: 'ancien-mot-de-passe-solide' });
    const cookie = await loggedIn(email, 'ancien-mot-de-passe-solide');
    for (const [weak, message] of [
      ['123456', 'Le mot de passe doit contenir au moins 12 caractères.'],
      [
        'password1234',
        'Ce mot de passe est trop courant ou trop facile à deviner\u00a0: choisissez une phrase de plusieurs mots.',
      ],
      [
        '123456789012',
        'Ce mot de passe est trop courant ou trop facile à deviner\u00a0: choisissez une phrase de plusieurs mots.',
      ],
    ]) {
      const res = await post('/api/auth/password', cookie, {
        currentPassword: 'ancien-mot-de-passe-solide',
        newPassword: weak,
        confirmPassword: weak,
      }).expect(400);
      expect(res.body.error.fields).toEqual({ newPassword: message });
    }
    await login({ email, password: 'ancien-mot-de-passe-solide' }).expect(200);
  });

  it('asks an admin whose existing password is weak to change it at login, until they do', async () => {
    await database.db.delete(adminUsers).where(eq(adminUsers.email, email));
    await insertAdminUser(database.db, { email, password: 'password' });
    const res = await login({ email, password: 'password' }).expect(200);
    expect(res.body.user.passwordChangeRequired).toBe(true);
    const cookie = setCookies(res)[0]?.split(';')[0] ?? '';
    expect((await me(cookie).expect(200)).body.user.passwordChangeRequired).toBe(true);
    // Nothing of the back-office opens meanwhile, whatever the client shows.
    const closed = await request(app).get('/api/admin/ping').set('Cookie', cookie).expect(403);
    expect(closed.body.error).toEqual({
      code: 'password_change_required',
      message: 'Choisissez un nouveau mot de passe avant de continuer.',
    });

    await post('/api/auth/password', cookie, {
      currentPassword: 'password',
      newPassword: 'pagne wax au marché de Gombe',
      confirmPassword: 'pagne wax au marché de Gombe',
    }).expect(204);
    expect((await me(cookie).expect(200)).body.user.passwordChangeRequired).toBe(false);
    await request(app).get('/api/admin/ping').set('Cookie', cookie).expect(200);
    const again = await login({ email, password: 'pagne wax au marché de Gombe' }).expect(200);
    expect(again.body.user.passwordChangeRequired).toBe(false);
  });
});

describe('CSRF', () => {
  const body = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const refused = { error: { code: 'csrf_rejected', message: 'Requête refusée (protection CSRF).' } };

  it('refuses a cross-site request, and any request without X-Requested-With', async () => {
    const foreign = await request(app)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('X-Requested-With', 'fetch')
      .send(body)
      .expect(403);
    expect(foreign.body).toEqual(refused);
    // An old browser (no Sec-Fetch-Site) sending another site's Origin.
    await request(app)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('X-Requested-With', 'fetch')
      .send(body)
      .expect(403);
    // A sibling host is same-site, not same-origin: refused unless trusted.
    await request(app)
      .post('/api/auth/login')
      .set('Origin', 'http://other.localhost:3000')
      .set('Sec-Fetch-Site', 'same-site')
      .set('X-Requested-With', 'fetch')
      .send(body)
      .expect(403);
    await request(app).post('/api/auth/login').set('Origin', TEST_ORIGIN).send(body).expect(403);
    const cookie = await loggedIn();
    await request(app).post('/api/auth/logout').set('Cookie', cookie).expect(403);
    await request(app)
      .delete('/api/admin/ping')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('X-Requested-With', 'fetch')
      .expect(403);
    await me(cookie).expect(200);
    await login(body).expect(200);
  });

  it('accepts the site opened under another address than PUBLIC_URL (127.0.0.1, a LAN address)', async () => {
    // What Chromium sends for the login form of http://127.0.0.1:3000/admin while PUBLIC_URL
    // says localhost: the browser vouches that the page and the call share an origin.
    const login = (headers: Record<string, string>) =>
      request(app)
        .post('/api/auth/login')
        .set(headers)
        .set('X-Requested-With', 'fetch')
        .set('X-Forwarded-For', nextIp())
        .send(body);
    await login({
      Host: '127.0.0.1:3000',
      Origin: 'http://127.0.0.1:3000',
      'Sec-Fetch-Site': 'same-origin',
    }).expect(200);
    // A browser without Sec-Fetch-Site: the Origin names the host the request was sent to.
    await login({ Host: '192.168.1.20:3000', Origin: 'http://192.168.1.20:3000' }).expect(200);
    // A client that is no browser (no Origin, no Sec-Fetch-Site) cannot be a forged cross-site call.
    await login({}).expect(200);
  });

  it('accepts a cross-origin call from an origin of TRUSTED_ORIGINS', async () => {
    const trustedApp = clockedApp(['https://admin.agence.example']);
    const from = (origin: string) =>
      request(trustedApp)
        .post('/api/auth/login')
        .set('Origin', origin)
        .set('Sec-Fetch-Site', 'cross-site')
        .set('X-Requested-With', 'fetch')
        .set('X-Forwarded-For', nextIp())
        .send(body);
    await from('https://admin.agence.example').expect(200);
    await from('https://evil.example').expect(403);
  });

  it('reads TRUSTED_ORIGINS as a comma-separated list of origins', () => {
    expect(
      readEnv({ TRUSTED_ORIGINS: 'https://admin.agence.example, http://192.168.1.20:3000/' }).TRUSTED_ORIGINS,
    ).toEqual(['https://admin.agence.example', 'http://192.168.1.20:3000']);
    expect(readEnv({}).TRUSTED_ORIGINS).toEqual([]);
    expect(() => readEnv({ TRUSTED_ORIGINS: 'pas une adresse' })).toThrow(/TRUSTED_ORIGINS/);
  });
});

describe('the real app (server/app.ts wiring)', () => {
  it('over https the cookie is __Host-session and Secure; /api/admin answers 401 without a session', async () => {
    const { app: real } = createTestApp(database, { PUBLIC_URL: 'https://agence.example' });
    const res = await request(real)
      .post('/api/auth/login')
      .set('Origin', 'https://agence.example')
      .set('X-Requested-With', 'fetch')
      .set('X-Forwarded-For', nextIp())
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    expect(setCookies(res)[0]).toMatch(
      /^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const cookie = sessionCookieOf(res, '__Host-session');
    await request(real).get('/api/auth/me').set('Cookie', cookie).expect(200);
    // The plain-http name is not read over https.
    await request(real)
      .get('/api/auth/me')
      .set('Cookie', `session=${tokenOf(cookie)}`)
      .expect(401);

    const denied = await request(real).get('/api/admin/dashboard').expect(401);
    expect(denied.headers['cache-control']).toBe('no-store');
    await request(real)
      .post('/api/auth/login')
      .set('Origin', TEST_ORIGIN)
      .set('X-Requested-With', 'fetch')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(403);
  });
});
