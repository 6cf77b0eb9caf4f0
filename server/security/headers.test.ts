import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { databaseContext } from '#tests/helpers/seeded-database.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import { securityHeaders } from './headers.ts';

const ctx = databaseContext();

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

describe('security headers', () => {
  it('every answer carries the CSP with a fresh nonce, nosniff, a referrer policy and COOP — 404 included', async () => {
    const { app } = createTestApp(ctx.database);
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

  it('with pages built: public answers name the bootstrap by its hash and carry no nonce; the back-office gets a fresh nonce', async () => {
    const hash = 'sha256-9yfHy/JdsKWOl0F1FWlGXC4PThGyWIpCcAWd5rz4Wks=';
    const app = express();
    app.use(
      securityHeaders({
        https: false,
        production: true,
        contentSecurityPolicy: true,
        publicScriptHash: hash,
      }),
    );
    app.get('/{*splat}', (_req, res) => {
      res.send(res.locals.cspNonce ?? '');
    });
    for (const path of ['/', '/blog/un-article', '/api/services', '/administration']) {
      const res = await request(app).get(path).expect(200);
      expect(directives(res.headers['content-security-policy']).get('script-src'), path).toEqual([
        "'self'",
        `'${hash}'`,
      ]);
      expect(res.text, `${path}: no nonce for the renderer`).toBe('');
    }
    const nonces = new Set<string>();
    for (const path of ['/admin', '/admin/contacts', '/admin/contacts']) {
      const res = await request(app).get(path).expect(200);
      expect(directives(res.headers['content-security-policy']).get('script-src'), path).toEqual([
        "'self'",
        `'nonce-${res.text}'`,
      ]);
      nonces.add(res.text);
    }
    expect(nonces.size).toBe(3);
  });

  it('in production over https: HSTS for one year with subdomains, and insecure requests upgraded', async () => {
    const { app } = createTestApp(ctx.database, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://lisanga-digital.cd',
    });
    const res = await request(app).get('/api/services').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('admin and auth answers are never cached', async () => {
    const { app } = createTestApp(ctx.database);
    for (const path of ['/api/auth/me', '/api/admin/contacts', '/api/admin/nothing']) {
      const res = await request(app).get(path).expect(401);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('Permissions-Policy on every answer; what is not a page (tracking and media 404s) gets a CSP that loads nothing', async () => {
    const { app } = createTestApp(ctx.database);
    for (const path of ['/api/services', '/healthz', '/t/o/not-a-token', '/media/nothing.webp']) {
      const res = await request(app).get(path);
      expect(res.headers['permissions-policy'], path).toContain('camera=()');
      expect(res.headers['permissions-policy'], path).toContain('geolocation=()');
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), path).toEqual([
        "'none'",
      ]);
    }
    const trackingMiss = await request(app).get('/t/c/not-a-token').expect(404);
    expect(directives(trackingMiss.headers['content-security-policy']).get('default-src')).toEqual([
      "'none'",
    ]);
    const mediaMiss = await request(app).get('/media/nothing.webp').expect(404);
    expect(directives(mediaMiss.headers['content-security-policy']).has('sandbox')).toBe(true);
  });
});

describe('protocol-level refusals', () => {
  it('TRACE, CONNECT-like and WebDAV methods get a JSON 405 with Allow, on pages and API alike', async () => {
    const { app } = createTestApp(ctx.database);
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/services'],
      ['PROPFIND', '/blog'],
      ['MKCOL', '/api/contact'],
    ] as const) {
      const res = await request(app)[method.toLowerCase() as 'get'](path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(res.body).toEqual({ error: { code: 'method_not_allowed', message: 'Méthode non autorisée.' } });
    }
  });

  it('a deeply nested JSON body gets a French 400, never a 500, on every JSON endpoint', async () => {
    const { app } = createTestApp(ctx.database);
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    for (const path of ['/api/contact', '/api/newsletter/subscribe', '/api/auth/login']) {
      const res = await request(app)
        .post(path)
        .set('Content-Type', 'application/json')
        .set('X-Requested-With', 'fetch')
        .set('Idempotency-Key', crypto.randomUUID())
        .send(deep);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toEqual({
        code: 'too_deep',
        message: 'Le corps de la requête est trop imbriqué.',
      });
    }
    // An ordinary form body is not concerned.
    await request(app)
      .post('/api/contact')
      .set('X-Requested-With', 'fetch')
      .send({ a: { b: { c: [1, [2, [3]]] } } })
      .expect(400)
      .expect((res) => expect(res.body.error.code).toBe('validation_error'));
  });
});
