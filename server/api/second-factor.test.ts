/**
 * The admins' second factor, through the API as the browser calls it (docs/decisions/079-second-factor.md):
 * the authenticator app, the recovery codes, passkeys (a software authenticator signing like a
 * real one), the pending sign-in between the password and the second step, the lockouts of every
 * step, and the policy that requires a factor for every admin.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import {
  adminPasskeys,
  adminRecoveryCodes,
  adminTotp,
  authSettings,
  rateLimits,
  webauthnChallenges,
} from '#db/schema.ts';
import { createClockedAuthApp, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { activitiesOfType, insertAdminUser } from '#tests/helpers/factories.ts';
import { softwareAuthenticator } from '#tests/helpers/software-authenticator.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { securityAdminRouter } from './second-factor.ts';

const MINUTE = 60_000;

let database: DatabaseHandle;
let clock = new Date();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** The auth router, the admin gate and the policy route as app.ts mounts them, on a clock the tests move. */
function clockedApp() {
  const now = () => clock;
  return createClockedAuthApp(database.db, {
    now,
    adminRouters: [securityAdminRouter({ db: database.db, now })],
  });
}
let app: ReturnType<typeof clockedApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = clockedApp();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
  await database.db.delete(authSettings);
  clock = new Date();
});

let ipCounter = 0;
const nextIp = () => `10.44.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

/** A browser: its cookies, kept from answer to answer, and its address. */
function browser(ip = nextIp()) {
  const jar = new Map<string, string>();
  const send = (method: 'get' | 'post' | 'put' | 'patch', path: string, body?: object) => {
    const req = request(app)[method](path).set('X-Forwarded-For', ip);
    if (method !== 'get') req.set('Origin', TEST_ORIGIN).set('X-Requested-With', 'fetch');
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) req.set('Cookie', cookie);
    return (body === undefined ? req : req.send(body)).then((res) => {
      for (const header of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
        const [pair] = header.split(';');
        const [name, value] = (pair ?? '').split('=');
        if (!name) continue;
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      return res;
    });
  };
  return {
    jar,
    get: (path: string) => send('get', path),
    post: (path: string, body?: object) => send('post', path, body ?? {}),
    put: (path: string, body: object) => send('put', path, body),
    patch: (path: string, body: object) => send('patch', path, body),
  };
}
type Browser = ReturnType<typeof browser>;

async function anAdmin() {
  const { user, password } = await insertAdminUser(database.db);
  return { user, email: user.email, password };
}
type Admin = Awaited<ReturnType<typeof anAdmin>>;

/** Signs in with the password alone (an account without a second factor). */
async function signedIn(admin: Admin, b = browser()) {
  await b
    .post('/api/auth/login', { email: admin.email, password: admin.password })
    .then((r) => expect(r.status).toBe(200));
  expect(b.jar.has('session')).toBe(true);
  return b;
}

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Sets up and confirms the app for a signed-in admin: its secret and recovery codes. */
async function enableTotp(b: Browser, admin: Admin) {
  const setup = await b.post('/api/auth/second-factor/totp', { currentPassword: admin.password });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const confirm = await b.post('/api/auth/second-factor/totp/confirm', { code: await codeAt(secret, clock) });
  expect(confirm.status).toBe(200);
  // The code of the confirmation is spent: the next sign-in happens a step later.
  advance(30_000);
  return { secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

/** Adds a passkey for a signed-in admin, through the software authenticator. */
async function addPasskey(b: Browser, admin: Admin, name = 'Téléphone') {
  const authenticator = softwareAuthenticator(TEST_ORIGIN);
  const options = await b.post('/api/auth/second-factor/passkeys/options', {
    currentPassword: admin.password,
  });
  expect(options.status).toBe(200);
  const res = await b.post('/api/auth/second-factor/passkeys', {
    name,
    response: authenticator.register(options.body.options),
  });
  expect(res.status).toBe(201);
  return {
    authenticator,
    passkey: res.body.passkey,
    recoveryCodes: res.body.recoveryCodes as string[] | undefined,
  };
}

/** An admin who set up the authenticator app, in a session of their own that the test leaves aside. */
async function anAdminWithTotp() {
  const admin = await anAdmin();
  return { admin, ...(await enableTotp(await signedIn(admin), admin)) };
}

/** An admin who added a passkey, in a session of their own that the test leaves aside. */
async function anAdminWithPasskey() {
  const admin = await anAdmin();
  return { admin, ...(await addPasskey(await signedIn(admin), admin)) };
}

/** The password step of an account with a second factor: the methods offered. */
async function passwordStep(b: Browser, admin: Admin) {
  const res = await b.post('/api/auth/login', { email: admin.email, password: admin.password });
  expect(res.status).toBe(200);
  return res;
}

describe('the authenticator app', () => {
  it('is set up behind the current password, shown once, confirmed by a code, and stored encrypted', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    const wrong = await b.post('/api/auth/second-factor/totp', { currentPassword: 'pas-le-bon-mot' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Mot de passe actuel incorrect.' });

    const setup = await b.post('/api/auth/second-factor/totp', { currentPassword: admin.password });
    expect(setup.status).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(setup.body.otpauthUrl).toContain(encodeURIComponent(admin.email));
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [row] = await database.db.select().from(adminTotp).where(eq(adminTotp.userId, admin.user.id));
    expect(row?.secretEncrypted).not.toContain(setup.body.secret);
    expect(row?.confirmedAt).toBeNull();

    // Not yet a factor: the password alone still signs in.
    await signedIn(admin);
    const status = await b.get('/api/auth/second-factor');
    expect(status.body.totp).toEqual({ enabled: false, confirmedAt: null });
    expect(JSON.stringify(status.body)).not.toContain(setup.body.secret);

    const bad = await b.post('/api/auth/second-factor/totp/confirm', { code: '000000' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.code).toMatch(/^Code incorrect/);
    const invalid = await b.post('/api/auth/second-factor/totp/confirm', { code: '12ab' });
    expect(invalid.body.error.fields).toEqual({
      code: 'Saisissez les 6 chiffres affichés par l’application.',
    });

    const confirm = await b.post('/api/auth/second-factor/totp/confirm', {
      code: await codeAt(setup.body.secret, clock),
    });
    expect(confirm.status).toBe(200);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.userId, admin.user.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replaceAll('-', ''));

    const after = await b.get('/api/auth/second-factor');
    expect(after.body).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10, passkeys: [] });
    // Set up once: a second setup is refused until it is disabled.
    const again = await b.post('/api/auth/second-factor/totp', { currentPassword: admin.password });
    expect(again.status).toBe(409);
    const log = await activitiesOfType(database.db, 'user.totp_enabled');
    expect(log.some((entry) => entry.userId === admin.user.id)).toBe(true);
  });

  it('the first factor ends the sessions opened with the password alone; this one stays', async () => {
    const admin = await anAdmin();
    const other = await signedIn(admin);
    const b = await signedIn(admin);
    await enableTotp(b, admin);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('signs in in two steps: the password opens only a pending step, the code opens the session', async () => {
    const { admin, secret } = await anAdminWithTotp();
    const b = browser();
    const first = await passwordStep(b, admin);
    expect(first.body).toEqual({ secondFactor: { methods: ['totp', 'recovery'] } });
    const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(
      /^login-pending=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; Expires=.+; HttpOnly; SameSite=Strict$/,
    );
    // The pending step is not a session.
    expect((await b.get('/api/auth/me')).status).toBe(401);
    expect((await b.get('/api/admin/ping')).status).toBe(401);
    expect((await b.get('/api/auth/second-factor')).status).toBe(401);

    const code = await codeAt(secret, clock);
    const wrong = await b.post('/api/auth/login/totp', { code: code === '123456' ? '654321' : '123456' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: 'invalid_second_factor',
      fields: { code: expect.any(String) },
    });

    const res = await b.post('/api/auth/login/totp', { code });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: admin.email, secondFactorSetupRequired: false });
    expect(b.jar.has('session')).toBe(true);
    expect(b.jar.has('login-pending')).toBe(false);
    expect((await b.get('/api/admin/ping')).body).toEqual({ email: admin.email });

    // The same code never works twice, even within its 30 seconds.
    const c = browser();
    await passwordStep(c, admin);
    expect((await c.post('/api/auth/login/totp', { code })).status).toBe(401);
    // The next step's code does (one step of drift is allowed).
    const next = await codeAt(secret, new Date(clock.getTime() + 30_000));
    expect((await c.post('/api/auth/login/totp', { code: next })).status).toBe(200);
  });

  it('a pending step lasts ten minutes, and a second step without one is refused', async () => {
    const { admin, secret } = await anAdminWithTotp();
    const nobody = await browser().post('/api/auth/login/totp', { code: '123456' });
    expect(nobody.status).toBe(401);
    expect(nobody.body.error.code).toBe('login_expired');
    const b = browser();
    await passwordStep(b, admin);
    advance(10 * MINUTE + 1_000);
    const late = await b.post('/api/auth/login/totp', { code: await codeAt(secret, clock) });
    expect(late.body.error.code).toBe('login_expired');
  });

  it('is disabled behind the password; the recovery codes go with the last factor', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    await enableTotp(b, admin);
    const other = browser();
    await passwordStep(other, admin);
    expect((await b.post('/api/auth/second-factor/totp/disable', {})).status).toBe(400);
    expect(
      (await b.post('/api/auth/second-factor/totp/disable', { currentPassword: admin.password })).status,
    ).toBe(204);
    const status = await b.get('/api/auth/second-factor');
    expect(status.body).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    // The password alone signs in again.
    await signedIn(admin);
  });
});

describe('recovery codes', () => {
  it('each signs in once, typed in any case and with or without dashes', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    const { recoveryCodes } = await enableTotp(b, admin);
    const [first, second] = recoveryCodes as [string, string];

    const one = browser();
    await passwordStep(one, admin);
    const res = await one.post('/api/auth/login/recovery', {
      code: first.toUpperCase().replaceAll('-', ' '),
    });
    expect(res.status).toBe(200);
    expect((await one.get('/api/auth/me')).status).toBe(200);

    const two = browser();
    await passwordStep(two, admin);
    const reused = await two.post('/api/auth/login/recovery', { code: first });
    expect(reused.status).toBe(401);
    expect(reused.body.error.fields).toEqual({ code: 'Code de secours incorrect ou déjà utilisé.' });
    expect((await two.post('/api/auth/login/recovery', { code: second })).status).toBe(200);
    expect((await two.get('/api/auth/second-factor')).body.recoveryCodesLeft).toBe(8);
    const malformed = await two.post('/api/auth/login/recovery', { code: 'abc' });
    expect(malformed.status).toBe(400);
  });

  it('are replaced behind the password: the old ones stop working and other sessions end', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    const { recoveryCodes } = await enableTotp(b, admin);
    const other = browser();
    await passwordStep(other, admin);
    await other.post('/api/auth/login/recovery', { code: recoveryCodes[0] as string });
    const res = await b.post('/api/auth/second-factor/recovery-codes', { currentPassword: admin.password });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    const c = browser();
    await passwordStep(c, admin);
    expect((await c.post('/api/auth/login/recovery', { code: recoveryCodes[1] as string })).status).toBe(401);
    expect((await c.post('/api/auth/login/recovery', { code: res.body.recoveryCodes[0] })).status).toBe(200);
  });
});

describe('lockout of the second step', () => {
  it('5 wrong codes from one address lock that account+address, the password step included', async () => {
    const { admin, secret } = await anAdminWithTotp();
    const ip = nextIp();
    const b = browser(ip);
    await passwordStep(b, admin);
    const right = await codeAt(secret, clock);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++)
      expect((await b.post('/api/auth/login/totp', { code: wrong })).status).toBe(401);
    const locked = await b.post('/api/auth/login/totp', { code: right });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
    expect(
      (await browser(ip).post('/api/auth/login', { email: admin.email, password: admin.password })).status,
    ).toBe(429);
    // The owner elsewhere still signs in.
    const elsewhere = browser();
    await passwordStep(elsewhere, admin);
    expect((await elsewhere.post('/api/auth/login/totp', { code: right })).status).toBe(200);
  });

  it('a right password clears no counter: alternating it with wrong codes gets 5 tries, not more', async () => {
    const { admin } = await anAdminWithTotp();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const b = browser(ip);
      const step = await b.post('/api/auth/login', { email: admin.email, password: admin.password });
      statuses.push(step.status);
      if (step.status === 200) {
        statuses.push((await b.post('/api/auth/login/recovery', { code: 'aaaa-aaaa-aaaa-aaaa' })).status);
        statuses.push((await b.post('/api/auth/login/recovery', { code: 'bbbb-bbbb-bbbb-bbbb' })).status);
      }
    }
    expect(statuses).toEqual([200, 401, 401, 200, 401, 401, 200, 401, 429, 429]);
  });

  it('10 wrong second steps of one account from many addresses lock its second step everywhere', async () => {
    const { admin, secret } = await anAdminWithTotp();
    for (let i = 0; i < 5; i++) {
      const b = browser();
      await passwordStep(b, admin);
      for (let j = 0; j < 2; j++) {
        expect((await b.post('/api/auth/login/recovery', { code: 'cccc-cccc-cccc-cccc' })).status).toBe(401);
      }
    }
    const b = browser();
    await passwordStep(b, admin);
    expect((await b.post('/api/auth/login/totp', { code: await codeAt(secret, clock) })).status).toBe(429);
    advance(15 * MINUTE + 1_000);
    const later = browser();
    await passwordStep(later, admin);
    expect((await later.post('/api/auth/login/totp', { code: await codeAt(secret, clock) })).status).toBe(
      200,
    );
  });
});

describe('passkeys', () => {
  it('are added behind the password; the first one brings recovery codes', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    const refused = await b.post('/api/auth/second-factor/passkeys/options', {
      currentPassword: 'pas-le-bon',
    });
    expect(refused.status).toBe(400);
    const { passkey, recoveryCodes } = await addPasskey(b, admin, 'Ordinateur du bureau');
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Ordinateur du bureau',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(recoveryCodes).toHaveLength(10);
    const second = await addPasskey(b, admin, 'Téléphone');
    expect(second.recoveryCodes).toBeUndefined();
    const [row] = await database.db.select().from(adminPasskeys).where(eq(adminPasskeys.id, passkey.id));
    expect(row?.transports).toEqual(['internal']);
    const renamed = await b.patch(`/api/auth/second-factor/passkeys/${passkey.id}`, { name: '  Bureau  ' });
    expect(renamed.body.passkey.name).toBe('Bureau');
    expect((await b.patch('/api/auth/second-factor/passkeys/pas-un-id', { name: 'x' })).status).toBe(404);
  });

  it('a registration answers its own challenge once, from the session that asked', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    const authenticator = softwareAuthenticator(TEST_ORIGIN);
    const options = await b.post('/api/auth/second-factor/passkeys/options', {
      currentPassword: admin.password,
    });
    const response = authenticator.register(options.body.options);
    // Another session of the same admin cannot use it.
    const other = await signedIn(admin);
    expect((await other.post('/api/auth/second-factor/passkeys', { name: 'Clé', response })).status).toBe(
      400,
    );
    // Refused once, the challenge is spent.
    expect((await b.post('/api/auth/second-factor/passkeys', { name: 'Clé', response })).status).toBe(400);
    expect(await database.db.select().from(webauthnChallenges)).not.toContainEqual(
      expect.objectContaining({ challenge: options.body.options.challenge }),
    );
  });

  it('serve as the second step, and alone as a sign-in without password', async () => {
    const { admin, authenticator } = await anAdminWithPasskey();

    const b = browser();
    const step = await passwordStep(b, admin);
    expect(step.body).toEqual({ secondFactor: { methods: ['passkey', 'recovery'] } });
    const options = await b.post('/api/auth/login/passkey/options');
    expect(options.body.options.allowCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.body.options.rpId).toBe('localhost');
    const res = await b.post('/api/auth/login/passkey', {
      response: authenticator.assert(options.body.options),
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(admin.email);

    const c = browser();
    const free = await c.post('/api/auth/passkey/options');
    expect(free.body.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(free.body.options.allowCredentials).toBeUndefined();
    const signed = await c.post('/api/auth/passkey', {
      response: authenticator.assert(free.body.options),
      rememberMe: true,
    });
    expect(signed.status).toBe(200);
    expect((await c.get('/api/admin/ping')).body).toEqual({ email: admin.email });
    const status = await c.get('/api/auth/second-factor');
    expect(status.body.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, another origin, a missing user verification and a foreign key', async () => {
    const { admin, authenticator } = await anAdminWithPasskey();
    const { authenticator: strangers } = await anAdminWithPasskey();

    const b = browser();
    let options = (await b.post('/api/auth/passkey/options')).body.options;
    const answer = authenticator.assert(options);
    expect((await b.post('/api/auth/passkey', { response: answer })).status).toBe(200);
    expect((await browser().post('/api/auth/passkey', { response: answer })).status).toBe(401);

    options = (await b.post('/api/auth/passkey/options')).body.options;
    const phishing = await b.post('/api/auth/passkey', {
      response: authenticator.assert(options, { origin: 'https://lisanga-digital.evil.example' }),
    });
    expect(phishing.status).toBe(401);
    expect(phishing.body.error.message).toBe('Cette clé d’accès n’a pas été reconnue.');

    options = (await b.post('/api/auth/passkey/options')).body.options;
    const unverified = authenticator.assert(options, { userVerified: false });
    expect((await b.post('/api/auth/passkey', { response: unverified })).status).toBe(401);

    // As a second step, only the pending admin's own keys count.
    const c = browser();
    await passwordStep(c, admin);
    options = (await c.post('/api/auth/login/passkey/options')).body.options;
    expect((await c.post('/api/auth/login/passkey', { response: strangers.assert(options) })).status).toBe(
      401,
    );
  });

  it('are removed behind the password, which ends the other sessions', async () => {
    const admin = await anAdmin();
    const b = await signedIn(admin);
    const { passkey, authenticator } = await addPasskey(b, admin);
    const other = browser();
    const options = (await other.post('/api/auth/passkey/options')).body.options;
    await other.post('/api/auth/passkey', { response: authenticator.assert(options) });
    expect((await other.get('/api/auth/me')).status).toBe(200);
    const path = `/api/auth/second-factor/passkeys/${passkey.id}/delete`;
    expect((await b.post(path, { currentPassword: 'mauvais-mot' })).status).toBe(400);
    expect((await b.post(path, { currentPassword: admin.password })).status).toBe(204);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    expect((await b.get('/api/auth/second-factor')).body).toMatchObject({
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect((await b.post(path, { currentPassword: admin.password })).status).toBe(404);
  });
});

describe('the policy: a second factor for every admin', () => {
  it('is changed by an admin who has a factor; one without must set one up before anything else', async () => {
    const owner = await anAdmin();
    const ownerBrowser = await signedIn(owner);
    const early = await ownerBrowser.put('/api/admin/security/policy', { secondFactorRequired: true });
    expect(early.status).toBe(409);
    await enableTotp(ownerBrowser, owner);
    const on = await ownerBrowser.put('/api/admin/security/policy', { secondFactorRequired: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ secondFactorRequired: true });
    expect(
      (await ownerBrowser.put('/api/admin/security/policy', { secondFactorRequired: 'oui' })).status,
    ).toBe(400);

    const colleague = await anAdmin();
    const b = browser();
    const login = await b.post('/api/auth/login', { email: colleague.email, password: colleague.password });
    expect(login.body.user.secondFactorSetupRequired).toBe(true);
    const held = await b.get('/api/admin/ping');
    expect(held.status).toBe(403);
    expect(held.body.error).toEqual({
      code: 'second_factor_required',
      message: 'Activez une double authentification avant de continuer.',
    });
    expect((await b.get('/api/auth/second-factor')).body).toMatchObject({ secondFactorRequired: true });
    await enableTotp(b, colleague);
    expect((await b.get('/api/auth/me')).body.user.secondFactorSetupRequired).toBe(false);
    expect((await b.get('/api/admin/ping')).status).toBe(200);

    // The last factor stays while the policy holds.
    const refused = await b.post('/api/auth/second-factor/totp/disable', {
      currentPassword: colleague.password,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('second_factor_required');

    const off = await ownerBrowser.put('/api/admin/security/policy', { secondFactorRequired: false });
    expect(off.body).toEqual({ secondFactorRequired: false });
    const log = await activitiesOfType(database.db, 'setting.second_factor_policy');
    expect(log.map((entry) => entry.title)).toEqual([
      'Double authentification exigée pour tous les administrateurs',
      'Double authentification facultative pour les administrateurs',
    ]);
  });
});
