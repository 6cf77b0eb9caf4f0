import { expect, type Page, test } from '@playwright/test';
import { AUDIENCE_FOLD_LAG_MS } from '#common/audience.ts';
import { clientIp, openLeadPanel, openSignedIn } from './helpers/admin.ts';
import { fillQuote, openQuoteFromNav, quoteSubmit } from './helpers/leads.ts';
import { axeViolations, hydrated } from './helpers/page.ts';

/**
 * What brings a lead, end to end (docs/decisions/084-first-party-audience.md): a visitor arrives
 * from a Facebook campaign, reads three pages and sends a quote; the lead's panel names the source,
 * the campaign, the landing page and the pages seen, and the Audience screen counts the visit and
 * the conversion. On a 360-px phone and a 1280-px laptop, with no sideways scroll and axe clean.
 *
 * The visitor's browser says it is an ordinary Chrome: headless Chromium's own User-Agent is on
 * the bots' list, whose beacons are not counted.
 */
const VISITOR_AGENT =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Waits for the page's beacon to be stored (202) after the page became idle. */
const beaconStored = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/audience') && response.status() === 202);

test('a visitor from a Facebook campaign reads three pages and sends a quote: the lead and the Audience screen say where it came from', async ({
  browser,
  page,
}, testInfo) => {
  test.slow(); // two browsers, three pages, a quote, two back-office screens
  const phone = testInfo.project.name.startsWith('phone');
  const viewport = phone ? { width: 360, height: 740 } : { width: 1280, height: 800 };
  const campaign = `lancement-${testInfo.project.name}-${Date.now().toString(36)}`;
  const fullName = `Visiteur Audience ${Date.now().toString(36)}`;

  const visitor = await browser.newContext({
    userAgent: VISITOR_AGENT,
    viewport,
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp(testInfo, 38) },
  });
  try {
    const tab = await visitor.newPage();
    // 1. The landing page, from the campaign's link, then two more pages.
    let stored = beaconStored(tab);
    await tab.goto(`/?utm_source=facebook&utm_campaign=${campaign}`);
    await hydrated(tab);
    await stored;
    for (const path of ['/services', '/about']) {
      stored = beaconStored(tab);
      await tab.goto(path);
      await hydrated(tab);
      await stored;
    }
    // 2. The quote, sent from the third page.
    const dialog = await openQuoteFromNav(tab);
    await fillQuote(dialog, {
      fullName,
      email: `audience-${testInfo.project.name}@example.cd`,
      company: 'Audience SARL',
      projectDescription: 'Une boutique en ligne pour nos clients de Kinshasa et de Lubumbashi.',
    });
    const sent = tab.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await quoteSubmit(dialog, tab).click();
    expect((await sent).status()).toBe(201);
  } finally {
    await visitor.close();
  }

  // 3. The lead's panel.
  await page.setViewportSize(viewport);
  await openSignedIn(page, '/admin/contacts');
  const panel = await openLeadPanel(page, fullName);
  await expect(panel).toContainText(
    `Arrivé(e) par Facebook · campagne «\u00a0${campaign}\u00a0» · sur / · 3 pages vues`,
  );
  await panel.getByText('Voir les 3 pages vues').click();
  await expect(panel.getByRole('listitem')).toHaveText(['/', '/services', '/about (formulaire)']);
  await noSidewaysScroll(page);
  await panel.getByRole('button', { name: 'Fermer la fiche' }).click();

  // 4. The Audience screen: today's visit from the campaign, and its conversion.
  await page.goto('/admin/audience');
  await expect(page.getByRole('heading', { name: 'Audience', level: 1 })).toBeVisible();
  const campaigns = page.getByRole('table', { name: 'Campagnes' });
  // The fold runs every second in this run (AUDIENCE_FOLD_POLL_MS) and stays 30 s behind the clock
  // (AUDIENCE_FOLD_LAG_MS): reload until it has reached the visit.
  await expect(async () => {
    await page.reload();
    // (The row is there before: its lead counts at once; its visitor once folded.)
    await expect(
      campaigns
        .getByRole('row', { name: new RegExp(campaign) })
        .getByRole('cell')
        .first(),
    ).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: AUDIENCE_FOLD_LAG_MS + 30_000 });
  const row = campaigns.getByRole('row', { name: new RegExp(campaign) });
  // The campaign, then its visitors, conversions and conversion rate.
  await expect(row.getByRole('rowheader')).toHaveText(campaign);
  await expect(row.getByRole('cell')).toHaveText(['1', '1', /^100\s?%$/]);
  const sources = page.getByRole('table', { name: 'Sources' });
  await expect(sources.getByRole('row', { name: /^Facebook/ })).toBeVisible();
  await noSidewaysScroll(page);
  const violations = await axeViolations(page);
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
});
