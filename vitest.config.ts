import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WITHOUT_DATABASE } from './tests/setup/database-files.ts';

/**
 * Unit and integration tests, on real databases (never a mock): every file runs on PGlite, and the
 * files that can open a database once more against a real PostgreSQL server when
 * TEST_DATABASE_URL is set (CI sets it); the browser's code and the source checks run once
 * (tests/setup/database-files.ts).
 */
const shared = {
  include: ['**/*.test.ts', '**/*.test.tsx'],
  exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
  setupFiles: [
    './tests/setup/fail-on-console-error.ts',
    './tests/setup/testing-library.ts',
    './tests/setup/shared-worker.ts',
  ],
  globalSetup: ['./tests/setup/global-database.ts'],
  // Generous ceilings (docs/decisions/065-test-ceilings.md): a wait ends when what it waits for
  // comes, so the ceiling only decides how long a broken test takes to fail; on a CI machine
  // three times slower than a quiet one, short ones failed tests that were right.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 30_000 } },
  // The files of a worker share its modules instead of importing the server, MJML, React and the
  // database driver again for each file: importing was a third of the suite's time, and the
  // suite's CPU went from 592 to 372 s on PGlite (docs/decisions/067-test-suite-time.md). Each
  // file still gets its own database, app and SMTP server from its helpers (rate limiters and
  // caches belong to an app); what modules keep is pure caches (compiled MJML, statement texts),
  // the client's small stores, and PGlite instances emptied back to the migrated snapshot for
  // the next test that opens a database (decision 113). The suite passes in shuffled file order.
  isolate: false,
};

const backends = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    // Vitest's default on 2 cores is one file at a time (cores - 1), which leaves the second core
    // idle while a file waits on its database, its SMTP server or a timer. Three files at once
    // keep both cores busy: the whole suite (both databases) ran in 311 s alone (decision 063).
    // VITEST_MAX_WORKERS still overrides it.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: backends.map((backend) => ({
      extends: true,
      test: {
        ...shared,
        name: backend,
        exclude: backend === 'postgres' ? [...shared.exclude, ...WITHOUT_DATABASE] : shared.exclude,
        env: { TEST_DB_BACKEND: backend, LOG_LEVEL: 'silent' },
      },
    })),
  },
});
