/**
 * The blog as readers, crawlers and feed readers see it: listing, filters, a post rendered on the
 * server, its SEO tags, the view counter, the RSS feed, the sitemap and robots.txt.
 * Both projects (desktop, phone) run these tests at the same time against one server: tests that
 * count views use a post no other test opens, one per project.
 */
import { expect, type Page, test } from '@playwright/test';
import { BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import { frenchTypography } from '#common/typography.ts';
import { type SeedPost, SEED_POSTS as STORED_POSTS } from '#db/seed-data.ts';
import { axeViolations, hydrated, pageWithoutJavaScript } from './helpers/page.ts';

/** The seeded posts as the site shows them: titles and excerpts with French typography. */
const SEED_POSTS: SeedPost[] = STORED_POSTS.map((post) => ({
  ...post,
  title: frenchTypography(post.title),
  excerpt: frenchTypography(post.excerpt),
}));

const seedPost = (index: number): SeedPost => {
  const post = SEED_POSTS[index];
  if (!post) throw new Error(`no seed post ${index}`);
  return post;
};

/** Opened by the content, SEO, axe and no-JavaScript tests. */
const POST = seedPost(0);
/** Opened from the listing by a click. */
const CLICKED_POST = seedPost(3);
/** Opened only by the view-counter test (desktop only: @any-screen), so no other test adds views. */
const COUNTED_POST = seedPost(1);

async function metaContent(page: Page, property: string) {
  return page.locator(`meta[property="${property}"]`).getAttribute('content');
}

async function jsonLdTypes(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe('the blog listing', () => {
  test('shows every seeded post with its category and French date', async ({ page }) => {
    const response = await page.goto('/blog');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page).toHaveTitle('Blog | Lisanga Digital');
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(SEED_POSTS.length);
    for (const post of SEED_POSTS) {
      await expect(page.getByRole('link', { name: post.title, exact: true })).toHaveAttribute(
        'href',
        `/blog/${post.slug}`,
      );
    }
    // 18 March 2025 in French, on the card of the oldest post.
    await expect(page.getByText('18 mars 2025', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tous les articles' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the category filter narrows the list and marks the current category', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    const filters = page.getByRole('navigation', { name: 'Catégories d’articles' });
    await filters.getByRole('link', { name: BLOG_CATEGORY_LABELS.tendances }).click();
    await expect(page).toHaveURL('/blog?category=tendances');

    const expected = SEED_POSTS.filter((p) => p.category === 'tendances');
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(expected.length);
    for (const post of expected) await expect(page.getByRole('link', { name: post.title })).toBeVisible();
    await expect(cards.getByText(BLOG_CATEGORY_LABELS.tendances, { exact: true })).toHaveCount(
      expected.length,
    );
    await expect(filters.getByRole('link', { name: BLOG_CATEGORY_LABELS.tendances })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(filters.getByRole('link', { name: 'Tous les articles' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/blog\?category=tendances$/,
    );

    await filters.getByRole('link', { name: 'Tous les articles' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(cards).toHaveCount(SEED_POSTS.length);
  });

  test('paginates by 9: one page for the 8 seeded posts, and a page beyond it is a 404', async ({ page }) => {
    await page.goto('/blog');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('Page 1 sur 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suivant' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Précédent' })).toHaveCount(0);

    const beyond = await page.goto('/blog?page=2');
    expect(beyond?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('an unknown category or a malformed page answers 404', { tag: '@any-screen' }, async ({ page }) => {
    for (const url of ['/blog?category=cuisine', '/blog?page=0', '/blog?page=abc']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    }
  });

  test('a click on a post opens it', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    await page.getByRole('link', { name: CLICKED_POST.title, exact: true }).click();
    await expect(page).toHaveURL(`/blog/${CLICKED_POST.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: CLICKED_POST.title })).toBeVisible();
    await expect(page.locator('.prose h2').first()).toBeVisible();
  });
});

test.describe('a blog post', () => {
  test('is rendered with its Markdown, reading time, call to action and related posts', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    const response = await page.goto(`/blog/${POST.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(POST.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText(/^\d+ min de lecture$/)).toBeVisible();
    await expect(page.getByText(BLOG_CATEGORY_LABELS[POST.category], { exact: true }).first()).toBeVisible();

    const prose = page.locator('.prose');
    await expect(prose.locator('h2').first()).toBeVisible();
    await expect(prose.locator('ul li').first()).toBeVisible();
    await expect(prose.locator('blockquote')).toBeVisible();
    await expect(prose.locator('script')).toHaveCount(0);
    await expect(prose.locator('h1')).toHaveCount(0);

    const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('button', { name: 'Demander un devis' }).last()).toBeVisible();
    const related = page.getByRole('region', { name: 'Articles récents' });
    await expect(related.getByRole('listitem')).toHaveCount(3);
    await expect(related.getByRole('link', { name: POST.title })).toHaveCount(0);

    await hydrated(page);
    expect(errors).toEqual([]);
  });

  test('has its title, Open Graph article tags and BlogPosting JSON-LD', { tag: '@any-screen' }, async ({
    page,
  }) => {
    await page.goto(`/blog/${POST.slug}`);
    await expect(page).toHaveTitle(`${POST.title} | Lisanga Digital`);
    expect(await metaContent(page, 'og:title')).toBe(POST.title);
    expect(await metaContent(page, 'og:description')).toBe(POST.excerpt);
    expect(await metaContent(page, 'og:type')).toBe('article');
    expect(await metaContent(page, 'article:published_time')).toBe(POST.publishedAt);
    expect(await metaContent(page, 'article:section')).toBe(BLOG_CATEGORY_LABELS[POST.category]);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/blog/${POST.slug}$`),
    );

    const jsonLd = await jsonLdTypes(page);
    const posting = jsonLd.find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: POST.title,
      description: POST.excerpt,
      datePublished: POST.publishedAt,
      author: { '@type': 'Organization', name: 'Lisanga Digital' },
      publisher: { '@type': 'Organization', logo: { url: expect.stringMatching(/\/icon-512\.png$/) } },
      mainEntityOfPage: { '@id': expect.stringMatching(new RegExp(`/blog/${POST.slug}$`)) },
    });
    expect(jsonLd.some((data) => data['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('an unknown or malformed slug answers HTTP 404 with the 404 page', { tag: '@any-screen' }, async ({
    page,
  }) => {
    for (const url of ['/blog/cet-article-n-existe-pas', '/blog/Pas_Un_Slug!']) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    }
  });

  test('counts one view per browser session, and none for a reload', { tag: '@any-screen' }, async ({
    page,
    request,
  }) => {
    const post = COUNTED_POST;
    const views = async () =>
      ((await (await request.get(`/api/blog/${post.slug}`)).json()) as { views: number }).views;
    const before = await views();
    // Each page load notes when the post's view counter has decided (it reads its session key)
    // and each view beacon it sends: the reload's verdict waits for that decision, not for a delay.
    await page.addInitScript(() => {
      const seen = window as Window & { viewChecks?: number; beacons?: number };
      seen.viewChecks = 0;
      seen.beacons = 0;
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        if (key.startsWith('viewed:')) seen.viewChecks = (seen.viewChecks ?? 0) + 1;
        return getItem.call(this, key);
      };
      const sendBeacon = navigator.sendBeacon.bind(navigator);
      // The post's view counter only (the audience's beacon, decision 084, uses sendBeacon too).
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/views')) seen.beacons = (seen.beacons ?? 0) + 1;
        return sendBeacon(url, data);
      };
    });
    const counter = () =>
      page.evaluate(() => {
        const seen = window as Window & { viewChecks?: number; beacons?: number };
        return { checks: seen.viewChecks ?? 0, beacons: seen.beacons ?? 0 };
      });

    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect.poll(views).toBe(before + 1);
    expect((await counter()).beacons).toBe(1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await hydrated(page);
    await expect.poll(async () => (await counter()).checks).toBeGreaterThan(0);
    expect((await counter()).beacons).toBe(0);
    expect(await views()).toBe(before + 1);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `viewed:${post.slug}`)).toBe('1');
  });
});

test.describe('feeds and crawler files', { tag: '@any-screen' }, () => {
  test('/blog/rss.xml is a valid RSS 2.0 feed of the published posts', async ({ page, request, baseURL }) => {
    const response = await request.get('/blog/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('public, max-age=60');
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(SEED_POSTS.length);

    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      const items = [...doc.querySelectorAll('channel > item')];
      return {
        parseError: doc.querySelector('parsererror')?.textContent ?? null,
        version: doc.documentElement.getAttribute('version'),
        title: doc.querySelector('channel > title')?.textContent,
        self: doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]?.getAttribute('href'),
        items: items.map((item) => ({
          title: item.querySelector('title')?.textContent,
          link: item.querySelector('link')?.textContent,
          guid: item.querySelector('guid')?.textContent,
          pubDate: item.querySelector('pubDate')?.textContent,
        })),
      };
    }, xml);
    expect(feed.parseError).toBeNull();
    expect(feed.version).toBe('2.0');
    expect(feed.title).toContain('Lisanga Digital');
    expect(feed.self).toBe(`${baseURL}/blog/rss.xml`);
    expect(feed.items).toHaveLength(SEED_POSTS.length);
    // Newest first, with absolute permalinks and RFC 822 dates.
    const newest = [...SEED_POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];
    expect(feed.items[0]).toEqual({
      title: newest?.title,
      link: `${baseURL}/blog/${newest?.slug}`,
      guid: `${baseURL}/blog/${newest?.slug}`,
      pubDate: new Date(newest?.publishedAt ?? '').toUTCString(),
    });
  });

  test('/sitemap.xml lists the public pages, the services and the posts', async ({
    page,
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const locs = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
    }, xml);
    expect(locs).not.toBeNull();
    for (const path of ['/', '/about', '/services', '/portfolio', '/contact', '/blog', '/legal/privacy']) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    for (const post of SEED_POSTS) expect(locs).toContain(`${baseURL}/blog/${post.slug}`);
    const services = (await (await request.get('/api/services')).json()) as { id: string }[];
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) expect(locs).toContain(`${baseURL}/services/${service.id}`);
    expect(locs?.some((loc) => /\/(admin|newsletter|offline)/.test(loc ?? ''))).toBe(false);
  });

  test('/robots.txt points crawlers to the sitemap and away from the admin and the API', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe('accessibility and pages without JavaScript', () => {
  for (const path of ['/blog', `/blog/${POST.slug}`]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the listing and a post are complete HTML before any JavaScript runs', { tag: '@any-screen' }, async ({
    browser,
    baseURL,
  }) => {
    const page = await pageWithoutJavaScript(browser);

    const list = await page.goto('/blog');
    expect(list?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(SEED_POSTS.length);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/blog`);
    expect(await metaContent(page, 'og:title')).toBe('Blog');

    const post = await page.goto(`/blog/${POST.slug}`);
    expect(post?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(POST.title);
    await expect(page.locator('.prose h2').first()).toBeVisible();
    await expect(page.getByText(/^\d+ min de lecture$/)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/blog/${POST.slug}`,
    );
    expect(await metaContent(page, 'og:title')).toBe(POST.title);
    expect(await metaContent(page, 'og:description')).toBe(POST.excerpt);
    expect(await metaContent(page, 'og:type')).toBe('article');
    expect(await metaContent(page, 'og:image')).toMatch(/^http/);
    await page.context().close();
  });
});
