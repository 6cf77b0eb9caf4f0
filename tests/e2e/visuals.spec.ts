/**
 * Generated visuals (decision 023) as a link preview and a reader see them: every public page shows
 * a loaded picture and names its own 1200x630 share image with its size, type and alt text, the
 * image really is one, and the covers of the blog, a post and the portfolio load in the browser
 * (AVIF, from the server).
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { PUBLIC_STATIC_PATHS } from '#common/paths.ts';

const STATIC_ROUTES = [...PUBLIC_STATIC_PATHS, '/newsletter/welcome', '/newsletter/unsubscribed', '/offline'];

async function meta(page: Page, key: string): Promise<string | null> {
  const byProperty = page.locator(`meta[property="${key}"]`);
  if ((await byProperty.count()) > 0) return byProperty.first().getAttribute('content');
  const byName = page.locator(`meta[name="${key}"]`);
  return (await byName.count()) > 0 ? byName.first().getAttribute('content') : null;
}

/** The first link of a list page whose address starts with `prefix` (seeded content). */
async function firstLink(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(path);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no link to ${prefix} on ${path}`);
  return href;
}

/** Scrolls each image into view and waits until the browser has decoded it. */
async function expectImagesLoaded(page: Page, selector: string, minimum: number) {
  const images = page.locator(selector);
  const count = await images.count();
  expect(count).toBeGreaterThanOrEqual(minimum);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        message: `image ${i} of ${selector} loaded`,
      })
      .toBeGreaterThan(0);
    const { currentSrc, width, height } = await image.evaluate((img: HTMLImageElement) => ({
      currentSrc: img.currentSrc,
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
    }));
    // Chromium picks the AVIF source of the generated cover; width and height keep the layout still.
    expect(currentSrc).toMatch(/\/visuals\/cover\/(post|case)-[0-9a-f-]{36}-[0-9a-z]{11}\.\d+\.avif$/);
    expect([width, height]).toEqual(['1200', '800']);
  }
}

test('every public page has its own 1200x630 share image, with size, type and alt', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const servicePath = await firstLink(page, '/services', '/services/');
  const postPath = await firstLink(page, '/blog', '/blog/');
  const routes = [...STATIC_ROUTES, servicePath, postPath];
  const seen = new Map<string, string>();

  for (const route of routes) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    // At least one picture shows, and none of those the browser fetched is broken.
    await page.waitForLoadState('load');
    const pictures = await page
      .locator('img')
      .evaluateAll((images) =>
        (images as HTMLImageElement[])
          .filter((img) => img.complete && img.currentSrc)
          .map((img) => ({ src: img.currentSrc, width: img.naturalWidth })),
      );
    expect(pictures.filter((p) => p.width > 0).length, `${route} shows a loaded image`).toBeGreaterThan(0);
    expect(
      pictures.filter((p) => p.width === 0),
      `${route} has no broken image`,
    ).toEqual([]);
    const image = await meta(page, 'og:image');
    expect(image, route).toMatch(new RegExp(`^${baseURL}/visuals/og/`));
    expect(await meta(page, 'twitter:card'), route).toBe('summary_large_image');
    expect(await meta(page, 'twitter:image'), route).toBe(image);
    expect(await meta(page, 'og:image:width'), route).toBe('1200');
    expect(await meta(page, 'og:image:height'), route).toBe('630');
    const alt = await meta(page, 'og:image:alt');
    expect(alt?.trim(), route).toBeTruthy();
    expect(await meta(page, 'twitter:image:alt'), route).toBe(alt);
    const type = await meta(page, 'og:image:type');
    expect(type, route).toMatch(/^image\/(png|jpeg)$/);

    const file = await page.request.get(image as string);
    expect(file.status(), route).toBe(200);
    expect(file.headers()['content-type'], route).toBe(type);
    expect(file.headers()['cache-control'], route).toContain('immutable');
    const decoded = await sharp(await file.body()).metadata();
    expect([decoded.width, decoded.height], route).toEqual([1200, 630]);
    expect(decoded.format, route).toBe(type === 'image/png' ? 'png' : 'jpeg');

    // Its own image: no two pages share one.
    expect(
      seen.get(image as string),
      `${route} shares its image with ${seen.get(image as string)}`,
    ).toBeUndefined();
    seen.set(image as string, route);
  }

  // The agency's JSON-LD (home) shows the home page's share image.
  await page.goto('/');
  const ldImages = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => (JSON.parse(s.textContent ?? '{}') as { image?: string }).image),
    );
  expect(ldImages).toContain(await meta(page, 'og:image'));
});

test('the blog cards show their covers, the first one eagerly', async ({ page }) => {
  await page.goto('/blog');
  await expectImagesLoaded(page, 'main article picture img', 3);
  await expect(page.locator('main article picture img').first()).toHaveAttribute('loading', 'eager');
  await expect(page.locator('main article picture img').nth(1)).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('main article picture source[type="image/avif"]').first()).toHaveAttribute(
    'srcset',
    /480w, .+ 800w, .+ 1200w$/,
  );
});

test('a post shows its cover above the text, loaded at once', async ({ page }) => {
  const postPath = await firstLink(page, '/blog', '/blog/');
  await page.goto(postPath);
  const cover = page.locator('main article picture img').first();
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expectImagesLoaded(page, 'main article picture img', 1);
  // The share image of a post is its cover's design at 1200x630.
  expect(await meta(page, 'og:image')).toMatch(/\/visuals\/og\/post-[0-9a-f-]{36}-[0-9a-z]{11}\.png$/);
});

test('the portfolio shows a cover with key figures for every case study', async ({ page }) => {
  await page.goto('/portfolio');
  const studies = await page.locator('main article').count();
  expect(studies).toBeGreaterThan(0);
  await expectImagesLoaded(page, 'main article picture img', studies);
});
