/**
 * `npm run seed:audience` (docs/decisions/084-first-party-audience.md): 13 months of audience
 * measurement, then the Audience screen's queries timed on it.
 *
 * 1. Loads AUDIENCE_SEED_EVENTS raw events (10 million) spread over 13 months, in time order (as
 *    beacons arrive), with plausible pages, sources, campaigns, devices and countries, and a few
 *    thousand attributed leads, sign-ups and booked calls.
 * 2. Folds every day into the daily and hourly aggregates, as the server's fold does each minute.
 * 3. Runs each query of the Audience screen (`audienceQueries`) 20 times for each period (today,
 *    7, 30 and 90 days, the 13 months) and prints its 95th percentile; exits 1 when one is over
 *    200 ms.
 *
 * On a throwaway PostgreSQL cluster with production durability (fsync and synchronous commit
 * on), or on the server of AUDIENCE_DATABASE_URL (a fresh database, dropped afterwards).
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { kinshasaDate } from '#common/kinshasa.ts';
import { openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { audienceQueries } from '#server/admin/audience.ts';
import { foldAudienceDay } from '#server/audience/fold.ts';
import { createFreshDatabase } from './lib/fresh-database.ts';
import { markdownTable, percentile, round } from './lib/load.ts';
import { startPostgresCluster } from './lib/postgres-cluster.ts';

const EVENTS = Number(process.env.AUDIENCE_SEED_EVENTS ?? 10_000_000);
const CHUNK = 500_000;
const MONTHS = 13;
const RUNS = 20;
const P95_BUDGET_MS = 200;
const CONVERSIONS = 6_000;

const serverUrl = process.env.AUDIENCE_DATABASE_URL ?? '';
const cluster = serverUrl
  ? undefined
  : await startPostgresCluster({
      port: 25341,
      dir: path.join(os.tmpdir(), 'agence-audience-seed'),
      durable: true,
    });
const fresh = await createFreshDatabase(serverUrl || (cluster?.url ?? ''), 'audience_seed');
const handle = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
let exitCode = 1;
try {
  await migrateDatabase(handle);
  const db = handle.db;
  const now = new Date();
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - MONTHS);

  // 1. The events, in time order, a chunk per statement (each committed, durably).
  const loadStarted = performance.now();
  const span = now.getTime() - from.getTime();
  for (let first = 0; first < EVENTS; first += CHUNK) {
    const last = Math.min(EVENTS, first + CHUNK) - 1;
    await db.execute(sql`
      INSERT INTO audience_events
        (at, day, visitor_key, type, path, referrer_host, source, utm_source, utm_medium, utm_campaign,
         device, browser, country, engaged_ms)
      SELECT at, to_char((at AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM-DD'),
        md5('visitor' || (i / 4)::text), kind, page, referrer, source, utm_source, utm_medium, utm_campaign,
        device, browser, country, engaged
      FROM (
        SELECT i,
          ${from.toISOString()}::timestamptz + make_interval(secs => i::float8 * ${span / 1000 / EVENTS}) AS at,
          CASE WHEN i % 4 = 3 THEN 'engagement' ELSE 'pageview' END AS kind,
          (ARRAY['/', '/services', '/services/strategie-digitale', '/services/seo', '/services/reseaux-sociaux',
                 '/blog', '/blog/reussir-sa-transformation-digitale', '/blog/whatsapp-business-kinshasa',
                 '/portfolio', '/portfolio/boutique-en-ligne', '/about', '/contact', '/legal/privacy'])
            [1 + ((i * 7 + i / 4) % 13)] AS page,
          (ARRAY[NULL, 'facebook.com', 'google.com', 'l.instagram.com', 'linkedin.com', 'web.whatsapp.com', NULL, 'google.cd'])
            [1 + ((i / 4) % 8)] AS referrer,
          (ARRAY['Accès direct', 'Facebook', 'Google', 'Instagram', 'LinkedIn', 'WhatsApp', 'Newsletter', 'Google'])
            [1 + ((i / 4) % 8)] AS source,
          CASE WHEN (i / 4) % 8 = 6 THEN 'newsletter' WHEN (i / 4) % 16 = 1 THEN 'facebook' END AS utm_source,
          CASE WHEN (i / 4) % 8 = 6 THEN 'email' WHEN (i / 4) % 16 = 1 THEN 'social' END AS utm_medium,
          CASE WHEN (i / 4) % 8 = 6 THEN 'lettre-' || (i / 1000000)::text
               WHEN (i / 4) % 16 = 1 THEN 'lancement' END AS utm_campaign,
          (ARRAY['mobile', 'mobile', 'mobile', 'desktop', 'tablet'])[1 + ((i / 4) % 5)] AS device,
          (ARRAY['Chrome', 'Chrome', 'Samsung Internet', 'Safari', 'Opera', 'Firefox'])[1 + ((i / 4) % 6)] AS browser,
          (ARRAY['CD', 'CD', 'CD', 'CD', 'CG', 'FR', 'BE', 'US', NULL])[1 + ((i / 4) % 9)] AS country,
          CASE WHEN i % 4 = 3 THEN ((i * 37) % 180000)::int END AS engaged
        FROM generate_series(${first}::bigint, ${last}::bigint) AS i
      ) AS generated`);
    if ((last + 1) % 2_000_000 === 0) process.stdout.write(`  ${last + 1} events\n`);
  }
  const loadS = (performance.now() - loadStarted) / 1000;
  process.stdout.write(`${EVENTS} events loaded in ${round(loadS)} s\n`);

  // Conversions attributed to the same sources, spread over the same months.
  await db.execute(sql`
    INSERT INTO contact_requests (full_name, email, service_interest, message, source, created_at, attribution, traffic_source)
    SELECT 'Visiteur ' || i, 'visiteur' || i || '@example.cd', 'Audit digital complet', 'Demande de démonstration',
      'website', ${from.toISOString()}::timestamptz + make_interval(secs => i::float8 * ${span / 1000 / CONVERSIONS}),
      jsonb_build_object('source', s, 'landingPath', '/', 'formPath', '/contact', 'pagesSeen', 3, 'device', 'mobile', 'country', 'CD')
        || CASE WHEN s = 'Facebook' THEN '{"utmCampaign": "lancement"}'::jsonb ELSE '{}'::jsonb END,
      s
    FROM (SELECT i, (ARRAY['Accès direct', 'Facebook', 'Google', 'WhatsApp', 'Newsletter'])[1 + i % 5] AS s
          FROM generate_series(1, ${CONVERSIONS}) AS i) AS leads`);

  // 2. Every day folded.
  const foldStarted = performance.now();
  const days: string[] = [];
  for (let day = new Date(from); day <= now; day = new Date(day.getTime() + 86_400_000)) {
    days.push(kinshasaDate(day));
  }
  for (const [index, day] of [...new Set(days)].entries()) {
    await foldAudienceDay(db, day);
    if ((index + 1) % 30 === 0) process.stdout.write(`  ${index + 1}/${days.length} days folded\n`);
  }
  const foldS = (performance.now() - foldStarted) / 1000;
  process.stdout.write(`${days.length} days folded in ${round(foldS)} s\n`);
  await db.execute(sql`ANALYZE`);

  // 3. Each query of the screen, timed.
  const periods = {
    "aujourd'hui": { days: 1 },
    '7 jours': { days: 7 },
    '30 jours': { days: 30 },
    '90 jours': { days: 90 },
    '13 mois': { days: 395 },
  };
  const rows: (string | number)[][] = [];
  let over = 0;
  for (const [name, query] of Object.entries(audienceQueries)) {
    for (const [label, { days: length }] of Object.entries(periods)) {
      const period = {
        to: kinshasaDate(now),
        from: kinshasaDate(new Date(now.getTime() - (length - 1) * 86_400_000)),
      };
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        await query(db, period);
        times.push(performance.now() - started);
      }
      const p95 = round(percentile(times, 95), 1);
      if (p95 > P95_BUDGET_MS) over += 1;
      rows.push([name, label, round(percentile(times, 50), 1), p95, p95 <= P95_BUDGET_MS ? 'ok' : 'OVER']);
    }
  }
  process.stdout.write(
    `\nThe Audience screen's queries on ${EVENTS} events over ${MONTHS} months, ${RUNS} runs each (budget: p95 <= ${P95_BUDGET_MS} ms):\n\n`,
  );
  process.stdout.write(`${markdownTable(['query', 'period', 'p50 (ms)', 'p95 (ms)', ''], rows)}\n`);
  process.stdout.write(over ? `${over} over budget.\n` : 'Every query within budget.\n');
  exitCode = over ? 1 : 0;
} finally {
  await handle.close();
  await fresh.drop();
  await cluster?.destroy();
}
process.exit(exitCode);
