import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import {
  hitRateLimit,
  peekRateLimit,
  releaseRateLimitHit,
  resetRateLimit,
  restartRateLimitWindow,
} from './rate-limit.ts';

const ctx = databaseContext();

const rule = { limit: 3, windowMs: 60_000 };
const t0 = new Date('2026-03-02T08:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('peekRateLimit, restartRateLimitWindow, resetRateLimit', () => {
  it('peeks without counting, and an ended window counts as empty', async () => {
    const key = 'test:peek';
    expect(await peekRateLimit(ctx.database.db, key, rule, t0)).toMatchObject({ allowed: true, count: 0 });
    for (let i = 0; i < 3; i++) await hitRateLimit(ctx.database.db, key, rule, t0);
    const full = await peekRateLimit(ctx.database.db, key, rule, at(10_000));
    expect(full).toEqual({ allowed: false, count: 3, retryAfterSeconds: 50 });
    expect(await peekRateLimit(ctx.database.db, key, rule, at(10_000))).toEqual(full);
    expect(await peekRateLimit(ctx.database.db, key, rule, at(60_000))).toMatchObject({
      allowed: true,
      count: 0,
    });
  });

  it('restarts a window from a given time, and resets a key', async () => {
    const key = 'test:restart';
    for (let i = 0; i < 3; i++) await hitRateLimit(ctx.database.db, key, rule, t0);
    await restartRateLimitWindow(ctx.database.db, key, at(50_000));
    expect(await peekRateLimit(ctx.database.db, key, rule, at(100_000))).toEqual({
      allowed: false,
      count: 3,
      retryAfterSeconds: 10,
    });
    await resetRateLimit(ctx.database.db, key);
    expect(await peekRateLimit(ctx.database.db, key, rule, at(100_000))).toMatchObject({
      allowed: true,
      count: 0,
    });
  });

  it('gives one hit back, never below zero', async () => {
    const key = 'test:release';
    await hitRateLimit(ctx.database.db, key, rule, t0);
    await hitRateLimit(ctx.database.db, key, rule, t0);
    await releaseRateLimitHit(ctx.database.db, key);
    expect((await peekRateLimit(ctx.database.db, key, rule, t0)).count).toBe(1);
    await releaseRateLimitHit(ctx.database.db, key);
    await releaseRateLimitHit(ctx.database.db, key);
    expect((await peekRateLimit(ctx.database.db, key, rule, t0)).count).toBe(0);
  });
});

describe('the counters’ table', () => {
  it('is unlogged, so that a hit commits without waiting for the disk; leads and their keys are logged', async () => {
    const rows = await queryRows<{ relname: string; relpersistence: string }>(
      ctx.database.db,
      sql`select relname, relpersistence from pg_class
          where relname in ('rate_limits', 'contact_requests', 'idempotency_keys') order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'contact_requests', relpersistence: 'p' },
      { relname: 'idempotency_keys', relpersistence: 'p' },
      { relname: 'rate_limits', relpersistence: 'u' },
    ]);
  });
});
