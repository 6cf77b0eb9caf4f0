/**
 * `npm run test:stress`: the end-to-end suite on a busy machine, as a contributor's
 * laptop or a shared CI runner is. A second site (production build, its own embedded database,
 * every page rendered for each request) is kept under a bounded load on loopback for the whole
 * run, by STRESS_CONNECTIONS connections (8) asking for pages and the public API. Then:
 * 1. the whole staged suite (scripts/e2e.ts);
 * 2. the specs that waited on live events in the past, STRESS_REPEAT times each (3) with
 *    `--repeat-each`, on desktop and phone (STRESS_SPECS overrides the list, space-separated).
 * Prints what the load achieved and each verdict; exits 1 when anything failed. Run it after
 * `npm run build` (the npm script does).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { runSite } from './lib/run-site.ts';

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const CONNECTIONS = Math.round(positive('STRESS_CONNECTIONS', 8));
const REPEAT = Math.round(positive('STRESS_REPEAT', 3));
const SPECS = (process.env.STRESS_SPECS ?? 'tests/e2e/admin.spec.ts tests/e2e/newsletter.spec.ts')
  .split(/\s+/)
  .filter(Boolean);

const loadSite = await runSite({ RESPONSE_CACHE_MB: '0', LOG_LEVEL: 'warn' });
process.stdout.write(
  `Load: ${CONNECTIONS} connections on ${loadSite.url}, pages rendered for each request\n`,
);
const load = autocannon({
  url: loadSite.url,
  connections: CONNECTIONS,
  // Until stopped below: the load lasts as long as the tests.
  duration: 24 * 3600,
  requests: [{ path: '/' }, { path: '/services' }, { path: '/blog' }, { path: '/api/services' }],
});
// Counted as they come: the figures autocannon gives after `stop()` on an open-ended run are empty.
let answered = 0;
let failed = 0;
load.on('response', (_client: unknown, statusCode: number) => {
  if (statusCode >= 200 && statusCode < 300) answered++;
  else failed++;
});
const loadStarted = Date.now();
const loadBefore = os.loadavg()[0] ?? 0;

const verdicts: { name: string; status: number }[] = [];
/**
 * Runs a command to its end without blocking this process: the load generator lives here, and a
 * synchronous spawn would stop it for the whole run (it once did: 0 answers in 28 minutes).
 */
const run = async (name: string, command: string, args: string[]) => {
  process.stdout.write(`\n== stress: ${name}\n`);
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  verdicts.push({ name, status });
};

try {
  await run('the staged end-to-end suite', process.execPath, ['scripts/e2e.ts']);
  await run(`${SPECS.join(', ')} x${REPEAT}`, 'npx', [
    '--no-install',
    'playwright',
    'test',
    '--no-deps',
    '--project=desktop',
    '--project=phone',
    `--repeat-each=${REPEAT}`,
    ...SPECS,
  ]);
  if (answered === 0) {
    // No load, no stress: the run proves nothing and must not pass as if it did.
    verdicts.push({ name: 'the load generator got answers', status: 1 });
  }
} finally {
  const loadAfter = os.loadavg()[0] ?? 0;
  load.stop();
  await load;
  await loadSite.stop();
  const seconds = Math.round((Date.now() - loadStarted) / 1000);
  process.stdout.write(
    `\nLoad kept for ${seconds} s: ${answered} pages and API answers (${Math.round(answered / Math.max(1, seconds))} per second), ` +
      `${failed} others, load average ${loadBefore.toFixed(2)} before and ${loadAfter.toFixed(2)} at the end\n`,
  );
  for (const verdict of verdicts) {
    process.stdout.write(
      `  ${verdict.status === 0 ? 'passed' : `FAILED (exit ${verdict.status})`}  ${verdict.name}\n`,
    );
  }
}
process.exit(verdicts.length > 0 && verdicts.every((verdict) => verdict.status === 0) ? 0 : 1);
