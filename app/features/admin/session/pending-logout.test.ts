// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../data/queries';
import { endServerSession, forgetPendingLogout, isLogoutPending } from './pending-logout';

type Answer = Response | Error;

/** fetch answering from a script, recording "METHOD url" of each call. */
function scriptFetch(answers: Record<string, Answer[]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push(call);
      const next = answers[call]?.shift();
      if (!next) throw new Error(`unexpected ${call}`);
      if (next instanceof Error) throw next;
      return next;
    }),
  );
  return calls;
}

const me = () => meQuery.queryFn({ queryKey: meQuery.queryKey });
const user = { id: 'u1', email: 'admin@example.cd', name: 'Admin', role: 'admin' };

beforeEach(() => {
  localStorage.clear();
  forgetPendingLogout();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a logout the server has not heard', () => {
  it('is remembered when the server cannot be reached; the session check then answers "nobody" and sends it again', async () => {
    const calls = scriptFetch({
      'POST /api/auth/logout': [
        new TypeError('Failed to fetch'),
        new TypeError('Failed to fetch'),
        new Response(null, { status: 204 }),
      ],
      'GET /api/auth/me': [new Response(JSON.stringify({ user }), { status: 200 })],
    });
    await endServerSession();
    expect(isLogoutPending()).toBe(true);
    expect(localStorage.getItem('admin-pending-logout')).not.toBeNull();

    // Still unreachable: signed out all the same, and the server's answer is never asked for.
    expect(await me()).toBeNull();
    expect(isLogoutPending()).toBe(true);
    // Reachable again: the logout goes through, and the next check asks the server as usual.
    expect(await me()).toBeNull();
    expect(isLogoutPending()).toBe(false);
    expect(await me()).toEqual(user);
    expect(calls).toEqual([
      'POST /api/auth/logout',
      'POST /api/auth/logout',
      'POST /api/auth/logout',
      'GET /api/auth/me',
    ]);
  });

  it('stays pending after a server error; a refusal (4xx) would not change on retry and ends it', async () => {
    scriptFetch({
      'POST /api/auth/logout': [new Response('', { status: 503 }), new Response('', { status: 403 })],
    });
    await endServerSession();
    expect(isLogoutPending()).toBe(true);
    await endServerSession();
    expect(isLogoutPending()).toBe(false);
  });

  it('is not left behind by a logout that worked', async () => {
    scriptFetch({ 'POST /api/auth/logout': [new Response(null, { status: 204 })] });
    await endServerSession();
    expect(isLogoutPending()).toBe(false);
    expect(localStorage.getItem('admin-pending-logout')).toBeNull();
  });
});
