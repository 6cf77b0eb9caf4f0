/**
 * Cross-cutting attack tests over the whole route table (decision 022, OWASP ASVS 5.0 L2):
 * the routes are read from the Express router stack (tests/attack/route-table.ts), so a route added
 * later is covered without editing this file. The detailed behaviours have their own suites:
 * server/api/auth.test.ts (cookie flags, fixation, CSRF details, lockout), server/api/admin/guard.test.ts,
 * server/realtime/ws-server.test.ts (websocket refusals).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DatabaseHandle } from '#db/client.ts';
import { callBookings } from '#db/schema.ts';
import { issueToken } from '#server/newsletter/tokens.ts';
import { signLink } from '#server/security/signed-link.ts';
import { type AdminSession, nextTestIp, signInAdmin, TEST_ORIGIN } from '../helpers/admin-session.ts';
import {
  insertCaseStudy,
  insertContact,
  insertPost,
  insertService,
  insertSubscriber,
  insertTeamMember,
  seededTemplateId,
} from '../helpers/factories.ts';
import { aCampaignInput } from '../helpers/request-factories.ts';
import { createSeededDatabase } from '../helpers/seeded-database.ts';
import { createTestApp, serveWithRealtime } from '../helpers/test-app.ts';
import { type RouteEntry, routeTable } from './route-table.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;
let routes: RouteEntry[];
let backupDir: string;
const BACKUP_NAME = 'sauvegarde-2026-01-01-0200.tar';

beforeAll(async () => {
  database = await createSeededDatabase({ adminPassword: 'mot-de-passe-du-seed-attaque' });
  // One archive in its backups' folder, for the download route (docs/decisions/099-backups.md).
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attack-backups-'));
  fs.writeFileSync(path.join(backupDir, BACKUP_NAME), 'archive');
  testApp = createTestApp(database, { BACKUP_DIR: backupDir });
  admin = await signInAdmin(testApp.app, database.db);
  routes = routeTable(testApp.app);
});
afterAll(async () => {
  await testApp?.deps.campaigns.worker.stop();
  testApp?.deps.email.transport.close();
  await database?.close();
  if (backupDir) fs.rmSync(backupDir, { recursive: true, force: true });
});

const isWrite = (route: RouteEntry) => route.method !== 'GET' && route.method !== 'HEAD';
const adminRoutes = () => routes.filter((r) => r.path.startsWith('/api/admin'));
const idRoutes = () => adminRoutes().filter((r) => r.path.includes('/:id'));
const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
const call = (route: RouteEntry, path = route.path) =>
  request(testApp.app)[route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](path);

describe('the route table', () => {
  it('is read from the router stack and covers every API area', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const expected of [
      'POST /api/contact',
      'POST /api/newsletter/subscribe',
      'POST /api/auth/login',
      'PATCH /api/admin/contacts/:id/status',
      'DELETE /api/admin/newsletter/:id',
      'PUT /api/admin/blog/:id',
      'POST /api/admin/campaigns/:id/send',
      'GET /t/o/:token',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(adminRoutes().length).toBeGreaterThan(60);
    expect(idRoutes().length).toBeGreaterThan(30);
  });
});

describe('access control over every /api/admin route', () => {
  it('refuses every admin route without a session: 401, and nothing in the body', async () => {
    for (const route of adminRoutes()) {
      const path = withId(route.path, randomUUID());
      const res = await call(route, path)
        .set('Origin', TEST_ORIGIN)
        .set('X-Requested-With', 'fetch')
        .set('X-Forwarded-For', nextTestIp())
        .send({});
      expect(`${route.method} ${route.path} → ${res.status}`).toBe(`${route.method} ${route.path} → 401`);
      expect(res.body.error?.message).toBe('Authentification requise.');
    }
  });

  it('refuses every admin route with a forged or revoked session cookie: 401', async () => {
    const forged = `session=${'A'.repeat(43)}`;
    for (const route of adminRoutes().filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
      const res = await call(route).set('Cookie', forged);
      expect(`${route.path} → ${res.status}`).toBe(`${route.path} → 401`);
    }
  });

  it('refuses every state-changing admin and auth route from a foreign Origin, even with a valid session: 403', async () => {
    const targets = routes.filter(
      (r) => isWrite(r) && (r.path.startsWith('/api/admin') || r.path.startsWith('/api/auth')),
    );
    expect(targets.length).toBeGreaterThan(40);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      for (const route of targets) {
        const res = await call(route, withId(route.path, randomUUID()))
          .set('Cookie', admin.cookie)
          .set('Origin', origin)
          .set('X-Requested-With', 'fetch')
          .set('X-Forwarded-For', nextTestIp())
          .send({});
        expect(`${origin} ${route.method} ${route.path} → ${res.status}`).toBe(
          `${origin} ${route.method} ${route.path} → 403`,
        );
      }
    }
    // Still signed in: the refusals did not spend the session.
    await admin.get('/api/auth/me').expect(200);
  });

  it('refuses every state-changing admin route without the X-Requested-With header: 403', async () => {
    for (const route of adminRoutes().filter(isWrite)) {
      const res = await call(route, withId(route.path, randomUUID()))
        .set('Cookie', admin.cookie)
        .set('Origin', TEST_ORIGIN)
        .set('X-Forwarded-For', nextTestIp())
        .send({});
      expect(`${route.method} ${route.path} → ${res.status}`).toBe(`${route.method} ${route.path} → 403`);
    }
  });
});

/** The HTTP status a websocket upgrade is answered with (101 when it opens). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once('error', (error) => {
      if (!String(error).includes('Unexpected server response')) reject(error);
    });
  });
}

describe('session lifecycle and websocket, over the whole surface', () => {
  it('logout revokes the session for every admin GET route, and a replayed cookie stays refused', async () => {
    const other = await signInAdmin(testApp.app, database.db);
    await other.get('/api/auth/me').expect(200);
    await other.post('/api/auth/logout').expect(204);
    for (const route of adminRoutes().filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
      const res = await other.get(route.path);
      expect(`${route.path} → ${res.status}`).toBe(`${route.path} → 401`);
    }
    // The login then issues a fresh token, never the planted one (fixation; details in auth.test.ts).
    const again = await request(testApp.app)
      .post('/api/auth/login')
      .set('Origin', TEST_ORIGIN)
      .set('X-Requested-With', 'fetch')
      .set('X-Forwarded-For', nextTestIp())
      .set('Cookie', other.cookie)
      .send({ email: other.user.email, password: 'pas-le-bon-mot-de-passe' });
    expect(again.status).toBe(401);
    expect(String(again.headers['set-cookie'] ?? '')).not.toContain(other.cookie);
  });

  it('refuses the websocket without a session, with a forged or revoked one, and from a foreign Origin', async () => {
    const { url, close } = await serveWithRealtime(testApp);
    try {
      const fresh = await signInAdmin(testApp.app, database.db);
      expect(await upgradeStatus(url, { Origin: TEST_ORIGIN, Cookie: fresh.cookie })).toBe(101);
      expect(await upgradeStatus(url, { Origin: TEST_ORIGIN })).toBe(401);
      expect(await upgradeStatus(url, { Origin: TEST_ORIGIN, Cookie: `session=${'F'.repeat(43)}` })).toBe(
        401,
      );
      for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
        expect(await upgradeStatus(url, { Origin: origin, Cookie: fresh.cookie })).toBe(403);
      }
      expect(await upgradeStatus(url, { Cookie: fresh.cookie })).toBe(403);
      await fresh.post('/api/auth/logout').expect(204);
      expect(await upgradeStatus(url, { Origin: TEST_ORIGIN, Cookie: fresh.cookie })).toBe(401);
    } finally {
      await close();
    }
  });
});

describe('IDOR and id validation on every admin id route', () => {
  const send = (route: RouteEntry, path: string) => {
    const builder = call(route, path).set('Cookie', admin.cookie);
    if (!isWrite(route)) return builder;
    return builder
      .set('Origin', TEST_ORIGIN)
      .set('X-Requested-With', 'fetch')
      .set('X-Forwarded-For', nextTestIp());
  };

  it('answers 404 in French for an id that does not exist (never 500, never another row)', async () => {
    for (const route of idRoutes()) {
      const res = await send(route, withId(route.path, randomUUID())).send({});
      // A write whose body is checked before the lookup may answer 400 for the empty body; it must
      // then be about the body, not the id, and never a server error.
      const ok = res.status === 404 || (isWrite(route) && res.status === 400 && !res.body.error?.fields?.id);
      expect(ok, `${route.method} ${route.path} → ${res.status} ${JSON.stringify(res.body)}`).toBe(true);
      expect(res.body.error?.message, `${route.method} ${route.path}`).toMatch(/[a-zé]/i);
    }
  });

  it('answers 400 in French for a malformed id (SQL, traversal, not a uuid)', async () => {
    for (const bad of ["1' OR '1'='1", '../../etc/passwd', '0', 'null', '%00']) {
      for (const route of idRoutes()) {
        const res = await send(route, withId(route.path, bad)).send({});
        expect(`${bad} ${route.method} ${route.path} → ${res.status}`).toBe(
          `${bad} ${route.method} ${route.path} → 400`,
        );
        expect(res.body.error?.message).toBeTruthy();
        expect(JSON.stringify(res.body)).not.toMatch(/syntax error|invalid input syntax|stack/i);
      }
    }
  });
});

describe('newsletter tokens', () => {
  it('one subscriber’s token never reads, changes or erases another subscriber', async () => {
    const alice = await insertSubscriber(database.db, { firstName: 'Alice', status: 'active' });
    const bob = await insertSubscriber(database.db, { firstName: 'Bob', status: 'active' });
    const aliceToken = await issueToken(database.db, alice.id, 'manage', new Date());
    const publicPost = (path: string) =>
      request(testApp.app).post(path).set('X-Forwarded-For', nextTestIp()).set('Origin', TEST_ORIGIN);

    const prefs = await request(testApp.app).get(`/api/newsletter/manage?token=${aliceToken}`).expect(200);
    expect(JSON.stringify(prefs.body)).toContain(alice.email);
    expect(JSON.stringify(prefs.body)).not.toContain(bob.email);
    const exported = await request(testApp.app).get(`/api/newsletter/export?token=${aliceToken}`).expect(200);
    expect(exported.text).toContain(alice.email);
    expect(exported.text).not.toContain(bob.email);

    // Extra identifiers in the body are not honoured: only the token designates the subscriber.
    await publicPost('/api/newsletter/manage')
      .send({
        token: aliceToken,
        firstName: 'Changé',
        tags: [],
        id: bob.id,
        email: bob.email,
        subscriberId: bob.id,
      })
      .expect((res) => expect([200, 400]).toContain(res.status));
    await publicPost('/api/newsletter/erase').send({ token: aliceToken, id: bob.id, email: bob.email });
    const [bobAfter] = await database.db
      .execute(sql`select first_name, email from newsletter_subscriptions where id = ${bob.id}`)
      .then((r) => (r as unknown as { rows: { first_name: string; email: string }[] }).rows);
    expect(bobAfter).toEqual({ first_name: 'Bob', email: bob.email });

    // A made-up token of the right shape is refused without telling whether anyone matches.
    const forged = 'A'.repeat(43);
    const res = await request(testApp.app).get(`/api/newsletter/manage?token=${forged}`);
    expect([400, 404, 410]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toContain(bob.email);
  });
});

// --- No GET route changes state -------------------------------------------------------------

/**
 * The only GET routes allowed to write: campaign open and click tracking, append-only analytics
 * a mail client triggers by loading an image or following a link (docs/decisions/018).
 */
const GET_WRITE_WHITELIST = ['GET /t/o/:token', 'GET /t/c/:token'];

/**
 * Bookkeeping a read may legitimately touch, excluded from the snapshot:
 * - admin_sessions.last_seen_at: the idle timeout's sliding window (written at most once a minute);
 * - rate_limits: per-IP counters (a GET may be rate limited; counting is not a state change of data);
 * - idempotency_keys: replay cache of POST /api/contact, never written by a GET, excluded only
 *   because its expiry sweeps may run at any time;
 * - activity_logs rows of type `*.exported`: the audit trail of personal-data exports (the three
 *   admin CSV/JSON export GETs record who exported what, an accountability duty); the test asserts
 *   separately that exactly those entries, and nothing else, were appended.
 */
const EXCLUDED_TABLES = new Set(['rate_limits', 'idempotency_keys']);
const EXCLUDED_COLUMNS: Record<string, string[]> = { admin_sessions: ['last_seen_at'] };

const isExportAudit = (row: Record<string, unknown>) => /\.exported$/.test(String(row.type));

type Rows = { rows: Record<string, unknown>[] };
async function snapshot(): Promise<Map<string, string>> {
  const tables = (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as Rows
  ).rows.map((r) => String(r.table_name));
  const out = new Map<string, string>();
  for (const table of tables) {
    if (EXCLUDED_TABLES.has(table) || table.startsWith('__drizzle')) continue;
    const { rows } = (await database.db.execute(
      sql`select * from ${sql.identifier(table)}`,
    )) as unknown as Rows;
    const kept = table === 'activity_logs' ? rows.filter((row) => !isExportAudit(row)) : rows;
    const cleaned = kept
      .map((row) => {
        const copy = { ...row };
        for (const column of EXCLUDED_COLUMNS[table] ?? []) delete copy[column];
        return JSON.stringify(copy, Object.keys(copy).sort());
      })
      .sort();
    out.set(table, cleaned.join('\n'));
  }
  return out;
}

describe('no GET route changes state', () => {
  it('whitelists exactly the two tracking routes, which exist', () => {
    expect(GET_WRITE_WHITELIST).toEqual(['GET /t/o/:token', 'GET /t/c/:token']);
    const table = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const entry of GET_WRITE_WHITELIST) expect(table).toContain(entry);
  });

  it('calls every other GET route with real ids and tokens: every table is unchanged', async () => {
    const db = database.db;
    const service = await insertService(db, { title: 'Service GET' });
    await insertTeamMember(db);
    const post = await insertPost(db, { slug: 'article-get-sans-effet', views: 3 });
    const caseStudy = await insertCaseStudy(db);
    const contact = await insertContact(db, { status: 'nouveau' });
    const subscriber = await insertSubscriber(db, { status: 'pending' });
    const confirmToken = await issueToken(db, subscriber.id, 'confirm', new Date());
    const manageToken = await issueToken(db, subscriber.id, 'manage', new Date());
    const callLink = await signLink(db, 'call', contact.id, new Date(Date.now() + 3_600_000));
    const templateId = await seededTemplateId(db, 'monthly_newsletter');
    const campaign = await admin
      .post('/api/admin/campaigns')
      .send(aCampaignInput({ templateId }))
      .expect(201);
    const campaignId = campaign.body.campaign.id as string;
    // A call booked two days ahead, whose free times to move it to are read.
    const [call] = await db
      .insert(callBookings)
      .values({
        contactId: contact.id,
        adminId: admin.user.id,
        startsAt: new Date(Date.now() + 48 * 3_600_000),
        endsAt: new Date(Date.now() + 48 * 3_600_000 + 30 * 60_000),
      })
      .returning();

    const idFor = (path: string): string | undefined => {
      if (path.startsWith('/api/services/')) return service.id;
      if (path.startsWith('/api/admin/contacts/')) return contact.id;
      if (path.startsWith('/api/admin/newsletter/')) return subscriber.id;
      if (path.startsWith('/api/admin/blog/')) return post.id;
      if (path.startsWith('/api/admin/portfolio/')) return caseStudy.id;
      if (path.startsWith('/api/admin/email-templates/')) return templateId;
      if (path.startsWith('/api/admin/campaigns/')) return campaignId;
      if (path.startsWith('/api/admin/booking/calls/')) return call?.id;
      return undefined;
    };

    const before = await snapshot();
    const gets = routes.filter((r) => r.method === 'GET' && !GET_WRITE_WHITELIST.includes(`GET ${r.path}`));
    const answered: string[] = [];
    for (const route of gets) {
      let path = route.path.replace(':slug', post.slug).replace(':name', BACKUP_NAME);
      const id = idFor(path);
      if (path.includes(':id')) {
        expect(id, `no fixture for ${path}`).toBeTruthy();
        path = withId(path, id as string);
      }
      expect(path, 'every parameter is substituted').not.toContain(':');
      if (path.startsWith('/api/newsletter/')) path += `?token=${manageToken}`;
      if (path === '/api/calls') path += `?token=${callLink.token}`;
      const res = /^\/api\/(admin|auth)\//.test(path)
        ? await admin.get(path)
        : await request(testApp.app).get(path);
      answered.push(`${res.status} GET ${path}`);
      expect(res.status, `GET ${path} ${res.text.slice(0, 200)}`).toBeLessThan(400);
    }
    // The confirmation token must not be consumed by a GET either (mail scanners open links).
    const confirm = await request(testApp.app).get(`/api/newsletter/manage?token=${confirmToken}`);
    expect(confirm.status).toBeGreaterThanOrEqual(400);

    const after = await snapshot();
    const changes: string[] = [];
    for (const [table, content] of before) {
      const now = after.get(table) ?? '';
      if (now === content) continue;
      const old = new Set(content.split('\n'));
      const fresh = new Set(now.split('\n'));
      const added = [...fresh].filter((line) => !old.has(line));
      const removed = [...old].filter((line) => !fresh.has(line));
      changes.push(`${table}: +${added.join(' +')} -${removed.join(' -')}`);
    }
    expect(changes, `GET calls:\n${answered.join('\n')}`).toEqual([]);
    expect([...after.keys()]).toEqual([...before.keys()]);
    const audit = (
      (await database.db.execute(sql`select type from activity_logs order by created_at`)) as unknown as Rows
    ).rows
      .map((row) => String(row.type))
      .filter((type) => type.endsWith('.exported'));
    expect(audit.sort()).toEqual([
      'backup.exported',
      'contacts.exported',
      'subscriber.exported',
      'subscribers.exported',
    ]);
    expect(gets.length).toBeGreaterThan(30);
  });
});
