/**
 * Shared by the back-office specs: the seeded admin, logging in through the login screen, and a
 * client address per test (the server rate-limits logins and public forms per address and trusts
 * X-Forwarded-For from loopback, so no test spends another's budget).
 */
import { randomInt } from 'node:crypto';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import sharp from 'sharp';
import { formatFrenchDate } from '#app/lib/french-date.ts';

/** Seeded from ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts. */
export const ADMIN = { email: 'admin@example.cd', password: 'e2e-admin-password' };

/** A stable address per test and project; `block` keeps spec files apart (10.<block>.x.y). */
export function clientIp(testInfo: TestInfo, block: number): string {
  let hash = 0x811c9dc5;
  for (const char of `${testInfo.project.name} ${testInfo.titlePath.join(' › ')}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  const project = testInfo.project.name.startsWith('phone') ? 100 : 0;
  return `10.${block + project}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** Gives each test of the spec file its own client address (clientIp) in `block`, from its first request. */
export function clientAddressPerTest(block: number) {
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, block) });
  });
}

/** Fills and sends the login form of the page currently showing it. */
export async function logIn(page: Page, password = ADMIN.password) {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Opens `path` (an admin screen) signed in: through the login screen, which sends back there. */
export async function openSignedIn(page: Page, path: string) {
  await page.goto(`/admin/login?redirect=${encodeURIComponent(path)}`);
  await logIn(page);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** Clicks the button `name` and gives the dialog it opens, which bears the same name. */
export async function openDialog(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  return page.getByRole('dialog', { name });
}

/** Opens a lead's panel from the leads list (the name in its row) and gives the panel. */
export async function openLeadPanel(page: Page, fullName: string) {
  await page
    .getByTestId('contact-row')
    .filter({ hasText: fullName })
    .getByRole('button', { name: fullName })
    .click();
  return page.getByRole('dialog', { name: fullName });
}

/** A PNG of one colour (`background`, RGB) and that size, for a test to upload. */
export const plainPng = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The toasts on screen (docs/product.md §9.7: one at a time). */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).locator('li');

/**
 * Records the text of every toast the page shows, from before its first script runs. Toasts come
 * one at a time and replace each other: another worker's live lead can replace this test's toast
 * within milliseconds, so a test asks "was it shown?" rather than "is it on screen now?".
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[data-radix-collection-item][data-state="open"]')) {
        const text = item.textContent ?? '';
        if (text && seen.at(-1) !== text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Whether a toast containing all these texts was shown since recordToasts (waits up to 30 s). */
export async function expectToastShown(page: Page, ...texts: string[]) {
  await expect
    .poll(
      async () =>
        (await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])).some(
          (toast) => texts.every((text) => toast.includes(text)),
        ),
      // Waits for the toast itself: a live event crosses the server, PostgreSQL's NOTIFY and the
      // websocket, which a busy machine can make slow.
      { timeout: 30_000, message: `a toast with ${JSON.stringify(texts)}` },
    )
    .toBe(true);
}

/**
 * Six random letters, for a name of the test's own: the desktop and phone projects share the
 * server and its database.
 */
export const uniqueSuffix = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/**
 * Clicks an editor's action (the action bar of app/features/admin/kit/item-screen.tsx): its
 * button from 640 px; below, where the bar is one row, the item of its "Plus d’actions" menu.
 */
export async function editorAction(page: Page, name: string) {
  const bar = page.getByTestId('editor-action-bar');
  const button = bar.getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  await bar.getByRole('button', { name: 'Plus d’actions' }).click();
  await bar.getByRole('list', { name: 'Plus d’actions' }).getByRole('button', { name, exact: true }).click();
}

/**
 * Chooses `value` in a list's filter `label`: in the toolbar from 1024 px, in its "Filtres" dialog
 * below, which is then closed to see the list (app/features/admin/kit/admin-list.tsx).
 */
export async function chooseFilter(page: Page, label: string, value: string) {
  const inline = page.getByLabel(label, { exact: true });
  if (await inline.isVisible()) return void (await inline.selectOption(value));
  await page.getByRole('button', { name: /^Filtres/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filtres' });
  await sheet.getByLabel(label, { exact: true }).selectOption(value);
  await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
  await expect(sheet).toBeHidden();
}

/**
 * Types a day and a time (YYYY-MM-DDTHH:MM[:SS], Kinshasa time) into the date-time field `label`
 * the way a person does, whatever the browser's language: the day as jj/mm/aaaa, the time as hh:mm.
 */
export async function fillDateTime(scope: Page | Locator, label: string, value: string) {
  const [day = '', time = ''] = value.split('T');
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('textbox', { name: 'Date', exact: true }).fill(formatFrenchDate(day));
  await field.getByRole('textbox', { name: 'Heure', exact: true }).fill(time);
}
