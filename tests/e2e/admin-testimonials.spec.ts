import { expect, test } from '@playwright/test';
import { clientIp, openDialog, openSignedIn, plainPng, toasts, uniqueSuffix } from './helpers/admin.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

/**
 * Testimonials (docs/decisions/086-testimonials.md): one written in the back-office, with a logo,
 * a case study and a service, shows on the home page (a carousel on a phone, a grid on a
 * laptop), on its service's page and in its case study; hidden, it is gone. The desktop and phone
 * projects share the server and its database: each test uses a name of its own.
 */
test.beforeEach(async ({ page }, testInfo) => {
  test.slow();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 23) });
});

const STUDY = 'Lancement de la commande en ligne pour une enseigne de distribution';

test('a testimonial written in the back-office shows on the home page, its service and its case study; hidden, it is gone', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name.startsWith('phone');
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  const name = `Awa Test ${uniqueSuffix()}`;
  const quote = `Avec Lisanga Digital, nos commandes en ligne ont triplé en un trimestre (${name}).`;
  const logo = await plainPng(240, 240, { r: 30, g: 90, b: 160 });

  await openSignedIn(page, '/admin/testimonials');
  await expect(page.getByRole('heading', { name: 'Témoignages', level: 1 })).toBeVisible();
  // The seeded examples say that they are examples.
  await expect(page.getByTestId('testimonial-row').filter({ hasText: 'Démo' }).first()).toBeVisible();

  const dialog = await openDialog(page, 'Ajouter un témoignage');
  await dialog.getByLabel('Témoignage').fill('Trop court');
  await dialog.getByLabel('Nom', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Le témoignage doit contenir au moins 20 caractères')).toBeVisible();

  await dialog.getByLabel('Témoignage').fill(quote);
  await dialog.getByLabel(/^Fonction/).fill('Directrice commerciale');
  await dialog.getByLabel(/^Entreprise/).fill('Kin Textiles');
  // The preview is the public card, as typed.
  const preview = dialog.getByRole('region', { name: 'Aperçu sur le site' });
  await expect(preview.getByRole('figure')).toContainText(name);
  await expect(preview.getByRole('figure')).toContainText('Directrice commerciale, Kin Textiles');

  await dialog.getByLabel('Logo de l’entreprise').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logo,
  });
  await expect(dialog.getByRole('img', { name: 'Aperçu : Logo de l’entreprise' })).toHaveAttribute(
    'src',
    /^\/media\//,
  );
  await dialog.getByLabel(/^Étude de cas liée/).selectOption({ label: STUDY });
  await dialog.getByRole('checkbox', { name: 'Publicité en ligne' }).check();
  // The dialog, filled, with its preview: nothing axe can fault.
  const violations = await axeViolations(page, (axe) => axe.include('[role=dialog]'));
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toasts(page).filter({ hasText: 'Témoignage ajouté' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Témoignages' })).toContainText(name);

  // The home page: a figure with the words and who said them, the logo, a link to the case study.
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Ils parlent de nous' });
  const card = section.getByRole('figure').filter({ hasText: name });
  await expect(card.locator('blockquote')).toHaveText(quote);
  await expect(card.locator('figcaption')).toContainText('Directrice commerciale, Kin Textiles');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\//);
  await expect(card.getByRole('link', { name: /Lire l’étude de cas/ })).toHaveAttribute(
    'href',
    /^\/portfolio#case-/,
  );
  expect(await scrollsSideways(page)).toBe(false);

  const list = section.getByRole('list');
  const next = section.getByRole('button', { name: 'Témoignage suivant' });
  if (phone) {
    // A row that scrolls card by card: the buttons move it, and past the last it comes back.
    await expect(next).toBeVisible();
    const left = () => list.evaluate((el) => el.scrollLeft);
    expect(await left()).toBe(0);
    // The arrow keys scroll it too, once it has the focus.
    await list.focus();
    // Each key moves one card, and waits for its smooth scroll to come to rest before the next.
    await page.keyboard.press('ArrowRight');
    await expect.poll(left).toBeGreaterThan(200);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(left).toBe(0);
    await next.click();
    await expect.poll(left).toBeGreaterThan(200);
    await section.getByRole('button', { name: 'Témoignage précédent' }).click();
    await expect.poll(left).toBe(0);
    await section.getByRole('button', { name: 'Témoignage précédent' }).click();
    await expect.poll(left).toBeGreaterThan(200);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await scrollsSideways(page)).toBe(false);
  } else {
    // A grid of three columns: the first three side by side, no buttons.
    await expect(next).toBeHidden();
    const tops = await section
      .getByRole('figure')
      .evaluateAll((figures) =>
        figures.slice(0, 3).map((figure) => Math.round(figure.getBoundingClientRect().top)),
      );
    expect(new Set(tops).size).toBe(1);
  }

  // The case study shows its client's words; the service's page too.
  await card.getByRole('link', { name: /Lire l’étude de cas/ }).click();
  await expect(page).toHaveURL(/\/portfolio#case-/);
  const study = page.getByRole('article', { name: STUDY });
  await expect(study.getByRole('figure').filter({ hasText: name })).toBeVisible();

  await page.goto('/services');
  await page.getByRole('link', { name: 'Publicité en ligne' }).first().click();
  await expect(page.getByRole('heading', { name: 'Publicité en ligne', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Ils nous ont confié ce travail' })
      .getByRole('figure')
      .filter({ hasText: name }),
  ).toBeVisible();

  // Hidden in the back-office: gone from the site.
  await page.goto('/admin/testimonials');
  await page.getByRole('switch', { name: `Visible sur le site : « ${name} »` }).click();
  await expect(toasts(page).filter({ hasText: 'Témoignage masqué du site' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Ils parlent de nous' })).toBeVisible();
  await expect(page.getByText(quote)).toHaveCount(0);
});
