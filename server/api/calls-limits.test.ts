/**
 * The call page's writes are limited per lead's link, not per address (docs/decisions/083-leads-
 * kept-for-review.md): visitors behind one carrier address each book their own call, while one
 * link, or one address trying links all day, is still bounded.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '#db/schema.ts';
import { seededAppContext } from '#tests/helpers/seeded-database.ts';
import { RATE_LIMITS } from '../security/limits.ts';

const ctx = seededAppContext();

const cancel = (token: string, ip: string) =>
  request(ctx.app).post('/api/calls/cancel').set('X-Forwarded-For', ip).send({ token });
const aToken = () => randomBytes(32).toString('base64url');

describe('POST /api/calls/* from one shared address', () => {
  it('lets 25 visitors behind one address use their own links: no 429', async () => {
    const ip = '10.62.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await cancel(aToken(), ip)).status);
    expect(statuses).not.toContain(429);
  });

  it('still limits one link to 20 writes per 15 minutes, in French', async () => {
    const token = aToken();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.callChangesPerLink.limit + 1; i++)
      statuses.push((await cancel(token, `10.62.1.${i}`)).status);
    expect(statuses.slice(0, -1)).not.toContain(429);
    const refused = await cancel(token, '10.62.2.1').expect(429);
    expect(refused.body.error.message).toMatch(/^Trop de demandes envoyées depuis votre connexion\./);
  });

  it('refuses an address past its daily ceiling, whatever the link', async () => {
    const ip = '10.62.3.1';
    await cancel(aToken(), ip);
    await ctx.database.db
      .update(rateLimits)
      .set({ count: RATE_LIMITS.callChangesCeilingPerIp.limit })
      .where(eq(rateLimits.key, `calls-day:${ip}`));
    await cancel(aToken(), ip).expect(429);
  });
});
