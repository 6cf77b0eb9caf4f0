import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiErrorHandler, databaseErrorCode } from './error-handler.ts';

/** An app whose only route fails with the given error. */
function failingWith(error: unknown) {
  const app = express();
  app.get('/fail', () => {
    throw error;
  });
  app.use(apiErrorHandler);
  return app;
}

const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});
// How Drizzle wraps a driver error: its own message (with the SQL), the driver's error as cause.
const wrapped = Object.assign(new Error('Failed query: insert into "contact_requests" ...'), {
  cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
});

describe('API errors while the database is unreachable', () => {
  it('answer 503 with a French message and Retry-After, not a 500', async () => {
    for (const error of [terminated, wrapped, new Error('Connection terminated unexpectedly')]) {
      const res = await request(failingWith(error)).get('/fail').expect(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({
        error: {
          code: 'database_unavailable',
          message: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.',
        },
      });
    }
  });

  it('other failures stay a generic 500; a constraint violation is not mistaken for an outage', async () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    for (const error of [new Error('boom'), unique]) {
      const res = await request(failingWith(error)).get('/fail').expect(500);
      expect(res.body.error.code).toBe('internal_error');
    }
    expect(databaseErrorCode(unique)).toBeUndefined();
    expect(databaseErrorCode(Object.assign(new Error('x'), { code: '08006' }))).toBe('08006');
  });
});
