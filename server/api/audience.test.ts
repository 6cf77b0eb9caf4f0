import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#db/client.ts';
import { audienceEvents, audienceSalts } from '#db/schema.ts';
import { createApp } from '#server/app.ts';
import { createAppDeps } from '#server/app-deps.ts';
import { MAX_BEACON_WAIT_MS } from '#server/audience/collector.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { signInAdmin, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { setTestClock } from '#tests/helpers/clock.ts';
import { aQuoteRequest } from '#tests/helpers/request-factories.ts';
import { createSeededDatabase, databaseContext } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { currentBackend } from '#tests/helpers/test-database.ts';

const ctx = databaseContext({ open: () => createSeededDatabase({ compile: false }) });
let target: ReturnType<typeof createTestApp>;
beforeAll(() => {
  target = createTestApp(ctx.database);
});
afterAll(async () => {
  await target?.deps.audience.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(audienceEvents);
});

/** An Android phone's Chrome, with a marker no stored value may ever contain. */
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Marqueur-7731';
/** An address in Kinshasa (DB-IP: CD). */
const ADDRESS = '41.243.17.29';

let addressCounter = 0;
/** Each call from an address of its own, so the per-key limit never couples tests. */
const nextAddress = () => `41.243.${100 + Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const beaconTo = (...args: Parameters<typeof beacon>) => beacon(...args);

function beacon(
  body: unknown,
  options: { ip?: string; userAgent?: string; app?: ReturnType<typeof createTestApp>['app'] } = {},
) {
  return request(options.app ?? target.app)
    .post('/api/audience')
    .set('X-Forwarded-For', options.ip ?? nextAddress())
    .set('User-Agent', options.userAgent ?? USER_AGENT)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('Content-Type', 'application/json')
    .send(typeof body === 'string' ? body : JSON.stringify(body));
}

const pageview = (path = '/services', extra: Record<string, unknown> = {}) => ({
  type: 'pageview',
  path,
  ...extra,
});

async function storedEvents() {
  return queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select * from ${audienceEvents} order by id`,
  );
}

async function countEvents(): Promise<number> {
  return (await storedEvents()).length;
}

describe('POST /api/audience: what is stored', () => {
  it('stores a page view before answering 202, with no address, no User-Agent and no cookie', async () => {
    const res = await beacon(
      pageview('/services', {
        referrer: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fagence.cd%2F&h=secret',
        utmSource: 'facebook',
        utmMedium: 'social',
        utmCampaign: 'lancement',
        utmContent: 'video',
        utmTerm: 'marketing kinshasa',
      }),
      { ip: ADDRESS },
    );
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();

    // Every column, read back raw: the row is in the database when the answer arrives.
    const rows = await storedEvents();
    expect(rows).toHaveLength(1);
    const row = rows[0] as Record<string, unknown>;
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'at',
        'day',
        'visitor_key',
        'type',
        'path',
        'referrer_host',
        'source',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_content',
        'utm_term',
        'device',
        'browser',
        'country',
        'engaged_ms',
      ].sort(),
    );
    expect(row).toMatchObject({
      type: 'pageview',
      path: '/services',
      referrer_host: 'l.facebook.com',
      source: 'Facebook',
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'lancement',
      utm_content: 'video',
      utm_term: 'marketing kinshasa',
      device: 'mobile',
      browser: 'Chrome',
      country: 'CD',
      engaged_ms: null,
    });
    expect(row.visitor_key).toMatch(/^[0-9a-f]{32}$/);
    expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Nothing of the address, the User-Agent (nor any piece of it) or the referrer's path.
    const values = Object.values(row).map((value) =>
      value instanceof Date ? value.toISOString() : String(value ?? ''),
    );
    const userAgentPieces = USER_AGENT.split(/[\s;(),]+/).filter(
      (piece) => piece.length >= 4 && piece !== 'Chrome',
    );
    for (const value of values) {
      expect(value).not.toContain(ADDRESS);
      expect(value).not.toContain('41.243');
      expect(value).not.toContain('17.29');
      expect(value).not.toContain('l.php');
      for (const piece of userAgentPieces) expect(value, piece).not.toContain(piece);
    }
    expect(values.join(' ')).not.toMatch(/Marqueur|7731|537\.36|120\.0|Android|Linux|KHTML|Mozilla/);
  });

  it('stores an engaged time, and takes the text/plain body navigator.sendBeacon sends for a string', async () => {
    await request(target.app)
      .post('/api/audience')
      .set('User-Agent', USER_AGENT)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify({ type: 'engagement', path: '/blog', engagedMs: 42_000 }))
      .expect(202);
    const [row] = await storedEvents();
    expect(row).toMatchObject({
      type: 'engagement',
      path: '/blog',
      engaged_ms: 42_000,
      referrer_host: null,
      source: '',
      utm_source: null,
      utm_campaign: null,
    });
  });

  it('keeps only another site as a referrer, and names a direct visit', async () => {
    await beacon(pageview('/about', { referrer: `${TEST_ORIGIN}/services` })).expect(202);
    await beacon(pageview('/contact', { referrer: 'https://www.google.com/search?q=agence' })).expect(202);
    const rows = await storedEvents();
    expect(rows.map((row) => [row.path, row.referrer_host, row.source])).toEqual([
      ['/about', null, 'Accès direct'],
      ['/contact', 'google.com', 'Google'],
    ]);
  });

  it('counts the public pages only, one trailing slash dropped', async () => {
    const service = '/services/0b8a4a0e-8f1c-4a57-9a39-6f0f0c6d1e2a';
    for (const path of ['/about/', service, '/blog/un-article', '/newsletter/welcome', '/appel-decouverte']) {
      await beacon(pageview(path)).expect(202);
    }
    for (const path of [
      '/admin',
      '/admin/contacts',
      '/api/contact',
      '/apercu',
      '/page-inconnue',
      '/services/pas-un-identifiant',
      '/blog/Article_Majuscules',
      '/blog/rss.xml',
      '//agence.cd',
    ]) {
      const res = await beacon(pageview(path));
      expect(res.status, path).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await storedEvents()).map((row) => row.path)).toEqual([
      '/about',
      service,
      '/blog/un-article',
      '/newsletter/welcome',
      '/appel-decouverte',
    ]);
  });
});

describe('POST /api/audience: what is not counted', () => {
  it('counts nobody who asks not to be tracked, no bot, no prefetch and no prerender', async () => {
    const excluded: Array<[string, ReturnType<typeof beacon>]> = [
      ['DNT', beacon(pageview()).set('DNT', '1')],
      ['Sec-GPC', beacon(pageview()).set('Sec-GPC', '1')],
      [
        'bot',
        beacon(pageview(), {
          userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        }),
      ],
      ['headless', beacon(pageview(), { userAgent: `${USER_AGENT} HeadlessChrome/120.0.0.0` })],
      ['no User-Agent', beacon(pageview(), { userAgent: '' })],
      ['Sec-Purpose prefetch', beacon(pageview()).set('Sec-Purpose', 'prefetch')],
      ['Sec-Purpose prerender', beacon(pageview()).set('Sec-Purpose', 'prefetch;prerender')],
      ['Purpose prefetch', beacon(pageview()).set('Purpose', 'prefetch')],
    ];
    for (const [name, pending] of excluded) {
      const res = await pending;
      expect(res.status, name).toBe(204);
      expect(res.headers['set-cookie'], name).toBeUndefined();
    }
    expect(await countEvents()).toBe(0);
    // The same request without those headers is counted.
    await beacon(pageview()).set('DNT', '0').expect(202);
    expect(await countEvents()).toBe(1);
  });

  it('does not count a signed-in staff member, and never touches their session cookie', async () => {
    const admin = await signInAdmin(target.app, ctx.database.db);
    const res = await beacon(pageview('/')).set('Cookie', admin.cookie);
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await countEvents()).toBe(0);
    // A cookie that designates no session is a visitor like any other, and is not cleared either.
    const stale = await beacon(pageview('/')).set('Cookie', `session=${'A'.repeat(43)}`);
    expect(stale.status).toBe(202);
    expect(stale.headers['set-cookie']).toBeUndefined();
    expect(await countEvents()).toBe(1);
  });

  it('refuses a beacon sent by another site', async () => {
    const res = await request(target.app)
      .post('/api/audience')
      .set('User-Agent', USER_AGENT)
      .set('Origin', 'https://autre-site.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(pageview()));
    expect(res.status).toBe(403);
    expect(await countEvents()).toBe(0);
  });
});

describe('POST /api/audience: bad input stores nothing', () => {
  it('answers 400 for malformed JSON, a wrong shape or a wrong type, 413 past 2 kB, never 5xx', async () => {
    const malformed = await beacon('{"type": "pageview", "path": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');

    const unknownType = await beacon({ type: 'clic', path: '/' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error.fields).toEqual({ type: 'Type de mesure inconnu.' });

    const badPath = await beacon(pageview('services'));
    expect(badPath.status).toBe(400);
    expect(badPath.body.error.fields).toEqual({ path: 'Chemin invalide.' });

    for (const body of [
      { type: 'engagement', path: '/', engagedMs: -1 },
      { type: 'engagement', path: '/', engagedMs: 'beaucoup' },
      { type: 'pageview', path: '/', visitorId: 'abc' },
      { type: 'pageview', path: '/', utmSource: 'x'.repeat(101) },
      ['pageview', '/'],
      'pageview',
      null,
    ]) {
      const res = await beacon(JSON.stringify(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/invalide|JSON/);
    }

    const oversized = await beacon(pageview('/', { referrer: `https://exemple.cd/${'a'.repeat(2_100)}` }));
    expect(oversized.status).toBe(413);
    expect(oversized.body.error.code).toBe('payload_too_large');

    const form = await request(target.app)
      .post('/api/audience')
      .set('User-Agent', USER_AGENT)
      .type('form')
      .send({ type: 'pageview', path: '/' });
    expect(form.status).toBe(400);

    const empty = await request(target.app).post('/api/audience').set('User-Agent', USER_AGENT);
    expect(empty.status).toBe(400);

    expect(await countEvents()).toBe(0);
  });
});

describe('POST /api/audience: the visitor key', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the same for one browser on one address during a day, and changes with the day; old salts are gone', async () => {
    // A fresh process: its memory holds no salt of another day.
    const clocked = createTestApp(ctx.database);
    const beacon = (body: unknown, options: { ip?: string; userAgent?: string } = {}) =>
      beaconTo(body, { ...options, app: clocked.app });
    await ctx.database.db.delete(audienceSalts);
    setTestClock('2026-03-10T10:00:00Z');
    await beacon(pageview('/'), { ip: ADDRESS }).expect(202);
    await beacon(pageview('/services'), { ip: ADDRESS }).expect(202);
    await beacon(pageview('/'), { ip: '41.243.200.1' }).expect(202);
    await beacon(pageview('/'), {
      ip: ADDRESS,
      userAgent: USER_AGENT.replace('Android 10', 'Android 11'),
    }).expect(202);
    const saltsOfFirstDay = await ctx.database.db.select().from(audienceSalts);
    expect(saltsOfFirstDay.map((salt) => salt.day)).toEqual(['2026-03-10']);

    setTestClock('2026-03-11T10:00:00Z');
    await beacon(pageview('/'), { ip: ADDRESS }).expect(202);

    const rows = await storedEvents();
    expect(rows.map((row) => row.day)).toEqual([
      '2026-03-10',
      '2026-03-10',
      '2026-03-10',
      '2026-03-10',
      '2026-03-11',
    ]);
    const [first, second, otherAddress, otherBrowser, nextDay] = rows.map((row) => row.visitor_key);
    expect(second).toBe(first);
    expect(otherAddress).not.toBe(first);
    expect(otherBrowser).not.toBe(first);
    // The same visitor the next day cannot be linked to the day before.
    expect(nextDay).not.toBe(first);
    const salts = await ctx.database.db.select().from(audienceSalts);
    expect(salts.map((salt) => salt.day)).toEqual(['2026-03-11']);
    expect(salts[0]?.salt).not.toBe(saltsOfFirstDay[0]?.salt);
    await clocked.deps.audience.close();
  });

  it('is the same in two processes: the day salt is the database row, written once', async () => {
    await ctx.database.db.delete(audienceSalts);
    const [one, other] = [createTestApp(ctx.database), createTestApp(ctx.database)];
    try {
      await Promise.all([
        beacon(pageview('/'), { ip: ADDRESS, app: one.app }).expect(202),
        beacon(pageview('/'), { ip: ADDRESS, app: other.app }).expect(202),
      ]);
      const keys = new Set((await storedEvents()).map((row) => row.visitor_key));
      expect(keys.size).toBe(1);
      expect(await ctx.database.db.select().from(audienceSalts)).toHaveLength(1);
    } finally {
      await one.deps.audience.close();
      await other.deps.audience.close();
    }
  });
});

describe('POST /api/audience: under load', () => {
  it('answers 429 past the per-visitor limit of the minute, with Retry-After', async () => {
    const limited = createTestApp(ctx.database, { AUDIENCE_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i++) await beacon(pageview('/'), { ip: ADDRESS, app: limited.app }).expect(202);
      const res = await beacon(pageview('/'), { ip: ADDRESS, app: limited.app });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another visitor is not held back.
      await beacon(pageview('/'), { ip: '41.243.200.2', app: limited.app }).expect(202);
      expect(await countEvents()).toBe(4);
    } finally {
      await limited.deps.audience.close();
    }
  });

  it('stores every beacon of a burst exactly once: rows = 202 answers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => beacon(pageview(i % 2 ? '/' : '/blog'))),
    );
    const accepted = answers.filter((res) => res.status === 202).length;
    expect(answers.map((res) => res.status).filter((status) => status !== 202)).toEqual([]);
    expect(await countEvents()).toBe(accepted);
  });

  // PGlite is one connection for the whole process: only PostgreSQL has pools to keep apart.
  (currentBackend() === 'postgres' ? it : () => undefined)(
    'keeps its own connections: beacons stuck on a locked table never hold up a lead',
    async () => {
      const pool = ctx.database.pool;
      if (!pool) throw new Error('a PostgreSQL test database has a pool');
      // Another session locks the events' table: every beacon's INSERT waits on it.
      const locker = await pool.connect();
      let stuck: Array<Promise<{ status: number }>> = [];
      try {
        await locker.query('begin');
        await locker.query('lock table audience_events in access exclusive mode');
        stuck = Array.from({ length: 30 }, () => beacon(pageview('/')).then((res) => res));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Only the locker is checked out of the site's pool: the beacons wait on theirs.
        expect(pool.totalCount - pool.idleCount).toBe(1);
        const started = Date.now();
        const lead = await request(target.app)
          .post('/api/contact')
          .set('X-Forwarded-For', nextAddress())
          .send(aQuoteRequest());
        expect(lead.status).toBe(201);
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await locker.query('rollback');
        locker.release();
      }
      const answers = await Promise.all(stuck);
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 202));
      expect(await countEvents()).toBe(30);
    },
  );

  it('refuses a beacon that waited too long to be written, so none lands behind the fold', async () => {
    const row = {
      day: '2026-03-10',
      visitorKey: 'late',
      type: 'pageview' as const,
      path: '/',
      source: 'Accès direct',
      device: 'mobile',
      browser: 'Chrome',
    };
    await expect(
      target.deps.audience.record({ ...row, at: new Date(Date.now() - MAX_BEACON_WAIT_MS - 1_000) }),
    ).rejects.toThrow('beacons waited too long');
    expect(await countEvents()).toBe(0);
    await target.deps.audience.record({ ...row, at: new Date(Date.now() - MAX_BEACON_WAIT_MS + 2_000) });
    expect(await countEvents()).toBe(1);
    if (currentBackend() === 'postgres') {
      // And a statement stuck on the database ends as soon: the beacons' own pool says so.
      const [setting] = await queryRows<{ statement_timeout: string }>(
        await target.deps.audience.db(),
        sql`show statement_timeout`,
      );
      expect(setting?.statement_timeout).toBe(`${MAX_BEACON_WAIT_MS / 1_000}s`);
    }
  });

  it('answers 503 (a server fault, not the client’s) when its batch could not be written', async () => {
    const record = vi.spyOn(target.deps.audience, 'record').mockRejectedValueOnce(new Error('disk full'));
    try {
      const res = await beacon(pageview('/'));
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.error.code).toBe('audience_unavailable');
    } finally {
      record.mockRestore();
    }
  });
});

describe('POST /api/audience: the log', () => {
  it('holds neither the address nor the User-Agent, whatever the answer', async () => {
    const lines: string[] = [];
    const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'debug', AUDIENCE_RATE_LIMIT: '1' });
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const deps = createAppDeps({ database: ctx.database, env, logger: createLogger(env, { destination }) });
    const app = createApp(deps);
    try {
      await beacon(pageview('/'), { ip: ADDRESS, app }).expect(202);
      await beacon(pageview('/'), { ip: ADDRESS, app }).expect(429);
      await beacon('{"type":', { ip: ADDRESS, app }).expect(400);
      await beacon(pageview('/', { referrer: 'x'.repeat(3_000) }), { ip: ADDRESS, app }).expect(413);
      await beacon(pageview('/'), { ip: ADDRESS, app })
        .set('Origin', 'https://autre.example')
        .set('Sec-Fetch-Site', 'cross-site')
        .expect(403);
      const record = vi.spyOn(deps.audience, 'record').mockRejectedValueOnce(new Error('disk full'));
      await beacon(pageview('/'), { ip: '41.243.200.9', app }).expect(503);
      record.mockRestore();
    } finally {
      await deps.audience.close();
    }
    const log = lines.join('');
    // The refusals are logged (status and path), not the counted beacon.
    expect(log).toContain('/api/audience');
    expect(log).toContain('"statusCode":429');
    expect(log).not.toContain('"statusCode":202');
    for (const piece of [ADDRESS, '41.243', 'Marqueur-7731', 'AppleWebKit', 'Android 10']) {
      expect(log, piece).not.toContain(piece);
    }
  });
});
