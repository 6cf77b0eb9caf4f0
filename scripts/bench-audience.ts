/**
 * The audience part of `npm run bench` (docs/decisions/084-first-party-audience.md), on a
 * throwaway PostgreSQL cluster with production durability (fsync and synchronous commit on):
 *
 * 1. The reference: leads alone at a steady BENCH_AUDIENCE_LEAD_RATE per second (20, a very busy
 *    day's peak many times over) for BENCH_AUDIENCE_DURATION seconds (20), each with its own
 *    Idempotency-Key.
 * 2. POST /api/audience offered at BENCH_AUDIENCE_RATE per second (3,200) from
 *    BENCH_AUDIENCE_CONNECTIONS connections (100) for BENCH_AUDIENCE_BEACON_DURATION seconds (60):
 *    page views from many visitors (20,000 client addresses, four User-Agents), as phones send
 *    them; and at the same time the same leads as in 1. The fold runs every
 *    BENCH_AUDIENCE_FOLD_POLL_MS (10,000) and stays 30 s behind the clock, so for the last half of
 *    the window it folds the beacons of the first half while new ones arrive: its cost is in the
 *    figures, as it would be under a steady load.
 * 3. The database is read back: every beacon answered 202 is one row, every lead answered 201 is
 *    one row, and the fold has counted every beacon it reached once in the day's figures.
 *
 * Budgets: beacons >= 3,000 accepted per second with p99 <= 50 ms; leads meanwhile keep their p99
 * <= 100 ms (their budget in bench.ts), all stored once. Writes reports/bench-audience.md; exits 1
 * when a check fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Request, type RequestContext } from 'autocannon';
import pg from 'pg';
import { AUDIENCE_FOLD_LAG_MS } from '#common/audience.ts';
import {
  type Check,
  checksMarkdown,
  clientAddress,
  LEAD_KINDS,
  leadBody,
  markdownTable,
  percentile,
  round,
  sleep,
  tally,
} from './lib/load.ts';
import { startPostgresCluster } from './lib/postgres-cluster.ts';
import { runSite } from './lib/run-site.ts';

function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const DURATION_S = positiveNumber('BENCH_AUDIENCE_DURATION', 20);
const BEACON_DURATION_S = positiveNumber('BENCH_AUDIENCE_BEACON_DURATION', 60);
const FOLD_POLL_MS = Math.round(positiveNumber('BENCH_AUDIENCE_FOLD_POLL_MS', 10_000));
const CONNECTIONS = Math.round(positiveNumber('BENCH_AUDIENCE_CONNECTIONS', 100));
const BEACON_RATE = Math.round(positiveNumber('BENCH_AUDIENCE_RATE', 3_200));
const LEAD_RATE = Math.round(positiveNumber('BENCH_AUDIENCE_LEAD_RATE', 20));
const BEACON_RATE_BUDGET = 3_000;
const BEACON_P99_BUDGET_MS = 50;
const LEAD_P99_BUDGET_MS = 100;
const SERVER_LOG = 'reports/bench-audience-server.log';
const RUN_ID = Date.now().toString(36);

const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];
const PAGES = ['/', '/services', '/blog', '/portfolio', '/about', '/contact'];
const REFERRERS = ['', 'https://www.facebook.com/', 'https://www.google.com/', 'https://web.whatsapp.com/'];

/** The n-th beacon: a page view of one of 20,000 visitors (public addresses, for the country). */
function beaconBody(n: number) {
  return JSON.stringify({
    type: 'pageview',
    path: PAGES[n % PAGES.length],
    referrer: REFERRERS[n % REFERRERS.length],
    ...(n % 5 === 0 ? { utmSource: 'facebook', utmCampaign: 'lancement' } : {}),
  });
}
const visitorAddress = (n: number) => `41.243.${(n % 20_000) >> 8}.${n % 256}`;

const inFlight = (result: { requests: { sent: number; total: number } }) =>
  result.requests.sent - result.requests.total;

type Figures = {
  answered: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
};
const figures = (latencies: number[], statuses: number[], elapsedS: number): Figures => ({
  answered: latencies.length,
  perSecond: round(latencies.length / elapsedS),
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  statuses: tally(statuses),
});

/**
 * POSTs `path` at a steady `rate` for `seconds`, the n-th request's headers and body from `build`,
 * each answer's latency and status recorded.
 */
async function measuredLoad(
  base: string,
  load: { path: string; rate: number; connections: number; seconds: number },
  build: (n: number) => { headers: Record<string, string>; body: string },
) {
  const latencies: number[] = [];
  const statuses: number[] = [];
  let n = 0;
  const request: Request = {
    setupRequest: (req: Request, context: RequestContext) => {
      n += 1;
      context.startedAt = performance.now();
      const { headers, body } = build(n);
      return {
        ...req,
        method: 'POST',
        path: load.path,
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      };
    },
    onResponse: (status: number, _body: string, context: RequestContext) => {
      latencies.push(performance.now() - (context.startedAt as number));
      statuses.push(status);
    },
  };
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: load.connections,
    overallRate: load.rate,
    duration: load.seconds,
    requests: [request],
  });
  return { result, figures: figures(latencies, statuses, (performance.now() - started) / 1000) };
}

/** Page views of 20,000 visitors, as phones send them. */
const beaconLoad = (base: string) =>
  measuredLoad(
    base,
    { path: '/api/audience', rate: BEACON_RATE, connections: CONNECTIONS, seconds: BEACON_DURATION_S },
    (n) => ({
      headers: {
        Origin: base,
        'User-Agent': USER_AGENTS[n % USER_AGENTS.length] ?? '',
        'X-Forwarded-For': visitorAddress(n),
      },
      body: beaconBody(n),
    }),
  );

/** Leads at a steady rate, each with its own key: what a visitor sending a quote would wait. */
const leadLoad = (base: string, phase: string, seconds: number) =>
  measuredLoad(base, { path: '/api/contact', rate: LEAD_RATE, connections: 4, seconds }, (n) => {
    const key = `aud-${RUN_ID}-${phase}-${n}`;
    return {
      headers: { 'X-Forwarded-For': clientAddress(n), 'Idempotency-Key': key },
      body: JSON.stringify(leadBody(LEAD_KINDS[n % LEAD_KINDS.length] ?? 'contact', n, key)),
    };
  });

fs.mkdirSync('reports', { recursive: true });
fs.writeFileSync(SERVER_LOG, '');
const cluster = await startPostgresCluster({
  port: 25342,
  dir: path.join(os.tmpdir(), 'agence-bench-audience'),
  durable: true,
});
let exitCode = 1;
try {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const durability =
    (await client.query('show fsync')).rows[0].fsync +
    ' / ' +
    (await client.query('show synchronous_commit')).rows[0].synchronous_commit;
  const site = await runSite(
    { DATABASE_URL: cluster.url, AUDIENCE_RATE_LIMIT: '100000', AUDIENCE_FOLD_POLL_MS: String(FOLD_POLL_MS) },
    { logFile: SERVER_LOG },
  );
  try {
    process.stdout.write(
      `Audience: ${LEAD_RATE} leads/s alone, then with beacons offered at ${BEACON_RATE}/s, ${DURATION_S} s each, PostgreSQL fsync/synchronous_commit ${durability}...\n`,
    );
    // Warm-up: the salt of the day, the pools, the JIT.
    await autocannon({
      url: `${site.url}/api/audience`,
      connections: 10,
      amount: 500,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.url, 'User-Agent': USER_AGENTS[0] ?? '' },
      body: beaconBody(0),
    });
    // And the leads' path (its statements prepared, its code compiled): not measured.
    for (let n = 1; n <= 20; n += 1) {
      const key = `aud-${RUN_ID}-warm-${n}`;
      await fetch(`${site.url}/api/contact`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `10.250.0.${n}`,
          'Idempotency-Key': key,
        },
        body: JSON.stringify(leadBody('contact', 900_000 + n, key)),
      });
    }
    await client.query(`DELETE FROM contact_requests WHERE email LIKE '%@charge.example'`);
    // The warm-up's beacons and whatever the fold made of them: the day starts again.
    await client.query(
      'TRUNCATE audience_events, audience_daily, audience_hourly, audience_folds, audience_visitors',
    );
    const alone = await leadLoad(site.url, 'alone', DURATION_S);
    const [beacons, leads] = await Promise.all([
      beaconLoad(site.url),
      leadLoad(site.url, 'beacons', BEACON_DURATION_S),
    ]);
    await sleep(1_000);
    const rows = Number((await client.query('SELECT count(*) AS n FROM audience_events')).rows[0].n);
    // What the fold reached during the window, and the day's page views it counted from it.
    const fold = (
      await client.query<{ folded: string; counted: string | null; behind_s: string | null }>(
        `SELECT (SELECT count(*) FROM audience_events e WHERE e.day = f.day AND e.at < f.folded_until) AS folded,
           (SELECT sum(pageviews) FROM audience_daily d WHERE d.day = f.day AND d.dimension = 'total') AS counted,
           extract(epoch FROM now() - f.folded_until) AS behind_s
         FROM audience_folds f ORDER BY day DESC LIMIT 1`,
      )
    ).rows[0];
    const folded = Number(fold?.folded ?? 0);
    // The share of the window's beacons the fold must have reached: it stays 30 s behind the clock
    // and runs every FOLD_POLL_MS (5 s of slack).
    const foldReach = Math.max(
      0,
      (BEACON_DURATION_S - AUDIENCE_FOLD_LAG_MS / 1_000 - FOLD_POLL_MS / 1_000 - 5) / BEACON_DURATION_S,
    );
    const leadRows = await client.query<{ n: string; keys: string }>(
      `SELECT count(*) AS n, count(DISTINCT substring(message from 'clé ([A-Za-z0-9_-]+)')) AS keys FROM contact_requests WHERE email LIKE '%@charge.example'`,
    );
    const storedLeads = Number(leadRows.rows[0]?.n ?? 0);
    const accepted = beacons.figures.statuses['202'] ?? 0;
    const created = (leads.figures.statuses['201'] ?? 0) + (alone.figures.statuses['201'] ?? 0);
    const leadsInFlight = inFlight(leads.result) + inFlight(alone.result);
    const checks: Check[] = [
      {
        name: `beacons on durable PostgreSQL: >= ${BEACON_RATE_BUDGET} accepted per second with p99 <= ${BEACON_P99_BUDGET_MS} ms`,
        ok: accepted / BEACON_DURATION_S >= BEACON_RATE_BUDGET && beacons.figures.p99 <= BEACON_P99_BUDGET_MS,
        detail: `${round(accepted / BEACON_DURATION_S)} accepted/s, p50 ${beacons.figures.p50} ms, p99 ${beacons.figures.p99} ms, statuses ${JSON.stringify(beacons.figures.statuses)}`,
      },
      {
        // A request still in flight when the load stopped is written but its answer not read.
        name: 'every accepted beacon counted once',
        ok: rows >= accepted && rows <= accepted + inFlight(beacons.result),
        detail: `${rows} rows for ${accepted} answers 202 and ${inFlight(beacons.result)} requests in flight at the stop`,
      },
      {
        // The fold ran inside the window: by its end, it had reached the beacons of its first part.
        name: 'the fold kept up during the load, and counted every beacon it folded once',
        ok: folded >= accepted * foldReach && Number(fold?.counted ?? -1) === folded,
        detail: `${folded} beacons folded while the load ran (${round(Number(fold?.behind_s ?? 0))} s behind at the end), ${fold?.counted ?? 0} page views in the day's figures`,
      },
      {
        name: `leads meanwhile: each stored once, p99 <= ${LEAD_P99_BUDGET_MS} ms`,
        ok:
          created === leads.figures.answered + alone.figures.answered &&
          storedLeads === Number(leadRows.rows[0]?.keys) &&
          storedLeads >= created &&
          storedLeads <= created + leadsInFlight &&
          leads.figures.p99 <= LEAD_P99_BUDGET_MS,
        detail: `with the beacons: p50 ${leads.figures.p50} ms, p99 ${leads.figures.p99} ms (alone: p50 ${alone.figures.p50} ms, p99 ${alone.figures.p99} ms); ${created} answered 201 (${leadsInFlight} in flight at the stops), ${storedLeads} rows with ${leadRows.rows[0]?.keys} distinct keys`,
      },
      {
        name: 'no 5xx, no timeout, no connection error',
        ok: [beacons.result, leads.result].every((r) => r['5xx'] === 0 && r.timeouts === 0 && r.errors === 0),
        detail: `beacons ${beacons.result['5xx']} 5xx, ${beacons.result.timeouts} timeouts, ${beacons.result.errors} errors; leads ${leads.result['5xx']} 5xx`,
      },
    ];
    const report = [
      `# Bench, audience, ${new Date().toISOString()}`,
      '',
      `PostgreSQL with fsync ${durability}; ${os.cpus().length} CPUs; one server process; beacons offered at ${BEACON_RATE}/s on ${CONNECTIONS} connections and ${LEAD_RATE} leads/s for ${BEACON_DURATION_S} s with the fold every ${FOLD_POLL_MS / 1_000} s, after the same leads alone for ${DURATION_S} s.`,
      '',
      markdownTable(
        ['load', 'answered', 'per second', 'p50 (ms)', 'p99 (ms)', 'statuses'],
        [
          [
            'POST /api/audience',
            beacons.figures.answered,
            beacons.figures.perSecond,
            beacons.figures.p50,
            beacons.figures.p99,
            JSON.stringify(beacons.figures.statuses),
          ],
          [
            'POST /api/contact alone (reference)',
            alone.figures.answered,
            alone.figures.perSecond,
            alone.figures.p50,
            alone.figures.p99,
            JSON.stringify(alone.figures.statuses),
          ],
          [
            'POST /api/contact with the beacons',
            leads.figures.answered,
            leads.figures.perSecond,
            leads.figures.p50,
            leads.figures.p99,
            JSON.stringify(leads.figures.statuses),
          ],
        ],
      ),
      '',
      '## Checks',
      '',
      checksMarkdown(checks),
      '',
    ].join('\n');
    fs.writeFileSync('reports/bench-audience.md', report);
    process.stdout.write(`\n${report}\n`);
    const failed = checks.filter((c) => !c.ok);
    process.stdout.write(failed.length ? `${failed.length} check(s) failed.\n` : 'Every check passed.\n');
    exitCode = failed.length ? 1 : 0;
  } finally {
    await client.end();
    await site.stop();
  }
} finally {
  await cluster.destroy();
}
process.exit(exitCode);
