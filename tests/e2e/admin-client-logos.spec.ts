import { expect, type Locator, test } from '@playwright/test';
import { clientIp, openDialog, openSignedIn, toasts, uniqueSuffix } from './helpers/admin.ts';
import { scrollsSideways } from './helpers/page.ts';

/**
 * Client logos (docs/decisions/087-client-logos.md): an SVG logo added in the back-office is
 * drawn into WebP, shown grey under "Ils nous font confiance" on the home page and About, in its
 * colours on hover or keyboard focus, linked to the client's site; hidden, it is gone. The desktop
 * and phone projects share the server and its database: each test uses a name of its own.
 */
test.beforeEach(async ({ page }, testInfo) => {
  test.slow();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 25) });
});

/** The CSS filter the logo is drawn with: grey ("grayscale(1)") or in its colours ("none"). */
const filterOf = (logo: Locator) => logo.evaluate((el) => getComputedStyle(el).filter);

// A client's logo as a design tool exports it: an orange emblem and a dark word, on nothing.
const SVG_LOGO = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60">' +
    '<circle cx="30" cy="30" r="26" fill="#ea580c"/><rect x="70" y="20" width="160" height="20" rx="4" fill="#1f2937"/></svg>',
);

test('an SVG logo added in the back-office shows grey on the home page and About, in colour on hover or focus; hidden, it is gone', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name.startsWith('phone');
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  const name = `Client ${uniqueSuffix()}`;

  await openSignedIn(page, '/admin/client-logos');
  await expect(page.getByRole('heading', { name: 'Logos clients', level: 1 })).toBeVisible();
  // The seeded wordmarks say that they are examples.
  await expect(page.getByTestId('client-logo-row').filter({ hasText: 'Démo' }).first()).toBeVisible();

  const dialog = await openDialog(page, 'Ajouter un logo');
  await dialog.getByLabel('Nom du client').fill(name);
  await dialog.getByLabel(/^Site du client/).fill('http://client.example.cd');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dialog.getByText('Le site du client doit être une adresse https:// (par exemple https://exemple.cd)'),
  ).toBeVisible();
  await dialog.getByLabel(/^Site du client/).fill('https://client.example.cd');
  // A script in an SVG is refused with the reason; a clean one is drawn.
  await dialog.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'piege.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(dialog.getByRole('alert').filter({ hasText: 'contient du code' })).toBeVisible();
  await dialog.getByLabel('Logo', { exact: true }).setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: SVG_LOGO,
  });
  await expect(dialog.getByRole('img', { name: 'Aperçu : Logo' })).toHaveAttribute(
    'src',
    /^\/media\/.+\.960\.webp$/,
  );
  // The preview shows the logo as at rest (grey) and as on hover (in colour).
  const preview = dialog.getByRole('region', { name: 'Aperçu sur le site' });
  await expect(preview.getByRole('img', { name })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toasts(page).filter({ hasText: 'Logo ajouté' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Logos clients' })).toContainText(name);

  for (const path of ['/', '/about']) {
    await page.goto(path);
    const band = page.getByRole('region', { name: 'Ils nous font confiance' });
    const link = band.getByRole('link', { name: `${name} (nouvel onglet)` });
    await expect(link).toHaveAttribute('href', 'https://client.example.cd');
    await expect(link).toHaveAttribute('target', '_blank');
    const logo = link.getByRole('img');
    await expect(logo).toHaveAttribute('src', /^\/media\/.+\.960\.webp$/);
    await logo.scrollIntoViewIfNeeded();
    // Loaded: one of the upload's WebP widths, the one the screen's density calls for.
    await expect
      .poll(() =>
        logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
      )
      .toMatch(/\/media\/.+\.(480|960)\.webp$/);
    expect(await filterOf(logo)).toContain('grayscale(1)');
    if (phone) {
      // No hover on a touch screen: the keyboard's focus shows the colours.
      await page.keyboard.press('Tab');
      await link.focus();
    } else {
      await link.hover();
    }
    await expect.poll(() => filterOf(logo)).not.toContain('grayscale(1)');
    expect(await scrollsSideways(page)).toBe(false);
  }

  // The narrowest phone: two logos a row, nothing sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  const items = page.getByRole('region', { name: 'Ils nous font confiance' }).getByTestId('client-logo');
  const lefts = await items.evaluateAll((els) =>
    els.map((el) => Math.round(el.getBoundingClientRect().left)),
  );
  expect(new Set(lefts).size).toBe(2);
  expect(await scrollsSideways(page)).toBe(false);

  // Hidden in the back-office: gone from the site.
  await page.goto('/admin/client-logos');
  await page.getByRole('switch', { name: `Visible sur le site : « ${name} »` }).click();
  await expect(toasts(page).filter({ hasText: 'Logo masqué du site' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Ils nous font confiance' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${name} (nouvel onglet)` })).toHaveCount(0);
});
