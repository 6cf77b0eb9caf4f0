import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type BrowserContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { INSTALL_PROMPT_DELAY } from '#common/constants.ts';
import { SERVER_NODE_FLAGS } from '#server/node-flags.ts';
import { clientAddressPerTest, openSignedIn, toasts } from './helpers/admin.ts';
import { fillQuote, isPhone, openQuoteFromNav, quoteSubmit } from './helpers/leads.ts';
import { E2E_PORT, emailsTo, requireEmail } from './helpers/mailbox.ts';
import { hydrated, installedIndicator, pwaReady } from './helpers/page.ts';

/**
 * The installable, offline-first site (decisions 020 and 041 to 043; docs/product.md §2.11 to §2.13, §3.4,
 * §4.6 to §4.9, §7.4, §8.6) against the production build: the service worker, pages and forms without a
 * network, the update card, the install prompt and the indicators. The network is cut with the browser
 * context's offline mode, which Chromium applies to the page and to its service worker alike.
 */

// The one spec that runs with the service worker, which every other spec blocks (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const STAFF_INBOX = 'leads@lisanga-digital.cd';
const DAY = 24 * 60 * 60 * 1_000;

clientAddressPerTest(9);

/**
 * A date stored as "now" by the page: minutes old at most, whatever the machine's speed (the
 * dates it must not be are days old). The page's clock may run a few seconds ahead of this one.
 */
function expectRecent(stored: string | null) {
  const age = Date.now() - Date.parse(stored ?? '');
  expect(age).toBeGreaterThan(-60_000);
  expect(age).toBeLessThan(5 * 60_000);
}

/** Registration waits for the page to be idle, then the worker precaches the shell and claims the page. */
async function controlledBy(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
}

async function offline(context: BrowserContext, page: Page, value: boolean) {
  await context.setOffline(value);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!value);
}

test.describe('the service worker', () => {
  test('registers at /sw.js with root scope, served uncached, and controls the page', {
    tag: '@any-screen',
  }, async ({ page }) => {
    const script = await page.request.get('/sw.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toBe('no-cache');
    expect(script.headers()['content-type']).toContain('javascript');

    await page.goto('/');
    await controlledBy(page);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration();
      return { scope: found?.scope, script: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(registration.scope).toBe(`${new URL(page.url()).origin}/`);
    expect(registration.script).toMatch(/\/sw\.js$/);
  });

  test('/offline?from= never sends a visitor to another origin (open redirect)', {
    tag: '@any-screen',
  }, async ({ page }) => {
    // A hostile host that would pass the worker's "still reachable?" check: it answers any
    // cross-origin request, CORS included.
    const hostile = http.createServer((_req, res) => {
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/html' });
      res.end('<h1>ailleurs</h1>');
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const hostileHost = `localhost:${(hostile.address() as AddressInfo).port}`;
    try {
      await page.goto('/');
      await controlledBy(page);
      const site = new URL(page.url()).host;
      for (const from of [
        `/\\${hostileHost}/x`,
        `/\t/${hostileHost}/x`,
        `//${hostileHost}/x`,
        `http:${hostileHost}/x`,
        `http://${hostileHost}/x`,
      ]) {
        await page.goto(`/offline?from=${encodeURIComponent(from)}`);
        expect(new URL(page.url()).host, from).toBe(site);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      // An encoded backslash stays a path of the site: its 404 page, never the other host.
      await page.goto(`/offline?from=${encodeURIComponent(`/%5C${hostileHost}/x`)}`);
      expect(new URL(page.url()).host).toBe(site);
      // A path of the site is where the visitor goes back to.
      await page.goto(`/offline?from=${encodeURIComponent('/services')}`);
      await expect(page).toHaveURL(/\/services$/);
    } finally {
      hostile.close();
    }
  });

  test('without a network, a visited page still opens and a page never visited shows /offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await controlledBy(page);
    // Opened once while the worker is in control: kept on the device.
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const title = await page.getByRole('heading', { level: 1 }).textContent();

    await offline(context, page, true);
    const visited = await page.goto('/services');
    expect(visited?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await expect(
      page
        .getByRole('banner')
        .getByRole('status')
        .filter({ hasText: /Mode hors ligne/ }),
    ).toBeVisible();

    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();
    await expect(page.getByText('cette page n’a pas encore été enregistrée')).toBeVisible();

    // A link followed inside the app (client-side navigation) to a page never visited: the same.
    await page.goto('/services');
    await hydrated(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();

    // The admin is never kept: offline it gets the offline page too, not a stale copy.
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' })).toBeVisible();

    await offline(context, page, false);
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Vous êtes hors ligne');
  });
});

test('logging out clears the HTTP cache, not the service worker’s public caches', {
  tag: '@any-screen',
}, async ({ page, baseURL }) => {
  const response = await page.request.post('/api/auth/logout', {
    headers: { Origin: baseURL ?? '', 'X-Requested-With': 'fetch' },
  });
  expect(response.status()).toBe(204);
  expect(response.headers()['clear-site-data']).toBe('"cache"');
});

test.describe('forms without a network', () => {
  test('a quote sent offline is kept, sent once when the connection returns, and the visitor is told', async ({
    page,
    context,
  }) => {
    // Offline, back online, then a look at the leads signed in: more steps than most tests.
    test.slow();
    const email = `pwa-${randomUUID().slice(0, 8)}@example.cd`;
    await page.goto('/');
    await controlledBy(page);
    await offline(context, page, true);

    const dialog = await openQuoteFromNav(page);
    await fillQuote(dialog, {
      fullName: 'Nadine Ilunga',
      email,
      company: 'Ilunga Transport',
      projectDescription: 'Une nouvelle identité visuelle pour notre flotte de camions et nos agences.',
    });
    await quoteSubmit(dialog, page).click();

    await expect(toasts(page)).toContainText('Hors ligne : demande enregistrée');
    await expect(toasts(page)).toContainText(
      'Elle sera envoyée automatiquement dès le retour de la connexion.',
    );
    await expect(dialog).toBeHidden();
    // What stays on the page says the request is kept and will leave by itself.
    const confirmation = page.getByRole('region', { name: 'Demande de devis enregistrée' });
    await expect(confirmation).toContainText(
      'Vous êtes hors ligne : votre demande est gardée sur cet appareil.',
    );
    await expect(confirmation).toContainText('Elle partira automatiquement dès le retour de la connexion');
    expect(await keptRequests(page)).toBe(1);

    await offline(context, page, false);
    await expect(toasts(page).filter({ hasText: 'Demande envoyée avec succès !' })).toBeVisible({
      timeout: 20_000,
    });

    await requireEmail(STAFF_INBOX, { containing: email });
    // The device's outbox is empty once its replay is over: every send it will make is made.
    await expect.poll(async () => keptRequests(page)).toBe(0);
    // Exactly one lead, so exactly one notification (its email is deduplicated by the lead's id).
    const admin = await context.newPage();
    await openSignedIn(admin, '/admin/dashboard');
    const leads = await admin.request.get(`/api/admin/contacts?q=${encodeURIComponent(email)}`);
    expect(((await leads.json()) as { total: number }).total).toBe(1);
    expect(await emailsTo(STAFF_INBOX, { containing: email })).toHaveLength(1);
  });
});

/** How many requests the device keeps for later (the offline outbox in IndexedDB). */
function keptRequests(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lisanga-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
}

/**
 * A site of its own for the update test: a copy of the production build on another port, whose
 * files the test can redeploy without touching the server the other tests use.
 */
function startOwnDeployment(testInfo: TestInfo) {
  const port = E2E_PORT + (testInfo.project.name === 'phone' ? 81 : 80);
  // Inside the project, so that the copied server still finds node_modules.
  const root = path.resolve(`node_modules/.cache/e2e-pwa-deploy-${port}`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.cpSync(path.resolve(process.env.BUILD_DIR ?? 'build'), path.join(root, 'build'), { recursive: true });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'build/server/index.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(root, 'data'),
      ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The first start migrates and seeds a fresh database: slow on a busy machine. */
    async ready() {
      await expect
        .poll(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.status, { timeout: 90_000 })
        .toBe(200);
    },
    /** A second build: the worker's script with other bytes, as a new deployment serves it. */
    deploySecondBuild() {
      fs.appendFileSync(
        path.join(root, 'build/client/sw.js'),
        `\nself.addEventListener('message', (event) => {\n  if (event.data && event.data.type === 'TEST_VERSION') event.ports[0].postMessage('second build');\n});\n`,
      );
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

test.describe('the update card', () => {
  // Stopped after the test even when it times out (a `finally` would not run then).
  let site: ReturnType<typeof startOwnDeployment> | undefined;
  test.afterEach(async () => {
    await site?.stop();
    site = undefined;
  });

  test('appears when a new version is deployed; "Plus tard" snoozes it; "Mettre à jour maintenant" reloads into it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const deployment = startOwnDeployment(testInfo);
    site = deployment;
    await deployment.ready();
    await page.goto(`${deployment.url}/`);
    await controlledBy(page);

    deployment.deploySecondBuild();
    // The browser checks the worker's script at each page load (never from its HTTP cache).
    await page.reload();
    const card = page.getByRole('dialog', { name: 'Mise à jour' });
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card).toContainText('Nouvelle version');
    await expect(card).toContainText('Une nouvelle version est disponible');
    await expect(card.getByRole('listitem')).toHaveText([
      'Performances améliorées',
      'Mode hors ligne optimisé',
      'Corrections de bugs',
    ]);
    await expect(card).toContainText('L’application redémarrera automatiquement.');

    // 'Plus tard' hides it for 60 minutes, a reload included.
    await card.getByRole('button', { name: 'Plus tard' }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await pwaReady(page);
    await expect(card).toBeHidden();

    // Once the snooze is over (its end moved to now): back, and this time applied.
    await page.evaluate(() => sessionStorage.setItem('update-snoozed-until', '0'));
    await page.reload();
    await expect(card).toBeVisible({ timeout: 60_000 });
    await page.evaluate(() => {
      (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
      // The page is still fetching as the button is pressed: a request that reaches the old worker
      // while the browser stops it (what used to leave Chromium holding the new version back).
      document.addEventListener(
        'click',
        () => {
          let sent = 0;
          const timer = setInterval(() => {
            void fetch(`/api/services?during-update=${sent}`).catch(() => undefined);
            if (++sent >= 25) clearInterval(timer);
          }, 20);
        },
        { capture: true, once: true },
      );
    });
    await card.getByRole('button', { name: 'Mettre à jour maintenant' }).click();
    // The page reloads by itself once the new worker controls it: this page's marker is gone.
    await expect
      .poll(
        () =>
          page
            .evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate ?? 'reloaded')
            .catch(() => 'navigating'),
        { timeout: 30_000 },
      )
      .toBe('reloaded');
    await controlledBy(page);
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(String(event.data));
          navigator.serviceWorker.controller?.postMessage({ type: 'TEST_VERSION' }, [channel.port2]);
          setTimeout(() => resolve('first build'), 2_000);
        }),
    );
    expect(version).toBe('second build');
    await pwaReady(page);
    await expect(card).toBeHidden();
  });
});

test.describe('the install prompt', () => {
  /** Chromium's install offer, as the browser would fire it: prompt() and the visitor's choice. */
  async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
    await hydrated(page);
    await page.evaluate((choice) => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      let answer: (value: { outcome: string }) => void = () => undefined;
      event.userChoice = new Promise((resolve) => {
        answer = resolve;
      });
      event.prompt = async () => {
        const counted = window as Window & { nativePrompts?: number };
        counted.nativePrompts = (counted.nativePrompts ?? 0) + 1;
        // The visitor takes a moment to answer the browser's dialog.
        setTimeout(() => answer({ outcome: choice }), 800);
      };
      window.dispatchEvent(event);
    }, outcome);
  }

  const prompt = (page: Page) =>
    page.getByRole('dialog', { name: 'Installez l’application Lisanga Digital' });

  /**
   * Not shown: once the PWA runtime has taken its decisions, the page's clock (installed before
   * the page loaded) is moved past the prompt's delay, so that a prompt scheduled by mistake would
   * be on screen now, however slow the machine.
   */
  async function expectNoPrompt(page: Page) {
    await pwaReady(page);
    await page.clock.runFor(INSTALL_PROMPT_DELAY + 1_000);
    await expect(prompt(page)).toBeHidden();
  }

  async function withStorage(page: Page, entries: Record<string, string>) {
    await page.addInitScript((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, entries);
  }

  test('shows 3 seconds after the offer, with its benefits; installing records it and shows the indicator', async ({
    page,
  }) => {
    await page.goto('/about');
    await offerInstall(page);
    const offeredAt = Date.now();
    const dialog = prompt(page);
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - offeredAt).toBeGreaterThanOrEqual(2_500);

    for (const benefit of ['Mode hors ligne', 'Chargement rapide', 'Sécurisé', 'Multi-plateforme']) {
      await expect(dialog.getByText(benefit, { exact: true })).toBeVisible();
    }
    await expect(dialog).toContainText('Chiffrement HTTPS complet');
    await expect(dialog).toContainText('mobile, tablette et ordinateur');
    await expect(dialog).toContainText('100 % gratuit · sans inscription');
    await expect(dialog).toContainText('Version v1.0');
    await expect(dialog.locator('img')).toHaveAttribute('src', '/icon-192.png');
    await expect(installedIndicator(page)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Installer l’application' }).click();
    await expect(dialog.getByRole('button', { name: 'Installation...' })).toBeDisabled();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as Window & { nativePrompts?: number }).nativePrompts)).toBe(1);
    const stored = await page.evaluate(() => ({
      installed: localStorage.getItem('installed'),
      prompted: localStorage.getItem('prompted'),
    }));
    expect(stored.installed).toBe('true');
    expectRecent(stored.prompted);
    await expect(installedIndicator(page)).toBeVisible();

    // Installed: never offered again.
    await page.clock.install();
    await page.reload();
    await offerInstall(page);
    await expectNoPrompt(page);
  });

  test('prompted 3 days ago: not shown; 8 days ago: shown, and "Plus tard" records the date', async ({
    page,
    context,
  }) => {
    await withStorage(page, { prompted: new Date(Date.now() - 3 * DAY).toISOString() });
    await page.clock.install();
    await page.goto('/');
    await offerInstall(page);
    await expectNoPrompt(page);

    const later = await context.newPage();
    await later.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.9.250.1' });
    await withStorage(later, { prompted: new Date(Date.now() - 8 * DAY).toISOString() });
    await later.goto('/');
    await offerInstall(later);
    await expect(prompt(later)).toBeVisible({ timeout: 10_000 });
    await prompt(later).getByRole('button', { name: 'Plus tard' }).click();
    await expect(prompt(later)).toBeHidden();
    const prompted = await later.evaluate(() => localStorage.getItem('prompted'));
    expectRecent(prompted);
  });

  test('never shown once installed, nor in the installed app', async ({ page }) => {
    await withStorage(page, { installed: 'true' });
    await page.clock.install();
    await page.goto('/');
    await offerInstall(page);
    await expectNoPrompt(page);
    await expect(installedIndicator(page)).toBeVisible();
  });
});

test('the connectivity indicator and the offline banner follow the connection', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  // Its text for assistive technology names what it is about, not only its state (decision 024);
  // its tooltip, for the eyes, keeps the spec's words.
  const online = page
    .getByRole('banner')
    .getByRole('status')
    .filter({ hasText: /Connexion\s:\sEn ligne/ });
  await expect(online).toBeVisible();
  const banner = page.getByText('Connexion perdue.');
  await expect(banner).toBeHidden();
  if (!isPhone(page)) {
    await online.hover();
    await expect(page.getByRole('tooltip', { includeHidden: true })).toBeVisible();
    await expect(page.getByRole('tooltip', { includeHidden: true })).toHaveText('En ligne');
  }

  await offline(context, page, true);
  const cut = page
    .getByRole('banner')
    .getByRole('status')
    .filter({ hasText: /Connexion\s:\sMode hors ligne/ });
  await expect(cut).toBeVisible();
  // A banner under the header says so in words, and what still works.
  const status = page.getByRole('status').filter({ hasText: 'Connexion perdue.' });
  await expect(status).toBeVisible();
  await expect(status).toHaveText(
    'Connexion perdue. Les pages déjà visitées restent consultables, et vos formulaires sont gardés sur cet appareil puis envoyés automatiquement au retour de la connexion.',
  );
  await expect(status).toBeInViewport({ ratio: 1 });
  const header = await page.getByRole('banner').boundingBox();
  const below = await status.boundingBox();
  expect(below?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
  // Halfway down the page it is still in view, under the sticky header.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(status).toBeInViewport({ ratio: 1 });
  // "Masquer" puts it away until the next loss of connection.
  await status.getByRole('button', { name: 'Masquer ce message' }).click();
  await expect(banner).toBeHidden();
  await expect(cut).toBeVisible();
  await offline(context, page, false);
  await offline(context, page, true);
  await expect(banner).toBeVisible();
  if (!isPhone(page)) {
    await page.mouse.move(0, 0);
    await cut.hover();
    await expect(page.getByRole('tooltip', { includeHidden: true })).toHaveText('Mode hors ligne');
  }

  await offline(context, page, false);
  await expect(online).toBeVisible();
  await expect(banner).toBeHidden();
});
