import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './helpers/page.ts';

/**
 * The 404 page helps the visitor on (decision 024): the spec's English heading, then
 * the French way back (home, services, blog, contact) and the quote request.
 */
const WAY_BACK = [
  { name: 'Retour à l’accueil', href: '/' },
  { name: 'Nos services', href: '/services' },
  { name: 'Le blog', href: '/blog' },
  { name: 'Nous contacter', href: '/contact' },
];

async function expectWayBack(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(main.getByText('Cette page n’existe pas ou a été déplacée.')).toBeVisible();
  for (const { name, href } of WAY_BACK) {
    const link = main.getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', href);
  }
}

test('an unknown path shows the way back: home, services, blog, contact; each leads there', async ({
  page,
}) => {
  const response = await page.goto('/ceci/n-existe/pas');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expectWayBack(page);

  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Nos services' }).click();
  await expect(page).toHaveURL('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nos services');

  await page.goBack();
  await main.getByRole('link', { name: 'Le blog' }).click();
  await expect(page).toHaveURL('/blog');

  await page.goBack();
  await main.getByRole('link', { name: 'Nous contacter' }).click();
  await expect(page).toHaveURL('/contact');
});

test('the 404 page’s quote button opens the quote modal', async ({ page }) => {
  await page.goto('/ceci/n-existe/pas');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(
    main.getByText('Vous cherchiez nos tarifs ? Recevez un devis gratuit sous 24h.'),
  ).toBeVisible();
  await main.getByRole('button', { name: 'Demander un devis' }).click();
  await expect(page.getByRole('dialog', { name: 'Obtenez votre devis personnalisé' })).toBeVisible();
});

test('an unknown blog post (404 from its loader) shows the same way back', async ({ page }) => {
  const response = await page.goto('/blog/cet-article-n-existe-pas');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expectWayBack(page);
  await expect(page.getByRole('main').getByRole('button', { name: 'Demander un devis' })).toBeVisible();
});
