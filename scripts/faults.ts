/**
 * `npm run test:faults` (decision 021): four faults injected into the production build while
 * it takes submissions, each followed by checks of what a visitor and an operator would notice.
 *
 * 1. PostgreSQL restarted during load (a dedicated cluster on FAULTS_PG_PORT, 25450): every
 *    accepted submission persisted, /readyz 503 during the outage and 200 again within 10 s, the
 *    process never exits. Clients retry a failed submission with the same Idempotency-Key.
 * 2. SIGTERM during load (PGlite): requests in flight finish with their normal answer, new ones
 *    get 503 (or a refused connection once the port is closed), exit code 0 within 10 s.
 * 3. SMTP down for FAULTS_SMTP_OUTAGE seconds (20) while leads and subscriptions queue emails:
 *    each one is delivered exactly once after the SMTP server returns. The outbox retries 30 s
 *    after a failure (then 1 min, 2 min...: server/email/worker.ts), so delivery comes about 30 s
 *    after the first failed attempt; the script waits up to 3 minutes.
 * 4. SIGKILL in the middle of a burst of leads and of a campaign send, on PGlite and on PostgreSQL
 *    at once (each its own site, SMTP server and data): the site is restarted on the same data and
 *    port while the clients retry with their keys. Every lead that got a 201 is stored once, no
 *    Message-ID reaches the SMTP server twice unless the restarted site logged its send as cut
 *    between its mark and the server's answer and sent it again (an outbox email, never a
 *    campaign's: decision 119), every lead gets its one staff notification (one Message-ID), every
 *    recipient of the campaign exactly one email and the campaign ends `sent`, the outbox is empty,
 *    and the restarted site needed no repair (it starts by itself, every table reads whole).
 *
 * Writes reports/faults.json and reports/faults.md (server logs next to them); exits 1 when a
 * check fails.
 */

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { adminUsers, emailTemplates, newsletterSubscriptions } from '#db/schema.ts';
import { sendCampaignNow } from '#server/campaigns/campaigns.ts';
import { createCampaign } from '#server/campaigns/drafts.ts';
import { compileTemplates } from '#server/email/templates.ts';
import { seedDatabase } from '#server/seed.ts';
import { type CapturedEmail, startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts';
import {
  type Answer,
  type Check,
  call,
  checksMarkdown,
  clientAddress,
  type Failure,
  isAnswer,
  KEY_IN_MESSAGE,
  LEAD_KINDS,
  LOAD_EMAIL_DOMAIN,
  leadBody,
  newsletterBody,
  postJson,
  round,
  sleep,
  tally,
} from './lib/load.ts';
import { startPostgresCluster } from './lib/postgres-cluster.ts';
import { freePort, type RunningSite, runSite } from './lib/run-site.ts';

// Fixed ports lie below 32768, outside the ephemeral range that client connections draw from (decision 021).
const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 25450);
const PG_DIR = process.env.FAULTS_PG_DIR ?? path.join(os.tmpdir(), `agence-faults-pg-${PG_PORT}`);
const PG_OUTAGE_MS = 3_000;
const READY_WITHIN_MS = 10_000;
const EXIT_WITHIN_MS = 10_000;
const SMTP_OUTAGE_MS = Number(process.env.FAULTS_SMTP_OUTAGE ?? 20) * 1_000;
const SMTP_DELIVERY_WAIT_MS = 180_000;
const RUN_ID = Date.now().toString(36);
/** A French sentence: accents or the usual words of the site's messages. */
const FRENCH = /[éèêàçù]|veuillez|réessayer/i;

const t0 = performance.now();
const now = () => Math.round(performance.now() - t0);
const log = (line: string) => process.stdout.write(`[${(now() / 1000).toFixed(1).padStart(6)} s] ${line}\n`);

type ScenarioReport = { name: string; checks: Check[]; figures: Record<string, unknown> };

let sequence = 0;
/** A lead never sent before: its own key, client address and body (the key is in the message). */
function newLead() {
  const n = ++sequence;
  const key = `faults-${RUN_ID}-${n}`;
  const kind = LEAD_KINDS[n % LEAD_KINDS.length] ?? 'contact';
  return { n, key, ip: clientAddress(n), body: JSON.stringify(leadBody(kind, n, key)) };
}

function leadHeaders(lead: { key: string; ip: string }): Record<string, string> {
  return { 'Idempotency-Key': lead.key, 'X-Forwarded-For': lead.ip };
}

function summarize(outcome: Answer | Failure): string {
  return isAnswer(outcome) ? `${outcome.status} ${outcome.body.slice(0, 160)}` : outcome.error;
}

/** What a stack trace or a driver message looks like in a body sent to a visitor. */
const LEAKED_INTERNALS = /\bat .+:\d+:\d+|ECONNREFUSED|terminating connection|node_modules|Error:/;

type DatabaseOptions = { databaseUrl: string } | { dataDir: string };

/** Opens the site's database (the site stopped, for the embedded one), runs `read`, closes it. */
async function withDatabase<T>(
  options: DatabaseOptions,
  read: (db: Database, handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    'databaseUrl' in options ? { databaseUrl: options.databaseUrl, poolSize: 1 } : options,
  );
  try {
    return await read(database.db, database);
  } finally {
    await database.close();
  }
}

function readLeads(options: DatabaseOptions) {
  return withDatabase(options, (db) =>
    queryRows<{ id: string; message: string }>(
      db,
      sql`select id, message from contact_requests where email like ${`%@${LOAD_EMAIL_DOMAIN}`}`,
    ),
  );
}

/** The check that every accepted id is stored, and that no key produced more than one row. */
function persistedOnce(
  name: string,
  accepted: Map<string, string>,
  rows: { id: string; message: string }[],
): Check {
  const ids = new Set(rows.map((r) => r.id));
  const perKey = tally(rows.map((r) => KEY_IN_MESSAGE.exec(r.message)?.[1] ?? '(no key)'));
  const missing = [...accepted].filter(([, id]) => !ids.has(id)).map(([key, id]) => `${key} -> ${id}`);
  const duplicated = Object.entries(perKey)
    .filter(([, count]) => count > 1)
    .map(([key, count]) => `${key}: ${count} rows`);
  return {
    name,
    ok: missing.length === 0 && duplicated.length === 0 && accepted.size > 0,
    detail: `${accepted.size} accepted, ${rows.length} rows; missing ${missing.length}, duplicated ${duplicated.length} ${[...missing, ...duplicated].slice(0, 5).join('; ')}`,
  };
}

// ---------------------------------------------------------------------------------------------
// 1. PostgreSQL restarted during load.
// ---------------------------------------------------------------------------------------------
type Attempt = {
  at: number;
  outcome: string;
  status?: number;
  code?: string;
  message?: string;
  leaked: boolean;
};
type Submission = { key: string; attempts: Attempt[]; acceptedId?: string };

/**
 * `count` clients, each submitting leads one after the other while `more()` holds. A failed
 * submission is retried with the same key and body (what the site's forms do), with a growing
 * pause, while `retry()` holds and for at most `giveUpMs`.
 */
function retryingClients(
  base: string,
  count: number,
  options: { more: () => boolean; retry: () => boolean; giveUpMs: number },
): { submissions: Submission[]; done: Promise<void> } {
  const submissions: Submission[] = [];
  const client = async () => {
    while (options.more()) {
      const lead = newLead();
      const submission: Submission = { key: lead.key, attempts: [] };
      submissions.push(submission);
      const giveUpAt = now() + options.giveUpMs;
      for (let attempt = 0; now() < giveUpAt && options.retry(); attempt++) {
        const at = now();
        const outcome = await postJson(base, '/api/contact', lead.body, leadHeaders(lead), 15_000);
        let error: { code?: string; message?: string } = {};
        if (isAnswer(outcome) && outcome.status >= 400) {
          try {
            error = (JSON.parse(outcome.body) as { error?: typeof error }).error ?? {};
          } catch {
            error = { message: outcome.body.slice(0, 200) };
          }
        }
        submission.attempts.push({
          at,
          outcome: summarize(outcome),
          status: isAnswer(outcome) ? outcome.status : undefined,
          code: error.code,
          message: error.message,
          leaked: isAnswer(outcome) && LEAKED_INTERNALS.test(outcome.body),
        });
        if (isAnswer(outcome) && outcome.status === 201) {
          submission.acceptedId = (JSON.parse(outcome.body) as { id: string }).id;
          break;
        }
        await sleep(Math.min(250 * 2 ** attempt, 2_000));
      }
      await sleep(20);
    }
  };
  const done = Promise.all(Array.from({ length: count }, client)).then(() => {});
  return { submissions, done };
}

/** The accepted submissions: key -> the id of their 201. */
const acceptedIds = (submissions: Submission[]) =>
  new Map(submissions.filter((s) => s.acceptedId).map((s) => [s.key, s.acceptedId as string] as const));

async function postgresRestart(): Promise<ScenarioReport> {
  const name = 'PostgreSQL restarted during load';
  log(`${name}: cluster on port ${PG_PORT}`);
  const cluster = await startPostgresCluster({ port: PG_PORT, dir: PG_DIR });
  let site: RunningSite | undefined;
  try {
    site = await runSite({ DATABASE_URL: cluster.url }, { logFile: 'reports/faults-postgres-server.log' });
    const base = site.url;
    const readiness: { start: number; end: number; result: string }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const start = now();
        const outcome = await call(`${base}/readyz`, { timeoutMs: 5_000 });
        readiness.push({
          start,
          end: now(),
          result: isAnswer(outcome) ? String(outcome.status) : outcome.error,
        });
        await sleep(200);
      }
    })();

    // Ten clients; a failed submission is retried with the same key, until the server is gone.
    let loading = true;
    const running = site;
    const crashed = () => running.child.exitCode !== null || running.child.signalCode !== null;
    const { submissions, done: clients } = retryingClients(base, 10, {
      more: () => loading && !crashed(),
      retry: () => !crashed(),
      giveUpMs: 60_000,
    });

    await sleep(4_000);
    const stopAt = now();
    log('stopping PostgreSQL (fast)');
    await cluster.stop();
    const stoppedAt = now();
    await sleep(PG_OUTAGE_MS);
    const startAt = now();
    log('starting PostgreSQL again');
    await cluster.start();
    const startedAt = now();
    // Until /readyz answers 200 again (at most 15 s), then 4 s more of load.
    while (now() - startedAt < 15_000 && !readiness.some((r) => r.start >= startedAt && r.result === '200')) {
      await sleep(100);
    }
    await sleep(4_000);
    loading = false;
    await clients;
    polling = false;
    await poller;

    const alive = !crashed();
    const exitCode = site.child.exitCode ?? site.child.signalCode;
    // What killed it, if something did: the first lines of the uncaught error in its log.
    const serverLog = fs.readFileSync('reports/faults-postgres-server.log', 'utf8');
    const crashAt = serverLog.search(/Unhandled|uncaught|throw er/i);
    const crash =
      crashAt === -1
        ? undefined
        : serverLog
            .slice(crashAt, crashAt + 600)
            .split('\n')
            .slice(0, 6);
    const healthz = await call(`${base}/healthz`, { timeoutMs: 5_000 });
    const readyz = await call(`${base}/readyz`, { timeoutMs: 5_000 });
    await site.stop();
    site = undefined;
    const rows = await readLeads({ databaseUrl: cluster.url });

    const accepted = acceptedIds(submissions);
    const during = readiness.filter((r) => r.start >= stoppedAt && r.end <= startAt);
    const firstReady = readiness.find((r) => r.start >= startAt && r.result === '200');
    const recoveryMs = firstReady ? firstReady.end - startedAt : undefined;
    const attempts = submissions.flatMap((s) => s.attempts);
    const failedAttempts = attempts.filter((a) => a.status === undefined || a.status >= 500);
    const unexpected4xx = attempts.filter((a) => a.status !== undefined && a.status >= 400 && a.status < 500);
    const given_up = submissions.filter((s) => !s.acceptedId);
    const failureKinds = tally(
      failedAttempts.map((a) =>
        a.status ? `${a.status} ${a.code ?? ''} « ${a.message ?? ''} »` : a.outcome,
      ),
    );
    const leaked = attempts.filter((a) => a.leaked);
    // A 5xx or a network error is acceptable only if the same key then got its 201 (the client's
    // retry), or if it was a 503 saying, in French, to try again.
    const unexcused = submissions.filter(
      (s) =>
        !s.acceptedId &&
        s.attempts.some(
          (a) =>
            a.status === undefined ||
            (a.status >= 500 && !(a.status === 503 && FRENCH.test(a.message ?? ''))),
        ),
    );

    const checks: Check[] = [
      {
        name: '/readyz answers 503 while PostgreSQL is down',
        ok: during.length > 0 && during.every((r) => r.result === '503'),
        detail: `${during.length} polls between the stop and the start: ${JSON.stringify(tally(during.map((r) => r.result)))}`,
      },
      {
        name: `/readyz answers 200 within ${READY_WITHIN_MS / 1000} s of PostgreSQL's return`,
        ok: recoveryMs !== undefined && recoveryMs <= READY_WITHIN_MS,
        detail:
          recoveryMs === undefined
            ? 'never answered 200 again'
            : `200 again ${round(recoveryMs / 1000, 2)} s after pg_ctl start returned`,
      },
      persistedOnce('every accepted submission is persisted, once', accepted, rows),
      {
        name: 'every submission is accepted after its retries (same Idempotency-Key)',
        ok: given_up.length === 0 && unexcused.length === 0,
        detail: `${submissions.length} submissions, ${given_up.length} never accepted`,
      },
      {
        name: 'failed attempts during the outage: 5xx with a French message, no internals, no other 4xx',
        ok:
          leaked.length === 0 &&
          unexpected4xx.length === 0 &&
          failedAttempts.every((a) => a.status !== undefined && FRENCH.test(a.message ?? '')),
        detail: `${failedAttempts.length} failed attempts: ${JSON.stringify(failureKinds)}; ${unexpected4xx.length} other 4xx; ${leaked.length} bodies with internals`,
      },
      {
        name: 'the server never exits, and is healthy at the end',
        ok: alive && isAnswer(healthz) && healthz.status === 200 && isAnswer(readyz) && readyz.status === 200,
        detail: alive
          ? `alive; /healthz ${summarize(healthz)}; /readyz ${summarize(readyz)}`
          : `the server exited (${exitCode}): ${crash?.join(' / ') ?? 'see reports/faults-postgres-server.log'}`,
      },
    ];
    return {
      name,
      checks,
      figures: {
        stopAtMs: stopAt,
        outageMs: startedAt - stoppedAt,
        pgStopMs: stoppedAt - stopAt,
        pgStartMs: startedAt - startAt,
        recoveryMs,
        submissions: submissions.length,
        accepted: accepted.size,
        attempts: attempts.length,
        failedAttempts: failureKinds,
        statuses: tally(attempts.map((a) => a.status ?? a.outcome)),
        readyzDuringOutage: tally(during.map((r) => r.result)),
        serverExit: alive ? undefined : exitCode,
        crash,
      },
    };
  } finally {
    await site?.stop();
    await cluster.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. SIGTERM during load.
// ---------------------------------------------------------------------------------------------
type Timed = { start: number; end: number; outcome: string; status?: number; id?: string; key: string };

type RawResponse = { status: number; headers: string; body: string };

/** The HTTP/1.1 responses in what a socket received (bodies sized by Content-Length). */
function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', offset);
    if (end === -1) break;
    const headers = data.subarray(offset, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 0);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
    const body = data.subarray(end + 4, end + 4 + length).toString('utf8');
    responses.push({ status, headers, body });
    offset = end + 4 + length;
  }
  return responses;
}

/**
 * Two requests on one connection. The first one announces its body (`Expect: 100-continue`):
 * once the server answers 100 Continue it has run the request past its shutdown check, so the
 * request is in the server's hands for certain; its body is only completed by `release()`, after
 * the signal. The second one is pipelined right behind that body, so it arrives after the signal.
 */
function heldPair(base: string) {
  const url = new URL(base);
  const [first, second] = [newLead(), newLead()];
  const request = (lead: ReturnType<typeof newLead>, expectContinue: boolean) => {
    const body = Buffer.from(lead.body);
    const head = [
      'POST /api/contact HTTP/1.1',
      `Host: ${url.host}`,
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      `Idempotency-Key: ${lead.key}`,
      `X-Forwarded-For: ${lead.ip}`,
      ...(expectContinue ? ['Expect: 100-continue'] : []),
      '',
      '',
    ].join('\r\n');
    return { head: Buffer.from(head), body };
  };
  const firstRequest = request(first, true);
  const secondRequest = request(second, false);
  const start = now();
  let nextStart = start;
  let received = Buffer.alloc(0);
  let socketError: string | undefined;
  const socket = net.connect(Number(url.port), url.hostname);
  let continued: () => void = () => {};
  const accepted = new Promise<void>((resolve) => {
    continued = resolve;
  });
  const done = new Promise<{ inFlight: Timed; next: Timed }>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [a, b] = parseResponses(received).filter((r) => r.status !== 100);
      const timed = (lead: typeof first, response: RawResponse | undefined, at: number): Timed => ({
        start: at,
        end: now(),
        key: lead.key,
        status: response?.status,
        id: response?.status === 201 ? (JSON.parse(response.body) as { id: string }).id : undefined,
        outcome: response
          ? `${response.status} ${response.body.slice(0, 160)}${/\r\nconnection: *close/i.test(response.headers) ? ' (Connection: close)' : ''}`
          : `no answer, connection closed${socketError ? ` (${socketError})` : ''}`,
      });
      resolve({ inFlight: timed(first, a, start), next: timed(second, b, nextStart) });
    };
    const timer = setTimeout(finish, 60_000);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const responses = parseResponses(received);
      if (responses.some((r) => r.status === 100)) continued();
      if (responses.filter((r) => r.status !== 100).length >= 2) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message;
    });
    socket.on('close', finish);
  });
  socket.write(firstRequest.head);
  return {
    /** Resolves once the server answered 100 Continue (the request passed the shutdown check). */
    accepted,
    /** Sends the first body, then the second request. */
    release: () => {
      socket.write(firstRequest.body);
      nextStart = now();
      socket.write(Buffer.concat([secondRequest.head, secondRequest.body]));
    },
    done,
  };
}

async function sigtermDuringLoad(): Promise<ScenarioReport> {
  const name = 'SIGTERM during load';
  log(`${name}: starting the site (PGlite)`);
  const site = await runSite({}, { logFile: 'reports/faults-sigterm-server.log' });
  const base = site.url;
  try {
    const load: Timed[] = [];
    let loading = true;
    const client = async () => {
      while (loading) {
        const lead = newLead();
        const start = now();
        const outcome = await postJson(base, '/api/contact', lead.body, leadHeaders(lead), 15_000);
        load.push({
          start,
          end: now(),
          outcome: summarize(outcome),
          status: isAnswer(outcome) ? outcome.status : undefined,
          id:
            isAnswer(outcome) && outcome.status === 201
              ? (JSON.parse(outcome.body) as { id: string }).id
              : undefined,
          key: lead.key,
        });
        if (!isAnswer(outcome)) await sleep(50);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await sleep(3_000);
    // Held requests: accepted by the server before the signal, their body sent 1.5 s after it.
    const held = Array.from({ length: 4 }, () => heldPair(base));
    const allAccepted = await Promise.race([
      Promise.all(held.map((h) => h.accepted)).then(() => true),
      sleep(30_000).then(() => false),
    ]);
    if (!allAccepted) throw new Error('the held requests got no 100 Continue within 30 s');
    const sigtermAt = now();
    log('SIGTERM');
    site.child.kill('SIGTERM');
    setTimeout(() => {
      for (const h of held) h.release();
    }, 1_500);
    const exit = await Promise.race([site.exited, sleep(EXIT_WITHIN_MS + 5_000).then(() => 'still running')]);
    const exitedAt = now();
    // A little more load against the closed port, then stop.
    await sleep(500);
    loading = false;
    await Promise.all(clients);
    const pairs = await Promise.all(held.map((h) => h.done));
    if (site.child.exitCode === null && site.child.signalCode === null) site.child.kill('SIGKILL');
    await site.exited;
    const rows = await readLeads({ dataDir: site.dataDir });

    const inFlight = pairs.map((p) => p.inFlight);
    const pipelined = pairs.map((p) => p.next);
    const all = [...load, ...inFlight, ...pipelined];
    const accepted = new Map(all.filter((r) => r.id).map((r) => [r.key, r.id as string] as const));
    const label = (r: Timed) => String(r.status ?? r.outcome.split(' ')[0]);
    // A reset is a request sent on a keep-alive connection the server closed as idle: the
    // ordinary HTTP/1.1 race, which a client resolves by sending it again (same key).
    const refused = (r: Timed) => /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET/.test(r.outcome);
    const french503 = (r: Timed) => r.status === 503 && FRENCH.test(r.outcome);
    // The signal is handled when the server's event loop gets to it (PGlite queries hold that
    // loop): from the first visible sign of shutdown on, nothing new may be accepted.
    const shutdownSeenAt = Math.min(
      ...all.filter((r) => r.end > sigtermAt && (french503(r) || refused(r))).map((r) => r.end),
    );
    const openAtSignal = load.filter((r) => r.start < sigtermAt && r.end > sigtermAt);
    const raceWindow = load.filter((r) => r.start >= sigtermAt && r.start <= shutdownSeenAt);
    const after = load.filter((r) => r.start > shutdownSeenAt);

    const checks: Check[] = [
      {
        name: 'requests in flight at SIGTERM finish with their normal answer',
        ok:
          inFlight.every((r) => r.status === 201) &&
          openAtSignal.every((r) => r.status === 201 || french503(r) || refused(r)),
        detail: `held requests (accepted before the signal, body sent 1.5 s after it): ${JSON.stringify(tally(inFlight.map(label)))}; load requests open at the signal: ${JSON.stringify(tally(openAtSignal.map(label)))}`,
      },
      {
        name: 'new requests get 503 (or a refused connection once the port is closed)',
        ok: pipelined.every(french503) && after.length > 0 && after.every((r) => french503(r) || refused(r)),
        detail: `pipelined behind a held request: ${JSON.stringify(tally(pipelined.map(label)))} (${pipelined[0]?.outcome}); load sent after the first sign of shutdown (${round((shutdownSeenAt - sigtermAt) / 1000, 2)} s after the signal): ${JSON.stringify(tally(after.map(label)))}; sent in between: ${JSON.stringify(tally(raceWindow.map(label)))}`,
      },
      {
        name: `exit code 0 within ${EXIT_WITHIN_MS / 1000} s`,
        ok: exit === 0 && exitedAt - sigtermAt <= EXIT_WITHIN_MS,
        detail: `exit ${exit} after ${round((exitedAt - sigtermAt) / 1000, 2)} s`,
      },
      persistedOnce('every accepted lead is persisted, once', accepted, rows),
    ];
    return {
      name,
      checks,
      figures: {
        exit,
        exitAfterMs: exitedAt - sigtermAt,
        loadRequests: load.length,
        answeredBeforeSignal: tally(load.filter((r) => r.end <= sigtermAt).map(label)),
        openAtSignal: tally(openAtSignal.map(label)),
        shutdownSeenAfterMs: shutdownSeenAt - sigtermAt,
        sentBeforeShutdownSeen: tally(raceWindow.map(label)),
        sentAfterShutdownSeen: tally(after.map(label)),
        held: inFlight.map((r) => r.outcome),
        pipelined: pipelined.map((r) => r.outcome),
      },
    };
  } finally {
    await site.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. SMTP down for a while.
// ---------------------------------------------------------------------------------------------
async function smtpOutage(): Promise<ScenarioReport> {
  const name = 'SMTP down for a while';
  const count = 10;
  const smtpPort = await freePort();
  const servers: TestSmtpServer[] = [await startSmtpServer({ port: smtpPort })];
  const logFile = 'reports/faults-smtp-server.log';
  log(`${name}: starting the site (PGlite) with SMTP on port ${smtpPort}`);
  const site = await runSite({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, { logFile });
  try {
    await servers[0]?.close();
    const downAt = now();
    log(`SMTP down; ${count} leads and ${count} subscriptions`);
    const leads: { email: string; status: number | string }[] = [];
    const addresses: { address: string; status: number | string }[] = [];
    for (let i = 0; i < count; i++) {
      const lead = newLead();
      const outcome = await postJson(site.url, '/api/contact', lead.body, leadHeaders(lead));
      leads.push({
        email: `prospect-${lead.n}@${LOAD_EMAIL_DOMAIN}`,
        status: isAnswer(outcome) ? outcome.status : outcome.error,
      });
      const address = `abonne-${RUN_ID}-${i}@${LOAD_EMAIL_DOMAIN}`;
      const subscribed = await postJson(site.url, '/api/newsletter/subscribe', newsletterBody(address), {
        'X-Forwarded-For': clientAddress(++sequence),
      });
      addresses.push({ address, status: isAnswer(subscribed) ? subscribed.status : subscribed.error });
    }
    await sleep(Math.max(0, downAt + SMTP_OUTAGE_MS - now()));
    const failuresLogged = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('email not sent, will retry')).length;
    const restored = await startSmtpServer({ port: smtpPort });
    servers.push(restored);
    const upAt = now();
    log(`SMTP back after ${round((upAt - downAt) / 1000)} s; waiting for ${2 * count} emails`);
    let lastDeliveryAt = upAt;
    let delivered = 0;
    while (now() - upAt < SMTP_DELIVERY_WAIT_MS && restored.messages().length < 2 * count) {
      if (restored.messages().length !== delivered) {
        delivered = restored.messages().length;
        lastDeliveryAt = now();
      }
      await sleep(250);
    }
    if (restored.messages().length !== delivered) lastDeliveryAt = now();
    // Long enough for a duplicate to show up if the worker were to send one.
    await sleep(5_000);
    const emails: CapturedEmail[] = servers.flatMap((s) => s.messages());

    const messageIds = tally(emails.map((e) => e.messageId));
    const repeated = Object.entries(messageIds).filter(([, n]) => n > 1);
    const perAddress = tally(emails.flatMap((e) => e.envelope.to.map((to) => to.toLowerCase())));
    const subscriptionsMissing = addresses.filter((a) => perAddress[a.address] !== 1).map((a) => a.address);
    const staff = emails.filter(
      (e) => !e.envelope.to.some((to) => to.toLowerCase().endsWith(`@${LOAD_EMAIL_DOMAIN}`)),
    );
    // Staff answer the visitor with one click: each notification has the lead's address as Reply-To.
    const leadsMissing = leads.filter((l) => staff.filter((e) => e.replyTo?.includes(l.email)).length !== 1);

    const checks: Check[] = [
      {
        name: 'submissions are accepted while SMTP is down',
        ok: leads.every((l) => l.status === 201) && addresses.every((a) => a.status === 200),
        detail: `leads ${JSON.stringify(tally(leads.map((l) => l.status)))}, subscriptions ${JSON.stringify(tally(addresses.map((a) => a.status)))}`,
      },
      {
        name: 'sending was tried, and failed, during the outage',
        ok: failuresLogged >= 2 * count,
        detail: `${failuresLogged} "email not sent, will retry" log lines for ${2 * count} emails`,
      },
      {
        name: 'every queued email is delivered once after SMTP returns',
        ok:
          emails.length === 2 * count &&
          repeated.length === 0 &&
          subscriptionsMissing.length === 0 &&
          leadsMissing.length === 0 &&
          staff.length === count,
        detail: `${emails.length} delivered (${staff.length} staff notifications, ${emails.length - staff.length} confirmations), ${Object.keys(messageIds).length} distinct Message-IDs, ${repeated.length} repeated; missing confirmations ${subscriptionsMissing.length}, leads without exactly one notification ${leadsMissing.length}; last one ${round((lastDeliveryAt - upAt) / 1000, 1)} s after SMTP returned`,
      },
    ];
    return {
      name,
      checks,
      figures: {
        outageMs: upAt - downAt,
        deliveredAfterReturnMs: lastDeliveryAt - upAt,
        delivered: emails.length,
        failedAttemptsLogged: failuresLogged,
        expectedDelay:
          'first retry 30 s (±10 %) after the failed attempt, then 1 min, 2 min... (server/email/worker.ts)',
      },
    };
  } finally {
    await site.stop();
    for (const server of servers) await server.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// 4. SIGKILL in the middle of a burst of leads and of a campaign send, on each database.
// ---------------------------------------------------------------------------------------------
type Backend = 'pglite' | 'postgres';

/**
 * A site's database made ready as its first start would (migrations, seed, templates), with
 * subscribers tagged for this run and a campaign to them, sending started (its jobs written) as
 * "Envoyer maintenant" does: the site's worker takes it up as soon as it runs.
 */
async function prepareCampaign(
  options: DatabaseOptions,
  publicUrl: string,
  addresses: string[],
  tag: string,
) {
  await withDatabase(options, async (db, handle) => {
    await migrateDatabase(handle);
    await seedDatabase(db, { content: true, adminPassword: `faults-${RUN_ID}-mot-de-passe` });
    await compileTemplates(db);
    const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
    const [template] = await db
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(eq(emailTemplates.key, 'monthly_newsletter'));
    if (!admin || !template)
      throw new Error('the seeded site has no admin or no monthly_newsletter template');
    const at = new Date();
    await db.insert(newsletterSubscriptions).values(
      addresses.map((email, i) => ({
        email,
        firstName: `Abonné ${i}`,
        status: 'active' as const,
        tags: [tag],
        consentAt: at,
        subscribedAt: at,
      })),
    );
    const campaign = await createCampaign(
      db,
      {
        title: `Campagne de panne ${tag}`,
        subject: 'Les actus du mois, {{firstName}}',
        templateId: template.id,
        segment: { tags: [tag], locale: undefined },
        content: { contentHtml: '<h2>Le mois en bref</h2><p>TikTok et WhatsApp Business à Kinshasa</p>' },
      },
      admin.id,
    );
    await sendCampaignNow({ db, events: { publish: async () => {} }, publicUrl }, campaign.id, admin.id, at);
  });
}

/** What the database holds once the site is stopped: every table read whole, the run's sends. */
async function readAfterCrash(options: DatabaseOptions, tag: string) {
  return withDatabase(options, async (db) => {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const unreadable: string[] = [];
    for (const { name } of tables) {
      try {
        await queryRows(db, sql`select * from ${sql.identifier(name)}`);
      } catch (error) {
        unreadable.push(`${name}: ${(error as Error).message}`);
      }
    }
    const campaign = await queryRows<{ status: string; jobs: Record<string, number> }>(
      db,
      sql`select c.status, (select json_object_agg(status, n) from (select status, count(*)::int as n from campaign_jobs where campaign_id = c.id group by status) j) as jobs
          from email_campaigns c where c.title = ${`Campagne de panne ${tag}`}`,
    );
    const outbox = await queryRows<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from email_outbox group by status`,
    );
    return { tables: tables.length, unreadable, campaign: campaign[0], outbox };
  });
}

const CRASH_CAMPAIGN_SIZE = Number(process.env.FAULTS_CRASH_RECIPIENTS ?? 40);
/** Clients sending leads at once: a burst the outbox takes a few seconds to catch up with. */
const CRASH_CLIENTS = 3;
/** After the restart, how long the queued emails may take (the leads' backlog, a busy machine). */
const CRASH_DELIVERY_WAIT_MS = 200_000;

async function sigkillDuringSends(backend: Backend): Promise<ScenarioReport> {
  const name = `SIGKILL during a burst of leads and a campaign send (${backend === 'pglite' ? 'PGlite' : 'PostgreSQL'})`;
  const started = now();
  const logFile = `reports/faults-sigkill-${backend}-server.log`;
  const cluster =
    backend === 'postgres' ? await startPostgresCluster({ port: PG_PORT, dir: PG_DIR }) : undefined;
  /** Set once the site runs: kills it from inside the SMTP server, before a message's answer. */
  let onMessage: ((email: CapturedEmail) => void) | undefined;
  const smtp = await startSmtpServer({ onMessage: (email) => onMessage?.(email) });
  const tag = `panne-${RUN_ID}-${backend}`;
  const addresses = Array.from({ length: CRASH_CAMPAIGN_SIZE }, (_, i) => `${tag}-${i}@${LOAD_EMAIL_DOMAIN}`);
  const env = {
    SMTP_URL: smtp.url,
    CAMPAIGN_RATE_PER_SECOND: '10',
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-faults-sigkill-'));
  const database: DatabaseOptions = cluster ? { databaseUrl: cluster.url } : { dataDir };
  let site: RunningSite | undefined;
  try {
    log(`${name}: preparing the database and a campaign to ${addresses.length} subscribers`);
    await prepareCampaign(database, base, addresses, tag);
    const preparedAt = now();
    site = await runSite(env, { logFile, port, dataDir });
    const first = site;
    log(`${backend}: site up; leads from ${CRASH_CLIENTS} clients`);

    const campaignEmails = () =>
      smtp.messages().filter((e) => e.envelope.to.some((to) => to.startsWith(`${tag}-`)));
    let loading = true;
    const { submissions, done: clients } = retryingClients(base, CRASH_CLIENTS, {
      more: () => loading,
      retry: () => true,
      giveUpMs: 120_000,
    });
    // The kill comes once the campaign is under way and leads are being stored, whatever the
    // machine's speed (60 s at most), at the worst moment for a sender: the SMTP server holds a
    // whole campaign email it has not answered yet (the site waits for its 250).
    let unanswered = false;
    const killed = new Promise<void>((resolve) => {
      onMessage = (email) => {
        const busy =
          campaignEmails().length >= Math.ceil(addresses.length / 4) && acceptedIds(submissions).size >= 10;
        if (!busy || !email.envelope.to.some((to) => to.startsWith(`${tag}-`))) return;
        first.child.kill('SIGKILL');
        unanswered = true;
        onMessage = undefined;
        resolve();
      };
    });
    await Promise.race([killed, sleep(60_000)]);
    onMessage = undefined;
    const killedAt = now();
    const sentBeforeKill = campaignEmails().length;
    const acceptedBeforeKill = acceptedIds(submissions).size;
    const openAtKill = submissions.filter((s) => !s.acceptedId).length;
    log(
      `${backend}: SIGKILL (${sentBeforeKill}/${addresses.length} campaign emails sent, ${acceptedBeforeKill} leads accepted)`,
    );
    if (!unanswered) first.child.kill('SIGKILL');
    await first.exited;

    let restartError: string | undefined;
    site = undefined;
    try {
      site = await runSite(env, { logFile, port, dataDir, startTimeoutMs: 120_000 });
    } catch (error) {
      restartError = String((error as Error).message ?? error);
    }
    const readyAt = now();
    log(
      restartError
        ? `${backend}: the restart failed: ${restartError}`
        : `${backend}: restarted, ready ${round((readyAt - killedAt) / 1000, 1)} s after the kill`,
    );
    // A little more load on the restarted site, then every submission's retries run to their end.
    await sleep(3_000);
    loading = false;
    await clients;
    const accepted = acceptedIds(submissions);
    const leadAddress = (key: string) => {
      const n = /-(\d+)$/.exec(key)?.[1];
      return `prospect-${n}@${LOAD_EMAIL_DOMAIN}`;
    };
    const notifications = () => smtp.messages().filter((e) => e.replyTo?.includes(`@${LOAD_EMAIL_DOMAIN}`));
    const allDelivered = () => {
      const notified = new Set(notifications().map((e) => e.replyTo ?? ''));
      return (
        campaignEmails().length >= addresses.length &&
        [...accepted.keys()].every((key) => [...notified].some((r) => r.includes(leadAddress(key))))
      );
    };
    while (site && now() - readyAt < CRASH_DELIVERY_WAIT_MS && !allDelivered()) await sleep(250);
    const deliveredAt = now();
    // Long enough for a duplicate to show up if a worker were to send one.
    await sleep(5_000);
    await site?.stop({ keepData: true });
    const rows = await readLeads(database);
    const stored = await readAfterCrash(database, tag);

    const emails = smtp.messages();
    const repeated = Object.entries(tally(emails.map((e) => e.messageId))).filter(([, n]) => n > 1);
    const perRecipient = tally(campaignEmails().flatMap((e) => e.envelope.to));
    const notOnce = addresses
      .filter((a) => perRecipient[a] !== 1)
      .map((a) => `${a}: ${perRecipient[a] ?? 0}`);
    // A notification sent again carries its Message-ID: the staff's mail client shows it once.
    const perLead = [...accepted.keys()].map(
      (key) =>
        new Set(
          notifications()
            .filter((e) => e.replyTo?.includes(leadAddress(key)))
            .map((e) => e.messageId),
        ).size,
    );
    const attempts = submissions.flatMap((s) => s.attempts);
    const serverLog = fs.readFileSync(logFile, 'utf8').split('\n');
    // The sends the kill cut between their mark and the server's answer, sent again (decision 119).
    const resent = new Set(
      serverLog
        .filter((line) => line.includes('sent again with their Message-ID'))
        .flatMap((line) => (JSON.parse(line) as { messageIds?: string[] }).messageIds ?? []),
    );
    const campaignIds = new Set(campaignEmails().map((e) => e.messageId));
    const unexplained = repeated.filter(([id, n]) => n > 2 || !resent.has(id) || campaignIds.has(id));
    const crashLines = serverLog.filter((line) =>
      /PANIC|corrupt|invalid page|could not (open|read)|pg_resetwal|"level":(50|60)/i.test(line),
    );

    const checks: Check[] = [
      {
        name: 'the kill came in the middle of the campaign and of the leads, a campaign email unanswered',
        ok: sentBeforeKill > 0 && sentBeforeKill < addresses.length && acceptedBeforeKill > 0 && unanswered,
        detail: `${sentBeforeKill} of ${addresses.length} campaign emails (the last one received whole and not yet answered: ${unanswered ? 'yes' : 'no'}) and ${acceptedBeforeKill} leads accepted before the kill, ${openAtKill} submissions open`,
      },
      {
        name: `the site restarts on its own data (no repair), ready within ${120} s`,
        ok: restartError === undefined && stored.unreadable.length === 0 && crashLines.length === 0,
        detail: restartError
          ? restartError
          : `ready ${round((readyAt - killedAt) / 1000, 1)} s after the kill; ${stored.tables} tables read whole${stored.unreadable.length ? `, unreadable: ${stored.unreadable.join('; ')}` : ''}; ${crashLines.length} error lines in the log${crashLines.length ? `: ${crashLines.slice(0, 3).join(' / ')}` : ''}`,
      },
      persistedOnce('every lead that got a 2xx is stored, once', accepted, rows),
      {
        name: 'every submission is accepted after its retries (same Idempotency-Key)',
        ok: submissions.length > 0 && accepted.size === submissions.length,
        detail: `${submissions.length} submissions, ${submissions.length - accepted.size} never accepted; attempts ${JSON.stringify(tally(attempts.map((a) => a.status ?? a.outcome)))}`,
      },
      {
        name: 'no email is sent twice, but for a send the kill cut after its mark, sent again with its Message-ID',
        ok: unexplained.length === 0,
        detail: `${emails.length} emails, ${repeated.length} Message-IDs received more than once, ${resent.size} sends reopened after the kill${
          repeated.length
            ? `: ${repeated
                .slice(0, 3)
                .map(([id, n]) => `${id} x${n}${unexplained.some(([u]) => u === id) ? ' (unexplained)' : ''}`)
                .join(', ')}`
            : ''
        }`,
      },
      {
        name: 'every accepted lead gets its one staff notification',
        ok: perLead.every((n) => n === 1),
        detail: `${accepted.size} leads: ${JSON.stringify(tally(perLead.map((n) => `${n} email(s)`)))}`,
      },
      {
        name: 'the campaign finishes: every recipient gets exactly one email',
        ok: notOnce.length === 0 && stored.campaign?.status === 'sent',
        detail: `${campaignEmails().length} campaign emails for ${addresses.length} recipients; not exactly one: ${notOnce.length} ${notOnce.slice(0, 3).join(', ')}; campaign ${stored.campaign?.status}, jobs ${JSON.stringify(stored.campaign?.jobs)}`,
      },
      {
        name: 'nothing is left in the outbox',
        ok: stored.outbox.every((r) => r.status === 'sent'),
        detail: `outbox ${JSON.stringify(Object.fromEntries(stored.outbox.map((r) => [r.status, r.n])))}; every email delivered ${round((deliveredAt - readyAt) / 1000, 1)} s after the restart`,
      },
    ];
    return {
      name,
      checks,
      figures: {
        durationMs: now() - started,
        preparedAfterMs: preparedAt - started,
        killAfterPreparedMs: killedAt - preparedAt,
        readyAfterKillMs: readyAt - killedAt,
        allDeliveredAfterReadyMs: deliveredAt - readyAt,
        campaignEmailsBeforeKill: sentBeforeKill,
        recipients: addresses.length,
        leadsAcceptedBeforeKill: acceptedBeforeKill,
        submissions: submissions.length,
        accepted: accepted.size,
        attempts: tally(attempts.map((a) => a.status ?? a.outcome)),
        emails: emails.length,
        outbox: Object.fromEntries(stored.outbox.map((r) => [r.status, r.n])),
      },
    };
  } finally {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
    await cluster?.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Run, report.
// ---------------------------------------------------------------------------------------------
fs.mkdirSync('reports', { recursive: true });
for (const file of [
  'faults-postgres-server.log',
  'faults-sigterm-server.log',
  'faults-smtp-server.log',
  'faults-sigkill-pglite-server.log',
  'faults-sigkill-postgres-server.log',
]) {
  fs.writeFileSync(path.join('reports', file), '');
}
const scenarios: ScenarioReport[] = [];
/** FAULTS_ONLY=postgres,sigterm,smtp,sigkill runs some of them (all by default). */
const only = (process.env.FAULTS_ONLY ?? '').split(',').filter(Boolean);
/** The report of a scenario that threw before its checks. */
function unfinished(name: string, error: unknown): ScenarioReport {
  return {
    name,
    checks: [
      { name: 'the scenario ran to its end', ok: false, detail: String((error as Error)?.stack ?? error) },
    ],
    figures: {},
  };
}

/** Both databases at once: each has its own port, SMTP server and data, and their waits overlap. */
async function sigkillOnBothDatabases(): Promise<ScenarioReport[]> {
  const backends = ['pglite', 'postgres'] as const;
  const settled = await Promise.allSettled(backends.map(sigkillDuringSends));
  return settled.map((outcome, i) =>
    outcome.status === 'fulfilled' ? outcome.value : unfinished(`SIGKILL (${backends[i]})`, outcome.reason),
  );
}

const selected = (
  [
    ['postgres', postgresRestart],
    ['sigterm', sigtermDuringLoad],
    ['smtp', smtpOutage],
    ['sigkill', sigkillOnBothDatabases],
  ] as const
).filter(([id]) => only.length === 0 || only.includes(id));
for (const [id, scenario] of selected) {
  let reports: ScenarioReport[];
  try {
    reports = [await scenario()].flat();
  } catch (error) {
    reports = [unfinished(scenario.name || id, error)];
  }
  scenarios.push(...reports);
  for (const report of reports) {
    log(report.name);
    for (const check of report.checks)
      log(`  ${check.ok ? 'ok    ' : 'FAILED'} ${check.name}: ${check.detail}`);
  }
}

const report = { date: new Date().toISOString(), durationS: round(now() / 1000), scenarios };
fs.writeFileSync('reports/faults.json', `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(
  'reports/faults.md',
  [
    `# Faults, ${report.date} (${report.durationS} s)`,
    '',
    ...scenarios.flatMap((s) => [
      `## ${s.name}`,
      '',
      checksMarkdown(s.checks),
      '',
      '```json',
      JSON.stringify(s.figures, null, 2),
      '```',
      '',
    ]),
  ].join('\n'),
);
const failed = scenarios.flatMap((s) => s.checks).filter((c) => !c.ok);
log(failed.length ? `${failed.length} check(s) failed: see reports/faults.md` : 'Every check passed.');
process.exit(failed.length ? 1 : 0);
