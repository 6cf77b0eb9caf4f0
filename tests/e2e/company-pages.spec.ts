/**
 * The company pages (services, service detail, portfolio, about, contact, legal, newsletter
 * outcomes, offline): complete server-rendered HTML with their French texts, correct statuses,
 * head tags and no axe violations.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, hydrated, pageWithoutJavaScript } from './helpers/page.ts';

const PARENT_SERVICES = ['Stratégie Marketing', 'Marketing Digital', 'Création de Contenu', 'Branding'];

type PublicService = { id: string; title: string; parentServiceId: string | null };

async function serviceByTitle(request: APIRequestContext, title: string) {
  const response = await request.get('/api/services');
  expect(response.ok()).toBe(true);
  const services = (await response.json()) as PublicService[];
  const service = services.find((s) => s.title === title);
  if (!service) throw new Error(`Seeded service not found: ${title}`);
  return service;
}

type PageCheck = { path: string | (() => string); h1: string; texts: string[] };

let strategyPath = '/services/unknown';

const PAGES: PageCheck[] = [
  {
    path: '/services',
    h1: 'Nos services',
    texts: [...PARENT_SERVICES, 'Audit digital complet', 'Planifier un appel découverte'],
  },
  {
    path: () => strategyPath,
    h1: 'Stratégie Marketing',
    texts: ['Audit digital complet', 'Plan marketing sur mesure', 'Demander un devis'],
  },
  { path: '/portfolio', h1: 'Portfolio', texts: ['Bomoko Microfinance', 'Ouvertures de comptes', '+210 %'] },
  {
    path: '/about',
    h1: 'À propos',
    texts: ['Notre histoire', 'Notre mission', 'Nos valeurs', 'Notre équipe'],
  },
  { path: '/contact', h1: 'Contact', texts: ['Nos coordonnées', 'Discuter sur WhatsApp'] },
  {
    path: '/legal/privacy',
    h1: 'Politique de confidentialité',
    texts: ['Dernière mise à jour : 2 décembre 2026', 'Vos droits'],
  },
  {
    path: '/legal/terms',
    h1: 'Conditions d’utilisation',
    texts: ['Dernière mise à jour : 2 décembre 2026', 'Droit applicable et litiges'],
  },
  {
    path: '/legal/cookies',
    h1: 'Politique de cookies',
    texts: ['Dernière mise à jour : 2 décembre 2026', 'Cookie de session de l’espace d’administration'],
  },
  { path: '/newsletter/welcome', h1: 'Bienvenue !', texts: ['Ce que vous allez recevoir'] },
  {
    path: '/newsletter/unsubscribed',
    h1: 'Vous êtes désinscrit',
    texts: ['vous ne recevrez plus la newsletter'],
  },
  { path: '/offline', h1: 'Vous êtes hors ligne', texts: ['Réessayer'] },
];

const pathOf = (check: PageCheck) => (typeof check.path === 'function' ? check.path() : check.path);

test.beforeAll(async ({ request }) => {
  strategyPath = `/services/${(await serviceByTitle(request, 'Stratégie Marketing')).id}`;
});

async function expectPageContent(page: Page, check: PageCheck) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(check.h1);
  // Scoped to the page's own content: the header and footer repeat some of these words.
  const main = page.locator('main');
  for (const text of check.texts) await expect(main.getByText(text).first()).toBeVisible();
}

for (const check of PAGES) {
  const label = typeof check.path === 'string' ? check.path : '/services/{id}';

  test(`${label} answers 200 with its French content and no axe violations`, async ({ page }) => {
    const response = await page.goto(pathOf(check));
    expect(response?.status()).toBe(200);
    await expectPageContent(page, check);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`${label} is complete HTML without JavaScript, with its own canonical and Open Graph tags`, {
    tag: '@any-screen',
  }, async ({ browser, baseURL }) => {
    const page = await pageWithoutJavaScript(browser);
    const path = pathOf(check);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(check.h1);
    const html = await page.content();
    expect(html).toContain('<meta property="og:title"');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${baseURL}${path}`);
    await page.context().close();
  });
}

test('/services groups the children under their parent, in the seeded order', async ({ page }) => {
  await page.goto('/services');
  const parents = page.getByRole('heading', { level: 2 });
  await expect(
    parents.filter({ hasText: /^(Stratégie Marketing|Marketing Digital|Création de Contenu|Branding)$/ }),
  ).toHaveText(PARENT_SERVICES);
  const strategy = page.locator('section', {
    has: page.getByRole('heading', { name: 'Stratégie Marketing', level: 2 }),
  });
  await expect(strategy.getByRole('heading', { name: 'Audit digital complet', level: 3 })).toBeVisible();
  await expect(
    strategy.getByRole('link', { name: 'En savoir plus sur Audit digital complet' }),
  ).toHaveAttribute('href', /^\/services\/[0-9a-f-]{36}$/);
});

test('a service detail page lists its children, names itself in <title>, and a child links back to its parent', async ({
  page,
  request,
}) => {
  const parent = await serviceByTitle(request, 'Stratégie Marketing');
  await page.goto(`/services/${parent.id}`);
  await expect(page).toHaveTitle(/Stratégie Marketing/);
  for (const child of [
    'Audit digital complet',
    'Plan marketing sur mesure',
    'Étude de marché et des cibles',
  ]) {
    await expect(page.getByRole('link', { name: child, exact: true })).toBeVisible();
  }
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const service = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Service');
  expect(service).toMatchObject({ name: 'Stratégie Marketing', provider: { name: 'Lisanga Digital' } });
  expect(service.description.length).toBeLessThanOrEqual(160);

  const child = await serviceByTitle(request, 'Audit digital complet');
  await page.goto(`/services/${child.id}`);
  await expect(page).toHaveTitle(/Audit digital complet/);
  const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
  await expect(breadcrumb.getByRole('link', { name: 'Stratégie Marketing' })).toHaveAttribute(
    'href',
    `/services/${parent.id}`,
  );
});

for (const path of ['/services/00000000-0000-4000-8000-000000000000', '/services/not-a-uuid']) {
  test(`${path} answers HTTP 404 with the 404 page inside the site’s header`, async ({ page, isMobile }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found');
    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    if (isMobile) {
      // On a phone the navigation lives in the drawer, which needs the hydrated app to open.
      await hydrated(page);
      await header.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await expect(
        page.getByRole('dialog').getByRole('link', { name: 'Accueil', exact: true }),
      ).toBeVisible();
    } else {
      await expect(header.getByRole('link', { name: 'Accueil', exact: true })).toBeVisible();
    }
  });
}

test('/about#team lands on the team: six members, three skills at most, safe LinkedIn links', async ({
  page,
}) => {
  await page.goto('/about#team');
  await expect(page.getByRole('heading', { name: 'Notre équipe' })).toBeInViewport();
  const team = page.locator('#team');
  const cards = team.locator('article');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    expect(
      await card.getByRole('list', { name: 'Compétences' }).getByRole('listitem').count(),
    ).toBeLessThanOrEqual(3);
  }
  const linkedIn = team.getByRole('link', { name: /^LinkedIn de / });
  expect(await linkedIn.count()).toBeGreaterThan(0);
  for (const link of await linkedIn.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('rel', /noreferrer/);
  }
});

test('/about shows the company figures', async ({ page }) => {
  await page.goto('/about');
  for (const figure of ['7+', '15+', '120%'])
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
});

test('/contact offers WhatsApp, phone, email and the contact form', async ({ page }) => {
  await page.goto('/contact');
  const main = page.locator('main');
  const whatsapp = main.getByRole('link', { name: /Discuter sur WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/243\d+\?text=/);
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(new URL(href).searchParams.get('text')).toBe(
    'Bonjour Lisanga Digital, j’aimerais discuter d’un projet.',
  );
  await expect(main.getByRole('link', { name: '+243 81 234 5678' })).toHaveAttribute(
    'href',
    'tel:+243812345678',
  );
  await expect(main.getByRole('link', { name: 'contact@lisanga-digital.cd' })).toHaveAttribute(
    'href',
    'mailto:contact@lisanga-digital.cd',
  );
  await expect(
    main.getByRole('region', { name: 'Écrivez-nous' }).getByRole('button', { name: 'Envoyer le message' }),
  ).toBeVisible();
  await expect(main.getByRole('button', { name: 'Planifier un appel découverte' })).toBeVisible();
});

test('the offline page reloads on "Réessayer"', async ({ page }) => {
  await page.goto('/offline');
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { __beforeReload: true }));
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Réessayer' }).click()]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes hors ligne');
  expect(await page.evaluate(() => (window as { __beforeReload?: boolean }).__beforeReload)).toBeUndefined();
});

test('the newsletter outcome and offline pages are not indexed', { tag: '@any-screen' }, async ({ page }) => {
  for (const path of ['/newsletter/welcome', '/newsletter/unsubscribed', '/offline']) {
    await page.goto(path);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  }
});
