/**
 * Two instances, one site: two production server processes on two loopback ports
 * against one PostgreSQL database, started together (migrations under the advisory lock). A
 * session made on one works on the other; a lead posted to one reaches the admin screen open on
 * the other, live; outbox emails are sent exactly once although both workers compete for them.
 *
 * Needs a PostgreSQL server: defined when TEST_DATABASE_URL is set (CI's .ci/run sets it), like
 * the PostgreSQL half of the integration tests.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import pg from 'pg';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { ADMIN, clientIp, logIn, toasts } from './helpers/admin.ts';
import { E2E_PORT, emailsTo, SMTP_URL } from './helpers/mailbox.ts';
import { type SiteProcess, START_CEILING, startSiteProcess, waitUntilReady } from './helpers/process.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const STAFF_INBOX = 'leads@lisanga-digital.cd';

function startInstance(
  port: number,
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): SiteProcess {
  return startSiteProcess(port, dataDir, {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    SMTP_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  });
}

/** Logs the admin in through the API of `url`: the headers of their next admin calls there. */
async function adminHeaders(request: APIRequestContext, url: string, ip: string) {
  const headers = { Origin: url, 'X-Requested-With': 'fetch', 'X-Forwarded-For': ip };
  const login = await request.post(`${url}/api/auth/login`, {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(200);
  return { ...headers, Cookie: (login.headers()['set-cookie'] ?? '').split(';')[0] ?? '' };
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

if (SERVER_URL) {
  test.describe('two instances on one PostgreSQL', () => {
    test.describe.configure({ mode: 'serial' });
    let instances: [SiteProcess, SiteProcess];
    let databaseName: string;
    let databaseUrl: string;
    const dataDirs: string[] = [];

    test.beforeAll(async () => {
      test.setTimeout(START_CEILING + 180_000);
      databaseName = `instances_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      databaseUrl = withDatabase(SERVER_URL, databaseName);
      const ports = [E2E_PORT + 93, E2E_PORT + 94];
      instances = ports.map((port) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-instance-'));
        dataDirs.push(dataDir);
        // Both look for planned posts every half second: they compete for each one.
        return startInstance(port, databaseUrl, dataDir, { SCHEDULED_PUBLISH_POLL_MS: '500' });
      }) as [SiteProcess, SiteProcess];
      // Started together: one migrates and seeds under the advisory lock, the other waits.
      await Promise.all(instances.map(waitUntilReady));
    });

    test.afterAll(async () => {
      for (const instance of instances ?? []) {
        if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
      }
      const codes = await Promise.all((instances ?? []).map((instance) => instance.exited));
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      if (SERVER_URL && databaseName) {
        const admin = new pg.Client({ connectionString: SERVER_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
      expect(codes).toEqual([0, 0]);
    });

    test('a session made on one instance works on the other; logging out on the other ends it', async ({
      request,
    }, testInfo) => {
      const [a, b] = instances;
      const login = await request.post(`${a.url}/api/auth/login`, {
        headers: { Origin: a.url, 'X-Requested-With': 'fetch', 'X-Forwarded-For': clientIp(testInfo, 10) },
        data: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(login.status()).toBe(200);
      const cookie = (login.headers()['set-cookie'] ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^session=/);

      const me = await request.get(`${b.url}/api/auth/me`, { headers: { Cookie: cookie } });
      expect(me.status()).toBe(200);
      expect((await me.json()).user.email).toBe(ADMIN.email);

      const logout = await request.post(`${b.url}/api/auth/logout`, {
        headers: { Cookie: cookie, Origin: b.url, 'X-Requested-With': 'fetch' },
      });
      expect(logout.status()).toBe(204);
      expect((await request.get(`${a.url}/api/auth/me`, { headers: { Cookie: cookie } })).status()).toBe(401);
    });

    test('a lead posted to one instance appears live in the leads screen open on the other', async ({
      page,
      request,
    }, testInfo) => {
      const [a, b] = instances;
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 11) });
      await page.goto(`${b.url}/admin/login?redirect=%2Fadmin%2Fcontacts`);
      await logIn(page);
      await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
      await expect(page.locator('[data-realtime="connected"]').first()).toBeAttached();

      const fullName = `Instance Kabasele ${randomUUID().slice(0, 4).replace(/\d/g, 'x')}`;
      const posted = await request.post(`${a.url}/api/contact`, {
        headers: { 'X-Forwarded-For': clientIp(testInfo, 12), 'Idempotency-Key': randomUUID() },
        data: aWebsiteRequest({ fullName }),
      });
      expect(posted.status()).toBe(201);
      await expect(toasts(page).filter({ hasText: 'Nouveau contact !' })).toContainText(
        `${fullName} vient de nous contacter`,
      );
      await expect(page.getByTestId('contact-row').filter({ hasText: fullName })).toHaveCount(1);
    });

    test('a service renamed in the admin of one instance shows at once on both instances, whose pages were cached', async ({
      request,
    }, testInfo) => {
      const [a] = instances;
      const services = (await (await request.get(`${a.url}/api/services/parents`)).json()) as {
        id: string;
        title: string;
      }[];
      const service = services[0] as { id: string; title: string };
      // Each instance has made and kept the page and the API answer: the second one is a hit.
      for (const instance of instances) {
        for (const path of ['/services', '/api/services']) {
          await request.get(`${instance.url}${path}`);
          const again = await request.get(`${instance.url}${path}`);
          expect(again.headers()['x-cache'], `${instance.url}${path} kept`).toBe('hit');
          expect(await again.text()).toContain(service.title);
        }
      }

      const admin = await adminHeaders(request, a.url, clientIp(testInfo, 17));
      const title = `Conseil renommé ${randomUUID().slice(0, 6)}`;
      const renamed = await request.patch(`${a.url}/api/admin/services/${service.id}`, {
        headers: admin,
        data: { title },
      });
      expect(renamed.status()).toBe(200);

      // The change reaches the other instance through PostgreSQL's notification, in milliseconds;
      // the poll absorbs that delivery and a render on a busy machine, still far below the cache's
      // ten-minute time to live: a page showing the new title was invalidated, not expired.
      for (const instance of instances) {
        for (const path of ['/services', `/services/${service.id}`, '/api/services']) {
          await expect
            .poll(async () => (await (await request.get(`${instance.url}${path}`)).text()).includes(title), {
              timeout: 30_000,
              message: `${instance.url}${path} shows the new title`,
            })
            .toBe(true);
        }
      }
    });

    test('WEB_CONCURRENCY=2: two server processes share one port, one that dies is replaced, SIGTERM stops them all cleanly', async ({
      request,
    }) => {
      test.setTimeout(START_CEILING + 120_000);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-instance-'));
      dataDirs.push(dataDir);
      const primary = startInstance(E2E_PORT + 95, databaseUrl, dataDir, { WEB_CONCURRENCY: '2' });
      const workers = () =>
        spawnSync('pgrep', ['-P', String(primary.child.pid)])
          .stdout.toString()
          .split('\n')
          .filter(Boolean)
          .map(Number);
      try {
        await waitUntilReady(primary);
        await expect.poll(() => workers().length, { timeout: 30_000 }).toBe(2);
        const [victim] = workers();
        process.kill(victim as number, 'SIGKILL');
        await expect
          .poll(() => workers().filter((pid) => pid !== victim).length, {
            timeout: 30_000,
            message: `a new worker replaces the killed one:\n${primary.output()}`,
          })
          .toBe(2);
        for (let i = 0; i < 6; i++) expect((await request.get(`${primary.url}/services`)).status()).toBe(200);
      } finally {
        primary.child.kill('SIGTERM');
      }
      expect(await primary.exited, primary.output()).toBe(0);
      expect(workers()).toEqual([]);
    });

    /** A count from the instances' database. */
    async function countRows(query: string, value: unknown): Promise<number> {
      const db = new pg.Client({ connectionString: withDatabase(SERVER_URL as string, databaseName) });
      await db.connect();
      try {
        return Number((await db.query<{ count: string }>(query, [value])).rows[0]?.count);
      } finally {
        await db.end();
      }
    }

    test('a post planned on one instance goes online once, both instances looking for it', async ({
      request,
    }, testInfo) => {
      const [a, b] = instances;
      const admin = await adminHeaders(request, a.url, clientIp(testInfo, 16));
      const run = randomUUID().slice(0, 8);
      const created = await request.post(`${a.url}/api/admin/blog`, {
        headers: admin,
        data: { title: `Deux instances ${run}`, category: 'branding', content: 'Planifié.' },
      });
      expect(created.status()).toBe(201);
      const { post } = await created.json();
      const planned = await request.post(`${a.url}/api/admin/blog/${post.id}/schedule`, {
        headers: admin,
        data: { publishAt: new Date(Date.now() + 3_000).toISOString() },
      });
      expect(planned.status()).toBe(200);
      await expect
        .poll(async () => (await request.get(`${b.url}/blog/${post.slug}`)).status(), { timeout: 30_000 })
        .toBe(200);
      // A few more rounds of both instances: still one publication, one line in the log.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(
        await countRows('select count(*) from content_publications where content_id = $1', post.id),
      ).toBe(1);
      expect(
        await countRows(
          "select count(*) from activity_logs where type = 'post.published' and title like $1",
          `%Deux instances ${run}`,
        ),
      ).toBe(1);
    });

    test('emails queued on both instances are each sent exactly once', async ({ request }, testInfo) => {
      test.setTimeout(START_CEILING + 120_000);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const instance = instances[i % 2] as SiteProcess;
        const res = await request.post(`${instance.url}/api/contact`, {
          headers: { 'X-Forwarded-For': clientIp(testInfo, 13 + (i % 2)), 'Idempotency-Key': randomUUID() },
          data: aWebsiteRequest({ fullName: `Double Envoi ${String.fromCharCode(97 + i)}` }),
        });
        expect(res.status()).toBe(201);
        ids.push((await res.json()).id);
      }
      // Each lead's staff notification, whichever instance's worker sent it, arrives once.
      for (const id of ids) {
        await expect
          .poll(async () => (await emailsTo(STAFF_INBOX, { containing: `lead=${id}` })).length, {
            timeout: 30_000,
          })
          .toBe(1);
      }
      // And stays at one: once every row is marked sent, no worker can pick it up again (a claim
      // takes pending rows only), so a late duplicate would already be in the mailbox.
      await expect
        .poll(
          () =>
            countRows(
              "select count(*) from email_outbox where dedupe_key = any($1) and status <> 'sent'",
              ids.map((id) => `lead:${id}`),
            ),
          { timeout: 30_000 },
        )
        .toBe(0);
      for (const id of ids) expect(await emailsTo(STAFF_INBOX, { containing: `lead=${id}` })).toHaveLength(1);
    });

    test('a campaign sent from one instance reaches each recipient exactly once, both workers competing', async ({
      request,
    }, testInfo) => {
      test.setTimeout(START_CEILING + 180_000);
      const [a] = instances;
      const admin = await adminHeaders(request, a.url, clientIp(testInfo, 15));

      const run = randomUUID().slice(0, 8);
      const tag = `instances-${run}`;
      const recipients = Array.from({ length: 16 }, (_, i) => `multi-${run}-${i}@example.cd`);
      const imported = await request.post(`${a.url}/api/admin/newsletter/import?consented=true&tags=${tag}`, {
        headers: { ...admin, 'Content-Type': 'text/csv' },
        data: `email\n${recipients.join('\n')}\n`,
      });
      expect(imported.status()).toBe(200);
      expect((await imported.json()).created).toBe(recipients.length);

      const db = new pg.Client({ connectionString: withDatabase(SERVER_URL, databaseName) });
      await db.connect();
      const template = await db.query<{ id: string }>(
        "select id from email_templates where key = 'monthly_newsletter'",
      );
      await db.end();
      const subject = `Les nouvelles du mois ${run}`;
      const created = await request.post(`${a.url}/api/admin/campaigns`, {
        headers: admin,
        data: {
          title: `Deux instances ${run}`,
          subject,
          templateId: template.rows[0]?.id,
          segment: { tags: [tag] },
          // A campaign with nothing of its own to say is refused (decision 073).
          content: { contentHtml: `<p>Ce mois-ci ${run}, trois idées pour vendre plus.</p>` },
        },
      });
      expect(created.status()).toBe(201);
      const { campaign } = await created.json();
      expect(
        (await request.post(`${a.url}/api/admin/campaigns/${campaign.id}/send`, { headers: admin })).status(),
      ).toBe(200);

      for (const address of recipients) {
        await expect
          .poll(async () => (await emailsTo(address, { subject: new RegExp(run) })).length, {
            timeout: 60_000,
          })
          .toBe(1);
      }
      // Finished (no job left queued): no worker sends any of them again.
      await expect
        .poll(
          () =>
            countRows(
              "select count(*) from campaign_jobs where campaign_id = $1 and status = 'queued'",
              campaign.id,
            ),
          {
            timeout: 30_000,
          },
        )
        .toBe(0);
      for (const address of recipients)
        expect(await emailsTo(address, { subject: new RegExp(run) })).toHaveLength(1);
      const detail = await request.get(`${a.url}/api/admin/campaigns/${campaign.id}`, { headers: admin });
      expect((await detail.json()).campaign).toMatchObject({
        status: 'sent',
        jobs: { sent: recipients.length },
      });
    });
  });
}
