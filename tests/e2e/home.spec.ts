import { expect, test } from '@playwright/test';
import { hydrated, pageWithoutJavaScript } from './helpers/page.ts';

const PARENT_SERVICES = ['Stratégie Marketing', 'Marketing Digital', 'Création de Contenu', 'Branding'];

test('the home page is complete HTML before any JavaScript runs', { tag: '@any-screen' }, async ({
  browser,
}) => {
  const page = await pageWithoutJavaScript(browser);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Lisanga Digital/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  for (const title of PARENT_SERVICES) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  for (const claim of ['7+', '15+', '120%'])
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  // The team is in the first HTML: no skeleton waiting for a script to swap the cards in (without
  // JavaScript it used to stay a skeleton, the cards hidden).
  const team = page.locator('#team');
  await expect(team.getByRole('heading', { name: 'Patrick Mbuyi Kalala' })).toBeVisible();
  await expect(team.getByTestId('team-skeleton')).toHaveCount(0);
  await page.context().close();
});

test('the home page hydrates its interactive parts without an error; its links lead to their pages', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Public pages are documents whose islands hydrate once idle (docs/decisions/030-public-islands.md).
  await hydrated(page);
  await page.getByRole('link', { name: 'Lisanga Digital' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await hydrated(page);
  expect(errors).toEqual([]);
});

test('an unknown path answers HTTP 404 with "404 Page Not Found", and its link leads home', {
  tag: '@any-screen',
}, async ({ page }) => {
  const response = await page.goto('/ceci/n-existe/pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: PARENT_SERVICES[0] })).toBeVisible();
});
