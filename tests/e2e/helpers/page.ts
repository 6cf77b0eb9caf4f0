import type { Page } from '@playwright/test';

/**
 * A public page is server-rendered HTML whose interactive parts (islands) hydrate once the page is
 * idle (docs/decisions/030-public-islands.md). The islands' entry marks the document when every
 * island is live; a test that acts as a person who waits for the page waits for that mark.
 */
export async function hydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('html[data-islands="hydrated"]').waitFor({ state: 'attached', timeout: 20_000 });
}
