/**
 * The screenshots of the public site (docs/design.md), taken from the production build rather
 * than by hand: `node scripts/screenshots.ts` (after `npm run build`; BUILD_DIR picks another
 * build). Starts the site on a free port with a fresh, seeded data directory (scripts/lib/
 * run-site.ts), opens the home page, About, the portfolio, the blog and a visitor's call page in
 * Debian's Chromium as a phone (360x740, 2x) and a desktop (1280x800), on Kinshasa's clock, and
 * writes docs/screenshots/<page>-phone.webp and <page>-desktop.webp: WebP through sharp, so each
 * file stays well under 300 KB. The README shows the home page's. OUT_DIR writes them elsewhere.
 * Then the back-office the staff use every day, signed in: the dashboard, the contacts, a lead's
 * panel, the post editor, an email template's editor and the calls' agenda (admin-<screen>-*.webp).
 *
 * The same pictures are the install sheet's screenshots (public/manifest.webmanifest's
 * `screenshots`, form factors narrow and wide): public/screenshots/home-narrow.webp and
 * home-wide.webp, whose sizes the manifest declares (tests/source/install-assets.test.ts checks
 * them). PUBLIC_OUT_DIR writes those elsewhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { runSite } from './lib/run-site.ts';
import { pictureContext, requestCall, type Session } from './lib/site-pictures.ts';

const OUT_DIR = process.env.OUT_DIR ?? path.join('docs', 'screenshots');
const PUBLIC_OUT_DIR = process.env.PUBLIC_OUT_DIR ?? path.join('public', 'screenshots');
const MAX_BYTES = 300 * 1024;

type Size = {
  name: 'phone' | 'desktop';
  /** The copy of the home page's picture that the web app manifest lists, under public/screenshots/. */
  manifestFile: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
};

const SIZES: Size[] = [
  {
    name: 'phone',
    manifestFile: 'home-narrow.webp',
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
  },
  {
    name: 'desktop',
    manifestFile: 'home-wide.webp',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
  },
];

/** The pages pictured, each at both sizes: `<name>-phone.webp`, `<name>-desktop.webp`. */
const PAGES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'portfolio', path: '/portfolio' },
  { name: 'blog', path: '/blog' },
];

/** The seeded first admin, signed in to make themself bookable for the call page's picture. */
const ADMIN = { email: 'admin@example.cd', password: 'screenshots-admin-password' };

async function take(
  browser: Browser,
  url: string,
  file: string,
  size: Size,
  admin?: { session: Session; ready: string },
): Promise<Buffer> {
  const context = await pictureContext(browser, size, admin?.session);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    // A back-office screen draws its data after its first load: the picture waits for it.
    if (admin) await page.locator(admin.ready).first().waitFor();
    // Every image of the first screen decoded, and the web fonts ready, before the picture.
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(
        Array.from(document.images)
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
          .map((img) => img.decode().catch(() => undefined)),
      );
    });
    const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    const webp = await sharp(png).webp({ quality: 82, effort: 6 }).toBuffer();
    if (webp.length > MAX_BYTES) throw new Error(`${file}: ${webp.length} bytes > ${MAX_BYTES}`);
    fs.writeFileSync(path.join(OUT_DIR, file), webp);
    process.stdout.write(
      `${path.join(OUT_DIR, file)}  ${size.viewport.width}x${size.viewport.height} @${size.deviceScaleFactor}x  ${Math.round(webp.length / 1024)} KB\n`,
    );
    return webp;
  } finally {
    await context.close();
  }
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.mkdirSync(PUBLIC_OUT_DIR, { recursive: true });
  const site = await runSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const called = await requestCall(browser, site.url, ADMIN);
    const booked = { ...called, postId: called.postId ?? '', templateId: called.templateId ?? '' };
    const pages = [...PAGES, { name: 'booking', path: booked.bookingPath }];
    for (const { name, path: pagePath } of pages) {
      for (const size of SIZES) {
        const webp = await take(browser, `${site.url}${pagePath}`, `${name}-${size.name}.webp`, size);
        if (name === 'home') fs.writeFileSync(path.join(PUBLIC_OUT_DIR, size.manifestFile), webp);
      }
    }
    const screens = [
      { name: 'dashboard', path: '/admin/dashboard', ready: '[data-testid="kpi-value"]' },
      { name: 'contacts', path: '/admin/contacts', ready: '[data-testid="contact-row"]' },
      { name: 'lead', path: `/admin/contacts?lead=${booked.leadId}`, ready: '[role="dialog"] h2' },
      {
        name: 'blog-editor',
        path: `/admin/blog/${booked.postId}`,
        ready: '[data-testid="editor-action-bar"]',
      },
      {
        name: 'template-editor',
        path: `/admin/emails/templates/${booked.templateId}`,
        ready: '[data-testid="editor-action-bar"]',
      },
      { name: 'agenda', path: '/admin/rendez-vous', ready: 'main h1' },
    ];
    for (const { name, path: screenPath, ready } of screens) {
      for (const size of SIZES)
        await take(browser, `${site.url}${screenPath}`, `admin-${name}-${size.name}.webp`, size, {
          session: booked.session,
          ready,
        });
    }
  } finally {
    await browser?.close();
    await site.stop();
  }
}

await main();
