import { expect, type Page, test } from '@playwright/test';
import { scrollsSideways } from './helpers/page.ts';

/**
 * The home page earns its scroll on a phone (docs/decisions/090-home-page-height.md): the first two
 * screens show the offer, the proof and both calls to action, and the page is at least a third
 * shorter than before (measured on the seeded content at 1f8fa7a: 9 150 px at 360 px wide,
 * 9 640 px at 320 px), with every section of the specification still there.
 */
const HEIGHT_BEFORE = { 360: 9_150, 320: 9_640 } as const;

/**
 * The page's height as laid out in full. Sections render only near the screen
 * (docs/decisions/093-render-when-near.md), and until then count for an estimate of their height.
 */
const pageHeight = async (page: Page) => {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  return page.evaluate(() => document.documentElement.scrollHeight);
};
/** Whether an element has been laid out and painted: false while its section is off screen. */
const rendered = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
/** Where an element's top stands in the page, in CSS pixels. */
const topOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

for (const width of [360, 320] as const) {
  test(`at ${width} px the home page is a third shorter, with the offer, the proof and both calls to action in two screens`, async ({
    page,
  }) => {
    const screen = { width, height: width === 360 ? 740 : 640 };
    await page.setViewportSize(screen);
    await page.goto('/');
    // The first render lays out the first screen, not the whole page: the team, far below, waits
    // until the visitor scrolls near it.
    expect(await rendered(page, 'h1')).toBe(true);
    expect(await rendered(page, '#team h2')).toBe(false);
    await page.locator('#team').scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(page, '#team h2')).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));

    const height = await pageHeight(page);
    expect(height).toBeLessThanOrEqual(Math.round((HEIGHT_BEFORE[width] * 2) / 3));
    expect(await scrollsSideways(page)).toBe(false);

    const twoScreens = screen.height * 2;
    for (const selector of ['h1', 'a[href="/contact"]', 'main dl', '#clients-title']) {
      expect(await topOf(page, selector), selector).toBeLessThan(twoScreens);
    }
    await expect(page.getByRole('link', { name: 'Démarrer maintenant' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Nos expertises', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ils nous font confiance' })).toBeVisible();

    // The values, by name, with the way to what they mean.
    const values = page.getByRole('region', { name: 'Nos valeurs' });
    await expect(values.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(values.getByRole('link', { name: 'Notre approche en détail' })).toHaveAttribute(
      'href',
      '/about',
    );

    // The team: every card, in one row that the buttons move card by card.
    const team = page.locator('#team');
    await expect(team.getByRole('article')).toHaveCount(6);
    const row = team.getByRole('list', { name: 'L’équipe (faites défiler)' });
    const left = () => row.evaluate((el) => el.scrollLeft);
    await row.scrollIntoViewIfNeeded();
    expect(await left()).toBe(0);
    await team.getByRole('button', { name: 'Membre suivant' }).click();
    await expect.poll(left).toBeGreaterThan(200);
    await team.getByRole('button', { name: 'Membre précédent' }).click();
    await expect.poll(left).toBe(0);
  });
}
