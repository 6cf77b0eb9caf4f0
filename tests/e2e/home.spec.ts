import { expect, test } from '@playwright/test';

const PARENT_SERVICES = ['Stratégie Marketing', 'Marketing Digital', 'Création de Contenu', 'Branding'];

test('the home page is complete HTML before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Lisanga Digital/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  for (const title of PARENT_SERVICES) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  for (const claim of ['7+', '15+', '120%'])
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  await context.close();
});

test('the home page hydrates: links then navigate without reloading the page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Once React has hydrated, React Router handles the click: the window (and this marker) survives.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.getByRole('link', { name: 'Lisanga Digital' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('an unknown path answers HTTP 404 with "404 Page Not Found", and its link leads home in-app', async ({
  page,
}) => {
  const response = await page.goto('/ceci/n-existe/pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { name: PARENT_SERVICES[0] })).toBeVisible();
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
