/**
 * A new lead reaches the staff's device as a notification, and a tap opens it
 * (docs/decisions/080-staff-push.md), and not the device that chose not to announce new leads
 * (104), through every real part but the push service: the test is
 * the push service. It answers the site's Web Push request on loopback (HTTPS, RFC 8030),
 * decrypts the message with the browser's keys (RFC 8291) as a push service's device would, and
 * hands it to Chromium's service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage); the notification's tap is the worker's own handler.
 *
 * Its own server: it must trust the test's certificate and allow 127.0.0.1 as a push service.
 */
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import selfsigned from 'selfsigned';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { aPushDevice, decryptPush } from '#tests/helpers/push-device.ts';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { logIn } from './helpers/admin.ts';
import { E2E_PORT } from './helpers/mailbox.ts';
import { axeViolations, pwaReady, scrollsSideways } from './helpers/page.ts';
import { START_CEILING, startOwnSite } from './helpers/process.ts';

// The full browser: the headless shell has no system notifications to show a push message with.
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

test('a new lead arrives as a notification on the admin’s device, not on the one that chose otherwise, and its tap opens the lead', async ({
  browser,
  request,
}, testInfo) => {
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
  const messages: { path: string; body: Buffer }[] = [];
  const service = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      messages.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  // The phone, and a desk computer that will not announce new leads.
  const phone = aPushDevice(`${serviceUrl}/push/device-1`);
  const desk = aPushDevice(`${serviceUrl}/push/device-2`);

  const { url, stop, output } = await startOwnSite(E2E_PORT + 92, {
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

    // The devices' subscriptions reach the server as the screen sends them.
    for (const [device, label] of [
      [phone, 'Chrome sur Android'],
      [desk, 'Edge sur Windows'],
    ] as const) {
      const added = await page.evaluate(
        async (body) => {
          const response = await fetch('/api/admin/push/devices', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        { ...device.subscription, label },
      );
      expect(added).toBe(201);
    }
    // A 360-px phone (this journey runs in the desktop project only: it starts its own site).
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    const devices = page.getByRole('list', { name: 'Mes appareils' });
    await expect(devices).toContainText('Chrome sur Android');

    // The desk chooses its events: every one by default, new leads turned off.
    const deskEvents = devices.getByRole('group', {
      name: 'Notifications reçues sur «\u00a0Edge sur Windows\u00a0»',
    });
    const leads = deskEvents.getByRole('checkbox', { name: 'Nouvelle demande de contact' });
    await expect(deskEvents.getByRole('checkbox')).toHaveCount(5);
    for (const box of await deskEvents.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await leads.uncheck();
    await expect(page.getByText('Choix enregistré', { exact: true })).toBeVisible();
    await page.reload();
    await expect(leads).not.toBeChecked();
    await expect(
      deskEvents.getByRole('checkbox', { name: 'Appel réservé, déplacé ou annulé' }),
    ).toBeChecked();
    await expect(
      devices
        .getByRole('group', { name: 'Notifications reçues sur «\u00a0Chrome sur Android\u00a0»' })
        .getByRole('checkbox', { name: 'Nouvelle demande de contact' }),
    ).toBeChecked();
    // At 360 and 1280 px: nothing scrolls sideways, nothing axe faults.
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await deskEvents.scrollIntoViewIfNeeded();
      expect(await scrollsSideways(page), `${width} px`).toBe(false);
      expect(
        (await axeViolations(page)).map(({ id, nodes }) => ({
          id,
          targets: nodes.map((n) => n.target.join(' ')),
        })),
        `${width} px`,
      ).toEqual([]);
    }
    await page.goto('/admin/dashboard');

    // A visitor writes; the server pushes to the device's push service.
    const lead = await request.post(`${url}/api/contact`, {
      data: aWebsiteRequest({ fullName: 'Bijou Notifiée', serviceType: 'Branding' }),
      headers: { 'X-Forwarded-For': '10.60.0.1' },
    });
    expect(lead.status()).toBe(201);
    const leadId = ((await lead.json()) as { id: string }).id;
    await expect.poll(() => messages.length, { timeout: 30_000 }).toBe(1);
    // The worker sends a lead's deliveries together: a few more seconds, and still the phone's alone.
    await page.waitForTimeout(3_000);
    expect(messages.map((m) => m.path)).toEqual(['/push/device-1']);
    const payload = decryptPush(messages[0]?.body as Buffer, phone);
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
    const id = await registrationId;
    // DevTools hands the message over and never says whether the worker took it (its result is
    // dropped): once, in a busy CI run, no notification came at all, and the retry passed. A push
    // service delivers again what a device did not take; so does this loop. The notification's
    // tag makes a second delivery replace the first, so the list still holds exactly one.
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: url, registrationId: id, data: payload });
      await expect
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
          { timeout: 10_000 },
        )
        .toEqual([
          {
            title: 'Nouveau contact\u00a0: Bijou Notifiée',
            body: 'Message du formulaire de contact — Branding',
            icon: `${url}/icon-192.png`,
            url: `${url}/admin/contacts?lead=${leadId}`,
          },
        ]);
    }).toPass({ timeout: 40_000 });

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
  } catch (error) {
    // What the site's own process said (it once stopped answering mid-journey in a busy full run).
    await testInfo.attach('server.log', { body: output(), contentType: 'text/plain' });
    console.error(`The push journey's own server said:\n${output().slice(-4_000)}`);
    throw error;
  } finally {
    await stop();
    await new Promise((resolve) => service.close(resolve));
    fs.rmSync(certDir, { recursive: true, force: true });
  }
});
