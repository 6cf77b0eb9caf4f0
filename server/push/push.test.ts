import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import selfsigned from 'selfsigned';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { pushDeliveries, pushSubscriptions } from '#db/schema.ts';
import { type AdminSession, signInAdmin } from '#tests/helpers/admin-session.ts';
import {
  insertBookableAdmin,
  insertCampaign,
  insertCampaignJob,
  insertSubscriber,
} from '#tests/helpers/factories.ts';
import { aPushDevice, decryptPush } from '#tests/helpers/push-device.ts';
import { aCallRequest } from '#tests/helpers/request-factories.ts';
import { createSeededDatabase } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';
import { finishCompletedCampaigns } from '../campaigns/campaigns.ts';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { issueToken } from '../newsletter/tokens.ts';
import { isAllowedPushService, isPublicAddress } from './endpoint.ts';
import { pushPayload } from './notify.ts';
import { createPushWorker } from './worker.ts';

/**
 * A push service on loopback, as RFC 8030 describes one: it takes an encrypted message POSTed to
 * a device's address and answers 201, or 410 for a device it forgot. HTTPS, as every real one,
 * with a certificate the workers are told to trust.
 */
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

let database: DatabaseHandle;
const others: DatabaseHandle[] = [];
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;
let service: https.Server;
let serviceUrl: string;
let servicePort: number;
let serviceCert: string;
const received: Received[] = [];
const gone = new Set<string>();
/** TCP connections the push service accepted, whatever came of them (TLS refused included). */
let connections = 0;

beforeAll(async () => {
  database = await createSeededDatabase();
  testApp = createTestApp(database, {
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
  });
  admin = await signInAdmin(testApp.app, database.db);
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'push.example.test' },
        ],
      },
    ],
  });
  service = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  service.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  servicePort = (service.address() as AddressInfo).port;
  serviceUrl = `https://127.0.0.1:${servicePort}`;
  serviceCert = pems.cert;
});
afterAll(async () => {
  await new Promise((resolve) => service?.close(resolve));
  for (const other of others) await other.close();
  await database?.close();
});

/** A browser's subscription (its P-256 key pair and auth secret), and what it received. */
function aBrowser(path: string) {
  const device = aPushDevice(`${serviceUrl}${path}`);
  return {
    ...device,
    /** The notifications this browser received, decrypted as it would (RFC 8291). */
    inbox: () => received.filter((r) => r.path === path).map((r) => JSON.parse(decryptPush(r.body, device))),
  };
}

type WorkerOverrides = Partial<Parameters<typeof createPushWorker>[0]>;
const worker = (db = database.db, overrides: WorkerOverrides = {}) =>
  createPushWorker({
    db,
    logger: createLogger(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })),
    publicUrl: testApp.deps.env.PUBLIC_URL,
    ca: serviceCert,
    policy: { hosts: ['127.0.0.1'], allowPrivateAddresses: true },
    ...overrides,
  });

/** A logger writing its JSON lines to `lines`, for the tests that read what was logged. */
function recordingLogger(lines: string[]) {
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return createLogger(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), { destination });
}

/** Endpoints that name an allowed push service to one URL parser and another host to the other. */
const SMUGGLED_ENDPOINTS = [
  // The outside review's payload: the WHATWG parser reads 127.0.0.1;.fcm.googleapis.com, Node's
  // legacy url.parse (which web-push sends with) 127.0.0.1.
  'https://127.0.0.1;.fcm.googleapis.com/x',
  'https://127.0.0.1%3B.fcm.googleapis.com/x',
  'https://127.0.0.1%3b.fcm.googleapis.com/x',
  'https://127.0.0.1\\.fcm.googleapis.com/x',
  'https://127.0.0.1\\@fcm.googleapis.com/x',
  "https://127.0.0.1'.fcm.googleapis.com/x",
  'https://127.0.0.1`.fcm.googleapis.com/x',
  'https://127.0.0.1{.fcm.googleapis.com/x',
  'https://127.0.0.1".fcm.googleapis.com/x',
  'https://127.0.0.1;.fcm.googleapis.com:8443/x',
  // Userinfo: an allowed name before the @, or the host after it.
  'https://fcm.googleapis.com@127.0.0.1/x',
  'https://127.0.0.1:443;@fcm.googleapis.com/x',
  'https://user:secret@fcm.googleapis.com/x',
  // Literal addresses, IPv6 and IPv4-mapped.
  'https://[::1]/x',
  'https://[::ffff:127.0.0.1]/x',
  'https://[::ffff:7f00:1]/x',
  'https://2130706433/x',
  'https://0x7f.0.0.1/x',
  // Not the host as a browser writes it: trailing dot, capitals, a port not as URL writes it.
  'https://fcm.googleapis.com./x',
  'https://updates.push.services.mozilla.com./x',
  'https://FCM.googleapis.com/x',
  'HTTPS://fcm.googleapis.com/x',
  'https://fcm.googleapis.com:443/x',
  'https://fcm.googleapis.com:0443/x',
  'https://fcm.googleapis.com:99999/x',
  'https://fcm.googleapis.com%2Eevil.example/x',
  'https://fcm%2egoogleapis.com/x',
  // Not https.
  'http://fcm.googleapis.com/x',
  'wss://fcm.googleapis.com/x',
];

describe('the push services a device may use', () => {
  it('are by default the browsers’ own services, subdomains included, and nothing else', () => {
    const { PUSH_SERVICE_HOSTS } = readEnv({ NODE_ENV: 'test' });
    const expectAllowed = (allowed: boolean, endpoints: string[]) => {
      for (const endpoint of endpoints) {
        expect(isAllowedPushService(endpoint, PUSH_SERVICE_HOSTS), endpoint).toBe(allowed);
      }
    };
    expectAllowed(true, [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]);
    expectAllowed(false, [
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://metadata.google.internal/computeMetadata',
    ]);
  });

  it('are read as every parser on the way reads them: a host smuggled past one parser is refused', () => {
    const { PUSH_SERVICE_HOSTS } = readEnv({ NODE_ENV: 'test' });
    for (const endpoint of SMUGGLED_ENDPOINTS) {
      expect(isAllowedPushService(endpoint, PUSH_SERVICE_HOSTS), endpoint).toBe(false);
    }
    // Real endpoints keep working: an FCM token has a colon, a WNS one a query and escapes.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dXk2:APA91bH-x_y',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bc%3d',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
    ]) {
      expect(isAllowedPushService(endpoint, PUSH_SERVICE_HOSTS), endpoint).toBe(true);
    }
  });

  it('lead to public addresses only: loopback, private, shared, link-local, unique-local and mapped ones are not', () => {
    for (const address of ['142.250.74.106', '172.32.0.1', '2a00:1450:4007:80c::200a', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '64:ff9b::7f00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('are refused when their name leads to a loopback or private address, unless the operator allows it', async () => {
    const strict = createTestApp(database, { PUSH_SERVICE_HOSTS: 'localhost,fcm.googleapis.com' });
    const operator = await signInAdmin(strict.app, database.db);
    const phone = aBrowser('/push/local');
    const before = connections;
    const refused = await operator
      .post('/api/admin/push/devices')
      .send({
        ...phone.subscription,
        endpoint: `https://localhost:${servicePort}/push/local`,
        label: 'Local',
      })
      .expect(400);
    expect(refused.body.error.fields.endpoint).toMatch(/adresse privée ou locale/);
    const smuggled = await operator
      .post('/api/admin/push/devices')
      .send({ ...phone.subscription, endpoint: 'https://127.0.0.1;.fcm.googleapis.com/x', label: 'Local' })
      .expect(400);
    expect(smuggled.body.error.fields.endpoint).toMatch(/n.autorise pas/);
    expect(connections).toBe(before);
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });
});

describe('a notification’s text', () => {
  it('is cut to what a notification shows, never inside a character written with two code units', () => {
    const name = '𝑻𝒉𝒆 𝒒𝒖𝒊𝒄𝒌 𝒃𝒓𝒐𝒘𝒏 𝒇𝒐𝒙 '.repeat(8);
    const payload = pushPayload({
      key: 'lead:1',
      title: `Nouveau contact : ${name}`,
      body: name,
      url: '/admin',
    });
    expect([...payload.title]).toHaveLength(80);
    expect([...payload.body]).toHaveLength(160);
    expect(payload.title.endsWith('…')).toBe(true);
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    expect(loneSurrogate.test(payload.title + payload.body)).toBe(false);
    expect(pushPayload({ key: 'lead:k', title: 'Court', body: 'Bref', url: '/admin' })).toEqual({
      title: 'Court',
      body: 'Bref',
      url: '/admin',
      tag: 'lead:k',
    });
  });
});

/** A visitor asks for a discovery call and books its first slot: a new lead, then a booked call. */
async function requestAndBookACall(ip: string, fullName: string, email: string) {
  const call = await request(testApp.app)
    .post('/api/contact')
    .set('X-Forwarded-For', ip)
    .send(aCallRequest({ fullName, email }))
    .expect(201);
  const token = new URL(call.body.bookingPath, 'https://x.test').searchParams.get('token') ?? '';
  const page = await request(testApp.app).get('/api/calls').query({ token }).expect(200);
  await request(testApp.app)
    .post('/api/calls/book')
    .send({ token, startsAt: page.body.slots[0].startsAt })
    .expect(201);
  return call;
}

describe('push notifications to the staff’s devices', () => {
  it('registers a device of the signed-in admin, and refuses an address that is not an allowed push service', async () => {
    const phone = aBrowser('/push/refused-check');
    await admin
      .post('/api/admin/push/devices')
      .send({ ...phone.subscription, endpoint: 'http://127.0.0.1/push/x', label: 'Test' })
      .expect(400);
    const elsewhere = await admin
      .post('/api/admin/push/devices')
      .send({ ...phone.subscription, endpoint: 'https://intranet.example.cd/push/x', label: 'Test' })
      .expect(400);
    expect(elsewhere.body.error.fields.endpoint).toMatch(
      /service de notification que le site n.autorise pas/,
    );
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('tells every device of a new lead once, even with two instances sending, encrypted for each device', async () => {
    const phone = aBrowser('/push/phone');
    const laptop = aBrowser('/push/laptop');
    for (const [browser, label] of [
      [phone, 'Chrome sur Android'],
      [laptop, 'Firefox sur Windows'],
    ] as const) {
      await admin
        .post('/api/admin/push/devices')
        .send({ ...browser.subscription, label })
        .expect(201);
    }
    const settings = await admin.get('/api/admin/push').expect(200);
    expect(settings.body.devices.map((d: { label: string }) => d.label)).toEqual([
      'Chrome sur Android',
      'Firefox sur Windows',
    ]);

    const lead = await request(testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', '10.40.0.1')
      .send(aCallRequest({ fullName: 'Bijou Kasongo' }))
      .expect(201);

    // Two instances, each with its own connections on PostgreSQL, run their workers at once.
    let second = database.db;
    if (currentBackend() === 'postgres') {
      const instance = await openSameDatabase(database, 2);
      others.push(instance);
      second = instance.db;
    }
    const results = await Promise.all([worker().runOnce(), worker(second).runOnce()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(2);

    for (const browser of [phone, laptop]) {
      expect(browser.inbox()).toEqual([
        {
          title: 'Nouveau contact\u00a0: Bijou Kasongo',
          body: expect.stringMatching(/^Demande d’appel découverte — /),
          url: `/admin/contacts?lead=${lead.body.id}`,
          tag: `lead:${lead.body.id}`,
        },
      ]);
    }
    const sent = received.find((r) => r.path === '/push/phone');
    expect(sent?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(sent?.headers.ttl)).toBeGreaterThan(0);
    // Signed with the site's VAPID key, the one browsers subscribed with.
    expect(sent?.headers.authorization).toContain(`k=${settings.body.publicKey}`);
    expect(await worker().runOnce()).toMatchObject({ sent: 0 });
  });

  it('gives back the deliveries its lease no longer covers: another instance that takes them sends them, and only it', async () => {
    const phone = aBrowser('/push/lease-phone');
    const laptop = aBrowser('/push/lease-laptop');
    for (const browser of [phone, laptop]) {
      await admin
        .post('/api/admin/push/devices')
        .send({ ...browser.subscription, label: 'Appareil' })
        .expect(201);
    }
    await request(testApp.app)
      .post('/api/contact')
      .set('X-Forwarded-For', '10.40.0.7')
      .send(aCallRequest({ fullName: 'Lent Bail' }))
      .expect(201);

    // One clock for both instances. The first sends one delivery, then waits so long for its next
    // turn (a slow push service, a busy thread) that its lease runs out and the second takes over.
    let clock = new Date(Date.now() + 1_000);
    const now = () => clock;
    const other = worker(database.db, { now });
    let turns = 0;
    const slow = worker(database.db, {
      now,
      visitorsFirst: {
        requestArrived() {},
        async turn() {
          turns++;
          if (turns !== 2) return;
          clock = new Date(clock.getTime() + 70_000);
          taken = await other.runOnce();
        },
      },
    });
    let taken: { sent: number } | undefined;
    const first = await slow.runOnce();
    expect(first.sent).toBe(1);
    // The second instance sent the rest; the first, past its lease, sent nothing more.
    expect(taken?.sent).toBeGreaterThanOrEqual(1);
    expect(phone.inbox()).toHaveLength(1);
    expect(laptop.inbox()).toHaveLength(1);
    await database.db
      .delete(pushSubscriptions)
      .where(
        inArray(pushSubscriptions.endpoint, [phone.subscription.endpoint, laptop.subscription.endpoint]),
      );
  });

  it('removes a device its push service no longer knows (410), and sends a test to one device only', async () => {
    const [phone] = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.label, 'Chrome sur Android'));
    const [laptop] = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.label, 'Firefox sur Windows'));
    if (!phone || !laptop) throw new Error('devices of the previous test missing');

    const before = received.length;
    await admin.post(`/api/admin/push/devices/${laptop.id}/test`).expect(202);
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect(received.slice(before).map((r) => r.path)).toEqual(['/push/laptop']);

    gone.add('/push/phone');
    await admin.post(`/api/admin/push/devices/${phone.id}/test`).expect(202);
    expect(await worker().runOnce()).toMatchObject({ gone: 1, sent: 0 });
    const left = await admin.get('/api/admin/push').expect(200);
    expect(left.body.devices.map((d: { label: string }) => d.label)).toEqual(['Firefox sur Windows']);
    expect(
      await database.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, phone.id)),
    ).toHaveLength(0);
  });

  it('also tells of a confirmed subscriber, a booked call and a finished campaign, each opening its screen', async () => {
    const tablet = aBrowser('/push/tablet');
    await admin
      .post('/api/admin/push/devices')
      .send({ ...tablet.subscription, label: 'Safari sur iPhone' })
      .expect(201);

    const subscriber = await insertSubscriber(database.db, {
      status: 'pending',
      email: 'grace@example.cd',
      firstName: 'Grâce',
    });
    const confirmToken = await issueToken(database.db, subscriber.id, 'confirm', new Date());
    await request(testApp.app).post('/api/newsletter/confirm').send({ token: confirmToken }).expect(200);

    await insertBookableAdmin(database.db, { firstName: 'Nadine', lastName: 'Mbuyi' });
    const call = await requestAndBookACall('10.40.0.2', 'Amani Kabeya', 'amani@example.cd');

    const campaign = await insertCampaign(database.db, { title: 'Newsletter de décembre' });
    await insertCampaignJob(database.db, campaign.id, subscriber.id);
    await finishCompletedCampaigns({ db: database.db, events: testApp.deps.events }, new Date());

    await worker().runOnce();
    // In whatever order the worker took them.
    const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
    expect(
      tablet
        .inbox()
        .map(({ title, url }) => ({ title, url }))
        .sort(byTitle),
    ).toEqual(
      [
        { title: 'Nouvel abonné à la newsletter', url: '/admin/newsletter' },
        { title: 'Nouveau contact\u00a0: Amani Kabeya', url: `/admin/contacts?lead=${call.body.id}` },
        { title: 'Appel réservé\u00a0: Amani Kabeya', url: `/admin/contacts?lead=${call.body.id}` },
        { title: 'Campagne envoyée', url: `/admin/emails/campaigns/${campaign.id}` },
      ].sort(byTitle),
    );
    expect(tablet.inbox().find((n) => n.url === '/admin/newsletter')?.body).toBe('Grâce (grace@example.cd)');
  });

  it('sends each event only to the devices that chose it, every event to a device by default', async () => {
    const desk = aBrowser('/push/desk');
    const added = await admin
      .post('/api/admin/push/devices')
      .send({ ...desk.subscription, label: 'Edge sur Windows' })
      .expect(201);
    expect(added.body.device.events).toEqual(['lead', 'call', 'subscriber', 'campaign', 'backup']);
    const path = `/api/admin/push/devices/${added.body.device.id}`;

    const refused = await admin.patch(path).send({ events: [] }).expect(400);
    expect(refused.body.error.fields.events).toBe(
      'Choisissez au moins un événement, ou supprimez cet appareil.',
    );
    await admin
      .patch(path)
      .send({ events: ['call', 'weather'] })
      .expect(400);
    const colleague = await signInAdmin(testApp.app, database.db);
    await colleague
      .patch(path)
      .send({ events: ['lead'] })
      .expect(404);
    const chosen = await admin
      .patch(path)
      .send({ events: ['call'] })
      .expect(200);
    expect(chosen.body.device.events).toEqual(['call']);
    // The same browser subscribing again keeps its choice.
    await admin
      .post('/api/admin/push/devices')
      .send({ ...desk.subscription, label: 'Edge sur Windows' })
      .expect(201);
    const listed = (await admin.get('/api/admin/push').expect(200)).body.devices;
    expect(listed.find((d: { label: string }) => d.label === 'Edge sur Windows').events).toEqual(['call']);

    const tablet = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.label, 'Safari sur iPhone'));
    const tabletPath = new URL(tablet[0]?.endpoint ?? '').pathname;
    const before = received.length;
    await requestAndBookACall('10.40.0.3', 'Patience Ilunga', 'patience@example.cd');
    await worker().runOnce();

    // The desk chose calls only: the booked call, not the new lead; the tablet kept everything.
    expect(desk.inbox().map((n) => n.title)).toEqual(['Appel réservé\u00a0: Patience Ilunga']);
    expect(
      received
        .slice(before)
        .filter((r) => r.path === tabletPath)
        .map((r) => r.path),
    ).toHaveLength(2);
    await admin.delete(path).expect(204);
  });

  it('lets an admin remove only their own devices', async () => {
    const [laptop] = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.label, 'Firefox sur Windows'));
    const colleague = await signInAdmin(testApp.app, database.db);
    await colleague.delete(`/api/admin/push/devices/${laptop?.id}`).expect(404);
    await colleague.post(`/api/admin/push/devices/${laptop?.id}/test`).expect(404);
    expect((await colleague.get('/api/admin/push').expect(200)).body.devices).toEqual([]);
    await admin.delete(`/api/admin/push/devices/${laptop?.id}`).expect(204);
    expect(
      (await admin.get('/api/admin/push').expect(200)).body.devices.map((d: { label: string }) => d.label),
    ).toEqual(['Safari sur iPhone']);
  });
});

describe('the push worker and the network', () => {
  it('never sends to an address that is not an allowed public push service: the device is dropped, the log names no address', async () => {
    const lines: string[] = [];
    const stored = [
      'https://127.0.0.1;.fcm.googleapis.com/x',
      `https://localhost:${servicePort}/push/stored-before`,
      `https://[::ffff:127.0.0.1]:${servicePort}/push/stored-before`,
    ];
    const rows = await database.db
      .insert(pushSubscriptions)
      .values(
        stored.map((endpoint, index) => ({
          userId: admin.user.id,
          endpoint,
          ...aBrowser(`/push/stored-${index}`).subscription.keys,
          label: `Ancien appareil ${index}`,
        })),
      )
      .returning();
    await database.db.insert(pushDeliveries).values(
      rows.map((row) => ({
        subscriptionId: row.id,
        dedupeKey: `stored:${row.id}`,
        payload: pushPayload({ key: 'lead:k', title: 'T', body: 'B', url: '/admin' }),
      })),
    );
    const before = connections;
    const result = await worker(database.db, {
      logger: recordingLogger(lines),
      policy: { hosts: ['fcm.googleapis.com', 'localhost', '127.0.0.1'], allowPrivateAddresses: false },
    }).runOnce();
    expect(result).toMatchObject({ sent: 0 });
    expect(connections).toBe(before);
    const ids = rows.map((row) => row.id);
    const left = await database.db.select().from(pushSubscriptions);
    expect(left.filter((row) => ids.includes(row.id))).toEqual([]);
    const log = lines.join('');
    expect(log).toContain('push device dropped');
    expect(log).not.toContain('localhost');
    expect(log).not.toContain('fcm.googleapis.com');
    expect(log).not.toContain('/push/stored-before');
  });

  it('connects to the address it checked: a name that turns into a private address after the check gets no connection', async () => {
    const phone = aBrowser('/push/pinned');
    const [device] = await database.db
      .insert(pushSubscriptions)
      .values({
        userId: admin.user.id,
        endpoint: `https://push.example.test:${servicePort}/push/pinned`,
        ...phone.subscription.keys,
        label: 'Épinglé',
      })
      .returning();
    if (!device) throw new Error('device not stored');
    const queue = () =>
      database.db.insert(pushDeliveries).values({
        subscriptionId: device.id,
        dedupeKey: `pinned:${randomBytes(4).toString('hex')}`,
        payload: pushPayload({ key: 'lead:pinned', title: 'Épinglé', body: 'B', url: '/admin' }),
      });
    const loopback: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }];

    // Allowed to reach private addresses, the worker connects where its resolver said: the name is
    // never looked up again behind its back.
    await queue();
    const lookups: string[] = [];
    const trusting = worker(database.db, {
      policy: { hosts: ['push.example.test'], allowPrivateAddresses: true },
      lookup: async (hostname) => {
        lookups.push(hostname);
        return loopback;
      },
    });
    expect(await trusting.runOnce()).toMatchObject({ sent: 1 });
    expect(phone.inbox().map((n) => n.title)).toEqual(['Épinglé']);
    expect(lookups.every((name) => name === 'push.example.test')).toBe(true);

    // DNS rebinding: public when checked, loopback when connecting. No connection is made.
    await queue();
    let answers = 0;
    const before = connections;
    const rebound = worker(database.db, {
      policy: { hosts: ['push.example.test'], allowPrivateAddresses: false },
      lookup: async () => (answers++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : loopback),
    });
    expect(await rebound.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    expect(answers).toBeGreaterThanOrEqual(2);
    expect(connections).toBe(before);
    expect(phone.inbox()).toHaveLength(1);
    await database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
  });
});
