/**
 * Following a lead across a night (decision 066, docs/decisions/074-test-clock.md): an admin takes
 * a lead, writes a note and plans to call back tomorrow morning; the next day the dashboard shows
 * it late, and the admin, its owner, has had the 24-hour reminder by email.
 *
 * "The next day" is the machine's clock, moved: the same production build and data directory are
 * started again under libfaketime (Debian's `faketime`), which shifts every clock the process
 * reads (Node's and the embedded PostgreSQL's) while its timers keep real time; the browser's
 * clock moves with it (Playwright's clock). Nothing in the server knows it is being tested.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { ADMIN, logIn, openLeadPanel } from './helpers/admin.ts';
import { E2E_PORT, emailsTo, requireEmail, SMTP_URL } from './helpers/mailbox.ts';
import { type SiteProcess, START_CEILING, startSiteProcess, waitUntilReady } from './helpers/process.ts';

/** Debian's libfaketime, under the machine's multiarch directory (x86_64-linux-gnu, aarch64-...). */
const LIBFAKETIME = fs
  .readdirSync('/usr/lib')
  .map((dir) => path.join('/usr/lib', dir, 'faketime', 'libfaketime.so.1'))
  .find((file) => fs.existsSync(file));
const HOUR = 3_600_000;
const KINSHASA_OFFSET = HOUR; // UTC+1, no daylight saving

/** The same site, its clock `offsetMs` ahead of the machine's (0: the real time). */
function startSite(port: number, dataDir: string, offsetMs: number): SiteProcess {
  return startSiteProcess(port, dataDir, {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The reminder looks for unanswered leads every second rather than every five minutes.
    LEAD_REMINDER_POLL_MS: '1000',
    ...(offsetMs === 0
      ? {}
      : {
          LD_PRELOAD: LIBFAKETIME ?? '',
          FAKETIME: `+${Math.round(offsetMs / 1000)}`,
          // Timers (setTimeout, the pools' idle timeouts) keep the real pace.
          DONT_FAKE_MONOTONIC: '1',
        }),
  });
}

async function stop(site: SiteProcess) {
  if (site.child.exitCode === null) site.child.kill('SIGTERM');
  expect(await site.exited, site.output()).toBe(0);
}

/** 09:00 tomorrow in Kinshasa, as the lead panel proposes for a new next action. */
function tomorrowNineInKinshasa(now: number): number {
  const day = new Date(now + KINSHASA_OFFSET + 24 * HOUR).toISOString().slice(0, 10);
  return Date.parse(`${day}T09:00:00.000Z`) - KINSHASA_OFFSET;
}

/** A new browser session signed in on `path`; its clock `offsetMs` ahead too, like the server's. */
async function signedInPage(browser: Browser, url: string, path: string, offsetMs = 0): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, locale: 'fr-FR', serviceWorkers: 'block' });
  // The staff's phone shows the same day as the server: Playwright's clock, flowing from there.
  if (offsetMs !== 0) await context.clock.install({ time: Date.now() + offsetMs });
  const page = await context.newPage();
  await page.goto(`/admin/login?redirect=${encodeURIComponent(path)}`);
  await logIn(page);
  await page.waitForURL((address) => address.pathname === path);
  return page;
}

test('a lead taken today, planned for tomorrow morning, is late on the next day’s dashboard and its owner is reminded', async ({
  browser,
  request,
}, testInfo) => {
  expect(LIBFAKETIME, 'Debian’s faketime is needed: apt-get install faketime (.ci/run does)').toBeTruthy();
  test.setTimeout(2 * START_CEILING + 120_000);
  const port = E2E_PORT + 96;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-clock-'));
  const fullName = `Nadine Horloge ${Date.now().toString(36)}`;
  let site = startSite(port, dataDir, 0);
  try {
    // Today: a visitor asks to be called back.
    await waitUntilReady(site);
    const sent = await request.post(`${site.url}/api/contact`, {
      headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Forwarded-For': '10.96.0.1' },
      data: aWebsiteRequest({ fullName, email: 'nadine.horloge@example.cd' }),
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const takenAt = Date.now();

    // The admin takes it, writes a note and plans the call for tomorrow at nine (the default).
    const today = await signedInPage(browser, site.url, '/admin/contacts');
    const panel = await openLeadPanel(today, fullName);
    // The owner is the admin signed in (the seed may hold other accounts).
    const users = await today.request.get('/api/admin/users');
    const { users: accounts } = (await users.json()) as { users: { id: string; email: string }[] };
    const me = accounts.find((account) => account.email === ADMIN.email);
    if (!me) throw new Error(`no account for ${ADMIN.email}`);
    const owner = panel.getByLabel('Responsable');
    await expect(owner.locator(`option[value="${me.id}"]`)).toHaveCount(1);
    await owner.selectOption(me.id);
    await expect(panel.getByTestId('timeline-entry').first()).toContainText(/Responsable\s: /);
    await panel.getByLabel('Nouvelle note').fill('Appelée ce soir : rappeler demain matin pour le devis.');
    await panel.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(panel.getByTestId('timeline-entry').first()).toContainText('rappeler demain matin');
    await panel.getByLabel('Prochaine action').fill('Rappeler pour le devis');
    await panel.getByRole('button', { name: 'Enregistrer la prochaine action' }).click();
    await expect(panel.getByText(/^Rappeler pour le devis$/)).toBeVisible();
    await expect(panel.getByText('— en retard')).toHaveCount(0);
    await today.context().close();
    await stop(site);

    // The next day, after the call was due and 24 hours after the lead came in.
    const nextDay = Math.max(tomorrowNineInKinshasa(takenAt) + HOUR, takenAt + 25 * HOUR);
    const offset = nextDay - Date.now();
    site = startSite(port, dataDir, offset);
    await waitUntilReady(site);
    const tomorrow = await signedInPage(browser, site.url, '/admin/dashboard', offset);
    const card = tomorrow.getByRole('region', { name: 'À traiter aujourd’hui' });
    await expect(card.getByRole('link', { name: fullName })).toBeVisible();
    const due = card.getByRole('listitem').filter({ hasText: fullName });
    await expect(due).toContainText('Rappeler pour le devis');
    await expect(due.locator('time')).toContainText('en retard');
    await expect(card.getByRole('link', { name: /^[1-9]\d* en retard$/ })).toBeVisible();
    // Its owner was told by email, once, with the way to the lead.
    const reminder = await requireEmail(ADMIN.email, {
      subject: new RegExp(`^Sans réponse depuis 24\\sh\\s: ${fullName}$`),
      timeoutMs: 30_000,
    });
    expect(reminder.text).toContain(`/admin/contacts?lead=`);
    // Once: three more runs of the reminder (one a second) send nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(
      await emailsTo(ADMIN.email, { subject: /Sans réponse depuis 24\sh/, containing: fullName }),
    ).toHaveLength(1);
    await tomorrow.context().close();
  } finally {
    // What the server said, next to a failure's trace.
    await testInfo.attach('server.log', { body: site.output(), contentType: 'text/plain' });
    if (site.child.exitCode === null) site.child.kill('SIGTERM');
    await site.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
