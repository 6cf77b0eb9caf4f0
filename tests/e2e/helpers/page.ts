import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * A public page is server-rendered HTML whose interactive parts (islands) hydrate once the page is
 * idle (docs/decisions/030-public-islands.md). The islands' entry marks the document when every
 * island is live; a test that acts as a person who waits for the page waits for that mark.
 */
export async function hydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('html[data-islands="hydrated"]').waitFor({ state: 'attached', timeout: 20_000 });
}

/**
 * A page with JavaScript turned off, in a context of its own: the HTML as the server sends it, as
 * crawlers and visitors without scripts get it. The test closes it with `page.context().close()`.
 */
export async function pageWithoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/**
 * The PWA runtime has started and taken its decisions (app/features/pwa/pwa-runtime.ts): an install
 * offer scheduled or turned down, a waiting update shown or snoozed. It loads once the page is idle.
 */
export async function pwaReady(page: Page) {
  await page.locator('html[data-pwa="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** The header's indicator that the site runs as the installed app. */
export const installedIndicator = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('status')
    .filter({ hasText: /Application installée/ });

/**
 * Taps `target` once the page around it has settled. After a jump (Playwright scrolls straight to
 * its target), the blocks that render only near the screen (docs/decisions/093-render-when-near.md)
 * take their real height a frame or two later, and scroll anchoring keeps the view only to within a
 * few pixels: a tap made in between, which no finger can make so soon, lands beside a 48-pixel
 * button. Waits for four frames in a row with the target and the page's height unchanged.
 */
export async function tapWhenSettled(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await target.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const frame = () => {
          const now = `${element.getBoundingClientRect().top} ${document.documentElement.scrollHeight}`;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  await target.click();
}

/** Whether the page scrolls sideways at its current width. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * Axe's source with the configuration `AxeBuilder` gives each frame, run as one script. `AxeBuilder`
 * loads axe into each frame racing a 1-second timer, then configures it only if axe won: on a busy
 * machine a new frame's axe lost and kept the default name. Axe ignores a message from another name,
 * so the page's axe went unanswered and left the frame out (decision 129). Here a frame's axe is
 * configured as it loads, however long that takes. The values are `AxeBuilder.axeConfigure`'s.
 */
const AXE_CONFIGURATION = { allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } };
const AXE_SOURCE = `${axe.source};axe.configure(${JSON.stringify(AXE_CONFIGURATION)});`;

/**
 * What axe faults on the page (or on what `scope` keeps of it). Public sections off screen are laid
 * out only when the visitor nears them (docs/decisions/093-render-when-near.md), and axe passes
 * over what is not rendered: every block is rendered for the scan, then left to the browser again.
 * Axe runs in the page and its same-origin frames (`setLegacyMode`): by default it gathers its
 * results in a new blank page for each scan, for cross-origin frames, which these pages do not
 * have; that page was half of a scan's CPU (decision 115).
 * Axe skips a frame that does not answer its first message within `pingWaitTime` (500 ms by
 * default, short on a busy machine), and says so only among its incomplete results: a frame it
 * could not scan fails the check instead of passing it unread.
 */
export async function axeViolations(page: Page, scope: (builder: AxeBuilder) => AxeBuilder = (b) => b) {
  const renderAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  try {
    const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
      .setLegacyMode()
      .options({ pingWaitTime: 5_000 });
    const results = await scope(builder).analyze();
    const unread = results.incomplete.find((rule) => rule.id === 'frame-tested')?.nodes ?? [];
    if (unread.length > 0) {
      throw new Error(
        `axe could not scan these frames: ${unread.map((node) => node.target.join(' ')).join(', ')}`,
      );
    }
    return results.violations;
  } finally {
    await renderAll.evaluate((style) => (style as Element).remove());
  }
}
