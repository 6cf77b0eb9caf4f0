import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTestContext, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { insertContact, insertSubscriber } from '#tests/helpers/factories.ts';

const ctx = adminTestContext();
const ids = { contact: '', subscriber: '' };

beforeAll(async () => {
  ids.contact = (await insertContact(ctx.database.db)).id;
  ids.subscriber = (await insertSubscriber(ctx.database.db)).id;
});

const reads = () => [
  '/api/admin/dashboard',
  '/api/admin/services',
  '/api/admin/contacts',
  '/api/admin/contacts/export.csv',
  `/api/admin/contacts/${ids.contact}`,
  '/api/admin/newsletter',
  '/api/admin/newsletter/export.csv',
  `/api/admin/newsletter/${ids.subscriber}/export`,
];
const writes = (): ['patch' | 'post' | 'delete', string][] => [
  ['patch', `/api/admin/contacts/${ids.contact}/status`],
  ['post', '/api/admin/newsletter/import'],
  ['patch', `/api/admin/newsletter/${ids.subscriber}`],
  ['delete', `/api/admin/newsletter/${ids.subscriber}`],
];

describe('the admin API guard', () => {
  it('answers 401, never cached, to every route without a session', async () => {
    for (const path of reads()) {
      const res = await request(ctx.testApp.app).get(path);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.error.message).toBe('Authentification requise.');
    }
    for (const [method, path] of writes()) {
      const res = await request(ctx.testApp.app)
        [method](path)
        .set('Origin', TEST_ORIGIN)
        .set('X-Requested-With', 'fetch')
        .send({});
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('answers 403 to a state-changing call from another origin, even with a session', async () => {
    for (const [method, path] of writes()) {
      const res = await request(ctx.testApp.app)
        [method](path)
        .set('Cookie', ctx.admin.cookie)
        .set('Origin', 'https://evil.example')
        .set('X-Requested-With', 'fetch')
        .send({ status: 'traite', tags: ['x'] });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    // Nothing changed.
    const contact = await ctx.admin.get(`/api/admin/contacts/${ids.contact}`).expect(200);
    expect(contact.body.contact.status).toBe('nouveau');
  });

  it('answers signed-in reads with no-store', async () => {
    for (const path of reads()) {
      const res = await ctx.admin.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
