import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';

/**
 * The newsletter end to end (spec §2, §5, §7, §8 and issue 5): the footer and home forms, their
 * toasts, then the double opt-in through the emailed links. The e2e server has no SMTP: emails
 * are .eml files in its data dir, read back here.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const OUTBOX_DIR = path.resolve(`node_modules/.cache/e2e-data-${E2E_PORT}/outbox`);

function clientIp(testInfo: TestInfo): string {
  // FNV-1a over the test's title and project: stable across runs, distinct between tests.
  let hash = 0x811c9dc5;
  for (const char of `newsletter ${testInfo.project.name} ${testInfo.titlePath.join(' › ')}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  const project = testInfo.project.name === 'phone' ? 12 : 11;
  return `10.${project}.${(hash >>> 8) & 255}.${hash & 255}`;
}

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo) });
});

const uniqueEmail = (testInfo: TestInfo) =>
  `nl-${testInfo.project.name}-${randomUUID().slice(0, 8)}@example.cd`;
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).locator('li');
const homeBlock = (page: Page) => page.getByRole('region', { name: 'Recevez nos conseils marketing' });

/** Quoted-printable: soft line breaks and the escaped `=` of the URLs. */
/** The server drops a form posted within a second of its display (a bot): wait like a person. */
const afterFillTime = (page: Page) => page.waitForTimeout(1_100);

const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

async function emlFiles(): Promise<string[]> {
  const days = await fs.readdir(OUTBOX_DIR).catch(() => [] as string[]);
  const files: string[] = [];
  for (const day of days) {
    for (const name of await fs.readdir(path.join(OUTBOX_DIR, day)).catch(() => [] as string[])) {
      if (name.endsWith('.eml')) files.push(path.join(OUTBOX_DIR, day, name));
    }
  }
  return files;
}

/** The first link matching `pattern` in the newest email to `to` that has one (polled). */
async function linkFromEmail(to: string, pattern: RegExp, exclude?: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const candidates: { mtime: number; link: string }[] = [];
        for (const file of await emlFiles()) {
          const content = decodeQp(await fs.readFile(file, 'utf8'));
          const toHeader = /^To: (.*)$/im.exec(content)?.[1] ?? '';
          if (!toHeader.toLowerCase().includes(to.toLowerCase())) continue;
          if (exclude?.test(content)) continue;
          const link = pattern.exec(content)?.[0];
          if (link) candidates.push({ mtime: (await fs.stat(file)).mtimeMs, link });
        }
        candidates.sort((a, b) => b.mtime - a.mtime);
        found = candidates[0]?.link;
        return found;
      },
      { timeout: 15_000, message: `an email to ${to} with ${pattern}` },
    )
    .toBeTruthy();
  return found ?? '';
}

const CONFIRM_LINK = /https?:\/\/[^\s"<>/]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/;
const MANAGE_LINK = /https?:\/\/[^\s"<>/]+\/newsletter\/manage\?token=[A-Za-z0-9_-]+/;

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

test('subscribing from the footer shows "Vérifiez votre email !" and empties the form', async ({
  page,
}, testInfo) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const footer = page.getByRole('contentinfo');
  const input = footer.getByRole('textbox', { name: 'Adresse email' });
  const email = uniqueEmail(testInfo);
  await input.fill(email);
  await afterFillTime(page);
  await footer.getByRole('button', { name: "S'abonner" }).click();
  await expect(toasts(page).filter({ hasText: 'Vérifiez votre email !' })).toBeVisible();
  await expect(input).toHaveValue('');
  // A real subscription (not dropped as a bot): its confirmation email was written.
  expect(await linkFromEmail(email, CONFIRM_LINK)).toContain('/newsletter/confirm?token=');
});

test('an invalid address is refused under the field, without a request', async ({ page }) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/newsletter/subscribe')) posted = true;
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const block = homeBlock(page);
  await block.getByRole('textbox', { name: 'Adresse email' }).fill('pas-un-email');
  await block.getByRole('button', { name: "S'abonner" }).click();
  await expect(block.getByText('Veuillez entrer une adresse email valide')).toBeVisible();
  await expect(block.getByRole('textbox', { name: 'Adresse email' })).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('double opt-in from the home block, then unsubscribe from the manage page', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const block = homeBlock(page);
  const input = block.getByRole('textbox', { name: 'Adresse email' });
  await input.fill(email);
  await afterFillTime(page);
  await block.getByRole('button', { name: "S'abonner" }).click();
  await expect(toasts(page).filter({ hasText: 'Vérifiez votre email !' })).toBeVisible();
  await expect(input).toHaveValue('');

  const confirmUrl = await linkFromEmail(email, CONFIRM_LINK);
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmez votre inscription' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue !' })).toBeVisible();

  // The same link again: already used, a clear page offering a new link.
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Ce lien a déjà été utilisé' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recevoir un nouveau lien' })).toBeVisible();

  // Subscribing again now: 'Déjà abonné'.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await homeBlock(page).getByRole('textbox', { name: 'Adresse email' }).fill(email.toUpperCase());
  await afterFillTime(page);
  await homeBlock(page).getByRole('button', { name: "S'abonner" }).click();
  await expect(toasts(page).filter({ hasText: 'Déjà abonné' })).toBeVisible();

  const manageUrl = await linkFromEmail(email, MANAGE_LINK, /\/newsletter\/confirm\?token=/);
  await page.goto(manageUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Gérer mon abonnement' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  await page.getByLabel('Prénom (facultatif)').fill('Grâce');
  await page.getByLabel('Branding et identité visuelle').check();
  await page.getByRole('button', { name: 'Enregistrer mes préférences' }).click();
  await expect(page.getByText('Vos préférences ont été enregistrées.')).toBeVisible();
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
});

test('an unknown confirm link shows a French page with a form for a new link', async ({ page }) => {
  await page.goto(`/newsletter/confirm?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: "Ce lien n'est pas valide" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
});

test('without JavaScript, the emailed confirm and unsubscribe links still work', async ({
  browser,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  const subscribed = await request.post('/api/newsletter/subscribe', {
    data: { email, source: 'website', locale: 'fr' },
    headers: { 'X-Forwarded-For': clientIp(testInfo) },
  });
  expect(await subscribed.json()).toEqual({ requiresConfirmation: true });

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(await linkFromEmail(email, CONFIRM_LINK));
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/welcome$/);

  const unsubscribeUrl = await linkFromEmail(
    email,
    /https?:\/\/[^\s"<>/]+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/,
    /\/newsletter\/confirm\?token=/,
  );
  await page.goto(unsubscribeUrl);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
  await context.close();
});
