/**
 * Hostile strings in Chromium (decision 022): script, SVG and event-handler vectors typed into
 * the real public forms (contact page, quote modal) and sent to the newsletter, then shown by the
 * back-office (contacts list, lead panel, activity log, subscribers): no dialog ever opens, no
 * element is injected, and the text is shown literally. Then every page of app/routes.ts is opened
 * (the emailed token links included) and the subscriber they name is still pending: no page GET
 * changes state. Creates leads and subscribers only (no public content), but its leads raise the
 * live "Nouveau contact" toast that admin.spec.ts waits for: it must run after the desktop and
 * phone projects (docs/decisions/022-attack-tests.md).
 */
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { clientIp, openSignedIn } from './helpers/admin.ts';
import { fillQuote, openQuoteFromNav, quoteSubmit } from './helpers/leads.ts';
import { linkIn, requireEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/page.ts';

const BLOCK = 20;
const run = Date.now().toString(36);

/** Values the schemas accept (single line where the field needs it), each tagged to be found. */
const HOSTILE = {
  fullName: `"><img src=x onerror=alert(1)> ${run}`,
  company: `<svg onload=alert(1)> ${run}`,
  message: `</textarea><script>alert(1)</script> {{constructor.constructor('alert(1)')()}} \${alert(1)} javascript:alert(1) ${run}`,
  quoteName: `<script>alert(1)</script> ${run}`,
  description: `<img src=x onerror="alert(1)"> <iframe src="javascript:alert(1)"></iframe> projet ${run}`,
  firstName: `<svg/onload=alert(1)>${run}`.slice(0, 80),
};

/** Elements only an injection would create (scripts are told apart by their text, below). */
const INJECTED = 'img[src="x"], svg[onload], iframe[src^="javascript"], [onerror], [onload]';

/**
 * Traps set before any page script: a dialog, or a call to alert/confirm/prompt, or an element
 * matching INJECTED added to the DOM, sets a flag the test reads.
 */
async function arm(page: Page, dialogs: string[]) {
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript((selector) => {
    const w = window as unknown as { __attack: string[] };
    w.__attack = [];
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      window[name] = ((...args: unknown[]) => {
        w.__attack.push(`${name}(${args.join(',')})`);
        return null;
      }) as never;
    }
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector) || node.querySelector(selector)) {
            w.__attack.push(`injected <${node.tagName.toLowerCase()}>`);
          }
          // An injected <script>alert(1)</script>; the hydration data scripts may quote the text.
          const scripts = node.tagName === 'SCRIPT' ? [node] : [...node.querySelectorAll('script')];
          if (scripts.some((script) => script.textContent?.trim() === 'alert(1)'))
            w.__attack.push('injected <script>');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, INJECTED);
}

async function expectNoInjection(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __attack: string[] }).__attack)).toEqual([]);
  await expect(page.locator(INJECTED)).toHaveCount(0);
  await expect(page.locator('script').filter({ hasText: /^\s*alert\(1\)\s*$/ })).toHaveCount(0);
}

async function visitor(browser: Browser, testInfo: TestInfo, dialogs: string[]) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp(testInfo, BLOCK) },
  });
  const page = await context.newPage();
  await arm(page, dialogs);
  return { context, page };
}

test('hostile values sent through the public forms are shown literally in the back-office, with no dialog and no injected element', async ({
  browser,
  page,
}, testInfo) => {
  test.slow();
  const dialogs: string[] = [];

  // 1. The contact page form.
  const site = await visitor(browser, testInfo, dialogs);
  await site.page.goto('/contact');
  await hydrated(site.page);
  const form = site.page.getByRole('region', { name: 'Écrivez-nous' });
  await form.getByLabel('Nom complet').fill(HOSTILE.fullName);
  await form.getByLabel('Email').fill(`attaque-${run}@example.cd`);
  await form.getByLabel('Entreprise').fill(HOSTILE.company);
  await form.getByLabel('Service concerné').selectOption('Autre');
  await form.getByLabel('Message').fill(HOSTILE.message);
  const sent = site.page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  expect((await sent).status()).toBe(201);
  await expectNoInjection(site.page, dialogs);

  // 2. The quote modal.
  await site.page.goto('/');
  await hydrated(site.page);
  const quote = await openQuoteFromNav(site.page);
  await fillQuote(quote, {
    fullName: HOSTILE.quoteName,
    email: `devis-${run}@example.cd`,
    company: HOSTILE.company,
    projectDescription: HOSTILE.description,
  });
  const quoted = site.page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await quoteSubmit(quote, site.page).click();
  expect((await quoted).status()).toBe(201);
  await expectNoInjection(site.page, dialogs);

  // 3. A newsletter subscription with a hostile first name (the manage form's field).
  const subscribed = await site.page.request.post('/api/newsletter/subscribe', {
    data: { email: `abonne-attaque-${run}@example.cd`, firstName: HOSTILE.firstName, elapsedMs: 5_000 },
  });
  expect(subscribed.status()).toBe(200);
  await site.context.close();

  // 4. The back-office shows all of it as text.
  await arm(page, dialogs);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, BLOCK + 1) });
  await openSignedIn(page, '/admin/contacts');
  const row = page.getByTestId('contact-row').filter({ hasText: run });
  await expect(row).toHaveCount(2);
  await expect(page.getByText(HOSTILE.fullName, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(HOSTILE.quoteName, { exact: true }).first()).toBeVisible();
  await expectNoInjection(page, dialogs);

  await row.filter({ hasText: HOSTILE.fullName }).getByRole('button', { name: HOSTILE.fullName }).click();
  const panel = page.getByRole('dialog', { name: HOSTILE.fullName });
  await expect(panel).toContainText(HOSTILE.message);
  await expect(panel).toContainText(HOSTILE.company);
  await expectNoInjection(page, dialogs);
  await panel.getByRole('button', { name: 'Fermer la fiche' }).click();

  await row.filter({ hasText: HOSTILE.quoteName }).getByRole('button', { name: HOSTILE.quoteName }).click();
  const quotePanel = page.getByRole('dialog', { name: HOSTILE.quoteName });
  await expect(quotePanel).toContainText(HOSTILE.description);
  await expectNoInjection(page, dialogs);
  await quotePanel.getByRole('button', { name: 'Fermer la fiche' }).click();

  await page.goto('/admin/activity');
  await expect(page.getByText(`Nouveau contact : ${HOSTILE.fullName}`).first()).toBeVisible();
  await expectNoInjection(page, dialogs);

  await page.goto(`/admin/newsletter?q=${encodeURIComponent(`abonne-attaque-${run}`)}`);
  await expect(page.getByText(`abonne-attaque-${run}@example.cd`).first()).toBeVisible();
  await expectNoInjection(page, dialogs);
});

/** Every page path of app/routes.ts (the page route table), read from the file itself. */
async function pageRoutes(): Promise<string[]> {
  const source = await readFile('app/routes.ts', 'utf8');
  const paths = [...source.matchAll(/route\('([^']*)'/g)].map((m) => `/${m[1]}`);
  return ['/', ...paths.filter((p) => p !== '/*')];
}

test('no page GET changes state: every page of the route table, the emailed token links included', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, BLOCK + 2) });
  const email = `get-sans-effet-${run}-${testInfo.project.name}@example.cd`;
  expect(
    (await page.request.post('/api/newsletter/subscribe', { data: { email, elapsedMs: 5_000 } })).status(),
  ).toBe(200);
  const confirmUrl = linkIn(
    await requireEmail(email, { subject: /^Confirmez votre inscription/ }),
    /https?:\/\/[^\s"<>/]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/,
  );
  const token = new URL(confirmUrl).searchParams.get('token') ?? '';

  await openSignedIn(page, '/admin/dashboard');
  const ids: Record<string, string> = {
    ':serviceId': (await (await page.request.get('/api/services')).json())[0]?.id,
    ':slug': (await (await page.request.get('/api/blog')).json()).items?.[0]?.slug,
    ':postId': (await (await page.request.get('/api/admin/blog')).json()).items?.[0]?.id,
    ':templateId': (await (await page.request.get('/api/admin/email-templates')).json()).templates?.[0]?.id,
    ':campaignId':
      (await (await page.request.get('/api/admin/campaigns')).json()).items?.[0]?.id ??
      '00000000-0000-4000-8000-000000000000',
  };
  const status = async () => {
    const res = await page.request.get(`/api/admin/newsletter?q=${encodeURIComponent(email)}`);
    return ((await res.json()).items as { email: string; status: string }[]).find((s) => s.email === email)
      ?.status;
  };
  expect(await status()).toBe('pending');

  const visited: string[] = [];
  for (const route of await pageRoutes()) {
    let path = route;
    for (const [param, value] of Object.entries(ids)) path = path.replace(param, value ?? param);
    expect(path, 'every parameter is filled').not.toContain(':');
    if (path.startsWith('/newsletter/')) path += `?token=${token}`;
    const response = await page.goto(path);
    visited.push(`${response?.status()} ${path}`);
    expect(response?.status() ?? 500, path).toBeLessThan(500);
  }
  expect(visited.length).toBeGreaterThan(30);
  // Opening the confirm link (as a mail scanner does) confirmed nothing; only the button does.
  expect(await status(), visited.join('\n')).toBe('pending');
  await page.goto(confirmUrl);
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/welcome$/);
  expect(await status()).toBe('active');
});

test('page actions and odd methods never answer 500: a malformed form body reads as an empty form, TRACE is a 405', async ({
  request,
}) => {
  for (const path of ['/newsletter/confirm', '/newsletter/unsubscribe']) {
    const response = await request.post(path, {
      headers: { 'Content-Type': 'multipart/form-data; boundary=xx' },
      data: '--xx\r\nbroken',
    });
    // The page of an invalid link, as for a form without its token.
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toMatch(/n’est pas valide/);
  }
  const trace = await request.fetch('/', { method: 'TRACE' });
  expect(trace.status()).toBe(405);
  expect(await trace.json()).toEqual({
    error: { code: 'method_not_allowed', message: 'Méthode non autorisée.' },
  });
});
