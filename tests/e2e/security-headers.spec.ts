import { expect, test } from '@playwright/test';
import { clientIp } from './helpers/admin.ts';
import { hydrated } from './helpers/page.ts';

/**
 * The Content-Security-Policy (issue 10) in a real browser: every page works under it, no script
 * is refused, and the only inline scripts are React Router's, stamped with the response's nonce.
 */
test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 21) });
});

const PAGES = ['/', '/services', '/blog', '/portfolio', '/contact', '/admin/login', '/page-qui-n-existe-pas'];

test('every page renders and hydrates under the CSP with no violation; inline scripts carry the nonce', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(path === '/page-qui-n-existe-pas' ? 404 : 200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, `${path} has a nonce`).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts.map((script) => ({
        nonce: (script as HTMLScriptElement).nonce,
        type: script.getAttribute('type'),
      })),
    );
    expect(inline.length, `${path} has React Router's inline scripts`).toBeGreaterThan(0);
    for (const script of inline) {
      if (script.type === 'application/ld+json') continue; // data, not code
      expect(script.nonce).toBe(nonce);
    }
  }
  // Hydrated: client-side behaviour works (the quote modal is a lazily loaded chunk).
  await page.goto('/');
  await hydrated(page);
  const phone = (page.viewportSize()?.width ?? 1280) < 640;
  await page
    .getByRole('banner')
    .getByRole('button', { name: phone ? 'Devis' : 'Devis gratuit', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'Obtenez votre devis personnalisé' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('an inline script injected without the nonce is refused by the browser', async ({ page }) => {
  await page.goto('/');
  const ran = await page.evaluate(() => {
    (window as unknown as { injected?: boolean }).injected = false;
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected;
  });
  expect(ran).toBe(false);
});

test('the service worker script has a CSP of its own (this site only) and every answer a Permissions-Policy', async ({
  request,
}) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(worker.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  for (const path of ['/', '/sw.js', '/manifest.webmanifest', '/page-qui-n-existe-pas']) {
    const response = await request.get(path);
    expect(response.headers()['permissions-policy'], path).toContain('camera=()');
  }
});
