import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import {
  chooseFilter,
  clientAddressPerTest,
  clientIp,
  expectToastShown,
  fillDateTime,
  logIn,
  openLeadPanel,
  openSignedIn,
  recordToasts,
} from './helpers/admin.ts';
import { axeViolations, hydrated, scrollsSideways } from './helpers/page.ts';

/**
 * The back-office end to end (docs/product.md §2.2, §4.3 to §4.5, §7.5, §8.5; decision 012): login and guard,
 * a lead sent from the public site appearing live in the open leads list with its toast, status change, CSV
 * export, and the inactivity dialog and logout. Inactivity runs on Playwright's fake clock: the real timings
 * of common/constants.ts, fast-forwarded instead of waited for.
 *
 * Each test presents its own client address (the server rate-limits logins and leads per address).
 */
clientAddressPerTest(3);

/** A name no other test (or earlier run on this database) uses. */
function uniqueName(first: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  return `${first} ${letters[0]?.toUpperCase()}${letters.slice(1)}`;
}

test.describe('login and guard', () => {
  test('an admin screen asks for the session first, then sends a visitor to the login screen and back after login', async ({
    page,
    request,
  }) => {
    // Before any script runs, the guard says what it is doing.
    const html = await (await request.get('/admin/contacts')).text();
    expect(html).toMatch(/Vérification de l’authentification\.\.\./);

    await page.goto('/admin/contacts?status=nouveau');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fcontacts%3Fstatus%3Dnouveau$/);
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();

    await logIn(page, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
    await expect(page).toHaveURL(/\/admin\/login/);

    await logIn(page);
    await expect(page).toHaveURL(/\/admin\/contacts\?status=nouveau$/);
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    // The filter the address names is chosen: in the toolbar, or in the "Filtres" dialog on a phone.
    const sheetButton = page.getByRole('button', { name: /^Filtres/ });
    if (await sheetButton.isVisible()) {
      await expect(sheetButton).toHaveText('Filtres (1)');
      await sheetButton.click();
    }
    await expect(page.getByLabel('Statut', { exact: true })).toHaveValue('nouveau');
  });

  test('the login screen does not move as its script starts (no layout shift from the passkey button)', async ({
    page,
  }) => {
    // Each shift is kept with what moved, so that a failure says which element moved and where.
    type Shift = { value: number; moved: string[] };
    await page.addInitScript(() => {
      const shifts: Shift[] = [];
      (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[])
          shifts.push({
            value: entry.value,
            moved: (entry.sources ?? []).map(
              ({ node, previousRect: from, currentRect: to }) =>
                `${node instanceof Element ? node.outerHTML.slice(0, 80) : node?.nodeName} at ${Math.round(entry.startTime)} ms: ${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height}`,
            ),
          });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/admin/login');
    const passkey = page.getByRole('button', { name: /clé d’accès/ });
    await expect(passkey).toBeVisible();
    const card = await page.locator('form').boundingBox();
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const moved = JSON.stringify(shifts, null, 1);
    expect(await page.locator('form').boundingBox(), moved).toEqual(card);
    expect(
      shifts.reduce((sum, shift) => sum + shift.value, 0),
      moved,
    ).toBeLessThan(0.001);
  });

  test('a password sent before the page’s script runs never goes into an address: the screen comes back', {
    tag: '@any-screen',
  }, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('request', (request) => sent.push(`${request.method()} ${request.url()}`));
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill('admin@example.cd');
      await page.getByLabel('Mot de passe').fill('mot-de-passe-en-clair');
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByLabel('Mot de passe')).toBeVisible();
      expect(sent.some((line) => line.startsWith('POST ') && line.endsWith('/admin/login'))).toBe(true);
      expect(sent.filter((line) => line.includes('mot-de-passe'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the login screen loads none of the public site’s code or data, has the dashboard’s code ready before the click, and the dashboard fetches its figures once', async ({
    page,
  }) => {
    const requests: { path: string; afterClick: boolean }[] = [];
    let clicked = false;
    page.on('request', (request) =>
      requests.push({ path: new URL(request.url()).pathname, afterClick: clicked }),
    );
    let subscribed = false;
    // The other worker's visitors send leads meanwhile: each is a live update, and a live update
    // fetches the figures again (as it should). Those are counted apart.
    let liveUpdates = 0;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"subscribed"') && String(payload).includes('"dashboard"'))
          subscribed = true;
        if (clicked && String(payload).includes('"stats_update"')) liveUpdates += 1;
      }),
    );
    // The dashboard's route module arrives while the login screen waits (once it is idle).
    const preloaded = page.waitForResponse((response) =>
      /\/assets\/dashboard-[\w-]{8}\.js$/.test(response.url()),
    );
    await page.goto('/admin/login');
    await preloaded;
    await page.waitForLoadState('networkidle');
    const publicOnly = /^\/api\/(services|stats|team)$|^\/assets\/toast-/;
    expect(requests.filter(({ path }) => publicOnly.test(path))).toEqual([]);

    clicked = true;
    await logIn(page);
    await expect(page.getByTestId('kpi-value').first()).toBeVisible();
    // Once the dashboard's channel is confirmed, nothing more is fetched for it.
    await expect.poll(() => subscribed, { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const afterClick = requests.filter((request) => request.afterClick).map(({ path }) => path);
    const fetches = afterClick.filter((path) => path === '/api/admin/dashboard').length;
    expect(fetches, `${liveUpdates} live update(s) meanwhile`).toBeGreaterThanOrEqual(1);
    expect(fetches, `${liveUpdates} live update(s) meanwhile`).toBeLessThanOrEqual(1 + liveUpdates);
    // The screen's route modules were there before the click (lazy parts such as charts may follow).
    expect(afterClick.filter((path) => /^\/assets\/(layout|dashboard)-[\w-]{8}\.js$/.test(path))).toEqual([]);
  });

  test('/admin and /admin/login are the same screen; the form validates per docs/product.md §5.4; a signed-in admin goes on to the dashboard', async ({
    page,
  }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByText('Email invalide')).toBeVisible();
    await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();

    await logIn(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();

    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('the navigation reaches every admin screen of docs/product.md §2.2', async ({ page }) => {
    await page.goto('/admin/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const phone = (page.viewportSize()?.width ?? 1280) < 1024;
    for (const [label, path] of [
      ['Audience', '/admin/audience'],
      ['Contacts', '/admin/contacts'],
      ['Rendez-vous', '/admin/rendez-vous'],
      ['Newsletter', '/admin/newsletter'],
      ['Campagnes', '/admin/emails/campaigns'],
      ['Modèles d’email', '/admin/emails/templates'],
      ['Services', '/admin/services'],
      ['Équipe', '/admin/team'],
      ['Témoignages', '/admin/testimonials'],
      ['Logos clients', '/admin/client-logos'],
      ['Blog', '/admin/blog'],
      ['Portfolio', '/admin/portfolio'],
      ['Paramètres', '/admin/settings'],
      ['Journal d’activité', '/admin/activity'],
      ['Tableau de bord', '/admin/dashboard'],
    ] as const) {
      if (phone) await page.getByRole('button', { name: 'Ouvrir le menu d’administration' }).click();
      const nav = page.getByRole('navigation', { name: 'Navigation de l’administration' });
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // On a phone the drawer closes once a screen is chosen; the sidebar shows where one is.
      if (phone) await expect(nav).toBeHidden();
      else
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
    }
  });
});

/** Sends a message from the public contact page, in its own browser context (another visitor). */
async function sendLeadFromSite(browser: Browser, testInfo: TestInfo, fullName: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp(testInfo, 4) },
  });
  const visitor = await context.newPage();
  await recordToasts(visitor);
  await visitor.goto('/contact');
  await hydrated(visitor);
  const form = visitor.getByRole('region', { name: 'Écrivez-nous' });
  await form.getByLabel('Nom complet').fill(fullName);
  await form.getByLabel('Email').fill('lead.admin-e2e@example.cd');
  await form.getByLabel('Service concerné').selectOption('Autre');
  await form.getByLabel('Message').fill('Bonjour, nous voulons refaire notre site vitrine à Kinshasa.');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expectToastShown(visitor, 'Message envoyé !');
  await context.close();
}

test.describe('leads', () => {
  test('a lead sent from the public site appears live in the open list with its toast; its status changes; the CSV export downloads it', async ({
    page,
    browser,
  }, testInfo) => {
    // A login, a lead sent from a second browser, a live toast, a status change and an export:
    // three times the usual ceiling for a busy machine; each step waits for its own event.
    test.slow();
    await recordToasts(page);
    await page.goto('/admin/login?redirect=%2Fadmin%2Fcontacts');
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await expect(page.locator('[data-realtime="connected"]').first()).toBeAttached();

    const fullName = uniqueName('Élodie');
    const listed = page.getByTestId('contact-row').filter({ hasText: fullName });
    await expect(listed).toHaveCount(0);

    await sendLeadFromSite(browser, testInfo, fullName);

    // No reload: the real-time channel brings the toast and refreshes the list.
    await expectToastShown(page, 'Nouveau contact !', `${fullName} vient de nous contacter`);
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Nouveau');
    await expect(listed).toContainText('Formulaire de contact');

    // The detail panel: composed message and contact actions.
    await listed.getByRole('button', { name: fullName }).click();
    const panel = page.getByRole('dialog', { name: fullName });
    await expect(panel).toContainText('Bonjour, nous voulons refaire notre site vitrine à Kinshasa.');
    await expect(panel.getByRole('link', { name: 'Écrire un email' })).toHaveAttribute(
      'href',
      'mailto:lead.admin-e2e@example.cd',
    );
    await panel.getByRole('button', { name: 'En cours' }).click();
    // The panel is modal (the rest of the page is hidden from assistive technology meanwhile, the
    // toast region included): the toast is checked as seen, the state by the pressed button.
    await expectToastShown(page, 'Statut mis à jour', `${fullName} : En cours`);
    await expect(panel.getByRole('button', { name: 'En cours' })).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('button', { name: 'Fermer la fiche' }).click();
    await expect(listed).toContainText('En cours');

    // Filtering by the new status keeps it; the export downloads what is filtered.
    await chooseFilter(page, 'Statut', 'en_cours');
    await expect(listed).toHaveCount(1);
    // The filter is a navigation (the address carries it): the link is followed once it has it,
    // as a person sees the list filtered before reaching for the export.
    const exportLink = page.getByRole('link', { name: 'Exporter en CSV' });
    await expect(exportLink).toHaveAttribute('href', /[?&]status=en_cours(&|$)/);
    const downloading = page.waitForEvent('download');
    await exportLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(fullName);
    expect(csv).not.toMatch(/,Nouveau,/);
  });
});

test.describe('contacts on a phone and a laptop', () => {
  test('the first lead shows in a phone’s first screen, the filters wait in “Filtres (n)”; a laptop reads each address on one line and the phone grouped', async ({
    page,
  }, testInfo) => {
    const fullName = uniqueName('Prisca');
    const email = `prisca.une-adresse-vraiment-longue@entreprise-${Date.now()}.cd`;
    const sent = await page.request.post('/api/contact', {
      headers: { 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': clientIp(testInfo, 39) },
      data: aWebsiteRequest({ fullName, email, phone: '0810000001' }),
    });
    expect(sent.status()).toBe(201);

    await page.setViewportSize({ width: 360, height: 740 });
    await openSignedIn(page, '/admin/contacts');
    const rows = page.getByTestId('contact-row');
    // The newest first, in the first screen: its name entirely above the fold. A test running
    // beside this one may have sent a lead since, so this one is among the first two rows.
    const mine = rows.filter({ hasText: fullName }).getByRole('button', { name: fullName });
    await expect(rows.first().or(rows.nth(1)).filter({ hasText: fullName })).toHaveCount(1);
    const box = await mine.boundingBox();
    expect((box?.y ?? 740) + (box?.height ?? 0)).toBeLessThanOrEqual(740);
    expect(await scrollsSideways(page)).toBe(false);
    await expect(page.getByLabel('Statut', { exact: true })).toHaveCount(0);

    // The filters in their dialog: the count on the button, the list behind it changed.
    await page.getByRole('button', { name: 'Filtres', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.getByLabel('Origine', { exact: true }).selectOption('website');
    await sheet.getByLabel('Statut', { exact: true }).selectOption('nouveau');
    expect(await axeViolations(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(page.getByRole('button', { name: 'Filtres (2)' })).toBeVisible();
    await expect(page).toHaveURL(/status=nouveau/);
    await expect(rows.filter({ hasText: 'Demande de devis' })).toHaveCount(0);
    await expect(rows.filter({ hasText: fullName })).toHaveCount(1);
    await page.getByRole('button', { name: 'Filtres (2)' }).click();
    await sheet.getByRole('button', { name: 'Effacer les filtres' }).click();
    await sheet.getByRole('button', { name: 'Voir les résultats' }).click();
    await expect(page.getByRole('button', { name: 'Filtres', exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/status=/);

    // The lead's panel: the number grouped as Kinshasa writes it.
    await rows.filter({ hasText: fullName }).getByRole('button', { name: fullName }).click();
    const panel = page.getByRole('dialog', { name: fullName });
    await expect(panel).toContainText('+243 81 000 0001');
    await panel.getByRole('button', { name: 'Fermer la fiche' }).click();

    // A laptop: the filters in the toolbar, a "Reçu le" column, each address on one line.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByLabel('Statut', { exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Reçu le/ })).toBeVisible();
    const address = rows.filter({ hasText: fullName }).getByTitle(email);
    const lineHeight = await address.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect((await address.boundingBox())?.height).toBeLessThanOrEqual(lineHeight + 1);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('following a lead', () => {
  test('an admin takes a lead, sets its next action (late ones stand out) and writes a note; the timeline keeps each with who and when', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow(); // a login, a lead sent from a second browser, three saves and a reload
    await recordToasts(page);
    await openSignedIn(page, '/admin/contacts');
    const fullName = uniqueName('Bienvenu');
    await sendLeadFromSite(browser, testInfo, fullName);
    const panel = await openLeadPanel(page, fullName);
    const entries = panel.getByTestId('timeline-entry');
    await expect(panel.getByText(/^Rien pour l’instant/)).toBeVisible();

    // The owner: the admins are listed by name, "Personne" first.
    const owner = panel.getByLabel('Responsable');
    await expect(owner).toHaveValue('');
    await expect(owner.locator('option')).not.toHaveCount(1);
    const adminName = (await owner.locator('option').nth(1).textContent()) ?? '';
    await owner.selectOption({ label: adminName });
    await expectToastShown(page, 'Suivi mis à jour', fullName);
    await expect(entries.first()).toContainText(`Responsable : ${adminName}`);
    await expect(owner).toHaveValue(/.+/);

    // A next action already due: the panel says it is late.
    await panel.getByLabel('Prochaine action').fill('Rappeler pour le devis');
    await fillDateTime(panel, 'Date et heure (Kinshasa)', '2026-01-06T10:00');
    await panel.getByRole('button', { name: 'Enregistrer la prochaine action' }).click();
    await expect(panel.getByText('— en retard')).toBeVisible();
    await expect(entries.first()).toContainText(
      'Prochaine action : Rappeler pour le devis, le 06/01/2026 à 10:00',
    );

    // An empty note is refused on the spot; a written one heads the timeline, signed.
    await panel.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(panel.getByText('Écrivez la note')).toBeVisible();
    await panel.getByLabel('Nouvelle note').fill('Souhaite un site bilingue, budget à confirmer.');
    await panel.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(entries.first()).toContainText('Souhaite un site bilingue, budget à confirmer.');
    await expect(entries.first()).toContainText(`Note · ${adminName}`);
    await expect(panel.getByLabel('Nouvelle note')).toHaveValue('');

    // Kept: after a reload the lead still has its owner, its late action and its three entries.
    await page.reload();
    await openLeadPanel(page, fullName);
    await expect(owner.locator('option:checked')).toHaveText(adminName);
    await expect(panel.getByText('— en retard')).toBeVisible();
    await expect(entries).toHaveCount(3);
    const violations = await axeViolations(page, (axe) => axe.include('[role="dialog"]'));
    expect(
      violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target.join(' ')) })),
    ).toEqual([]);
  });
});

test.describe('inactivity', () => {
  async function signedInWithFakeClock(page: Page) {
    // Toasts close by themselves after a few seconds: on a busy machine one can come and go while
    // the test still waits for the dialog to close, so the test reads what the page recorded.
    await recordToasts(page);
    await page.clock.install();
    await page.goto('/admin/login?redirect=%2Fadmin%2Fcontacts');
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    // The shell's effects have run (the inactivity timer starts with them): only then is the
    // clock moved, or a busy machine could jump before the timer exists.
    await expect(page.locator('[data-realtime="connected"]').first()).toBeAttached();
  }
  const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Votre session va expirer' });

  test('after 25 minutes the warning counts down; at 30 the admin is logged out with the Session expirée toast', async ({
    page,
  }) => {
    await signedInWithFakeClock(page);
    await page.clock.fastForward('24:50');
    await expect(dialog(page)).toBeHidden();
    await page.clock.fastForward('00:11');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByTestId('session-countdown')).toHaveText(/^[45]:\d{2}$/);
    await page.clock.fastForward('02:00');
    await expect(dialog(page).getByTestId('session-countdown')).toHaveText(/^[23]:\d{2}$/);
    await page.clock.fastForward('03:00');
    await expect(page).toHaveURL(/\/admin\/login/);
    await expectToastShown(page, 'Session expirée', 'Vous avez été déconnecté pour inactivité.');
    // The session is over on the server too.
    await page.goto('/admin/contacts');
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("'Rester connecté' closes the warning and starts the timer again", async ({ page }) => {
    await signedInWithFakeClock(page);
    await page.clock.fastForward('25:01');
    await dialog(page).getByRole('button', { name: 'Rester connecté' }).click();
    await expect(dialog(page)).toBeHidden();
    await expectToastShown(page, 'Session prolongée', 'Votre session a été renouvelée.');
    await page.clock.fastForward('24:00');
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/contacts/);
    await page.clock.fastForward('01:30');
    await expect(dialog(page)).toBeVisible();
  });

  test("'Me déconnecter' logs out with its toast, and the session no longer opens admin screens", async ({
    page,
  }) => {
    await signedInWithFakeClock(page);
    await page.clock.fastForward('25:01');
    await dialog(page).getByRole('button', { name: 'Me déconnecter' }).click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expectToastShown(page, 'Déconnexion réussie', 'À bientôt !');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('if the logout call fails, the admin is still signed out locally and sent to the login screen', async ({
    page,
    request,
  }) => {
    await signedInWithFakeClock(page);
    const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'session');
    expect(sessionCookie?.httpOnly).toBe(true);
    const logoutCalls: string[] = [];
    await page.route('**/api/auth/logout', (route) => {
      logoutCalls.push('refused');
      return route.abort('internetdisconnected');
    });
    await page.clock.fastForward('30:01');
    await expect(page).toHaveURL(/\/admin\/login/);
    await expectToastShown(page, 'Session expirée');
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();

    // The server never heard the logout, so its session still holds; the browser does not use it:
    // an admin screen opened again, in this tab or another, shows the login screen.
    const other = await page.context().newPage();
    await other.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
    await other.goto('/admin/contacts');
    await expect(other).toHaveURL(/\/admin\/login/);
    await expect(other.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
    expect(logoutCalls.length).toBeGreaterThanOrEqual(1);

    // With the connection back, the next check sends the logout again: the old cookie is dead.
    await other.unroute('**/api/auth/logout');
    await other.goto('/admin/dashboard');
    await expect(other).toHaveURL(/\/admin\/login/);
    await expect
      .poll(async () => {
        const response = await request.get('/api/auth/me', {
          headers: { cookie: `${sessionCookie?.name}=${sessionCookie?.value}` },
        });
        return response.status();
      })
      .toBe(401);
    await other.close();
  });
});
