/**
 * `npm run perf`: Lighthouse (mobile preset: simulated slow 4G and a mid-range phone CPU) on the
 * production build, in Debian's Chromium, against a freshly seeded site. Writes
 * reports/perf-summary.json and reports/perf-summary.md and fails when a budget is missed.
 * Budgets (issue 3): performance >= 95, accessibility = best practices = SEO = 100 on every page
 * measured; JavaScript transferred for / within JS_BUDGET_KB (see docs/decisions/005).
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { runSite } from './lib/run-site.ts';

const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const SCORE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/**
 * JavaScript transferred for / in KB, as Lighthouse counts it (bytes on the wire: Brotli, plus
 * headers). Issue 3's figure; React 19 + React Router 8 alone weigh about 95 KB Brotli, so this
 * is not met today: see docs/decisions/005-javascript-budget.md.
 */
export const JS_BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 100);

type PageResult = { path: string; scores: Record<string, number>; jsKb: number; failures: string[] };

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

const site = await runSite();
const results: PageResult[] = [];
try {
  const posts = (await (await fetch(`${site.url}/api/blog?pageSize=1`)).json()) as {
    items: { slug: string }[];
  };
  const firstPost = posts.items[0]?.slug;
  const paths = ['/', '/services', '/blog', ...(firstPost ? [`/blog/${firstPost}`] : [])];
  for (const path of paths) {
    const lhr = await audit(`${site.url}${path}`);
    const scores = Object.fromEntries(
      Object.keys(SCORE_BUDGETS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    const summary = lhr.audits['resource-summary']?.details as
      | { items: { resourceType: string; transferSize: number }[] }
      | undefined;
    const jsBytes = summary?.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    const jsKb = Math.round((jsBytes / 1024) * 10) / 10;
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
    if (path === '/' && jsKb > JS_BUDGET_KB) failures.push(`JavaScript ${jsKb} KB > ${JS_BUDGET_KB} KB`);
    results.push({ path, scores, jsKb, failures });
    process.stdout.write(
      `${path.padEnd(50)} perf ${scores.performance}  a11y ${scores.accessibility}  bp ${scores['best-practices']}  seo ${scores.seo}  JS ${jsKb} KB${failures.length ? `  FAIL: ${failures.join('; ')}` : ''}\n`,
    );
  }
} finally {
  await site.stop();
}

fs.mkdirSync('reports', { recursive: true });
fs.writeFileSync(
  'reports/perf-summary.json',
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);
const table = [
  '| page | performance | accessibility | best practices | SEO | JS transferred |',
  '|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.jsKb} KB |`,
  ),
];
fs.writeFileSync('reports/perf-summary.md', `${table.join('\n')}\n`);
const failed = results.filter((r) => r.failures.length > 0);
process.stdout.write(
  failed.length ? `\n${failed.length} page(s) miss their budget.\n` : '\nEvery budget met.\n',
);
process.exit(failed.length ? 1 : 0);
