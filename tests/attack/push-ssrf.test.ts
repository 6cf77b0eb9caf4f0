/**
 * Server-side request forgery through the staff's push devices: a device's
 * endpoint is an address the server later POSTs to. Each hostile endpoint goes through the real
 * admin API and is refused with a French field error; then the same endpoint, stored as if it had
 * got in before the check (an old row), gets a test push: the worker drops the device without a
 * single outgoing HTTPS request. A TLS server on loopback counts the connections it is offered,
 * and a diagnostics channel counts every HTTPS request the process starts.
 * The parsers' rules themselves are tested in server/push/push.test.ts.
 */
import { createECDH, randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { pushSubscriptions } from '#db/schema.ts';
import { type AdminSession, signInAdmin } from '../helpers/admin-session.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;
let service: https.Server;
let port: number;
/** TCP connections the loopback push service was offered. */
let connections = 0;
/** HTTPS requests this process started (supertest's own requests are plain HTTP). */
const httpsRequests: string[] = [];
const onRequest = (message: unknown) => {
  const { request } = message as { request: ClientRequest };
  if (request.protocol === 'https:') httpsRequests.push(`${request.host}${request.path}`);
};

beforeAll(async () => {
  database = await createTestDatabase();
  // The browsers' services, and `localhost`, a name on the list that leads to loopback. Private
  // addresses are not allowed (the default).
  testApp = createTestApp(database, {
    PUSH_SERVICE_HOSTS:
      'fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com,localhost',
  });
  admin = await signInAdmin(testApp.app, database.db);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  service = https.createServer({ key: pems.private, cert: pems.cert }, (_req, res) =>
    res.writeHead(201).end(),
  );
  service.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  port = (service.address() as AddressInfo).port;
  diagnostics.subscribe('http.client.request.start', onRequest);
});
afterAll(async () => {
  diagnostics.unsubscribe('http.client.request.start', onRequest);
  await new Promise((resolve) => service?.close(resolve));
  await database?.close();
});

/** Endpoints that lead into the server's own network, each in a disguise. */
const hostileEndpoints = () => [
  // The review's payload: WHATWG URL reads the host 127.0.0.1;.fcm.googleapis.com (allowed),
  // Node's url.parse, which web-push sends with, reads 127.0.0.1 (port 443).
  'https://127.0.0.1;.fcm.googleapis.com/x',
  'https://127.0.0.1%3B.fcm.googleapis.com/x',
  'https://127.0.0.1\\.fcm.googleapis.com/x',
  `https://127.0.0.1:${port}\\.fcm.googleapis.com/x`,
  `https://127.0.0.1:${port}\\@fcm.googleapis.com/x`,
  "https://127.0.0.1'.fcm.googleapis.com/x",
  'https://127.0.0.1`.fcm.googleapis.com/x',
  `https://fcm.googleapis.com@127.0.0.1:${port}/x`,
  `https://fcm.googleapis.com:x@127.0.0.1:${port}/x`,
  'https://127.0.0.1:443;@fcm.googleapis.com/x',
  `https://[::1]:${port}/x`,
  `https://[::ffff:127.0.0.1]:${port}/x`,
  `https://[::ffff:7f00:1]:${port}/x`,
  `https://2130706433:${port}/x`,
  'https://fcm.googleapis.com./x',
  'https://FCM.GOOGLEAPIS.COM/x',
  'https://fcm.googleapis.com:443/x',
  'http://fcm.googleapis.com/x',
  // On the list, but the name leads to loopback.
  `https://localhost:${port}/push/x`,
];

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe('a push endpoint that leads inside the network', () => {
  it('is refused by the admin API with a French field error, and nothing is stored', async () => {
    for (const endpoint of hostileEndpoints()) {
      const answer = await admin
        .post('/api/admin/push/devices')
        .send({ endpoint, keys: keys(), label: 'Appareil piégé' });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.error.fields?.endpoint, endpoint).toMatch(/notification/);
    }
    expect(await database.db.select().from(pushSubscriptions)).toEqual([]);
    expect(connections).toBe(0);
    expect(httpsRequests).toEqual([]);
  });

  it('gets no request from a test push when it was stored before the check: the device is dropped', async () => {
    await database.db.delete(pushSubscriptions);
    for (const endpoint of hostileEndpoints()) {
      const [device] = await database.db
        .insert(pushSubscriptions)
        .values({ userId: admin.user.id, endpoint, ...keys(), label: 'Ancien appareil' })
        .returning();
      if (!device) throw new Error('device not stored');
      await admin.post(`/api/admin/push/devices/${device.id}/test`).expect(202);
      await testApp.deps.push.worker.runOnce();
      expect(connections, endpoint).toBe(0);
      expect(httpsRequests, endpoint).toEqual([]);
      expect(
        await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)),
        endpoint,
      ).toEqual([]);
    }
  });
});
