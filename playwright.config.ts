import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './server/node-flags.ts';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/chromium.ts';
import { SMTP_URL } from './tests/e2e/helpers/mailbox.ts';

/**
 * End-to-end tests: Debian's Chromium (no browser download on these machines) driving the
 * production build through the real server and a fresh embedded database. The server sends its
 * email over SMTP to a real SMTP server that global setup starts (tests/e2e/helpers/mailbox.ts).
 */
/** E2E_PORT and BUILD_DIR let two runs share a machine (each with its own server and build). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
/** Where the e2e server's output goes (read by tests/e2e/logs.spec.ts). */
export const SERVER_LOG = `node_modules/.cache/e2e-server-${E2E_PORT}.log`;
// A fresh install has no node_modules/.cache: the shell that starts the server writes its log there.
fs.mkdirSync('node_modules/.cache', { recursive: true });
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const phone = { ...devices['Pixel 7'] };
// admin-agenda makes admins bookable, which changes what the public call modal offers; the
// testimonials and client logos specs add rows to the home page (whose height home.spec.ts measures).
const EDITS_PUBLIC_CONTENT =
  /admin-(services-team|blog-portfolio|settings|agenda|testimonials|client-logos)\.spec\.ts/;
/** Its hostile leads arrive as live toasts on any open admin screen: it runs alone, near the end. */
const ATTACK = /attack\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: `test-results/e2e-${E2E_PORT}`,
  // Generous ceilings (docs/decisions/065-test-ceilings.md): a wait ends as soon as what it waits
  // for is there, so a ceiling only decides how long a broken test takes to fail. At 30 s, three
  // tests that take 10 s on a quiet machine ran out on a CI machine three times slower.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  // A failed test runs once more, recording its trace (below); whatever the second run gives, the
  // run fails: a test that passes only on retry is flaky, and flaky fails (failOnFlakyTests).
  retries: 1,
  failOnFlakyTests: true,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL,
    // Chromium's headless shell (tests/chromium.ts): a third of the CPU per page of the full browser.
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    // The trace (each action's DOM snapshot, the network, the console) is recorded on the retry of
    // a failed test only, kept under test-results/: recording it in every test, to keep it when one
    // fails, was about 15 % of the browser tests' CPU (docs/decisions/116-trace-on-retry.md). The
    // first failure still prints its error and the page's accessibility snapshot (error-context).
    // No screencast either: Chromium encoded a frame of every page for the film strip, 12 % of the
    // CPU (docs/decisions/067-test-suite-time.md).
    trace: { mode: 'on-first-retry', screenshots: false },
    // No service worker outside the specs that test it (pwa.spec.ts allows it): installing one
    // precaches the public shell, about a hundred files, in every new browser context, which was a
    // third of a spec's CPU time for nothing it checks (docs/decisions/063-e2e-service-worker.md).
    serviceWorkers: 'block',
  },
  // The specs that edit public content (services, team, posts, case studies, settings) run after
  // the ones that read it, so that no public page changes under a test that counts its items.
  projects: [
    {
      name: 'desktop',
      use: desktop,
      // The booking journey is a phone's (its own server): the visitor's and the staff's screen;
      // the home page's height on a phone too.
      testIgnore: [EDITS_PUBLIC_CONTENT, ATTACK, /(logs|call-booking|home-on-a-phone)\.spec\.ts/],
    },
    // Process-level tests start their own servers (and need no phone): once is enough. A test
    // tagged @any-screen checks what the screen's size cannot change (a server's answer, a page
    // without JavaScript, headers, feeds): the desktop project runs it (decision 115).
    {
      name: 'phone',
      use: phone,
      grepInvert: /@any-screen/,
      testIgnore: [
        EDITS_PUBLIC_CONTENT,
        ATTACK,
        /(process|instances|logs|clock|staff-push|admin-second-factor)\.spec\.ts/,
      ],
    },
    {
      name: 'desktop-content',
      use: desktop,
      testMatch: EDITS_PUBLIC_CONTENT,
      dependencies: ['desktop', 'phone'],
    },
    {
      name: 'phone-content',
      use: phone,
      testMatch: EDITS_PUBLIC_CONTENT,
      dependencies: ['desktop', 'phone'],
    },
    {
      name: 'attack',
      use: desktop,
      testMatch: ATTACK,
      dependencies: ['desktop-content', 'phone-content'],
    },
    // Last: reads the whole run's server log (SERVER_LOG) for anything secret.
    {
      name: 'logs',
      testMatch: /logs\.spec\.ts/,
      dependencies: ['attack'],
    },
  ],
  webServer: {
    // The server's log is kept (SERVER_LOG) for logs.spec.ts, which checks it holds no secret.
    // scripts/e2e.ts runs the projects in stages, each with its own server: they add to one log.
    command: `rm -rf node_modules/.cache/e2e-data-${E2E_PORT} && node ${SERVER_NODE_FLAGS.join(' ')} ${BUILD_DIR}/server/index.js ${process.env.E2E_APPEND_LOG ? '>>' : '>'} ${SERVER_LOG} 2>&1`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // Generous: on a loaded 2-core machine the first start (migrations, seed, MJML) can be slow.
    timeout: 180_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: `node_modules/.cache/e2e-data-${E2E_PORT}`,
      ADMIN_EMAIL: 'admin@example.cd',
      ADMIN_PASSWORD: 'e2e-admin-password',
      SMTP_URL,
      // Every request logged, so that the secrets check sees what production logs would hold.
      LOG_LEVEL: 'info',
      // A post planned a few seconds ahead goes online within a second (the journey waits for it).
      SCHEDULED_PUBLISH_POLL_MS: '1000',
      // The Audience screen's figures within a second or two of a visit (audience.spec.ts).
      AUDIENCE_FOLD_POLL_MS: '1000',
    },
  },
});
