/**
 * For the tests of what the browser keeps offline (leads, newsletter subscriptions): a browser
 * that says it is online until the request is sent, which then fails as the connection drops.
 * Returns the stubbed `navigator`, so the test can bring the connection back.
 */
import { vi } from 'vitest';

export function dropConnectionDuringRequest() {
  const connection = { onLine: true };
  vi.stubGlobal('navigator', connection);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      connection.onLine = false;
      throw new TypeError('Failed to fetch');
    }),
  );
  return connection;
}
