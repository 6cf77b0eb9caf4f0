import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { connectRealtime } from '#app/features/admin/realtime/realtime-client.ts';
import type { RealtimeServerMessage } from '#common/schemas/admin.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { adminSessions, rateLimits } from '#db/schema.ts';
import { insertAdminUser } from '#tests/helpers/factories.ts';
import { aQuoteRequest } from '#tests/helpers/request-factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { createTestApp, serveWithRealtime } from '#tests/helpers/test-app.ts';
import { currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';
import { type RealtimeHub, type RealtimeHubOptions, SESSION_ENDED_CLOSE_CODE } from './ws-server.ts';

const ORIGIN = 'http://localhost:3000';
const ADMIN_EMAIL = 'admin@agence.cd';
const ADMIN_PASSWORD = 'motdepasse-solide';
const MINUTE = 60_000;

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;

/** Everything a test opened, closed after it (sockets first, then hubs, then servers). */
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createSeededDatabase({
    content: true,
    compile: false,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  });
  testApp = createTestApp(database);
  await testApp.deps.events.start();
});
afterAll(async () => {
  await testApp?.deps.events.stop();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(rateLimits);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Instance = { app: ReturnType<typeof createTestApp>['app']; url: string; hub: RealtimeHub };

/** A real HTTP server on a free loopback port serving the app and the websocket hub. */
async function serve(
  target: ReturnType<typeof createTestApp> = testApp,
  hubOptions: Partial<RealtimeHubOptions> = {},
): Promise<Instance> {
  const { hub, url, close } = await serveWithRealtime(target, hubOptions);
  cleanups.push(close);
  return { app: target.app, url, hub };
}

let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A visitor's quote request (from Awa Mbuyi) posted to `app`; it must be accepted. */
const postLead = (app: Instance['app']) =>
  request(app)
    .post('/api/contact')
    .set('X-Forwarded-For', nextIp())
    .send(aQuoteRequest({ fullName: 'Awa Mbuyi' }))
    .expect(201);

/** Logs in through the API; returns the "session=..." cookie. */
async function login(app: Instance['app'], email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const res = await request(app)
    .post('/api/auth/login')
    .set('Origin', ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', nextIp())
    .send({ email, password })
    .expect(200);
  const cookies = res.headers['set-cookie'] as unknown as string[];
  const cookie = cookies.find((c) => c.startsWith('session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] as string;
}

const authPost = (app: Instance['app'], path: string, cookie: string, body: object = {}) =>
  request(app)
    .post(path)
    .set('Origin', ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', nextIp())
    .set('Cookie', cookie)
    .send(body);

/** An open client socket that records what it receives. */
type Probe = {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  next(predicate?: (m: RealtimeServerMessage) => boolean): Promise<RealtimeServerMessage>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
};

/** Opens a socket; resolves once open, or with the HTTP status the upgrade was refused with. */
function open(
  url: string,
  headers: Record<string, string>,
  options: { autoPong?: boolean } = {},
): Promise<Probe | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, ...options });
    const messages: RealtimeServerMessage[] = [];
    const waiters: {
      predicate: (m: RealtimeServerMessage) => boolean;
      resolve: (m: RealtimeServerMessage) => void;
    }[] = [];
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) => {
      ws.on('close', (code, reason) => resolveClose({ code, reason: reason.toString() }));
    });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as RealtimeServerMessage;
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    ws.on('error', reject);
    ws.on('open', () => {
      cleanups.push(async () => {
        if (ws.readyState === WebSocket.CLOSED) return;
        ws.terminate();
        await closed;
      });
      resolve({
        ws,
        messages,
        closed,
        send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
        next: (predicate = () => true) => {
          const seen = messages.find(predicate);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveMessage) => waiters.push({ predicate, resolve: resolveMessage }));
        },
      });
    });
  });
}

async function connect(url: string, cookie: string, options: { autoPong?: boolean } = {}): Promise<Probe> {
  const result = await open(url, { Cookie: cookie, Origin: ORIGIN }, options);
  if ('status' in result) throw new Error(`upgrade refused with ${result.status}`);
  await result.next((m) => m.type === 'connected');
  return result;
}

async function refusedStatus(url: string, headers: Record<string, string>): Promise<number> {
  const result = await open(url, headers);
  if (!('status' in result)) throw new Error('the upgrade was accepted');
  return result.status;
}

async function subscribe(probe: Probe, channel: string) {
  probe.send({ type: 'subscribe', channel });
  await probe.next((m) => m.type === 'subscribed' && m.channel === channel);
}

/** Resolves with the close, or rejects if the socket is still open after `ms`. */
/** The socket's close, waited for up to 20 s (a close the server owes never takes that long). */
async function closed(probe: Probe) {
  const ms = 20_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      probe.closed,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function stillAnswers(probe: Probe) {
  const before = probe.messages.filter((m) => m.type === 'pong').length;
  probe.send({ type: 'ping' });
  await probe.next(() => probe.messages.filter((m) => m.type === 'pong').length > before);
  expect(probe.ws.readyState).toBe(WebSocket.OPEN);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('websocket /ws — who may connect', () => {
  it('refuses an upgrade without a session cookie (401)', async () => {
    const { url } = await serve();
    expect(await refusedStatus(url, { Origin: ORIGIN })).toBe(401);
  });

  it('refuses a valid session from a foreign or missing Origin (403)', async () => {
    const instance = await serve();
    const cookie = await login(instance.app);
    expect(await refusedStatus(instance.url, { Cookie: cookie, Origin: 'https://evil.example' })).toBe(403);
    expect(await refusedStatus(instance.url, { Cookie: cookie })).toBe(403);
    expect(instance.hub.clientCount()).toBe(0);
  });

  it('accepts the site opened under another of its addresses (its own Host) and a trusted origin', async () => {
    const instance = await serve(testApp, { trustedOrigins: ['https://www.agence.example'] });
    const cookie = await login(instance.app);
    const ownOrigin = instance.url.replace('ws://', 'http://').replace('/ws', '');
    for (const origin of [ownOrigin, 'https://www.agence.example']) {
      const result = await open(instance.url, { Cookie: cookie, Origin: origin });
      if ('status' in result) throw new Error(`${origin} refused with ${result.status}`);
      await result.next((m) => m.type === 'connected');
      result.ws.close();
    }
    // Same host name, another port: another origin.
    expect(
      await refusedStatus(instance.url, { Cookie: cookie, Origin: ownOrigin.replace(/:\d+$/, ':1') }),
    ).toBe(403);
  });

  it('refuses a garbage token and a logged-out session (401)', async () => {
    const instance = await serve();
    expect(await refusedStatus(instance.url, { Cookie: 'session=not-a-token', Origin: ORIGIN })).toBe(401);
    expect(await refusedStatus(instance.url, { Cookie: `session=${'A'.repeat(43)}`, Origin: ORIGIN })).toBe(
      401,
    );
    const cookie = await login(instance.app);
    await authPost(instance.app, '/api/auth/logout', cookie).expect(204);
    expect(await refusedStatus(instance.url, { Cookie: cookie, Origin: ORIGIN })).toBe(401);
  });

  it('refuses other upgrade paths (404)', async () => {
    const instance = await serve();
    const cookie = await login(instance.app);
    const other = instance.url.replace(/\/ws$/, '/autre');
    expect(await refusedStatus(other, { Cookie: cookie, Origin: ORIGIN })).toBe(404);
  });
});

describe('websocket /ws — protocol', () => {
  it('greets with a client id, answers ping, subscribe, unsubscribe, and French errors', async () => {
    const instance = await serve();
    const cookie = await login(instance.app);
    const a = await connect(instance.url, cookie);
    const b = await connect(instance.url, cookie);
    const idOf = (p: Probe) => (p.messages[0] as { clientId: string }).clientId;
    expect(a.messages[0]).toEqual({ type: 'connected', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(idOf(a)).not.toBe(idOf(b));

    a.send({ type: 'ping' });
    expect(await a.next((m) => m.type !== 'connected')).toEqual({ type: 'pong' });
    a.send({ type: 'subscribe', channel: 'contacts' });
    expect(await a.next((m) => m.type === 'subscribed')).toEqual({ type: 'subscribed', channel: 'contacts' });
    a.send({ type: 'unsubscribe', channel: 'contacts' });
    expect(await a.next((m) => m.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      channel: 'contacts',
    });

    a.send('pas du JSON');
    a.send({ type: 'subscribe', channel: 'secret' });
    a.send({ type: 'inconnu' });
    await a.next(() => a.messages.filter((m) => m.type === 'error').length === 3);
    expect(a.messages.filter((m) => m.type === 'error')).toEqual(
      Array(3).fill({ type: 'error', message: 'Message invalide.' }),
    );
    // Invalid messages do not cost the connection.
    await stillAnswers(a);
  });

  it('closes a socket that sends an oversized message', async () => {
    const instance = await serve();
    const a = await connect(instance.url, await login(instance.app));
    a.send({ type: 'ping', padding: 'x'.repeat(8 * 1024) });
    expect((await closed(a)).code).toBe(1009);
  });

  it('delivers a new lead to the sockets subscribed to contacts only', async () => {
    const instance = await serve();
    const cookie = await login(instance.app);
    const contacts = await connect(instance.url, cookie);
    const dashboardOnly = await connect(instance.url, cookie);
    await subscribe(contacts, 'contacts');
    await subscribe(dashboardOnly, 'dashboard');

    const res = await postLead(instance.app);

    expect(await contacts.next((m) => m.type === 'broadcast')).toEqual({
      type: 'broadcast',
      channel: 'contacts',
      data: {
        type: 'new_contact',
        id: res.body.id,
        fullName: 'Awa Mbuyi',
        source: 'quote_request',
        serviceInterest: expect.any(String),
      },
    });
    // The lead's two events are one transaction, delivered in order: once the dashboard socket has
    // the second, it would already have had the first if it were sent to it.
    await dashboardOnly.next((m) => m.type === 'broadcast');
    expect(dashboardOnly.messages.filter((m) => m.type === 'broadcast')).toEqual([
      { type: 'broadcast', channel: 'dashboard', data: { type: 'stats_update' } },
    ]);
    expect(contacts.messages.filter((m) => m.type === 'broadcast')).toHaveLength(1);
  });

  it('stops a channel’s broadcasts to a socket once the admin’s screen stops listening (unsubscribe)', async () => {
    const instance = await serve();
    const cookie = await login(instance.app);
    // The back-office's own client, over a socket that carries the admin's cookie as a browser would.
    class BrowserSocket extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { Cookie: cookie, Origin: ORIGIN } });
      }
    }
    vi.stubGlobal('WebSocket', BrowserSocket);
    cleanups.push(async () => {
      vi.unstubAllGlobals();
    });
    const received: RealtimeServerMessage[] = [];
    const connection = connectRealtime({
      url: instance.url,
      channels: ['system'],
      onMessage: (message) => received.push(message),
    });
    cleanups.push(async () => connection.close());
    const broadcasts = (type: string) =>
      received.filter((m) => m.type === 'broadcast' && m.data.type === type).length;

    const stopListening = connection.listen('dashboard');
    await vi.waitFor(() => expect(received).toContainEqual({ type: 'subscribed', channel: 'dashboard' }));
    await postLead(instance.app);
    await vi.waitFor(() => expect(broadcasts('stats_update')).toBe(1));

    stopListening();
    await vi.waitFor(() => expect(received).toContainEqual({ type: 'unsubscribed', channel: 'dashboard' }));
    await postLead(instance.app);
    // A notification published after the lead arrives after the lead's events would have.
    await testApp.deps.events.publish(database.db, {
      channel: 'system',
      type: 'notification',
      data: { title: 'Test', message: 'Après la demande', level: 'success' },
    });
    await vi.waitFor(() => expect(broadcasts('notification')).toBe(1));
    expect(broadcasts('stats_update')).toBe(1);
  });

  it('never forwards the internal session events to browsers', async () => {
    const instance = await serve();
    const keep = await connect(instance.url, await login(instance.app));
    await subscribe(keep, 'system');
    const other = await login(instance.app);
    await authPost(instance.app, '/api/auth/logout', other).expect(204);
    // A visible event after the logout's internal one proves the channel was open all along.
    await testApp.deps.events.publish(database.db, {
      channel: 'system',
      type: 'notification',
      data: { title: 'Test', message: 'Bonjour', level: 'success' },
    });
    await keep.next((m) => m.type === 'broadcast');
    expect(keep.messages.filter((m) => m.type === 'broadcast')).toEqual([
      {
        type: 'broadcast',
        channel: 'system',
        data: { type: 'notification', title: 'Test', message: 'Bonjour', level: 'success' },
      },
    ]);
  });
});

describe('websocket /ws — the session ends, the socket closes', () => {
  it('closes the socket of a session that logs out at once, and only that one', async () => {
    // The periodic check would take an hour: only the logout's event can close it in time.
    const instance = await serve(testApp, { sessionCheckIntervalMs: 60 * MINUTE });
    const leaving = await login(instance.app);
    const staying = await login(instance.app);
    const leavingSocket = await connect(instance.url, leaving);
    const stayingSocket = await connect(instance.url, staying);

    await authPost(instance.app, '/api/auth/logout', leaving).expect(204);
    expect((await closed(leavingSocket)).code).toBe(SESSION_ENDED_CLOSE_CODE);
    await stillAnswers(stayingSocket);
  });

  it("closes the other sessions' sockets when the password changes", async () => {
    const email = 'second.admin@agence.cd';
    await insertAdminUser(database.db, { email, password: 'premier-mot-de-passe' });
    const instance = await serve(testApp, { sessionCheckIntervalMs: 60 * MINUTE });
    const current = await login(instance.app, email, 'premier-mot-de-passe');
    const elsewhere = await login(instance.app, email, 'premier-mot-de-passe');
    const currentSocket = await connect(instance.url, current);
    const elsewhereSocket = await connect(instance.url, elsewhere);

    await authPost(instance.app, '/api/auth/password', current, {
      currentPassword: 'premier-mot-de-passe',
      newPassword: 'second-mot-de-passe',
      confirmPassword: 'second-mot-de-passe',
    }).expect(204);
    expect((await closed(elsewhereSocket)).code).toBe(SESSION_ENDED_CLOSE_CODE);
    await stillAnswers(currentSocket);
  });

  it('re-checks sessions without extending them, and closes an idle-expired one', async () => {
    let offset = 0;
    const instance = await serve(testApp, {
      now: () => new Date(Date.now() + offset),
      sessionCheckIntervalMs: 50,
    });
    const cookie = await login(instance.app);
    const [session] = await database.db
      .select({ id: adminSessions.id, lastSeenAt: adminSessions.lastSeenAt })
      .from(adminSessions)
      .orderBy(sql`${adminSessions.createdAt} desc`)
      .limit(1);
    if (!session) throw new Error('no session');

    // Five minutes later (past the one-minute touch interval a request would update): connecting
    // and several re-checks leave the session's last activity where the login put it.
    offset = 5 * MINUTE;
    const socket = await connect(instance.url, cookie);
    await sleep(400);
    await stillAnswers(socket);
    const [after] = await database.db
      .select({ lastSeenAt: adminSessions.lastSeenAt })
      .from(adminSessions)
      .where(eq(adminSessions.id, session.id));
    expect(after?.lastSeenAt).toEqual(session.lastSeenAt);

    // Thirty-one idle minutes: the next periodic check closes it, and it cannot come back.
    offset = 31 * MINUTE;
    expect((await closed(socket)).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await refusedStatus(instance.url, { Cookie: cookie, Origin: ORIGIN })).toBe(401);
  });

  it('terminates a socket that stops answering pings, and keeps the ones that answer', async () => {
    // Half a second between pings: at 50 ms, a loaded machine once held the healthy socket's pong
    // past the next ping and the server rightly dropped it too.
    const instance = await serve(testApp, { heartbeatIntervalMs: 500 });
    const cookie = await login(instance.app);
    const healthy = await connect(instance.url, cookie);
    const vanished = await connect(instance.url, cookie, { autoPong: false });
    // No close handshake: the server just drops the connection (1006 on the client's side).
    expect((await closed(vanished)).code).toBe(1006);
    // Two more rounds of pings, answered.
    await sleep(1_100);
    await stillAnswers(healthy);
    expect(instance.hub.clientCount()).toBe(1);
  });

  it('closes open sockets with 1001 when the hub shuts down', async () => {
    const instance = await serve();
    const socket = await connect(instance.url, await login(instance.app));
    await instance.hub.close();
    expect((await closed(socket)).code).toBe(1001);
    expect(instance.hub.clientCount()).toBe(0);
  });
});

// Two instances need two connections to one server: only meaningful on PostgreSQL (PGlite is one
// process, its in-process delivery is what the tests above use).
if (currentBackend() === 'postgres') {
  describe('websocket /ws — several instances', () => {
    it('delivers a lead posted to one instance to a socket connected to another', async () => {
      const otherDatabase = await openSameDatabase(database, 3);
      const other = createTestApp(otherDatabase);
      await other.deps.events.start();
      cleanups.push(async () => {
        await other.deps.events.stop();
        await otherDatabase.close();
      });

      const first = await serve(testApp);
      const second = await serve(other);
      const socket = await connect(second.url, await login(second.app));
      await subscribe(socket, 'contacts');

      const res = await postLead(first.app);
      const message = await socket.next((m) => m.type === 'broadcast');
      expect(message).toMatchObject({
        type: 'broadcast',
        channel: 'contacts',
        data: { type: 'new_contact', id: res.body.id, fullName: 'Awa Mbuyi' },
      });

      // A logout on the first instance closes the socket held by the second one.
      const leaving = await login(first.app);
      const leavingSocket = await connect(second.url, leaving);
      await authPost(first.app, '/api/auth/logout', leaving).expect(204);
      expect((await closed(leavingSocket)).code).toBe(SESSION_ENDED_CLOSE_CODE);
    });
  });
}
