/**
 * A new lead reaches the staff's device as a notification, and a tap opens it
 * (docs/decisions/080-staff-push.md), through every real part but the push service: the test is
 * the push service. It answers the site's Web Push request on loopback (HTTPS, RFC 8030),
 * decrypts the message with the browser's keys (RFC 8291) as a push service's device would, and
 * hands it to Chromium's service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage); the notification's tap is the worker's own handler.
 *
 * Its own server: it must trust the test's certificate and allow 127.0.0.1 as a push service.
 */
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ece from 'http_ece';
import selfsigned from 'selfsigned';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { logIn } from './helpers/admin.ts';
import { E2E_PORT } from './helpers/mailbox.ts';
import { pwaReady } from './helpers/page.ts';
import { START_CEILING, startOwnSite } from './helpers/process.ts';

test.use({ serviceWorkers: 'allow' });

test('a new lead arrives as a notification on the admin’s device, and its tap opens the lead', async ({
  browser,
  request,
}) => {
  test.setTimeout(START_CEILING + 90_000);

  // The push service: one device's address, the messages it was given.
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-push-'));
  const certFile = path.join(certDir, 'push-service.pem');
  fs.writeFileSync(certFile, pems.cert);
  const messages: Buffer[] = [];
  const service = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      messages.push(Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const endpoint = `https://127.0.0.1:${(service.address() as AddressInfo).port}/push/device-1`;
  // The device's keys, as its browser would make them for the subscription.
  const deviceKey = createECDH('prime256v1');
  deviceKey.generateKeys();
  const authSecret = randomBytes(16);

  const { url, stop } = await startOwnSite(E2E_PORT + 92, {
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
    NODE_EXTRA_CA_CERTS: certFile,
  });
  try {
    const context = await browser.newContext({ baseURL: url, locale: 'fr-FR', serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: url });
    const page = await context.newPage();
    // The site's service worker, installed as on any visit.
    await page.goto('/');
    await pwaReady(page);
    await page.goto('/admin/login?redirect=%2Fadmin%2Fsettings%3Fonglet%3Dnotifications');
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Notifications sur mes appareils' })).toBeVisible();

    // The device's subscription reaches the server as the screen sends it.
    const added = await page.evaluate(
      async (device) => {
        const response = await fetch('/api/admin/push/devices', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
          body: JSON.stringify(device),
        });
        return response.status;
      },
      {
        endpoint,
        keys: {
          p256dh: deviceKey.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        label: 'Chrome sur Android',
      },
    );
    expect(added).toBe(201);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Mes appareils' })).toContainText('Chrome sur Android');
    await page.goto('/admin/dashboard');

    // A visitor writes; the server pushes to the device's push service.
    const lead = await request.post(`${url}/api/contact`, {
      data: aWebsiteRequest({ fullName: 'Bijou Notifiée', serviceType: 'Branding' }),
      headers: { 'X-Forwarded-For': '10.60.0.1' },
    });
    expect(lead.status()).toBe(201);
    const leadId = ((await lead.json()) as { id: string }).id;
    await expect.poll(() => messages.length, { timeout: 30_000 }).toBe(1);
    const payload = ece
      .decrypt(messages[0] as Buffer, {
        version: 'aes128gcm',
        privateKey: deviceKey,
        authSecret: authSecret.toString('base64url'),
      })
      .toString('utf8');
    expect(JSON.parse(payload)).toMatchObject({ title: 'Nouveau contact\u00a0: Bijou Notifiée' });

    // The push service hands it to the browser; the service worker shows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: url,
      registrationId: await registrationId,
      data: payload,
    });
    const shown = await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              icon: n.icon,
              url: (n.data as { url: string }).url,
            })),
          ),
        { timeout: 15_000 },
      )
      .toEqual([
        {
          title: 'Nouveau contact\u00a0: Bijou Notifiée',
          body: 'Message du formulaire de contact — Branding',
          icon: `${url}/icon-192.png`,
          url: `${url}/admin/contacts?lead=${leadId}`,
        },
      ]);
    void shown;

    // A tap: the worker's notificationclick handler, given the notification it showed.
    const [worker] = context.serviceWorkers();
    await worker?.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventClass = (
        globalThis as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        }
      ).NotificationEvent;
      scope.dispatchEvent(
        new NotificationEventClass('notificationclick', { notification: notification as Notification }),
      );
    });
    await page.waitForURL(`**/admin/contacts?lead=${leadId}`);
    await expect(
      page.getByRole('dialog').or(page.getByRole('complementary')).getByText('Bijou Notifiée').first(),
    ).toBeVisible();
    await context.close();
  } finally {
    await stop();
    await new Promise((resolve) => service.close(resolve));
    fs.rmSync(certDir, { recursive: true, force: true });
  }
});
