import { desc, eq, like } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccount } from '#common/schemas/users-admin.ts';
import type { DatabaseHandle } from '#db/client.ts';
import {
  activityLogs,
  adminRecoveryCodes,
  adminSessions,
  adminUsers,
  emailOutbox,
  siteSettings,
} from '#db/schema.ts';
import { type AdminSession, nextTestIp, signInAdmin, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { recordEvents, waitForEvent } from '#tests/helpers/events.ts';
import { activitiesOfType } from '#tests/helpers/factories.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import type { AppEvent } from '../../realtime/event-bus.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;
const events: AppEvent[] = [];

const UNKNOWN_ID = '5f0c6a1e-3c1b-4b8a-9a51-1b2c3d4e5f60';

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp(database);
  await recordEvents(testApp.deps.events, events);
  admin = await signInAdmin(testApp.app, database.db);
});
afterAll(async () => {
  await testApp?.deps.events.stop();
  await database?.close();
});

/** Logs in through the public API; the session cookie, or the refusal's status. */
async function login(email: string, password: string): Promise<{ status: number; cookie?: string }> {
  const res = await request(testApp.app)
    .post('/api/auth/login')
    .set('Origin', TEST_ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', nextTestIp())
    .send({ email, password });
  const header = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('session='));
  return { status: res.status, cookie: res.status === 200 ? header?.split(';')[0] : undefined };
}

const me = (cookie: string) => request(testApp.app).get('/api/auth/me').set('Cookie', cookie);

async function createUser(email: string) {
  const res = await admin
    .post('/api/admin/users')
    .send({ email, firstName: 'Grâce', lastName: 'Mutombo' })
    .expect(201);
  return res.body as { user: AdminAccount; password: string };
}

describe('the guard', () => {
  it('answers 401 without a session, and 403 to a write from a foreign origin', async () => {
    await request(testApp.app).get('/api/admin/users').expect(401);
    const foreign = await admin
      .post('/api/admin/users')
      .set('Origin', 'https://evil.example')
      .send({ email: 'intrus@exemple.cd', firstName: 'In', lastName: 'Trus' });
    expect(foreign.status).toBe(403);
    expect(
      await database.db.select().from(adminUsers).where(eq(adminUsers.email, 'intrus@exemple.cd')),
    ).toEqual([]);
  });
});

describe('admin users', () => {
  it('creates an account whose generated password works once shown, and logs it', async () => {
    const { user, password } = await createUser('Grace.Mutombo@Lisanga-Digital.cd');
    expect(user).toMatchObject({
      email: 'grace.mutombo@lisanga-digital.cd',
      firstName: 'Grâce',
      lastName: 'Mutombo',
      role: 'admin',
      isActive: true,
      lastLoginAt: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(password.length).toBeGreaterThanOrEqual(20);
    const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, user.id));
    expect(row?.passwordHash).not.toContain(password);

    const session = await login('grace.mutombo@lisanga-digital.cd', password);
    expect(session.status).toBe(200);
    expect((await me(session.cookie as string).expect(200)).body.user.email).toBe(
      'grace.mutombo@lisanga-digital.cd',
    );

    const list = (await admin.get('/api/admin/users').expect(200)).body.users as AdminAccount[];
    const listed = list.find((u) => u.id === user.id);
    expect(listed?.lastLoginAt).not.toBeNull();
    expect(listed?.activeSessions).toBe(1);
    expect(list.find((u) => u.id === admin.user.id)).toMatchObject({ role: 'admin', isActive: true });
    expect(JSON.stringify(list)).not.toContain('argon2');

    const [log] = await activitiesOfType(database.db, 'user.created');
    expect(log).toMatchObject({
      userId: admin.user.id,
      title: 'Utilisateur créé : Grâce Mutombo (grace.mutombo@lisanga-digital.cd)',
    });
  });

  it('refuses a used address (409), invalid fields in French, and any role or hash sent along', async () => {
    await createUser('double@lisanga-digital.cd');
    const twice = await admin
      .post('/api/admin/users')
      .send({ email: 'DOUBLE@lisanga-digital.cd', firstName: 'A', lastName: 'B' })
      .expect(409);
    expect(twice.body.error.fields).toEqual({ email: 'Un compte existe déjà avec cette adresse email.' });

    const invalid = await admin
      .post('/api/admin/users')
      .send({ email: 'pas-un-email', firstName: ' ', lastName: '' })
      .expect(400);
    expect(invalid.body.error.fields).toEqual({
      email: 'Email invalide',
      firstName: 'Le prénom est obligatoire.',
      lastName: 'Le nom est obligatoire.',
    });

    const withRole = await admin
      .post('/api/admin/users')
      .send({
        email: 'role@lisanga-digital.cd',
        firstName: 'R',
        lastName: 'O',
        role: 'superadmin',
        passwordHash: 'x',
      })
      .expect(400);
    expect(withRole.body.error.fields).toEqual({ _: 'Champ non autorisé : role, passwordHash.' });
    expect(
      await database.db.select().from(adminUsers).where(eq(adminUsers.email, 'role@lisanga-digital.cd')),
    ).toEqual([]);

    const patchRole = await admin
      .patch(`/api/admin/users/${admin.user.id}`)
      .send({ role: 'owner' })
      .expect(400);
    expect(patchRole.body.error.fields).toEqual({ _: 'Champ non autorisé : role.' });
  });

  it('deactivating ends their sessions at once; they cannot log in until reactivated', async () => {
    const { user, password } = await createUser('depart@lisanga-digital.cd');
    const first = await login('depart@lisanga-digital.cd', password);
    const second = await login('depart@lisanga-digital.cd', password);
    await me(first.cookie as string).expect(200);
    events.length = 0;

    const res = await admin.patch(`/api/admin/users/${user.id}`).send({ isActive: false }).expect(200);
    expect(res.body.user).toMatchObject({ id: user.id, isActive: false, activeSessions: 0 });
    await me(first.cookie as string).expect(401);
    await me(second.cookie as string).expect(401);
    const sessions = await database.db.select().from(adminSessions).where(eq(adminSessions.userId, user.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    // The websocket hub hears it and closes their open channels.
    await waitForEvent(events, (e) => e.type === 'session_revoked' && e.data.userId === user.id);
    expect((await login('depart@lisanga-digital.cd', password)).status).toBe(401);

    await admin.patch(`/api/admin/users/${user.id}`).send({ isActive: true }).expect(200);
    // The old sessions stay dead; a new login works.
    await me(first.cookie as string).expect(401);
    expect((await login('depart@lisanga-digital.cd', password)).status).toBe(200);

    const logs = await database.db
      .select()
      .from(activityLogs)
      .where(like(activityLogs.title, '%depart@lisanga-digital.cd%'))
      .orderBy(desc(activityLogs.createdAt));
    expect(logs.map((l) => l.type).sort()).toEqual(['user.created', 'user.deactivated', 'user.reactivated']);
  });

  it('refuses to deactivate yourself, in French', async () => {
    const res = await admin.patch(`/api/admin/users/${admin.user.id}`).send({ isActive: false }).expect(400);
    expect(res.body.error.message).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    await admin.get('/api/admin/users').expect(200);
  });

  it('renames an account, answers 404 for an unknown one and 400 for a malformed id', async () => {
    const { user } = await createUser('nom@lisanga-digital.cd');
    const res = await admin
      .patch(`/api/admin/users/${user.id}`)
      .send({ firstName: 'Grace', lastName: 'Kabeya' })
      .expect(200);
    expect(res.body.user).toMatchObject({ firstName: 'Grace', lastName: 'Kabeya' });
    const missing = await admin.patch(`/api/admin/users/${UNKNOWN_ID}`).send({ firstName: 'X' }).expect(404);
    expect(missing.body.error.message).toBe('Utilisateur introuvable.');
    const malformed = await admin.patch('/api/admin/users/42').send({ firstName: 'X' }).expect(400);
    expect(malformed.body.error.fields).toEqual({ id: 'Identifiant invalide.' });
    const [log] = await activitiesOfType(database.db, 'user.updated');
    expect(log?.description).toBe('Nom : Grâce Mutombo → Grace Kabeya');
  });

  it('gives a forgotten password a new generated one: the old one stops working, their sessions end', async () => {
    const { user, password } = await createUser('oubli@lisanga-digital.cd');
    const session = await login('oubli@lisanga-digital.cd', password);
    const res = await admin.post(`/api/admin/users/${user.id}/password`).expect(200);
    const fresh = res.body.password as string;
    expect(fresh).not.toBe(password);
    await me(session.cookie as string).expect(401);
    expect((await login('oubli@lisanga-digital.cd', password)).status).toBe(401);
    expect((await login('oubli@lisanga-digital.cd', fresh)).status).toBe(200);
    const own = await admin.post(`/api/admin/users/${admin.user.id}/password`).expect(400);
    expect(own.body.error.message).toContain('Mon mot de passe');
    await admin.post(`/api/admin/users/${UNKNOWN_ID}/password`).expect(404);
  });

  it('lets an administrator reset a colleague’s second factor, after their own password: factors and sessions gone, logged, the colleague told', async () => {
    const email = 'telephone.perdu@lisanga-digital.cd';
    // The seed's sender (this database is not seeded): the colleague's email needs one.
    await database.db
      .insert(siteSettings)
      .values({ key: 'email.sender_email', value: 'contact@lisanga-digital.cd', category: 'email' });
    const { user, password } = await createUser(email);
    const session = await login(email, password);
    const asColleague = (path: string, body: object) =>
      request(testApp.app)
        .post(path)
        .set('Cookie', session.cookie as string)
        .set('Origin', TEST_ORIGIN)
        .set('X-Requested-With', 'fetch')
        .set('X-Forwarded-For', nextTestIp())
        .send(body);
    const setup = await asColleague('/api/auth/second-factor/totp', { currentPassword: password }).expect(
      200,
    );
    await asColleague('/api/auth/second-factor/totp/confirm', {
      code: await generate({ secret: setup.body.secret as string }),
    }).expect(200);
    const listed = async () =>
      ((await admin.get('/api/admin/users').expect(200)).body.users as AdminAccount[]).find(
        (u) => u.id === user.id,
      );
    expect((await listed())?.secondFactor).toBe(true);
    // With the password step alone, no session: the second step is asked.
    expect((await login(email, password)).cookie).toBeUndefined();

    // A wrong password of the administrator changes nothing.
    const wrong = await admin
      .post(`/api/admin/users/${user.id}/second-factor/reset`)
      .send({ currentPassword: 'pas-le-bon' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: 'Mot de passe actuel incorrect.' });
    expect((await listed())?.secondFactor).toBe(true);

    const res = await admin
      .post(`/api/admin/users/${user.id}/second-factor/reset`)
      .send({ currentPassword: admin.password })
      .expect(200);
    expect(res.body.user).toMatchObject({ id: user.id, secondFactor: false, activeSessions: 0 });
    await me(session.cookie as string).expect(401);
    expect(
      await database.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    // The password alone opens a session again; the colleague sets up a new factor from there.
    expect((await login(email, password)).cookie).toBeDefined();
    const [logged] = await activitiesOfType(database.db, 'user.second_factor_reset');
    expect(logged).toMatchObject({ userId: admin.user.id });
    expect(logged?.title).toContain(email);
    const [told] = await database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    expect(told?.subject).toBe('Votre double authentification a été réinitialisée');
    expect(told?.text).toContain(
      `${admin.user.firstName} ${admin.user.lastName} a réinitialisé la double authentification`,
    );

    // Nothing left to reset; one's own factor is managed in "Sécurité"; an unknown account.
    const again = await admin
      .post(`/api/admin/users/${user.id}/second-factor/reset`)
      .send({ currentPassword: admin.password });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Ce compte n’a pas de double authentification à réinitialiser.');
    const own = await admin
      .post(`/api/admin/users/${admin.user.id}/second-factor/reset`)
      .send({ currentPassword: admin.password });
    expect(own.status).toBe(400);
    await admin
      .post(`/api/admin/users/${UNKNOWN_ID}/second-factor/reset`)
      .send({ currentPassword: admin.password })
      .expect(404);
  });
});
