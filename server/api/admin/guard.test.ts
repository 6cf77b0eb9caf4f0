import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { type AdminSession, signInAdmin, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { insertContact, insertSubscriber } from '#tests/helpers/factories.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';

let database: DatabaseHandle;
let testApp: ReturnType<typeof createTestApp>;
let admin: AdminSession;
const ids = { contact: '', subscriber: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = createTestApp(database);
  admin = await signInAdmin(testApp.app, database.db);
  ids.contact = (await insertContact(database.db)).id;
  ids.subscriber = (await insertSubscriber(database.db)).id;
});
afterAll(async () => {
  await database?.close();
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
      const res = await request(testApp.app).get(path);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.error.message).toBe('Authentification requise.');
    }
    for (const [method, path] of writes()) {
      const res = await request(testApp.app)
        [method](path)
        .set('Origin', TEST_ORIGIN)
        .set('X-Requested-With', 'fetch')
        .send({});
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('answers 403 to a state-changing call from another origin, even with a session', async () => {
    for (const [method, path] of writes()) {
      const res = await request(testApp.app)
        [method](path)
        .set('Cookie', admin.cookie)
        .set('Origin', 'https://evil.example')
        .set('X-Requested-With', 'fetch')
        .send({ status: 'traite', tags: ['x'] });
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    // Nothing changed.
    const contact = await admin.get(`/api/admin/contacts/${ids.contact}`).expect(200);
    expect(contact.body.contact.status).toBe('nouveau');
  });

  it('answers signed-in reads with no-store', async () => {
    for (const path of reads()) {
      const res = await admin.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
