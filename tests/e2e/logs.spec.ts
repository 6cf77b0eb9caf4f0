/**
 * Runs last (the `logs` project depends on every other): the e2e server's log of the whole run
 * holds no password, session cookie, cookie header, bearer token or newsletter/campaign token
 * (decision 022, ASVS V16). The Vitest counterpart, at debug level: tests/attack/logs.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers/admin.ts';

/** Same path as SERVER_LOG in playwright.config.ts (recomputed: a spec does not import the config). */
const SERVER_LOG = `node_modules/.cache/e2e-server-${process.env.E2E_PORT ?? 3100}.log`;

/** A token as the server makes them: 32 random bytes in base64url (43 characters). */
const TOKEN = '[A-Za-z0-9_-]{43}';

test('the server log of the whole run contains no password, cookie or token', async () => {
  const log = await readFile(SERVER_LOG, 'utf8');
  // It did log the run's requests (otherwise the checks below prove nothing).
  expect(log.length).toBeGreaterThan(1_000);
  expect(log).toContain('"url":"/api/contact"');
  expect(log).toContain('"url":"/api/auth/login"');

  const leaks: [string, RegExp][] = [
    ['admin password', new RegExp(ADMIN.password)],
    ['passwords typed by admin-settings.spec.ts', /phrase secrète/],
    [
      'a password field',
      /"(password|currentPassword|newPassword|confirmPassword|passwordHash)":"(?!\[REDACTED\])/,
    ],
    ['a session cookie value', /(__Host-)?session=(?!;|\s|$)[A-Za-z0-9_-]{16,}/],
    ['the __Host- cookie', /__Host-session=[A-Za-z0-9_-]/],
    ['a Cookie header', /"cookie":"(?!\[REDACTED\])/i],
    ['a Set-Cookie header', /"set-cookie":\[?"(?!\[REDACTED\])/i],
    ['an Authorization header', /"authorization":"(?!\[REDACTED\])|Bearer [A-Za-z0-9._-]{8,}/i],
    ['a token in a query string', new RegExp(`[?&](token|t)=${TOKEN}`)],
    ['a token in a newsletter path', new RegExp(`/(confirm|manage|unsubscribe)/${TOKEN}`)],
    ['a token in a JSON field', new RegExp(`"token":"${TOKEN}"`)],
    ['a tracking token in a path', new RegExp(`/t/[oc]/${TOKEN}`)],
  ];
  const found = leaks
    .filter(([, pattern]) => pattern.test(log))
    .map(
      ([what, pattern]) =>
        `${what}: …${log.slice(Math.max(0, log.search(pattern) - 60), log.search(pattern) + 80)}…`,
    );
  expect(found).toEqual([]);
});
