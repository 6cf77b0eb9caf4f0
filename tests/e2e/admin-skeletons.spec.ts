import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { aCaseStudyInput, aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { clientIp, openSignedIn, uniqueSuffix } from './helpers/admin.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

/**
 * Waiting looks like the screen it becomes (docs/decisions/096-admin-skeletons.md): while an admin
 * screen's data is on its way, the screen shows its shape, busy for assistive technologies with one
 * "Chargement…" status, then the content in its place. The API answers are held back here (route
 * interception) so that the wait is seen whatever the machine's speed. At 360 px on the phone
 * project, 1280 px on the desktop one.
 */
const BLOCK = 40;

const widthOf = (testInfo: TestInfo) => (testInfo.project.name.startsWith('phone') ? 360 : 1280);

test.beforeEach(async ({ page }, testInfo) => {
  const width = widthOf(testInfo);
  await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, BLOCK) });
});

/**
 * Holds the admin API's GET answers whose path matches `pattern` until `release()`; `held` resolves
 * once one is held.
 */
async function holdAnswers(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldOne!: () => void;
  const held = new Promise<void>((resolve) => {
    heldOne = resolve;
  });
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      if (route.request().method() === 'GET') {
        heldOne();
        await released;
      }
      await route.continue();
    },
  );
  return { held, release };
}

/** The layout shifts that happen from now on, summed, read by `shifts()`. */
async function watchShifts(page: Page) {
  await page.evaluate(() => {
    const scope = window as unknown as { shiftSum: number };
    scope.shiftSum = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) scope.shiftSum += entry.value;
      }
    }).observe({ type: 'layout-shift' });
  });
  return () => page.evaluate(() => (window as unknown as { shiftSum: number }).shiftSum);
}

const busy = (page: Page) => page.locator('[aria-busy="true"]');

/** The screen shows its skeleton: one busy region, one "Chargement…" status, axe clean, no sideways scroll. */
async function expectSkeleton(page: Page, testInfo: TestInfo, status = 'Chargement…') {
  await expect(busy(page)).toHaveCount(1);
  await expect(busy(page).getByRole('status')).toHaveText(status);
  await expect(page.getByText('Chargement en cours')).toHaveCount(0);
  // Its shapes are drawn, and hidden from assistive technologies.
  const shapes = busy(page).locator('[aria-hidden="true"]').first();
  expect((await shapes.boundingBox())?.height ?? 0).toBeGreaterThan(40);
  expect(await axeViolations(page)).toEqual([]);
  if (widthOf(testInfo) === 360) expect(await scrollsSideways(page)).toBe(false);
}

test('the contacts list and a lead’s panel wait as their shapes, then show the lead in their place', async ({
  page,
}, testInfo) => {
  const fullName = `Bénédicte Squelette ${uniqueSuffix()}`;
  const sent = await page.request.post('/api/contact', {
    headers: { 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': clientIp(testInfo, BLOCK + 1) },
    data: aWebsiteRequest({ fullName, email: `benedicte.${Date.now()}@example.cd` }),
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  expect(id).toBeTruthy();
  await openSignedIn(page, '/admin/dashboard');

  const list = await holdAnswers(page, /^\/api\/admin\/contacts$/);
  await page.goto(`/admin/contacts?q=${encodeURIComponent(fullName)}`);
  await list.held;
  await expectSkeleton(page, testInfo);
  const shifts = await watchShifts(page);
  list.release();
  const row = page.getByTestId('contact-row');
  await expect(row).toHaveCount(1);
  await expect(busy(page)).toHaveCount(0);
  expect(await shifts()).toBeLessThan(0.01);

  // The lead's panel: its shape in the dialog, then the lead.
  const lead = await holdAnswers(page, new RegExp(`^/api/admin/contacts/${id}$`));
  await row.getByRole('button', { name: fullName }).click();
  const dialog = page.getByRole('dialog');
  await lead.held;
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(1);
  await expect(dialog.getByRole('status')).toHaveText('Chargement…');
  expect(await axeViolations(page)).toEqual([]);
  if (widthOf(testInfo) === 360) expect(await scrollsSideways(page)).toBe(false);
  lead.release();
  await expect(dialog.getByRole('heading', { name: fullName })).toBeVisible();
});

test('the dashboard waits as its cards and chart boxes, then shows its figures and charts', async ({
  page,
}, testInfo) => {
  // A lead of this week, so that its bar has a height on a site fresh for this test alone.
  const sent = await page.request.post('/api/contact', {
    headers: { 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': clientIp(testInfo, BLOCK + 1) },
    data: aWebsiteRequest({
      fullName: `Barre Hebdo ${uniqueSuffix()}`,
      email: `barre.${Date.now()}@example.cd`,
    }),
  });
  expect(sent.status()).toBe(201);
  await openSignedIn(page, '/admin/contacts');
  const dashboard = await holdAnswers(page, /^\/api\/admin\/dashboard$/);
  await page.goto('/admin/dashboard');
  await dashboard.held;
  await expectSkeleton(page, testInfo, 'Chargement du tableau de bord…');
  dashboard.release();
  const chart = page.getByRole('region', { name: 'Demandes par semaine' });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('region', { name: 'Demandes cette semaine' })).toBeVisible();
  await expect(busy(page)).toHaveCount(0);
  const bars = chart.locator('.recharts-bar-rectangle path');
  // A chart is loaded and drawn only once near the screen (decision 124): on a phone, far below
  // the first screen, it waits as its box until the user scrolls to it.
  if (widthOf(testInfo) === 360) {
    await page.waitForTimeout(500);
    await expect(bars).toHaveCount(0);
  }
  await chart.scrollIntoViewIfNeeded();
  // The bars stand at their height as soon as they show, not grown by a draw-in animation that
  // would keep a phone's CPU busy for a second and a half (decision 030).
  await expect(bars.first()).toBeAttached();
  const heights = () => bars.evaluateAll((paths) => paths.map((path) => path.getBoundingClientRect().height));
  const first = await heights();
  expect(Math.max(...first)).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(await heights()).toEqual(first);
});

test('every list and settings tab waits as its shape, never as a sentence', async ({ page }, testInfo) => {
  test.slow();
  await openSignedIn(page, '/admin/dashboard');
  // Each screen, the request it waits for, and what it shows once answered.
  const screens: [string, RegExp, (page: Page) => Promise<void>][] = [
    [
      '/admin/blog',
      /^\/api\/admin\/blog$/,
      (p) => expect(p.locator('[data-testid="blog-row"]:visible').first()).toBeVisible(),
    ],
    [
      '/admin/services',
      /^\/api\/admin\/services$/,
      (p) => expect(p.getByRole('list', { name: 'Arborescence des services' })).toBeVisible(),
    ],
    [
      '/admin/emails/templates',
      /^\/api\/admin\/email-templates$/,
      (p) => expect(p.getByRole('main').getByRole('table')).toBeVisible(),
    ],
    [
      '/admin/newsletter',
      /^\/api\/admin\/newsletter$/,
      (p) => expect(p.getByRole('main').getByRole('table').or(p.getByText('Aucun abonné'))).toBeVisible(),
    ],
    [
      '/admin/settings',
      /^\/api\/admin\/settings$/,
      (p) => expect(p.getByRole('tabpanel').getByRole('textbox').first()).toBeVisible(),
    ],
  ];
  for (const [path, api, shown] of screens) {
    const answers = await holdAnswers(page, api);
    await page.goto(path);
    await answers.held;
    await expectSkeleton(page, testInfo);
    answers.release();
    await shown(page);
    await expect(busy(page)).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('a new campaign’s preview shows its starter blocks as the editor opens, before any save', async ({
  page,
}) => {
  // Whether the preview's frame is already there when the form's first field appears.
  await page.addInitScript(() => {
    const scope = window as unknown as { previewWithForm?: boolean };
    new MutationObserver(() => {
      if (scope.previewWithForm === undefined && document.querySelector('input[name="title"]')) {
        scope.previewWithForm = document.querySelector('iframe[title="Aperçu de l’email"]') !== null;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await openSignedIn(page, '/admin/emails/campaigns/new');
  await expect(page.getByLabel('Titre (interne)')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { previewWithForm?: boolean }).previewWithForm),
  ).toBe(true);
  const email = page.frameLocator('iframe[title="Aperçu de l’email"]').getByRole('article');
  await expect(email.getByText('Bonjour Grâce,')).toBeVisible();
  // "Sans prénom": the chip's fallback words.
  await page.getByRole('button', { name: 'Sans prénom' }).click();
  await expect(email.getByText('Bonjour à vous,')).toBeVisible();
});

test('a draft case study shows its drawn cover in the admin, which the public cannot load', async ({
  page,
  request,
}) => {
  await openSignedIn(page, '/admin/portfolio');
  const origin = new URL(page.url()).origin;
  const input = aCaseStudyInput({ imageUrl: null });
  const created = await page.request.post('/api/admin/portfolio', {
    data: input,
    headers: { Origin: origin, 'X-Requested-With': 'fetch' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/admin/portfolio?q=${encodeURIComponent(input.title as string)}`);
  const card = page.getByTestId('case-study-card').filter({ hasText: input.title as string });
  await expect(card.getByText('Non publiée')).toBeVisible();
  const cover = card.locator('img');
  await expect(cover).toHaveAttribute('src', /^\/api\/admin\/visuals\/cover\/case-/);
  await expect
    .poll(() =>
      cover.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  // Signed out, neither the admin's file nor the public name of the same drawing answers.
  const src = (await cover.getAttribute('src')) ?? '';
  expect((await request.get(src)).status()).toBe(401);
  expect((await request.get(src.replace('/api/admin/visuals', '/visuals'))).status()).toBe(404);
});
