import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { createTestDatabase } from '../../tests/helpers/test-database.ts';
import { securityHeaders } from './headers.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers (issue 10)', () => {
  it('every answer carries the CSP with a fresh nonce, nosniff, a referrer policy and COOP — 404 included', async () => {
    const { app } = createTestApp(database);
    const ok = await request(app).get('/api/services').expect(200);
    const missing = await request(app).get('/api/nothing-here').expect(404);
    const probe = await request(app).get('/healthz').expect(200);
    const nonces = new Set<string>();
    for (const res of [ok, missing, probe]) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      const scriptSrc = csp.get('script-src') ?? [];
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const nonce = scriptSrc.find((value) => value.startsWith("'nonce-"));
      expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
      nonces.add(nonce as string);
      // Plain http (tests, local runs): requests are not upgraded to https, and no HSTS.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    expect(nonces.size).toBe(3);
  });

  it('a 500 carries them too', async () => {
    const app = express();
    app.use(securityHeaders({ https: false, production: true, contentSecurityPolicy: true }));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).send('Erreur');
    });
    const res = await request(app).get('/boom').expect(500);
    expect(directives(res.headers['content-security-policy']).get('object-src')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('in production over https: HSTS for one year with subdomains, and insecure requests upgraded', async () => {
    const { app } = createTestApp(database, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://lisanga-digital.cd',
    });
    const res = await request(app).get('/api/services').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('admin and auth answers are never cached', async () => {
    const { app } = createTestApp(database);
    for (const path of ['/api/auth/me', '/api/admin/contacts', '/api/admin/nothing']) {
      const res = await request(app).get(path).expect(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
