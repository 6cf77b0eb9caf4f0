import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';
import { SMTP_URL } from './tests/e2e/helpers/mailbox.ts';

/**
 * End-to-end tests: Debian's Chromium (no browser download on these machines) driving the
 * production build through the real server and a fresh embedded database. The server sends its
 * email over SMTP to a real SMTP server that global setup starts (tests/e2e/helpers/mailbox.ts).
 */
/** E2E_PORT and BUILD_DIR let two runs share a machine (each with its own server and build). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: `test-results/e2e-${E2E_PORT}`,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // Process-level tests start their own servers: once is enough.
    { name: 'phone', use: { ...devices['Pixel 7'] }, testIgnore: /process\.spec\.ts/ },
  ],
  webServer: {
    command: `rm -rf node_modules/.cache/e2e-data-${E2E_PORT} && node ${BUILD_DIR}/server/index.js`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: `node_modules/.cache/e2e-data-${E2E_PORT}`,
      ADMIN_EMAIL: 'admin@example.cd',
      ADMIN_PASSWORD: 'e2e-admin-password',
      SMTP_URL,
      LOG_LEVEL: 'warn',
    },
  },
});
