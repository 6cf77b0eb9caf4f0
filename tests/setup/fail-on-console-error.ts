import { afterEach, vi } from 'vitest';

/** A console.error during a test is a bug someone would otherwise never see: fail the test. */
const errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const messages = errors.splice(0).map((args) => args.map(String).join(' '));
    throw new Error(`console.error was called during the test:\n${messages.join('\n')}`);
  }
});
