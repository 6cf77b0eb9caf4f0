import { afterEach, vi } from 'vitest';

/**
 * A console.error during a test is a bug someone would otherwise never see: fail the test. So is
 * a deprecation warning (a dependency saying our use of it breaks in its next major version, such
 * as `pg` when two queries are sent at once on a transaction's connection); Node prints each only
 * once per process, so the first test that triggers it in a worker fails.
 * Test files share their worker's modules (`isolate: false` in vitest.config.ts) and this file
 * runs before each of them: the wrapper is installed once per worker, and each file's hook reads
 * (and empties) the one list of errors.
 */
const state = globalThis as typeof globalThis & { consoleErrors?: unknown[][] };
if (!state.consoleErrors) {
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning') errors.push([`${warning.name}: ${warning.message}`]);
  });
  state.consoleErrors = errors;
}
const errors = state.consoleErrors;

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const messages = errors.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error or a deprecation warning during the test:\n${messages.join('\n')}`);
  }
});
