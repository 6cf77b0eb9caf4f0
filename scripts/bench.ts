/**
 * `npm run bench` (decisions 005, 021): load without loss, on the production build with fresh data.
 *
 * 1. The per-IP limits, for one address (a few hundred requests): up to the limit, leads and
 *    sign-ups are stored as usual; past it, stored "À vérifier" (docs/decisions/083); past the
 *    daily ceiling, refused with a French 429. The database read-back counts the leads kept
 *    "À vérifier" like any other: none may be lost or duplicated.
 * 2. BENCH_CONNECTIONS connections (50) for BENCH_DURATION seconds (60) of mixed quote, call,
 *    contact and newsletter submissions, each from its own client address (X-Forwarded-For, which
 *    the site trusts from loopback) so that the app is measured, not the limiter. Every lead
 *    carries a unique Idempotency-Key; 5 % of the requests replay a recent key with the same body.
 *    Then BENCH_LEADS_DURATION seconds (20) of leads alone (and their replays), the leads'
 *    budget: POST /api/contact at >= 500 req/s with p99 <= 100 ms on PostgreSQL.
 * 3. Page throughput, side by side in the same run, BENCH_PAGE_DURATION seconds (10) each after
 *    2 s of warm-up, on SSR
 *    pages and on the public API: served from the response cache, with and without
 *    If-None-Match, against the same bytes from a bare node:http server (at least 40 % of its
 *    rate); then SSR pages rendered for each request by a site started with RESPONSE_CACHE_MB=0
 *    (at least 200 pages/s), each with the server's CPU time per page (200 pages/s on one process
 *    is 5 ms a page) and followed by its reference: the same document from a bare node:http server
 *    that compresses it for each request as the site does, bound by its CPU like the site (a
 *    shared machine's load at that minute shows in both: the share is what compares runs).
 *    `BENCH_ONLY=pages` runs this part alone (no submissions, no read-back), on PGlite or PostgreSQL.
 * 4. The database is read back: every 2xx is there exactly once, replays got the first answer,
 *    no 5xx. Writes reports/bench.json and reports/bench.md; exits 1 when a check fails.
 *
 * The database (decision 033): by default a throwaway PostgreSQL cluster started for the run with
 * production durability (fsync, synchronous commit and full-page writes on; port 25343), stopped
 * and removed afterwards; BENCH_DATABASE_URL names another server instead (a fresh database is
 * created on it and dropped afterwards); BENCH_DATABASE=pglite measures the embedded PGlite (one
 * connection: every query of every request waits its turn). The report says which, with the
 * server's fsync and synchronous_commit. The tests' fast cluster (TEST_DATABASE_URL) is never used.
 * Budgets on PostgreSQL: POST /api/contact alone >= 500 req/s with p99 <= 100 ms; the mix >= 400
 * req/s with p99 <= 200 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Request, type RequestContext, type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '#db/client.ts';
import { RATE_LIMITS } from '#server/security/limits.ts';
import { type RawAnswer, rawGet, startBareServer } from './lib/bare-server.ts';
import { createFreshDatabase, describeUrl, type FreshDatabase } from './lib/fresh-database.ts';
import {
  type Check,
  checksMarkdown,
  clientAddress,
  isAnswer,
  KEY_IN_MESSAGE,
  LEAD_KINDS,
  type LeadKind,
  LOAD_EMAIL_DOMAIN,
  leadBody,
  markdownTable,
  newsletterBody,
  percentile,
  postJson,
  round,
  sleep,
  tally,
} from './lib/load.ts';
import { startPostgresCluster } from './lib/postgres-cluster.ts';
import { type RunningSite, runSite } from './lib/run-site.ts';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

const DURATION_S = positiveNumber('BENCH_DURATION', 60);
/** The leads' budget: POST /api/contact on its own (leads and replays, no subscriptions). */
const LEADS_ONLY_DURATION_S = positiveNumber('BENCH_LEADS_DURATION', 20);
const CONNECTIONS = Math.round(positiveNumber('BENCH_CONNECTIONS', 50));
const PAGE_DURATION_S = positiveNumber('BENCH_PAGE_DURATION', 10);
/** Seconds of load before each page figure, not counted. */
const WARM_UP_S = 2;
const REPLAY_RATE = 0.05;
/** Replays pick among the latest keys, so some arrive while the first request is still running. */
const REPLAY_WINDOW = 200;
/**
 * Seconds without an answer before autocannon gives a request up (counted as a timeout, a
 * failure). Generous: on a shared 2-core machine, 50 connections queued on PGlite's single
 * connection wait seconds each.
 */
const REQUEST_TIMEOUT_S = positiveNumber('BENCH_TIMEOUT', 60);
const RUN_ID = Date.now().toString(36);
/** `pages`: part 3 alone. */
const ONLY = process.env.BENCH_ONLY ?? '';
if (ONLY !== '' && ONLY !== 'pages') throw new Error(`BENCH_ONLY takes "pages", not "${ONLY}"`);
const SERVER_LOG = 'reports/bench-server.log';

const SUBMISSION_KINDS = [...LEAD_KINDS, 'newsletter'] as const;
type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
type MeasuredKind = SubmissionKind | 'replay';
const MEASURED_KINDS: MeasuredKind[] = [...SUBMISSION_KINDS, 'replay'];

type Reply = { status: number; body: string; replay: boolean };
type LeadRecord = { key: string; kind: LeadKind; body: string; answers: Reply[]; replaysSent: number };
type SubscriptionRecord = { address: string; answers: Reply[] };
type Plan = { kind: MeasuredKind; key?: string; address?: string; path: string; body: string; ip: string };

const leads = new Map<string, LeadRecord>();
const subscriptions = new Map<string, SubscriptionRecord>();
const recentKeys: string[] = [];
const latencies = Object.fromEntries(MEASURED_KINDS.map((k) => [k, [] as number[]])) as Record<
  MeasuredKind,
  number[]
>;
const statuses = Object.fromEntries(MEASURED_KINDS.map((k) => [k, [] as number[]])) as Record<
  MeasuredKind,
  number[]
>;
let sequence = 0;
/** Fresh (not replayed) submissions so far: keeps the four kinds even. */
let freshSubmissions = 0;

function record(plan: Plan, reply: Reply): void {
  if (plan.key) leads.get(plan.key)?.answers.push(reply);
  if (plan.address) subscriptions.get(plan.address)?.answers.push(reply);
  statuses[plan.kind].push(reply.status);
}

/**
 * The next submission: every 20th (5 %) replays one of the latest keys, picked at random; the
 * others are quote, call, contact and newsletter in turn.
 */
function nextPlan(kinds: readonly SubmissionKind[]): Plan {
  const n = ++sequence;
  const ip = clientAddress(n);
  if (recentKeys.length > 0 && n % Math.round(1 / REPLAY_RATE) === 0) {
    const key = recentKeys[Math.floor(Math.random() * recentKeys.length)] as string;
    const lead = leads.get(key) as LeadRecord;
    lead.replaysSent += 1;
    return { kind: 'replay', key, path: '/api/contact', body: lead.body, ip };
  }
  const kind = kinds[++freshSubmissions % kinds.length] as SubmissionKind;
  if (kind === 'newsletter') {
    const address = `abonne-${n}@${LOAD_EMAIL_DOMAIN}`;
    subscriptions.set(address, { address, answers: [] });
    return {
      kind,
      address,
      path: '/api/newsletter/subscribe',
      body: JSON.stringify(newsletterBody(address)),
      ip,
    };
  }
  const key = `bench-${RUN_ID}-${n}`;
  const body = JSON.stringify(leadBody(kind, n, key));
  leads.set(key, { key, kind, body, answers: [], replaysSent: 0 });
  recentKeys.push(key);
  if (recentKeys.length > REPLAY_WINDOW) recentKeys.shift();
  return { kind, key, path: '/api/contact', body, ip };
}

// ---------------------------------------------------------------------------------------------
// 1. The limiter, for one address.
// ---------------------------------------------------------------------------------------------
type LimiterProbe = {
  endpoint: string;
  /** Past this many, kept "À vérifier". */
  limit: number;
  /** Past this many, refused. */
  ceiling: number;
  /** The lead keys or the addresses sent, in order. */
  sent: string[];
  statuses: number[];
  retryAfter: string | null;
  message: string | undefined;
};

async function probeLimiter(base: string): Promise<LimiterProbe[]> {
  const probes: LimiterProbe[] = [];
  const targets = [
    {
      endpoint: '/api/contact',
      limit: RATE_LIMITS.contactPerIp.limit,
      ceiling: RATE_LIMITS.contactCeilingPerIp.limit,
      ip: '198.51.100.7',
    },
    {
      endpoint: '/api/newsletter/subscribe',
      limit: RATE_LIMITS.newsletterPerIp.limit,
      ceiling: RATE_LIMITS.newsletterCeilingPerIp.limit,
      ip: '198.51.100.8',
    },
  ];
  for (const target of targets) {
    const probe: LimiterProbe = {
      endpoint: target.endpoint,
      limit: target.limit,
      ceiling: target.ceiling,
      sent: [],
      statuses: [],
      retryAfter: null,
      message: undefined,
    };
    for (let i = 0; i < target.ceiling + 2; i++) {
      const n = ++sequence;
      let plan: Plan;
      if (target.endpoint === '/api/contact') {
        const key = `bench-${RUN_ID}-limit-${n}`;
        const body = JSON.stringify(leadBody('contact', n, key));
        leads.set(key, { key, kind: 'contact', body, answers: [], replaysSent: 0 });
        plan = { kind: 'contact', key, path: target.endpoint, body, ip: target.ip };
      } else {
        const address = `limite-${n}@${LOAD_EMAIL_DOMAIN}`;
        subscriptions.set(address, { address, answers: [] });
        plan = {
          kind: 'newsletter',
          address,
          path: target.endpoint,
          body: JSON.stringify(newsletterBody(address)),
          ip: target.ip,
        };
      }
      const outcome = await postJson(base, plan.path, plan.body, {
        'X-Forwarded-For': plan.ip,
        ...(plan.key ? { 'Idempotency-Key': plan.key } : {}),
      });
      if (!isAnswer(outcome)) throw new Error(`limiter probe: ${target.endpoint} failed: ${outcome.error}`);
      probe.sent.push(plan.key ?? plan.address ?? '');
      probe.statuses.push(outcome.status);
      // Kept apart from the load's figures, but verified in the database like any other answer.
      if (plan.key)
        leads.get(plan.key)?.answers.push({ status: outcome.status, body: outcome.body, replay: false });
      if (plan.address)
        subscriptions
          .get(plan.address)
          ?.answers.push({ status: outcome.status, body: outcome.body, replay: false });
      if (outcome.status === 429) {
        probe.retryAfter = outcome.headers.get('retry-after');
        probe.message = (JSON.parse(outcome.body) as { error?: { message?: string } }).error?.message;
      }
    }
    probes.push(probe);
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------
// 2. The submissions.
// ---------------------------------------------------------------------------------------------
async function submissionLoad(
  base: string,
  kinds: readonly SubmissionKind[] = SUBMISSION_KINDS,
  durationS = DURATION_S,
): Promise<Result> {
  const request: Request = {
    setupRequest: (req: Request, context: RequestContext) => {
      const plan = nextPlan(kinds);
      context.plan = plan;
      context.startedAt = performance.now();
      return {
        ...req,
        method: 'POST',
        path: plan.path,
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': plan.ip,
          ...(plan.key ? { 'Idempotency-Key': plan.key } : {}),
        },
        body: plan.body,
      };
    },
    onResponse: (status: number, body: string, context: RequestContext) => {
      const plan = context.plan as Plan;
      latencies[plan.kind].push(performance.now() - (context.startedAt as number));
      record(plan, { status, body, replay: plan.kind === 'replay' });
    },
  };
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: durationS,
    timeout: REQUEST_TIMEOUT_S,
    requests: [request],
  });
}

/** Without SMTP_URL every email becomes a .eml file under DATA_DIR/outbox. */
function countEmlFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.eml'))
    .length;
}

/** Waits until no new email has been written for 5 s (at most 3 minutes). */
async function waitForOutbox(dataDir: string): Promise<{ emails: number; seconds: number }> {
  const started = performance.now();
  const outbox = path.join(dataDir, 'outbox');
  let count = countEmlFiles(outbox);
  let stableSince = performance.now();
  while (performance.now() - stableSince < 5_000 && performance.now() - started < 180_000) {
    await sleep(500);
    const next = countEmlFiles(outbox);
    if (next !== count) {
      count = next;
      stableSince = performance.now();
    }
  }
  return { emails: count, seconds: round((stableSince - started) / 1000) };
}

// ---------------------------------------------------------------------------------------------
// 3. Pages and public API.
// ---------------------------------------------------------------------------------------------
type PageRun = {
  path: string;
  kind: 'SSR page' | 'public API';
  /** kept: from the response cache; bare: the bare node:http yardstick; uncached: RESPONSE_CACHE_MB=0. */
  server: 'kept' | 'bare' | 'uncached';
  /** Server processes of the site measured (WEB_CONCURRENCY). */
  workers: number;
  conditional: boolean;
  /** The site's X-Cache on a second request (hit: served as kept). */
  xCache: string | null;
  cacheControl: string | null;
  etag: string | null;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Rendered for each request: the server process's CPU time per page (one process, Linux). */
  cpuMsPerPage?: number | null;
  /**
   * Rendered for each request: the same document from a bare node:http server that compresses it
   * for each request as the site does, measured just after (the CPU-bound yardstick).
   */
  reference?: { requestsPerSecond: number; share: number };
};

/** Budget: a kept answer at this share of a bare node:http server's rate, at least. */
const CACHED_SHARE_BUDGET = 0.4;
/** Budget: pages rendered for each request (no response cache), per second, at least. */
const UNCACHED_RENDER_BUDGET = 200;

const PAGE_TARGETS = [
  { path: '/', kind: 'SSR page' },
  { path: '/services', kind: 'SSR page' },
  { path: '/blog', kind: 'SSR page' },
  { path: '/api/services', kind: 'public API' },
  { path: '/api/blog', kind: 'public API' },
] as const;
/** What the pages' table shows. */
const PAGES_LEGEND =
  "kept: served from the response cache; bare: the same bytes from a bare node:http server in its own process (the yardstick); uncached: a site started with RESPONSE_CACHE_MB=0, rendering each request, with the server's CPU time per page and, measured just after it, its reference: the same document from a bare node:http server that only compresses it for each request as the site does (Brotli quality 4), and the rendered rate's share of it.";

/** What a browser sends: compressed answers are what visitors get. */
const ACCEPT_ENCODING = 'br, gzip';

function statusCounts(result: Result): Record<string, number> {
  return Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
}

async function measure(
  url: string,
  headers: Record<string, string>,
  /** Called once warmed up, just before the measured load. */
  onStart?: () => void,
): Promise<Pick<PageRun, 'requestsPerSecond' | 'p50' | 'p99' | 'statuses' | 'errors' | 'timeouts'>> {
  // Warmed up first (2 s, not counted): the figure is the steady state, not V8 compiling the
  // render path during the first seconds of the first page measured.
  await autocannon({ url, connections: 10, duration: WARM_UP_S, timeout: REQUEST_TIMEOUT_S, headers });
  onStart?.();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: PAGE_DURATION_S,
    timeout: REQUEST_TIMEOUT_S,
    headers,
  });
  return {
    requestsPerSecond: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: statusCounts(result),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** One header of a raw answer (the first value of a repeated one), or null. */
function headerOf(answer: RawAnswer, name: string): string | null {
  const value = answer.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function printRun(run: PageRun) {
  const label = `${run.path}${run.conditional ? ' (If-None-Match)' : ''} [${run.server}${run.workers > 1 ? `, ${run.workers} workers` : ''}]`;
  const extra = [
    run.cpuMsPerPage != null ? `CPU ${run.cpuMsPerPage} ms/page` : '',
    run.reference
      ? `reference (bare + Brotli 4) ${run.reference.requestsPerSecond} req/s (${percent(run.reference.share)})`
      : '',
  ].filter(Boolean);
  process.stdout.write(
    `  ${label.padEnd(40)} ${String(run.requestsPerSecond).padStart(8)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ${JSON.stringify(run.statuses)}${extra.length ? `  ${extra.join(', ')}` : ''}\n`,
  );
}

/** 0.0312 -> "3.12 %". */
const percent = (share: number) => `${round(share * 100, 2)} %`;

/**
 * Each target from the response cache, then the same bytes from a bare node:http server (the
 * yardstick, in the same run), then with If-None-Match.
 */
async function pageThroughput(base: string): Promise<PageRun[]> {
  const runs: PageRun[] = [];
  const headers = { 'Accept-Encoding': ACCEPT_ENCODING };
  for (const target of PAGE_TARGETS) {
    await rawGet(`${base}${target.path}`, headers);
    const answer = await rawGet(`${base}${target.path}`, headers);
    const first = (name: string) => headerOf(answer, name);
    const etag = first('etag');
    const common = {
      path: target.path,
      kind: target.kind,
      workers: 1,
      cacheControl: first('cache-control'),
      etag,
    };
    const kept: PageRun = {
      ...common,
      server: 'kept',
      conditional: false,
      xCache: first('x-cache'),
      ...(await measure(`${base}${target.path}`, headers)),
    };
    runs.push(kept);
    printRun(kept);
    const bare = await startBareServer(answer);
    try {
      const run: PageRun = {
        ...common,
        server: 'bare',
        conditional: false,
        xCache: null,
        ...(await measure(`${bare.url}${target.path}`, headers)),
      };
      runs.push(run);
      printRun(run);
    } finally {
      await bare.stop();
    }
    if (etag) {
      const run: PageRun = {
        ...common,
        server: 'kept',
        conditional: true,
        xCache: first('x-cache'),
        ...(await measure(`${base}${target.path}`, { ...headers, 'If-None-Match': etag })),
      };
      runs.push(run);
      printRun(run);
    }
  }
  return runs;
}

/**
 * CPU time (user + system, ms) a process has used so far, read from /proc (Linux); null elsewhere.
 * Clock ticks are 1/100 s on Linux.
 */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Pages rendered for every request: a site started with RESPONSE_CACHE_MB=0. With one process,
 * each page is followed by its reference, the bytes it sent from a bare node:http server, and its
 * CPU time per page is read from the process.
 */
async function uncachedThroughput(site: RunningSite, workers: number): Promise<PageRun[]> {
  const runs: PageRun[] = [];
  const headers = { 'Accept-Encoding': ACCEPT_ENCODING };
  for (const target of PAGE_TARGETS.filter((t) => t.kind === 'SSR page')) {
    const answer = await rawGet(`${site.url}${target.path}`, headers);
    const pid = workers === 1 ? site.child.pid : undefined;
    let cpuBefore: number | null = null;
    const figures = await measure(`${site.url}${target.path}`, headers, () => {
      cpuBefore = processCpuMs(pid);
    });
    const cpuAfter = processCpuMs(pid);
    const answered = Object.values(figures.statuses).reduce((sum, count) => sum + count, 0);
    const run: PageRun = {
      path: target.path,
      kind: target.kind,
      server: 'uncached',
      workers,
      conditional: false,
      xCache: headerOf(answer, 'x-cache'),
      cacheControl: headerOf(answer, 'cache-control'),
      etag: headerOf(answer, 'etag'),
      ...figures,
      cpuMsPerPage:
        cpuBefore !== null && cpuAfter !== null && answered > 0
          ? round((cpuAfter - cpuBefore) / answered, 2)
          : null,
    };
    if (workers === 1) {
      const document = await rawGet(`${site.url}${target.path}`, { 'Accept-Encoding': 'identity' });
      const bare = await startBareServer(document, { compress: 'br' });
      try {
        const { requestsPerSecond } = await measure(`${bare.url}${target.path}`, headers);
        run.reference = {
          requestsPerSecond,
          share: requestsPerSecond > 0 ? round(run.requestsPerSecond / requestsPerSecond, 4) : 0,
        };
      } finally {
        await bare.stop();
      }
    }
    runs.push(run);
    printRun(run);
  }
  return runs;
}

/** Budgets on PostgreSQL, 50 connections, one server process: POST /api/contact alone, and the mix. */
const LEAD_RATE_BUDGET = 500;
const LEAD_P99_BUDGET_MS = 100;
const MIX_RATE_BUDGET = 400;
const MIX_P99_BUDGET_MS = 200;
const LEAD_KINDS_MEASURED: MeasuredKind[] = [...LEAD_KINDS, 'replay'];
type LeadFigures = { answered: number; perSecond: number; p50: number; p99: number };

/** A row of the report's POST /api/contact table: the load, the server processes, the figures. */
const leadRow = (load: string, processes: string, f: LeadFigures) => [
  load,
  processes,
  f.answered,
  f.perSecond,
  f.p50,
  f.p99,
];

/** The POST /api/contact answers of one run: those recorded after `from` (latency counts per kind). */
function leadFigures(from: Record<MeasuredKind, number>, elapsedS: number): LeadFigures {
  const answered = LEAD_KINDS_MEASURED.flatMap((kind) => latencies[kind].slice(from[kind]));
  return {
    answered: answered.length,
    perSecond: round(answered.length / elapsedS),
    p50: percentile(answered, 50),
    p99: percentile(answered, 99),
  };
}

const latencyMarks = () =>
  Object.fromEntries(MEASURED_KINDS.map((k) => [k, latencies[k].length])) as Record<MeasuredKind, number>;

/** The page budgets: kept answers against the bare server, uncached renders per second. */
function cacheChecks(pages: PageRun[]): Check[] {
  const checks: Check[] = [];
  for (const target of PAGE_TARGETS) {
    const kept = pages.find((p) => p.path === target.path && p.server === 'kept' && !p.conditional);
    const bare = pages.find((p) => p.path === target.path && p.server === 'bare');
    if (!kept || !bare) continue;
    const share = bare.requestsPerSecond > 0 ? kept.requestsPerSecond / bare.requestsPerSecond : 0;
    checks.push({
      name: `${target.path} (${target.kind}) from the response cache: >= ${CACHED_SHARE_BUDGET * 100} % of a bare node:http server`,
      ok: kept.xCache === 'hit' && share >= CACHED_SHARE_BUDGET,
      detail: `${kept.requestsPerSecond} req/s against ${bare.requestsPerSecond} req/s: ${Math.round(share * 100)} % (budget ${CACHED_SHARE_BUDGET * 100} %); X-Cache ${kept.xCache}`,
    });
  }
  for (const run of pages.filter((p) => p.server === 'uncached' && p.workers === 1)) {
    checks.push({
      name: `${run.path} rendered for each request (no response cache): >= ${UNCACHED_RENDER_BUDGET} pages/s`,
      ok: run.xCache === null && run.requestsPerSecond >= UNCACHED_RENDER_BUDGET,
      detail: `${run.requestsPerSecond} pages/s (budget ${UNCACHED_RENDER_BUDGET}), p50 ${run.p50} ms, p99 ${run.p99} ms${run.cpuMsPerPage != null ? `, server CPU ${run.cpuMsPerPage} ms a page (${UNCACHED_RENDER_BUDGET} pages/s is ${1000 / UNCACHED_RENDER_BUDGET} ms)` : ''}${run.reference ? `; reference just after it: the same document from a bare node:http server compressing it for each request (Brotli quality 4), ${run.reference.requestsPerSecond} req/s (rendered at ${percent(run.reference.share)} of it)` : ''}`,
    });
  }
  return checks;
}

// ---------------------------------------------------------------------------------------------
// 4. What the database holds.
// ---------------------------------------------------------------------------------------------
type Stored = {
  leadRows: { id: string; message: string; review_reason: string | null }[];
  keyRows: { key: string; response_status: number | null; response_body: unknown }[];
  subscriptionRows: { email: string; rows: number; reviewed: number }[];
};

async function readBack(options: { databaseUrl: string } | { dataDir: string }): Promise<Stored> {
  const database = await openDatabase(
    'databaseUrl' in options ? { databaseUrl: options.databaseUrl, poolSize: 2 } : options,
  );
  try {
    const domain = `%@${LOAD_EMAIL_DOMAIN}`;
    const leadRows = await queryRows<Stored['leadRows'][number]>(
      database.db,
      sql`select id, message, review_reason from contact_requests where email like ${domain}`,
    );
    const keyRows = await queryRows<Stored['keyRows'][number]>(
      database.db,
      sql`select key, response_status, response_body from idempotency_keys where scope = 'contact' and key like ${`bench-${RUN_ID}-%`}`,
    );
    const subscriptionRows = await queryRows<{
      email: string;
      rows: number | string;
      reviewed: number | string;
    }>(
      database.db,
      sql`select email, count(*) as rows, count(review_reason) as reviewed from newsletter_subscriptions
        where email like ${domain} group by email`,
    );
    return {
      leadRows,
      keyRows,
      subscriptionRows: subscriptionRows.map((r) => ({
        email: r.email,
        rows: Number(r.rows),
        reviewed: Number(r.reviewed),
      })),
    };
  } finally {
    await database.close();
  }
}

/** "201×200, 429×2": a probe's statuses, each run of one status counted. */
function statusRuns(statuses: number[]): string {
  const runs: [number, number][] = [];
  for (const status of statuses) {
    const last = runs.at(-1);
    if (last && last[0] === status) last[1] += 1;
    else runs.push([status, 1]);
  }
  return runs.map(([status, count]) => `${status}×${count}`).join(', ');
}

function sample<T>(items: T[], count = 5): string {
  return items.length === 0 ? '' : ` e.g. ${JSON.stringify(items.slice(0, count))}`;
}

function verify(stored: Stored, result: Result, limiter: LimiterProbe[], pages: PageRun[]): Check[] {
  const checks: Check[] = [];
  const rowsByKey = new Map<string, string[]>();
  const rowIds = new Set<string>();
  const unmarked: string[] = [];
  /** The keys of the leads kept "À vérifier". */
  const reviewedKeys = new Set<string>();
  for (const row of stored.leadRows) {
    rowIds.add(row.id);
    const key = KEY_IN_MESSAGE.exec(row.message)?.[1];
    if (!key) {
      unmarked.push(row.id);
      continue;
    }
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row.id]);
    if (row.review_reason !== null) reviewedKeys.add(key);
  }
  const storedByKey = new Map(stored.keyRows.map((r) => [r.key, r]));

  const allReplies = [
    ...[...leads.values()].flatMap((l) => l.answers),
    ...[...subscriptions.values()].flatMap((s) => s.answers),
  ];
  const serverErrors = allReplies.filter((r) => r.status >= 500);
  checks.push({
    name: 'no 5xx',
    ok: serverErrors.length === 0 && result['5xx'] === 0,
    detail: `${serverErrors.length} answers >= 500 out of ${allReplies.length}${sample(serverErrors)}`,
  });
  checks.push({
    name: 'every request answered',
    ok: result.timeouts === 0 && result.errors === 0,
    // autocannon counts a timeout among its errors too.
    detail: `${result.timeouts} timeouts (> ${REQUEST_TIMEOUT_S} s), ${result.errors - result.timeouts} connection errors`,
  });

  // A fresh lead answers 201 {id}; a newsletter address 200 {requiresConfirmation: true}.
  const unexpected: string[] = [];
  for (const lead of leads.values()) {
    const first = lead.answers.find((a) => !a.replay);
    if (first && first.status !== 201 && !(lead.key.includes('-limit-') && first.status === 429)) {
      unexpected.push(`${lead.kind} ${first.status} ${first.body.slice(0, 200)}`);
    }
  }
  for (const subscription of subscriptions.values()) {
    for (const answer of subscription.answers) {
      const limited = subscription.address.startsWith('limite-') && answer.status === 429;
      if (!limited && (answer.status !== 200 || answer.body !== '{"requiresConfirmation":true}')) {
        unexpected.push(`newsletter ${answer.status} ${answer.body.slice(0, 200)}`);
      }
    }
  }
  checks.push({
    name: 'expected answers (201 for a lead, 200 requiresConfirmation for a subscription)',
    ok: unexpected.length === 0,
    detail: `${unexpected.length} unexpected${sample(unexpected, 3)}`,
  });

  // Every 2xx lead answer names a row that exists, and that row is the key's only one.
  const lost: string[] = [];
  const duplicated: string[] = [];
  const wrongRow: string[] = [];
  let acceptedLeads = 0;
  for (const lead of leads.values()) {
    const accepted = lead.answers.filter((a) => a.status >= 200 && a.status < 300);
    const rows = rowsByKey.get(lead.key) ?? [];
    if (rows.length > 1) duplicated.push(`${lead.key}: ${rows.length} rows`);
    if (accepted.length === 0) continue;
    acceptedLeads += 1;
    for (const answer of accepted) {
      const id = (JSON.parse(answer.body) as { id?: string }).id ?? '';
      if (!rowIds.has(id)) lost.push(`${lead.key} -> ${id}`);
      else if (!rows.includes(id)) wrongRow.push(`${lead.key} -> ${id}`);
    }
  }
  for (const [key, rows] of rowsByKey) {
    if (!leads.has(key)) wrongRow.push(`row for a key never sent: ${key} (${rows.join(', ')})`);
  }
  checks.push({
    name: 'every accepted lead is in the database (those kept "À vérifier" included)',
    ok: lost.length === 0 && wrongRow.length === 0,
    detail: `${acceptedLeads} keys accepted, ${stored.leadRows.length} lead rows; ${lost.length} missing, ${wrongRow.length} pointing at another row${sample([...lost, ...wrongRow])}`,
  });
  const keyRowMismatch: string[] = [];
  for (const [key, rows] of rowsByKey) {
    const storedAnswer = storedByKey.get(key);
    const storedId = (storedAnswer?.response_body as { id?: string } | null)?.id;
    if (storedAnswer?.response_status !== 201 || storedId !== rows[0]) {
      keyRowMismatch.push(
        `${key}: stored ${storedAnswer?.response_status} ${storedId}, rows ${rows.join(',')}`,
      );
    }
  }
  checks.push({
    name: 'no duplicate: one lead row per idempotency key',
    ok: duplicated.length === 0 && keyRowMismatch.length === 0 && unmarked.length === 0,
    detail: `${rowsByKey.size} keys with a row, ${duplicated.length} with several, ${keyRowMismatch.length} whose stored answer names another row, ${unmarked.length} rows without a key${sample([...duplicated, ...keyRowMismatch])}`,
  });

  // Replays: the same status and body as the first answer.
  let replays = 0;
  const mismatches: string[] = [];
  for (const lead of leads.values()) {
    if (lead.answers.length < 2) continue;
    const [first, ...others] = lead.answers;
    for (const other of others) {
      replays += 1;
      if (other.status !== first?.status || other.body !== first.body) {
        mismatches.push(`${lead.key}: ${first?.status} ${first?.body} then ${other.status} ${other.body}`);
      }
    }
  }
  const replaysSent = [...leads.values()].reduce((sum, l) => sum + l.replaysSent, 0);
  checks.push({
    name: 'replays return the first answer',
    ok: mismatches.length === 0 && replays > 0,
    detail: `${replaysSent} replays sent, ${replays} compared with their first answer, ${mismatches.length} different${sample(mismatches, 3)}`,
  });

  const rowsByAddress = new Map(stored.subscriptionRows.map((r) => [r.email, r.rows]));
  const missingAddresses: string[] = [];
  let acceptedAddresses = 0;
  for (const subscription of subscriptions.values()) {
    if (!subscription.answers.some((a) => a.status === 200)) continue;
    acceptedAddresses += 1;
    if (rowsByAddress.get(subscription.address) !== 1) {
      missingAddresses.push(`${subscription.address}: ${rowsByAddress.get(subscription.address) ?? 0} rows`);
    }
  }
  checks.push({
    name: 'every accepted newsletter address is stored once',
    ok: missingAddresses.length === 0,
    detail: `${acceptedAddresses} addresses accepted, ${stored.subscriptionRows.length} stored, ${missingAddresses.length} missing or repeated${sample(missingAddresses)}`,
  });

  const reviewedAddresses = new Set(
    stored.subscriptionRows.filter((r) => r.reviewed > 0).map((r) => r.email),
  );
  for (const probe of limiter) {
    const allowed = probe.statuses.slice(0, probe.ceiling);
    const beyond = probe.statuses.slice(probe.ceiling);
    const ok =
      allowed.every((s) => s >= 200 && s < 300) &&
      beyond.length > 0 &&
      beyond.every((s) => s === 429) &&
      probe.retryAfter !== null &&
      /[éèàç]|veuillez|trop/i.test(probe.message ?? '');
    checks.push({
      name: `one address: stored up to its daily ceiling (${probe.ceiling}), then 429 (${probe.endpoint})`,
      ok,
      detail: `statuses ${statusRuns(probe.statuses)}; Retry-After ${probe.retryAfter}; « ${probe.message} »`,
    });
    // Past the limit, stored "À vérifier": exactly those, in the order they were sent.
    const flagged = probe.endpoint === '/api/contact' ? reviewedKeys : reviewedAddresses;
    const kept = probe.sent.slice(0, probe.ceiling);
    const wrong = kept.filter((sent, i) => flagged.has(sent) !== i >= probe.limit);
    checks.push({
      name: `one address: past ${probe.limit}, kept "À vérifier" (${probe.endpoint})`,
      ok: wrong.length === 0,
      detail: `${kept.filter((sent) => flagged.has(sent)).length} of ${kept.length} stored kept for review (expected ${probe.ceiling - probe.limit}), ${wrong.length} misplaced${sample(wrong)}`,
    });
  }
  // The load sends each submission from its own address: none of them is kept for review.
  const probed = new Set(limiter.flatMap((probe) => probe.sent));
  const loadFlagged = [...reviewedKeys, ...reviewedAddresses].filter((sent) => !probed.has(sent));
  checks.push({
    name: 'the load (one address each): nothing kept "À vérifier"',
    ok: loadFlagged.length === 0,
    detail: `${loadFlagged.length} kept for review${sample(loadFlagged)}`,
  });

  checks.push(pageErrorCheck(pages));
  return checks;
}

/** No page or API answer failed while measured. */
function pageErrorCheck(pages: PageRun[]): Check {
  const pageErrors = pages.filter(
    (p) => Object.keys(p.statuses).some((code) => Number(code) >= 500) || p.timeouts > 0,
  );
  return {
    name: 'pages and public API: no 5xx, no timeout',
    ok: pageErrors.length === 0,
    detail:
      pageErrors.length === 0
        ? `${pages.length} runs`
        : pageErrors.map((p) => `${p.path} ${JSON.stringify(p.statuses)}`).join('; '),
  };
}

// ---------------------------------------------------------------------------------------------
// Run, report.
// ---------------------------------------------------------------------------------------------
// The database: a throwaway PostgreSQL cluster with production durability unless told otherwise
// (the tests' fast cluster, fsync off, is never measured: its figures are not a server's).
const embedded = process.env.BENCH_DATABASE === 'pglite';
const cluster =
  embedded || process.env.BENCH_DATABASE_URL
    ? undefined
    : await startPostgresCluster({ port: 25343, dir: path.join(os.tmpdir(), 'agence-bench'), durable: true });
const serverUrl = embedded ? '' : process.env.BENCH_DATABASE_URL || cluster?.url || '';
let freshDatabase: FreshDatabase | undefined;
if (serverUrl) freshDatabase = await createFreshDatabase(serverUrl, 'bench');
fs.mkdirSync('reports', { recursive: true });
fs.writeFileSync(SERVER_LOG, '');
const databaseLabel = freshDatabase
  ? `PostgreSQL (${describeUrl(freshDatabase.url)}${cluster ? ', a throwaway cluster' : ''}; ${await durabilityOf(freshDatabase.url)})`
  : 'PGlite (embedded, one connection)';
process.stdout.write(
  `Bench${ONLY ? ` (${ONLY} only)` : ''}: ${CONNECTIONS} connections, ${ONLY ? '' : `${DURATION_S} s of submissions, `}${PAGE_DURATION_S} s per page, database ${databaseLabel}\n`,
);

const loadBefore = os.loadavg();
const site = await runSite(freshDatabase ? { DATABASE_URL: freshDatabase.url } : {}, { logFile: SERVER_LOG });
if (ONLY === 'pages') {
  let code = 1;
  try {
    code = await benchPages(site);
  } finally {
    await site.stop();
    await freshDatabase?.drop();
    await cluster?.destroy();
  }
  process.exit(code);
}
let exitCode = 1;
try {
  process.stdout.write('Limiter, one address...\n');
  const limiter = await probeLimiter(site.url);
  for (const probe of limiter) process.stdout.write(`  ${probe.endpoint}: ${statusRuns(probe.statuses)}\n`);

  process.stdout.write(`Submissions for ${DURATION_S} s...\n`);
  const firstMark = latencyMarks();
  const started = performance.now();
  const result = await submissionLoad(site.url);
  const elapsedS = (performance.now() - started) / 1000;
  const leadsOneWorker = leadFigures(firstMark, elapsedS);
  const kinds = MEASURED_KINDS.map((kind) => ({
    kind,
    answered: latencies[kind].length,
    perSecond: round(latencies[kind].length / elapsedS),
    p50: percentile(latencies[kind], 50),
    p99: percentile(latencies[kind], 99),
    statuses: tally(statuses[kind]),
  }));
  process.stdout.write(
    `  POST /api/contact: ${leadsOneWorker.perSecond} req/s, p50 ${leadsOneWorker.p50} ms, p99 ${leadsOneWorker.p99} ms\n`,
  );
  // Requests still in flight when the run stopped finish on the server, and the emails they
  // queued are sent, before pages are measured: the pages get a quiet server.
  await sleep(3_000);
  const drain = await waitForOutbox(site.dataDir);
  process.stdout.write(
    `  ${drain.emails} emails written by the outbox, drained ${drain.seconds} s after the run\n`,
  );

  process.stdout.write(
    `POST /api/contact alone (quotes, calls, contacts, replays) for ${LEADS_ONLY_DURATION_S} s...\n`,
  );
  const aloneMark = latencyMarks();
  const countersBefore = freshDatabase ? await commitCounters(freshDatabase.url) : undefined;
  const aloneStarted = performance.now();
  await submissionLoad(site.url, LEAD_KINDS, LEADS_ONLY_DURATION_S);
  const leadsAlone = leadFigures(aloneMark, (performance.now() - aloneStarted) / 1000);
  process.stdout.write(
    `  POST /api/contact: ${leadsAlone.perSecond} req/s, p50 ${leadsAlone.p50} ms, p99 ${leadsAlone.p99} ms\n`,
  );
  await sleep(3_000);
  const aloneDrain = await waitForOutbox(site.dataDir);
  process.stdout.write(
    `  ${aloneDrain.emails} emails in all, drained ${aloneDrain.seconds} s after the run\n`,
  );
  // A lead's commits and WAL flushes, its staff email's sending included; read once the backends,
  // idle, have reported their counters (PostgreSQL does within 10 s).
  let commits: CommitCounters | undefined;
  if (freshDatabase && countersBefore) {
    await sleep(11_000);
    commits = perLead(countersBefore, await commitCounters(freshDatabase.url), leadsAlone.answered);
    process.stdout.write(
      `  per lead, its email included: ${commits.commits} commits, ${commits.walFlushes} WAL flushes (fsync), ${commits.walFlushMs} ms flushing\n`,
    );
  }

  process.stdout.write('Pages and public API, from the response cache and from a bare server...\n');
  const kept = await pageThroughput(site.url);

  await site.stop({ keepData: true });
  const exit = await site.exited;
  process.stdout.write('Pages rendered for each request (RESPONSE_CACHE_MB=0)...\n');
  const uncachedSite = await runSite(
    { ...(freshDatabase ? { DATABASE_URL: freshDatabase.url } : {}), RESPONSE_CACHE_MB: '0' },
    { logFile: SERVER_LOG },
  );
  const pages = [...kept, ...(await uncachedThroughput(uncachedSite, 1).finally(() => uncachedSite.stop()))];

  // Two server processes (WEB_CONCURRENCY=2, decision 032): the same submissions and renders,
  // PostgreSQL only (the embedded database serves one process), beside the figures above.
  let twoWorkers:
    | { leads: LeadFigures; result: Result; drain: { emails: number; seconds: number } }
    | undefined;
  if (freshDatabase) {
    process.stdout.write(`Two server processes (WEB_CONCURRENCY=2): submissions for ${DURATION_S} s...\n`);
    const twoSite = await runSite(
      { DATABASE_URL: freshDatabase.url, RESPONSE_CACHE_MB: '0', WEB_CONCURRENCY: '2' },
      { logFile: SERVER_LOG },
    );
    try {
      const mark = latencyMarks();
      const twoStarted = performance.now();
      const twoResult = await submissionLoad(twoSite.url);
      const leads = leadFigures(mark, (performance.now() - twoStarted) / 1000);
      process.stdout.write(
        `  POST /api/contact: ${leads.perSecond} req/s, p50 ${leads.p50} ms, p99 ${leads.p99} ms\n`,
      );
      await sleep(3_000);
      const twoDrain = await waitForOutbox(twoSite.dataDir);
      twoWorkers = { leads, result: twoResult, drain: twoDrain };
      pages.push(...(await uncachedThroughput(twoSite, 2)));
    } finally {
      await twoSite.stop();
    }
  }
  const loadAfter = os.loadavg();
  const stored = await readBack(
    freshDatabase ? { databaseUrl: freshDatabase.url } : { dataDir: site.dataDir },
  );
  fs.rmSync(site.dataDir, { recursive: true, force: true });

  const checks = [...verify(stored, result, limiter, pages), ...cacheChecks(pages)];
  if (twoWorkers) {
    const { result: two } = twoWorkers;
    checks.push({
      name: 'two server processes: every request answered, no 5xx',
      ok: two.timeouts === 0 && two.errors === 0 && two['5xx'] === 0,
      detail: `${two.timeouts} timeouts, ${two.errors} connection errors, ${two['5xx']} answers >= 500`,
    });
  }
  if (freshDatabase) {
    checks.push({
      name: `the mix on PostgreSQL, one process: >= ${MIX_RATE_BUDGET} req/s with p99 <= ${MIX_P99_BUDGET_MS} ms`,
      ok: result.requests.average >= MIX_RATE_BUDGET && result.latency.p99 <= MIX_P99_BUDGET_MS,
      detail: `${round(result.requests.average)} req/s, p99 ${result.latency.p99} ms (budget ${MIX_RATE_BUDGET} req/s, ${MIX_P99_BUDGET_MS} ms)`,
    });
    checks.push({
      name: `POST /api/contact alone on PostgreSQL, one process: >= ${LEAD_RATE_BUDGET} req/s with p99 <= ${LEAD_P99_BUDGET_MS} ms`,
      ok: leadsAlone.perSecond >= LEAD_RATE_BUDGET && leadsAlone.p99 <= LEAD_P99_BUDGET_MS,
      detail: `${leadsAlone.perSecond} req/s, p99 ${leadsAlone.p99} ms (budget ${LEAD_RATE_BUDGET} req/s, ${LEAD_P99_BUDGET_MS} ms); in the mix with subscriptions: ${leadsOneWorker.perSecond} req/s, p99 ${leadsOneWorker.p99} ms${twoWorkers ? `; two processes, in the mix: ${twoWorkers.leads.perSecond} req/s, p99 ${twoWorkers.leads.p99} ms` : ''}`,
    });
  }
  // One staff notification per lead (none for a lead kept "À vérifier": the staff are told when
  // someone clears it) and one confirmation per new address (flagged or not), each written once.
  const flaggedLeads = stored.leadRows.filter((row) => row.review_reason !== null).length;
  const expectedEmails = stored.leadRows.length - flaggedLeads + stored.subscriptionRows.length;
  // The count in DATA_DIR grows through both runs of the first site (the mix, then leads alone).
  const emails = aloneDrain.emails + (twoWorkers?.drain.emails ?? 0);
  checks.push({
    name: 'every queued email is sent (written as .eml) once',
    ok: emails === expectedEmails,
    detail: `${emails} .eml files for ${stored.leadRows.length} leads (${flaggedLeads} kept "À vérifier", not notified) and ${stored.subscriptionRows.length} subscriptions, all sent ${drain.seconds} s after the mix and ${aloneDrain.seconds} s after the leads alone`,
  });

  const unanswered = result.requests.sent - result.requests.total;
  const serverLog = fs.readFileSync(SERVER_LOG, 'utf8').split('\n');
  const errorLines = serverLog.filter((line) => /"level":(50|60)/.test(line));
  const report = {
    date: new Date().toISOString(),
    config: {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      pageDurationS: PAGE_DURATION_S,
      replayRate: REPLAY_RATE,
      database: databaseLabel,
      databasePoolSize: freshDatabase ? Number(process.env.DATABASE_POOL_SIZE ?? 10) : 1,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore.map((l) => round(l, 2)),
      loadAverageAfter: loadAfter.map((l) => round(l, 2)),
    },
    limiter,
    outbox: { mix: drain, leadsAlone: aloneDrain },
    submissions: {
      elapsedS: round(elapsedS),
      sent: result.requests.sent,
      answered: result.requests.total,
      unansweredAtStop: unanswered,
      requestsPerSecond: round(result.requests.average),
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      timeouts: result.timeouts,
      errors: result.errors,
      statuses: statusCounts(result),
      kinds,
    },
    leads: {
      alone: leadsAlone,
      aloneCommits: commits ?? null,
      oneWorker: leadsOneWorker,
      twoWorkers: twoWorkers?.leads ?? null,
    },
    pages,
    database: {
      leadRows: stored.leadRows.length,
      idempotencyKeys: stored.keyRows.length,
      newsletterAddresses: stored.subscriptionRows.length,
    },
    server: { exit, errorLogLines: errorLines.length, firstErrors: errorLines.slice(0, 3) },
    checks,
  };
  fs.writeFileSync('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync('reports/bench.md', benchMarkdown(report));

  process.stdout.write(`\n${fs.readFileSync('reports/bench.md', 'utf8')}\n`);
  const failed = checks.filter((c) => !c.ok);
  process.stdout.write(failed.length ? `${failed.length} check(s) failed.\n` : 'Every check passed.\n');
  exitCode = failed.length ? 1 : 0;
} finally {
  await site.stop();
  await freshDatabase?.drop();
  await cluster?.destroy();
}
process.exit(exitCode);

type CommitCounters = { commits: number; walFlushes: number; walFlushMs: number };

/**
 * Where a durable lead's time goes: the server's commits (every database of the cluster: the bench's
 * is the only one written) and its WAL flushes, each an fsync a committing request waits for unless
 * another commit's flush carried it (group commit). Flush time needs track_wal_io_timing (0 without).
 */
async function commitCounters(url: string): Promise<CommitCounters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select sum(xact_commit) from pg_stat_database)::float8 as commits,
              wal_sync::float8 as "walFlushes", wal_sync_time::float8 as "walFlushMs"
         from pg_stat_wal`,
    );
    return rows[0] as CommitCounters;
  } finally {
    await client.end();
  }
}

function perLead(before: CommitCounters, after: CommitCounters, answered: number): CommitCounters {
  const each = (key: keyof CommitCounters) => round((after[key] - before[key]) / Math.max(1, answered), 2);
  return { commits: each('commits'), walFlushes: each('walFlushes'), walFlushMs: each('walFlushMs') };
}

/** What PostgreSQL does on commit: "fsync on, synchronous_commit on" is a production server's. */
async function durabilityOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const setting = async (name: string) => (await client.query(`show ${name}`)).rows[0]?.[name] as string;
    return `fsync ${await setting('fsync')}, synchronous_commit ${await setting('synchronous_commit')}`;
  } finally {
    await client.end();
  }
}

function benchMarkdown(report: {
  date: string;
  config: Record<string, unknown>;
  submissions: {
    elapsedS: number;
    sent: number;
    answered: number;
    unansweredAtStop: number;
    requestsPerSecond: number;
    latencyP50: number;
    latencyP99: number;
    kinds: {
      kind: string;
      answered: number;
      perSecond: number;
      p50: number;
      p99: number;
      statuses: Record<string, number>;
    }[];
  };
  leads: {
    alone: LeadFigures;
    aloneCommits: CommitCounters | null;
    oneWorker: LeadFigures;
    twoWorkers: LeadFigures | null;
  };
  pages: PageRun[];
  outbox: { mix: { emails: number; seconds: number }; leadsAlone: { emails: number; seconds: number } };
  limiter: LimiterProbe[];
  checks: Check[];
  server: { errorLogLines: number };
}): string {
  const s = report.submissions;
  return [
    `# Bench, ${report.date}`,
    '',
    `${report.config.connections} connections, ${report.config.durationS} s of submissions, database ${report.config.database}, ${report.config.cpus} CPUs (load average before ${JSON.stringify(report.config.loadAverageBefore)}, after ${JSON.stringify(report.config.loadAverageAfter)}).`,
    '',
    '## Submissions',
    '',
    `${s.answered} answered of ${s.sent} sent in ${s.elapsedS} s (${s.unansweredAtStop} still in flight when the run stopped): ${s.requestsPerSecond} req/s, p50 ${s.latencyP50} ms, p99 ${s.latencyP99} ms.`,
    '',
    markdownTable(
      ['kind', 'answered', 'per second', 'p50 (ms)', 'p99 (ms)', 'statuses'],
      s.kinds.map((k) => [k.kind, k.answered, k.perSecond, k.p50, k.p99, JSON.stringify(k.statuses)]),
    ),
    '',
    'POST /api/contact (quote, call, contact and replays): alone for a run of its own, then its share of the mix above with one server process and two (WEB_CONCURRENCY=2, PostgreSQL only, after the pages):',
    '',
    markdownTable(
      ['load', 'processes', 'answered', 'per second', 'p50 (ms)', 'p99 (ms)'],
      [
        leadRow('leads alone', '1', report.leads.alone),
        leadRow('mix', '1', report.leads.oneWorker),
        ...(report.leads.twoWorkers ? [leadRow('mix', '2', report.leads.twoWorkers)] : []),
      ],
    ),
    '',
    ...(report.leads.aloneCommits
      ? [
          `Per lead of the run alone, its staff email's sending included: ${report.leads.aloneCommits.commits} commits, ${report.leads.aloneCommits.walFlushes} WAL flushes (each an fsync; fewer than the commits when one flush carries several: group commit), ${report.leads.aloneCommits.walFlushMs} ms flushing (0 unless track_wal_io_timing is on).`,
          '',
        ]
      : []),
    '## Pages and public API (same run, after the submissions)',
    '',
    `Measured once the outbox had sent the ${report.outbox.leadsAlone.emails} emails the submissions queued (${report.outbox.mix.seconds} s after the mix, ${report.outbox.leadsAlone.seconds} s after the leads alone), so that pages get a quiet server.`,
    '',
    PAGES_LEGEND,
    '',
    pagesTable(report.pages),
    '',
    '## Limiter, one address',
    '',
    markdownTable(
      ['endpoint', 'kept "À vérifier" past', 'refused past', 'statuses', 'Retry-After', 'message'],
      report.limiter.map((l) => [
        l.endpoint,
        l.limit,
        l.ceiling,
        statusRuns(l.statuses),
        l.retryAfter ?? '',
        l.message ?? '',
      ]),
    ),
    '',
    '## Checks',
    '',
    checksMarkdown(report.checks),
    '',
    `Server log: ${SERVER_LOG} (${report.server.errorLogLines} error lines).`,
    '',
  ].join('\n');
}

function pagesTable(pages: PageRun[]): string {
  return markdownTable(
    [
      'path',
      'kind',
      'server',
      'If-None-Match',
      'req/s',
      'p50 (ms)',
      'p99 (ms)',
      'statuses',
      'Cache-Control',
      'ETag',
      'CPU (ms/page)',
      'reference: bare + Brotli 4 (req/s)',
    ],
    pages.map((p) => [
      p.path,
      p.kind,
      p.workers > 1 ? `${p.server}, ${p.workers} processes` : p.server,
      p.conditional ? 'yes' : 'no',
      p.requestsPerSecond,
      p.p50,
      p.p99,
      JSON.stringify(p.statuses),
      p.cacheControl ?? '(none)',
      p.etag ? 'yes' : 'no',
      p.cpuMsPerPage ?? '',
      p.reference ? `${p.reference.requestsPerSecond} (${percent(p.reference.share)})` : '',
    ]),
  );
}

/** `BENCH_ONLY=pages`: the pages' part alone. */
async function benchPages(site: RunningSite): Promise<number> {
  const loadBefore = os.loadavg();
  process.stdout.write('Pages and public API, from the response cache and from a bare server...\n');
  const kept = await pageThroughput(site.url);
  await site.stop();
  process.stdout.write(
    'Pages rendered for each request (RESPONSE_CACHE_MB=0), each beside a bare server...\n',
  );
  const uncachedSite = await runSite(
    { ...(freshDatabase ? { DATABASE_URL: freshDatabase.url } : {}), RESPONSE_CACHE_MB: '0' },
    { logFile: SERVER_LOG },
  );
  const pages = [...kept, ...(await uncachedThroughput(uncachedSite, 1).finally(() => uncachedSite.stop()))];
  const loadAfter = os.loadavg();
  const checks = [...cacheChecks(pages), pageErrorCheck(pages)];
  const report = {
    date: new Date().toISOString(),
    config: {
      only: 'pages',
      connections: CONNECTIONS,
      pageDurationS: PAGE_DURATION_S,
      database: databaseLabel,
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore.map((l) => round(l, 2)),
      loadAverageAfter: loadAfter.map((l) => round(l, 2)),
    },
    pages,
    checks,
  };
  fs.writeFileSync('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(
    'reports/bench.md',
    [
      `# Bench (pages only), ${report.date}`,
      '',
      `${CONNECTIONS} connections, ${PAGE_DURATION_S} s per figure, database ${databaseLabel}, ${report.config.cpus} CPUs (load average before ${JSON.stringify(report.config.loadAverageBefore)}, after ${JSON.stringify(report.config.loadAverageAfter)}).`,
      '',
      PAGES_LEGEND,
      '',
      pagesTable(pages),
      '',
      '## Checks',
      '',
      checksMarkdown(checks),
      '',
    ].join('\n'),
  );
  process.stdout.write(`\n${fs.readFileSync('reports/bench.md', 'utf8')}\n`);
  const failed = checks.filter((c) => !c.ok);
  process.stdout.write(failed.length ? `${failed.length} check(s) failed.\n` : 'Every check passed.\n');
  return failed.length ? 1 : 0;
}
