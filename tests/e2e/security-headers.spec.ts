import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { clientAddressPerTest } from './helpers/admin.ts';
import { hydrated } from './helpers/page.ts';

/**
 * The Content-Security-Policy in a real browser: every page works under it, no script
 * is refused, and the only inline scripts are the ones it names. The back-office's (React
 * Router's) carry the response's own nonce; public documents, served to every visitor from the
 * response cache (docs/decisions/031), carry no nonce: their one script, the islands' bootstrap,
 * is allowed by its hash.
 */
clientAddressPerTest(21);

const PAGES = ['/', '/services', '/blog', '/portfolio', '/contact', '/admin/login', '/page-qui-n-existe-pas'];

test('every page renders and hydrates under the CSP with no violation; inline scripts carry the nonce or match the hash', async ({
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
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const inline = await page.$$eval('script:not([src])', (scripts) =>
      scripts
        .filter((script) => script.getAttribute('type') !== 'application/ld+json') // data, not code
        .map((script) => ({ nonce: (script as HTMLScriptElement).nonce, source: script.textContent ?? '' })),
    );
    expect(inline.length, `${path} has its inline scripts`).toBeGreaterThan(0);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (path.startsWith('/admin')) {
      expect(nonce, `${path} has a nonce`).toBeTruthy();
      for (const script of inline) expect(script.nonce).toBe(nonce);
    } else {
      expect(nonce, `${path} has no nonce to share`).toBeUndefined();
      for (const script of inline) {
        expect(script.nonce).toBe('');
        const hash = createHash('sha256').update(script.source).digest('base64');
        expect(csp, `${path}: the inline script’s hash is allowed`).toContain(`'sha256-${hash}'`);
      }
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

test('no page reports a CSP violation, a console error or a hydration mismatch once its scripts ran, on a first visit or a later page of it', async ({
  page,
}) => {
  // Chromium reports some violations (a library probing for eval) only as an event, not on the console.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    // React's hydration errors are reported by the islands as warnings (app/islands/hydrate.tsx).
    if (message.type() === 'error' || /React error|^Island /.test(text))
      problems.push(`${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  // Twice: the second round reads what the tab kept from the first (sessionStorage's prefetches).
  for (const round of [1, 2]) {
    for (const path of PAGES) {
      await page.goto(path);
      if (path.startsWith('/admin')) await page.waitForLoadState('networkidle');
      else await hydrated(page);
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations, `${path}, visit ${round}`).toEqual([]);
    }
  }
  // The expected failed loads: the login's session check (401) and the unknown page itself (404).
  const expected = /\/admin\/login: .*status of 401|\/page-qui-n-existe-pas: .*status of 404/;
  expect(problems.filter((problem) => !expected.test(problem))).toEqual([]);
});

test('two answers never share a nonce; the back-office and the personal newsletter pages are never served from the cache', {
  tag: '@any-screen',
}, async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const admin = await request.get('/admin/login');
    expect(admin.status()).toBe(200);
    nonces.add(/'nonce-([^']+)'/.exec(admin.headers()['content-security-policy'] ?? '')?.[1] ?? '');
    expect(admin.headers()['x-cache']).toBeUndefined();
  }
  expect([...nonces].filter(Boolean)).toHaveLength(3);
  for (const path of [
    '/newsletter/confirm?token=jeton-inconnu',
    '/newsletter/manage?token=jeton-inconnu',
    '/newsletter/unsubscribe?token=jeton-inconnu',
  ]) {
    for (let i = 0; i < 2; i++) {
      const personal = await request.get(path);
      expect(personal.headers()['x-cache'], path).toBeUndefined();
      expect(personal.headers()['cache-control'], path).toBe('no-store');
    }
  }
  // A shared page is: made once, then served as kept, with an ETag that a 304 answers.
  await request.get('/legal/terms');
  const kept = await request.get('/legal/terms');
  expect(kept.headers()['x-cache']).toBe('hit');
  const etag = kept.headers().etag ?? '';
  expect(etag).toMatch(/^W\/"/);
  const revalidated = await request.get('/legal/terms', { headers: { 'If-None-Match': etag } });
  expect(revalidated.status()).toBe(304);
});

test('an inline script injected without the nonce is refused by the browser', { tag: '@any-screen' }, async ({
  page,
}) => {
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

test('the service worker script has a CSP of its own (this site only) and every answer a Permissions-Policy', {
  tag: '@any-screen',
}, async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(worker.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  for (const path of ['/', '/sw.js', '/manifest.webmanifest', '/page-qui-n-existe-pas']) {
    const response = await request.get(path);
    expect(response.headers()['permissions-policy'], path).toContain('camera=()');
  }
});
