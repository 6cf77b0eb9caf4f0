/**
 * `npm run perf`: Lighthouse (mobile preset: simulated slow 4G and a mid-range phone CPU) on the
 * production build, in Debian's Chromium, against a freshly seeded site. Writes
 * reports/perf-summary.json and reports/perf-summary.md and fails when a budget is missed.
 * Budgets (docs/decisions/005 and 030), on the medians of PERF_RUNS runs (5 by default)
 * of every page measured: performance >= 97, accessibility = best practices = SEO = 100,
 * FCP <= 1.4 s, LCP <= 1.6 s, TBT <= 100 ms, CLS 0; and for / at most 12 script files and 90 KB of
 * script (Brotli payload, read from the build's .br files) before any interaction.
 * PERF_COMPARE_BUILD measures a second build side by side; PERF_PAGES=/,/blog measures only those.
 * PWA (decision 041): Lighthouse 12 no longer audits installability, so Chromium itself is asked
 * (Page.getInstallabilityErrors on the start URL, the manifest's fields) and the service worker
 * must control the start URL once reloaded (docs/decisions/041-install.md).
 * The audience beacon's chunk (app/lib/audience/beacon.ts, decision 084) is at most 1 KB of Brotli
 * as built (tests/source/beacon-size.test.ts holds the same budget over its source).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { runSite } from './lib/run-site.ts';

const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const SCORE_BUDGETS = { performance: 97, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/** First paint on a mid-range phone over slow 4G (decision 005), in milliseconds. */
const METRIC_BUDGETS = { fcp: 1_400, lcp: 1_600, tbt: 100 } as const;
/** Scripts that / loads before any interaction (decision 005): files, and KB of Brotli payload. */
export const SCRIPT_FILES_BUDGET = 12;
export const SCRIPT_BUDGET_KB = 90;
/** The audience beacon's chunk, in bytes of Brotli (decision 084). */
export const BEACON_BUDGET_BYTES = 1_024;
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

type PageResult = {
  path: string;
  scores: Record<string, number>;
  /** Bytes on the wire as Lighthouse counts them (payload and headers). */
  jsKb: number;
  /** The scripts requested, and their Brotli payload as built. */
  scripts: { files: number; payloadKb: number };
  metrics: Metrics;
  /** The same medians for PERF_COMPARE_BUILD, when set. */
  comparison?: Metrics;
  failures: string[];
};
type PwaResult = { startUrl: string; installable: boolean; controlled: boolean; failures: string[] };

/**
 * What Lighthouse's removed PWA category checked, asked of Chromium: the manifest as the browser
 * parsed it, its installability verdict, and a service worker controlling the start URL.
 */
async function checkPwa(siteUrl: string): Promise<PwaResult> {
  // A profile on disk: Chromium never offers to install from an incognito context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'perf-pwa-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const failures: string[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const cdp = await browser.newCDPSession(page);
    const { url: manifestUrl, data } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      data?: string;
    };
    const manifest = JSON.parse(data ?? '{}') as {
      name?: string;
      short_name?: string;
      start_url?: string;
      scope?: string;
      display?: string;
      theme_color?: string;
      icons?: { sizes?: string; purpose?: string }[];
    };
    if (!manifestUrl) failures.push('no manifest linked');
    for (const field of ['name', 'short_name', 'start_url', 'display', 'theme_color'] as const) {
      if (!manifest[field]) failures.push(`manifest: no ${field}`);
    }
    if (manifest.display !== 'standalone') failures.push(`manifest: display ${manifest.display}`);
    for (const size of ['192x192', '512x512']) {
      if (!manifest.icons?.some((icon) => icon.sizes === size)) failures.push(`manifest: no ${size} icon`);
    }
    if (!manifest.icons?.some((icon) => icon.purpose?.includes('maskable')))
      failures.push('manifest: no maskable icon');

    const startUrl = new URL(manifest.start_url ?? '/', siteUrl).href;
    await page.goto(startUrl);
    // Registration waits for the page to be idle; the worker then precaches and claims the page.
    await page
      .waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 })
      .catch(() => undefined);
    await page.reload();
    const controlled = await page.evaluate(() => !!navigator.serviceWorker?.controller);
    if (!controlled) failures.push('the service worker does not control the start URL');
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    for (const error of installabilityErrors) failures.push(`not installable: ${error.errorId}`);
    return { startUrl, installable: installabilityErrors.length === 0, controlled, failures };
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * One fresh Chromium per page: reusing one browser across Lighthouse runs makes trace recording
 * fail now and then (NO_NAVSTART). A run that still fails that way is tried once more.
 */
async function audit(url: string) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(SCORE_BUDGETS),
      });
      const error = result?.lhr.runtimeError;
      if (!result || (error && attempt < 2)) continue;
      if (error) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
      return result.lhr;
    } finally {
      await chrome.kill();
    }
  }
}

/** Lighthouse runs per page; the page's figures are the medians (the machines are shared and noisy). */
const RUNS = Math.max(1, Number(process.env.PERF_RUNS ?? 5));
/**
 * PERF_COMPARE_BUILD=<dir>: also measure that build (e.g. the last release, built with
 * BUILD_DIR=<dir>), page by page, its runs interleaved with ours so both see the same machine;
 * the report prints both medians and the LCP ratio. Only ours is held to the budgets.
 */
const COMPARE_BUILD = process.env.PERF_COMPARE_BUILD;
/** Layout shift is a visible jump: none allowed (Lighthouse reports it to 3 decimals). */
const CLS_BUDGET = 0.005;

type Lhr = Awaited<ReturnType<typeof audit>>;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
type Metrics = Record<keyof typeof METRICS, number>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return (
    (sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2) ??
    Number.NaN
  );
};
const metricsOf = (lhr: Lhr): Metrics =>
  Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Metrics;
const medianMetrics = (runs: Metrics[]): Metrics =>
  Object.fromEntries(
    Object.keys(METRICS).map((key) => [key, median(runs.map((m) => m[key as keyof Metrics]))]),
  ) as Metrics;
const formatMetrics = (m: Metrics) =>
  `FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}`;

/** The measured pages of one running site: its first parent service and its newest post. */
async function samplePaths(url: string): Promise<string[]> {
  const posts = (await (await fetch(`${url}/api/blog?pageSize=1`)).json()) as { items: { slug: string }[] };
  const services = (await (await fetch(`${url}/api/services/parents`)).json()) as { id: string }[];
  const firstPost = posts.items[0]?.slug;
  const firstService = services[0]?.id;
  const paths = [
    '/',
    '/services',
    ...(firstService ? [`/services/${firstService}`] : []),
    '/blog',
    ...(firstPost ? [`/blog/${firstPost}`] : []),
    '/portfolio',
  ];
  // PERF_PAGES=/,/blog: only those pages (a quicker comparison while working on one of them).
  const only = process.env.PERF_PAGES?.split(',');
  return only ? paths.filter((path) => only.includes(path)) : paths;
}

/**
 * The scripts a run requested and their Brotli payload: the size of each file's .br twin in the
 * build (what the server sends), for the site's own assets.
 */
function scriptPayload(lhr: Lhr): { files: number; payloadKb: number } {
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
  )?.items;
  const scripts = (requests ?? []).filter((request) => request.resourceType === 'Script');
  let bytes = 0;
  for (const { url } of scripts) {
    const file = path.join(BUILD_DIR, 'client', new URL(url).pathname);
    bytes += fs.existsSync(`${file}.br`)
      ? fs.statSync(`${file}.br`).size
      : fs.existsSync(file)
        ? fs.statSync(file).size
        : 0;
  }
  return { files: scripts.length, payloadKb: Math.round((bytes / 1024) * 10) / 10 };
}

/**
 * The built beacon chunk (`beacon-<hash>.js`, named after its module; the newest one, as a build
 * directory outside the project keeps earlier builds' files) and its size, raw and as its .br twin.
 */
function beaconChunk(): { file: string; raw: number; brotli: number } | undefined {
  const assets = path.join(BUILD_DIR, 'client', 'assets');
  const newest = fs
    .readdirSync(assets)
    .filter((name) => /^beacon-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, time: fs.statSync(path.join(assets, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)[0];
  if (!newest) return undefined;
  const file = path.join(assets, newest.name);
  const raw = fs.statSync(file).size;
  return {
    file: `assets/${newest.name}`,
    raw,
    brotli: fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : raw,
  };
}

const site = await runSite();
const other = COMPARE_BUILD ? await runSite({}, { buildDir: COMPARE_BUILD }) : undefined;
const results: PageResult[] = [];
let pwa: PwaResult | undefined;
try {
  const paths = await samplePaths(site.url);
  // The other build has its own database: its own ids for the same kind of page.
  const otherPaths = other ? await samplePaths(other.url) : [];
  for (const [index, path] of paths.entries()) {
    const runs: Lhr[] = [];
    const otherRuns: Metrics[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(await audit(`${site.url}${path}`));
      if (other) otherRuns.push(metricsOf(await audit(`${other.url}${otherPaths[index] ?? path}`)));
    }
    const metrics = medianMetrics(runs.map(metricsOf));
    const scores: Record<string, number> = Object.fromEntries(
      Object.keys(SCORE_BUDGETS).map((id) => [
        id,
        median(runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100))),
      ]),
    );
    // The run whose performance score is the median one stands for the page's details.
    const lhr = (runs.find(
      (r) => Math.round((r.categories.performance?.score ?? 0) * 100) === scores.performance,
    ) ?? runs[0]) as Lhr;
    const summary = lhr.audits['resource-summary']?.details as
      | { items: { resourceType: string; transferSize: number }[] }
      | undefined;
    const jsBytes = summary?.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    const jsKb = Math.round((jsBytes / 1024) * 10) / 10;
    const scripts = scriptPayload(lhr);
    const failures: string[] = [];
    for (const [id, minimum] of Object.entries(SCORE_BUDGETS)) {
      if ((scores[id] ?? 0) < minimum) {
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              lhr.categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => a.id);
        failures.push(`${id} ${scores[id]} < ${minimum} (${failing.join(', ')})`);
      }
    }
    if (!(metrics.cls < CLS_BUDGET)) failures.push(`CLS ${metrics.cls.toFixed(3)} (budget 0)`);
    for (const [metric, budget] of Object.entries(METRIC_BUDGETS)) {
      const value = metrics[metric as keyof Metrics];
      if (!(value <= budget)) failures.push(`${metric.toUpperCase()} ${Math.round(value)} ms > ${budget} ms`);
    }
    if (path === '/' && scripts.files > SCRIPT_FILES_BUDGET)
      failures.push(`${scripts.files} script files > ${SCRIPT_FILES_BUDGET}`);
    if (path === '/' && scripts.payloadKb > SCRIPT_BUDGET_KB)
      failures.push(`script ${scripts.payloadKb} KB > ${SCRIPT_BUDGET_KB} KB`);
    const comparison = other ? medianMetrics(otherRuns) : undefined;
    results.push({ path, scores, jsKb, scripts, metrics, comparison, failures });
    process.stdout.write(
      `${path.padEnd(50)} perf ${scores.performance}/${SCORE_BUDGETS.performance}  a11y ${scores.accessibility}  bp ${scores['best-practices']}  seo ${scores.seo}  scripts ${scripts.files} files ${scripts.payloadKb} KB (${jsKb} KB on the wire)${path === '/' ? ` / ${SCRIPT_FILES_BUDGET} files ${SCRIPT_BUDGET_KB} KB` : ''}  ${formatMetrics(metrics)} / FCP ${METRIC_BUDGETS.fcp / 1000} s LCP ${METRIC_BUDGETS.lcp / 1000} s TBT ${METRIC_BUDGETS.tbt} ms (median of ${RUNS})${failures.length ? `  FAIL: ${failures.join('; ')}` : ''}\n`,
    );
    if (comparison) {
      process.stdout.write(
        `${''.padEnd(50)} ${COMPARE_BUILD}: ${formatMetrics(comparison)}  LCP ratio ${(metrics.lcp / comparison.lcp).toFixed(2)}\n`,
      );
    }
  }
  pwa = await checkPwa(site.url);
  process.stdout.write(
    `PWA ${pwa.startUrl}  installable ${pwa.installable}  service worker controls it ${pwa.controlled}${pwa.failures.length ? `  FAIL: ${pwa.failures.join('; ')}` : ''}\n`,
  );
} finally {
  await site.stop();
  await other?.stop();
}

fs.mkdirSync('reports', { recursive: true });
fs.writeFileSync(
  'reports/perf-summary.json',
  `${JSON.stringify({ date: new Date().toISOString(), results, pwa }, null, 2)}\n`,
);
const table = [
  `Medians of ${RUNS} Lighthouse runs per page (mobile preset).`,
  '',
  '| page | performance | accessibility | best practices | SEO | script files | script (Brotli) | on the wire | FCP | LCP | TBT | CLS |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.scripts.files} | ${r.scripts.payloadKb} KB | ${r.jsKb} KB | ${(r.metrics.fcp / 1000).toFixed(2)} s | ${(r.metrics.lcp / 1000).toFixed(2)} s | ${Math.round(r.metrics.tbt)} ms | ${r.metrics.cls.toFixed(3)} |`,
  ),
  '',
  `Budgets: performance >= ${SCORE_BUDGETS.performance}, FCP <= ${METRIC_BUDGETS.fcp / 1000} s, LCP <= ${METRIC_BUDGETS.lcp / 1000} s, TBT <= ${METRIC_BUDGETS.tbt} ms, CLS 0; / at most ${SCRIPT_FILES_BUDGET} script files and ${SCRIPT_BUDGET_KB} KB.`,
];
const pwaLine = pwa
  ? `PWA: manifest installable ${pwa.installable ? 'yes' : 'no'}, service worker controls ${pwa.startUrl} ${pwa.controlled ? 'yes' : 'no'}${pwa.failures.length ? ` (${pwa.failures.join('; ')})` : ''}`
  : 'PWA: not checked';
const beacon = beaconChunk();
const beaconFailed = !beacon || beacon.brotli > BEACON_BUDGET_BYTES;
const beaconLine = beacon
  ? `Audience beacon: ${beacon.file}, ${beacon.raw} bytes, ${beacon.brotli} bytes Brotli (budget ${BEACON_BUDGET_BYTES})`
  : 'Audience beacon: no beacon-*.js chunk in the build';
process.stdout.write(`${beaconLine}${beaconFailed ? '  FAIL' : ''}\n`);
fs.writeFileSync('reports/perf-summary.md', `${table.join('\n')}\n\n${pwaLine}\n\n${beaconLine}\n`);
const failed = results.filter((r) => r.failures.length > 0);
const pwaFailed = !pwa || pwa.failures.length > 0;
process.stdout.write(
  failed.length || pwaFailed || beaconFailed
    ? `\n${failed.length} page(s) miss their budget${pwaFailed ? '; the PWA check failed' : ''}${beaconFailed ? '; the beacon is over its budget or missing' : ''}.\n`
    : '\nEvery budget met.\n',
);
process.exit(failed.length || pwaFailed || beaconFailed ? 1 : 0);
