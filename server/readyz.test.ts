import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';

describe('GET /readyz', () => {
  it('answers 503 when the database cannot be reached, while /healthz stays up', async () => {
    const database = await createTestDatabase();
    const { app } = createTestApp(database);
    await request(app).get('/readyz').expect(200);
    await database.close();
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body.status).toBe('unavailable');
    await request(app).get('/healthz').expect(200);
  });
});
