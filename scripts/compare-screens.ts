/**
 * A refactoring's proof that nothing visible changed: `BEFORE_BUILD=<dir> node
 * scripts/compare-screens.ts` runs two production builds one after the other (BEFORE_BUILD, then
 * AFTER_BUILD or `build`), each on a fresh seeded site (scripts/lib/run-site.ts), pictures the
 * same screens of both in Debian's Chromium as a phone (360 px, 2x) and a desktop (1280 px), whole
 * pages, and compares them pixel by pixel. The public pages, every back-office screen the staff
 * open, a lead's panel, the editors, and the edit and delete dialogs of the lists kept in order.
 *
 * Writes reports/screens/<before|after>/<screen>-<size>.png and, for each pair that differs,
 * reports/screens/diff/<screen>-<size>.png (the after picture, its differing pixels in red);
 * prints one line a pair and exits 1 when any differs. Two seeded sites differ in what depends on
 * the minute they were started (a relative date, a free slot): read each difference before calling
 * it a regression. OUT_DIR writes elsewhere. BEFORE_SCREENS=<dir> takes the before pictures from
 * an earlier run's `before` folder instead of BEFORE_BUILD (one reference, several changes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { runSite } from './lib/run-site.ts';
import { pictureContext, requestCall, type Session } from './lib/site-pictures.ts';

const OUT_DIR = process.env.OUT_DIR ?? path.join('reports', 'screens');
const BEFORE = process.env.BEFORE_BUILD;
const BEFORE_SCREENS = process.env.BEFORE_SCREENS;
const AFTER = process.env.AFTER_BUILD ?? 'build';
const ADMIN = { email: 'admin@example.cd', password: 'compare-screens-admin-password' };

const SIZES = [
  { name: 'phone', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
] as const;

type Size = (typeof SIZES)[number];
/** A screen: its address, and for a dialog the click that opens it once the screen is drawn. */
type Screen = { name: string; path: string; admin?: boolean; open?: (page: Page) => Promise<void> };

const PUBLIC = [
  ['home', '/'],
  ['about', '/about'],
  ['services', '/services'],
  ['portfolio', '/portfolio'],
  ['blog', '/blog'],
  ['contact', '/contact'],
  ['privacy', '/legal/privacy'],
  ['newsletter-welcome', '/newsletter/welcome'],
  ['offline', '/offline'],
  ['not-found', '/nulle-part'],
] as const;

const ADMIN_SCREENS = [
  ['dashboard', '/admin/dashboard'],
  ['audience', '/admin/audience'],
  ['contacts', '/admin/contacts'],
  ['agenda', '/admin/rendez-vous'],
  ['subscribers', '/admin/newsletter'],
  ['admin-services', '/admin/services'],
  ['team', '/admin/team'],
  ['testimonials', '/admin/testimonials'],
  ['client-logos', '/admin/client-logos'],
  ['admin-blog', '/admin/blog'],
  ['admin-portfolio', '/admin/portfolio'],
  ['settings', '/admin/settings'],
  ['activity', '/admin/activity'],
  ['templates', '/admin/emails/templates'],
  ['campaigns', '/admin/emails/campaigns'],
  ['campaign-new', '/admin/emails/campaigns/new'],
] as const;

/** The lists kept in order: their first row's edit dialog and delete confirmation. */
const ORDERED = ['admin-services', 'team', 'testimonials', 'client-logos'];

const clickFirst = (name: RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).first().waitFor();
};

/** Signs in, makes the admin bookable and asks for a call: the ids of a lead, a post, a template. */
async function prepare(browser: Browser, siteUrl: string) {
  const lead = await requestCall(browser, siteUrl, ADMIN);
  const screens: Screen[] = [
    ...PUBLIC.map(([name, where]) => ({ name, path: where })),
    { name: 'booking', path: lead.bookingPath },
    ...ADMIN_SCREENS.map(([name, where]) => ({ name, path: where, admin: true })),
    { name: 'lead', path: `/admin/contacts?lead=${lead.leadId}`, admin: true },
    { name: 'post-editor', path: `/admin/blog/${lead.postId}`, admin: true },
    { name: 'template-editor', path: `/admin/emails/templates/${lead.templateId}`, admin: true },
    ...ADMIN_SCREENS.filter(([name]) => ORDERED.includes(name)).flatMap(([name, where]) => [
      { name: `${name}-edit`, path: where, admin: true, open: clickFirst(/^Modifier/) },
      { name: `${name}-delete`, path: where, admin: true, open: clickFirst(/^Supprimer/) },
    ]),
  ];
  return { screens, session: lead.session };
}

async function picture(browser: Browser, url: string, size: Size, screen: Screen, session: Session) {
  const context = await pictureContext(browser, size, screen.admin ? session : undefined);
  try {
    const page = await context.newPage();
    // A fresh site draws each generated cover on its first request: slow on a busy machine.
    page.setDefaultTimeout(120_000);
    await page.goto(url + screen.path, { waitUntil: 'networkidle' });
    if (screen.admin) await page.locator('main h1').first().waitFor();
    await screen.open?.(page);
    // Every image loaded (the lazy ones below the first screen too: the picture is the whole
    // page) and decoded, the fonts ready and the last query drawn before the picture. An image
    // that never decodes shows as a difference rather than holding the run.
    await page.evaluate(async () => {
      for (const img of Array.from(document.images)) img.loading = 'eager';
      await document.fonts.ready;
      const decoded = Promise.all(
        Array.from(document.images).map((img) => img.decode().catch(() => undefined)),
      );
      await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    });
    // A whole-page picture draws the sections a visitor has not scrolled to: drawn now rather
    // than left to `content-visibility: auto`'s placeholder, whose size varies from run to run.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    await page.waitForTimeout(300);
    return await page.screenshot({ type: 'png', fullPage: true, animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

async function pictureBuild(browser: Browser, buildDir: string, label: string) {
  const dir = path.join(OUT_DIR, label);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const site = await runSite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { buildDir });
  try {
    const { screens, session } = await prepare(browser, site.url);
    for (const screen of screens)
      for (const size of SIZES) {
        const png = await picture(browser, site.url, size, screen, session);
        fs.writeFileSync(path.join(dir, `${screen.name}-${size.name}.png`), png);
        process.stdout.write(`${label}: ${screen.name}-${size.name}\n`);
      }
  } finally {
    await site.stop();
  }
  return dir;
}

/** How many pixels differ, and the after picture with them in red (undefined when sizes differ). */
async function difference(before: string, after: string) {
  const [a, b] = await Promise.all(
    [before, after].map((file) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!a || !b) throw new Error('unreadable picture');
  if (a.info.width !== b.info.width || a.info.height !== b.info.height)
    return {
      pixels: Number.POSITIVE_INFINITY,
      sizes: `${a.info.width}x${a.info.height} → ${b.info.width}x${b.info.height}`,
    };
  const marked = Buffer.from(b.data);
  let pixels = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data.readUInt32LE(i) === b.data.readUInt32LE(i)) continue;
    pixels++;
    marked.writeUInt32LE(0xff0000ff, i);
  }
  const image = sharp(marked, { raw: { width: b.info.width, height: b.info.height, channels: 4 } });
  return { pixels, sizes: `${b.info.width}x${b.info.height}`, image };
}

async function main() {
  if (!BEFORE && !BEFORE_SCREENS)
    throw new Error('BEFORE_BUILD=<the build before the change> (or BEFORE_SCREENS) is required');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let differing = 0;
  try {
    const beforeDir = BEFORE_SCREENS ?? (await pictureBuild(browser, BEFORE ?? '', 'before'));
    const afterDir = await pictureBuild(browser, AFTER, 'after');
    const diffDir = path.join(OUT_DIR, 'diff');
    fs.rmSync(diffDir, { recursive: true, force: true });
    fs.mkdirSync(diffDir, { recursive: true });
    for (const file of fs.readdirSync(beforeDir).sort()) {
      const { pixels, sizes, image } = await difference(
        path.join(beforeDir, file),
        path.join(afterDir, file),
      );
      if (pixels > 0) differing++;
      if (pixels > 0 && image) await image.png().toFile(path.join(diffDir, file));
      process.stdout.write(
        `${pixels === 0 ? 'same     ' : 'DIFFERS  '} ${file.padEnd(36)} ${sizes}${pixels > 0 ? `  ${pixels} px` : ''}\n`,
      );
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`${differing} of the pictures differ\n`);
  process.exitCode = differing > 0 ? 1 : 0;
}

await main();
