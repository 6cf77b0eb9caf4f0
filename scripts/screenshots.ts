/**
 * The README's screenshots of the home page (docs/design.md), taken from the production build
 * rather than by hand: `node scripts/screenshots.ts` (after `npm run build`; BUILD_DIR picks
 * another build). Starts the site on a free port with a fresh, seeded data directory (scripts/lib/
 * run-site.ts), opens / in Debian's Chromium as a phone (360x740, 2x) and a desktop (1280x800), and
 * writes docs/screenshots/home-phone.webp and home-desktop.webp: WebP through sharp, so each file
 * stays well under 300 KB. OUT_DIR writes them elsewhere.
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

const OUT_DIR = process.env.OUT_DIR ?? path.join('docs', 'screenshots');
const PUBLIC_OUT_DIR = process.env.PUBLIC_OUT_DIR ?? path.join('public', 'screenshots');
const MAX_BYTES = 300 * 1024;

type Shot = {
  file: string;
  /** The copy the web app manifest lists, under public/screenshots/. */
  manifestFile: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
};

const SHOTS: Shot[] = [
  {
    file: 'home-phone.webp',
    manifestFile: 'home-narrow.webp',
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
  },
  {
    file: 'home-desktop.webp',
    manifestFile: 'home-wide.webp',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
  },
];

async function take(browser: Browser, url: string, shot: Shot): Promise<number> {
  const context = await browser.newContext({
    viewport: shot.viewport,
    deviceScaleFactor: shot.deviceScaleFactor,
    isMobile: shot.isMobile,
    hasTouch: shot.isMobile,
    locale: 'fr-FR',
    // No service worker: its first install would only add noise to a one-off visit.
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
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
    if (webp.length > MAX_BYTES) throw new Error(`${shot.file}: ${webp.length} bytes > ${MAX_BYTES}`);
    fs.writeFileSync(path.join(OUT_DIR, shot.file), webp);
    fs.writeFileSync(path.join(PUBLIC_OUT_DIR, shot.manifestFile), webp);
    return webp.length;
  } finally {
    await context.close();
  }
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.mkdirSync(PUBLIC_OUT_DIR, { recursive: true });
  const site = await runSite();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const shot of SHOTS) {
      const bytes = await take(browser, `${site.url}/`, shot);
      process.stdout.write(
        `${path.join(OUT_DIR, shot.file)}  ${shot.viewport.width}x${shot.viewport.height} @${shot.deviceScaleFactor}x  ${Math.round(bytes / 1024)} KB\n`,
      );
    }
  } finally {
    await browser?.close();
    await site.stop();
  }
}

await main();
