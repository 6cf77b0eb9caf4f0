import { expect, type Page, test } from '@playwright/test';
import { clientIp, openSignedIn } from './helpers/admin.ts';
import { axeViolations, hydrated } from './helpers/page.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The navigation that is visible at this width: the header bar, or the drawer once opened. */
async function openNavigation(page: Page) {
  if (!isPhone(page)) return page.getByRole('navigation', { name: 'Navigation principale' });
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer.getByRole('navigation', { name: 'Navigation mobile' });
}

test('the navigation highlights "/" only on the root and other links by path prefix', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  let nav = await openNavigation(page);
  await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current', 'page');
  for (const label of ['Accueil', 'À propos', 'Services', 'Portfolio', 'Blog', 'Contact']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  // The Admin button is visible to everyone: in the header bar, or in the drawer on phones.
  const admin = isPhone(page) ? nav : page.getByRole('banner');
  await expect(admin.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');

  const services = (await (await page.request.get('/api/services')).json()) as { id: string }[];
  await page.goto(`/services/${services[0]?.id}`);
  await hydrated(page);
  nav = await openNavigation(page);
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current', 'page');
});

test('the quote button reads "Devis gratuit", "Devis" on small screens, "Demander un devis" in the menu', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const header = page.getByRole('banner');
  if (isPhone(page)) {
    await expect(header.getByRole('button', { name: 'Devis', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Demander un devis' })).toBeVisible();
  } else {
    await expect(header.getByRole('button', { name: 'Devis gratuit' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  }
});

test.describe('the mobile drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function openDrawer(page: Page) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    return drawer;
  }

  test('closes on Escape', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const drawer = await openDrawer(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('closes on a click outside it', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const drawer = await openDrawer(page);
    await page.mouse.click(20, 400);
    await expect(drawer).toBeHidden();
  });

  test('closes when a link is chosen, and the route changes', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const drawer = await openDrawer(page);
    await drawer.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(drawer).toBeHidden();
  });

  test('closes on a route change started elsewhere (browser back)', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('link', { name: 'Nos expertises' }).click();
    await expect(page).toHaveURL(/\/services$/);
    const drawer = await openDrawer(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer).toBeHidden();
  });

  test('never lets the keyboard reach the page behind it while open', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const drawer = await openDrawer(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      // Focus stays in the drawer, or passes to the browser's own controls (seen here as <body>).
      const where = await drawer.evaluate((el) =>
        el.contains(document.activeElement)
          ? 'drawer'
          : document.activeElement === document.body
            ? 'browser'
            : 'page',
      );
      expect(where).not.toBe('page');
    }
  });
});

test('the footer has the links of the specification, the social links and the 2025 copyright', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const label of ['Stratégie Marketing', 'Marketing Digital', 'Création de Contenu', 'Branding']) {
    await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', '/services');
  }
  for (const [label, href] of [
    ['À propos', '/about'],
    ['Notre équipe', '/about#team'],
    ['Blog', '/blog'],
    ['Contact', '/contact'],
    ['Politique de confidentialité', '/legal/privacy'],
    ['Conditions d’utilisation', '/legal/terms'],
    ['Politique de cookies', '/legal/cookies'],
  ]) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      href as string,
    );
  }
  await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /instagram\.com/);
  await expect(footer.getByRole('link', { name: /TikTok/ })).toHaveAttribute('href', /tiktok\.com/);
  await expect(footer.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/243\d{9}\?text=/,
  );
  await expect(footer).toContainText('© 2025');
});

test('the home page has every section of the specification and no accessibility violation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Démarrer maintenant' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Nos expertises' })).toHaveAttribute('href', '/services');
  for (const value of [
    'Focalisation',
    'Équilibre',
    'Clarté',
    'Partenariat',
    'Performance',
    'Ancrage Local',
  ]) {
    await expect(page.getByRole('heading', { name: value })).toBeVisible();
  }
  await expect(
    page.getByText('Vos données sont protégées. Pas de spam, désinscription en un clic.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Demander un audit gratuit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir nos études de cas' })).toHaveAttribute(
    'href',
    '/portfolio',
  );
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Branding', exact: true }) });
  await expect(card.getByRole('link', { name: /En savoir plus/ })).toHaveAttribute(
    'href',
    /^\/services\/[0-9a-f-]{36}$/,
  );

  // Team cards: six seeded members, at most three skills each, social links in a new tab.
  const team = page.locator('#team');
  await expect(team.getByRole('article')).toHaveCount(6);
  for (const skills of await team.getByRole('list', { name: 'Compétences' }).all()) {
    expect(await skills.getByRole('listitem').count()).toBeLessThanOrEqual(3);
  }
  const linkedin = team.getByRole('link', { name: /LinkedIn/ }).first();
  await expect(linkedin).toHaveAttribute('target', '_blank');
  await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');

  expect(await axeViolations(page)).toEqual([]);
});

test.describe('between pages', () => {
  // The document request is held by the test itself, not answered by the service worker.
  test.use({ serviceWorkers: 'block' });

  test('a slow page load shows "Chargement en cours..." until the new page arrives', async ({ page }) => {
    // The leaving page tells the test when the status shows, through a binding: the test cannot
    // read that page itself while its navigation is pending.
    let shownAt = 0;
    const shown = Promise.withResolvers<void>();
    await page.exposeFunction('loadingShown', (at: number) => {
      shownAt ||= at;
      shown.resolve();
    });
    await page.goto('/');
    await hydrated(page);
    // Hold the next page, as a slow 3G connection would: until the status has shown, 20 s at most
    // (however slow the machine).
    let releasedAt = 0;
    await page.route('**/services', async (route) => {
      await Promise.race([shown.promise, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      releasedAt = Date.now();
      await route.continue();
    });
    await page.evaluate(() => {
      const seen = () =>
        [...document.querySelectorAll('[role="status"]')].some(
          (status) =>
            status.textContent === 'Chargement en cours...' && status.getBoundingClientRect().height > 0,
        );
      new MutationObserver(() => {
        if (seen()) (window as Window & { loadingShown?: (at: number) => void }).loadingShown?.(Date.now());
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const clickedAt = Date.now();
    // A document load: the click does not wait for the next page.
    await page.getByRole('link', { name: 'Nos expertises' }).click({ noWaitAfter: true });
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/services/i);
    // Shown after the click, while the next page was still held.
    expect(shownAt).toBeGreaterThanOrEqual(clickedAt);
    expect(shownAt).toBeLessThanOrEqual(releasedAt);
    await expect(page.getByRole('status').filter({ hasText: 'Chargement en cours...' })).toBeHidden();
  });
});

test('a 404 raised by a page keeps the header and footer, says "404 Page Not Found" and is not indexed', async ({
  page,
}) => {
  for (const path of [
    '/services/00000000-0000-4000-8000-000000000000',
    '/blog/article-inconnu',
    '/nulle-part',
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('404 Page Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
  }
});

/** The startup calls (docs/product.md §7.5) this page has made so far, with their start times. */
const startupCalls = (page: Page) =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      loadEnd: navigation?.loadEventEnd ?? Number.NaN,
      calls: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/api\/(services|stats|team)$/.test(entry.name))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    };
  });

test('at startup, once the page is idle, a public page prefetches the services its modals read, never before the load; the back-office also the stats and the team (docs/product.md §7.5)', async ({
  page,
}, testInfo) => {
  await page.goto('/blog');
  await expect
    .poll(async () => (await startupCalls(page)).calls.length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  // The calls of one startup start in the same task: none is still to come.
  const site = await startupCalls(page);
  expect(site.calls.map(({ path }) => path)).toEqual(['/api/services']);
  expect(site.loadEnd).toBeGreaterThan(0);
  for (const { start } of site.calls) expect(start).toBeGreaterThanOrEqual(site.loadEnd);

  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 22) });
  await openSignedIn(page, '/admin/dashboard');
  // Kept for the tab (the services, still fresh, are not asked again): the three answers.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Object.keys(sessionStorage)
            .filter((key) => key.startsWith('prefetch:'))
            .sort(),
        ),
      { timeout: 20_000 },
    )
    .toEqual(['prefetch:/api/services', 'prefetch:/api/stats', 'prefetch:/api/team']);
});
