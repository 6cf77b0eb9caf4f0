/**
 * `npm run test:e2e` (after the build): the Playwright projects in their order, one Playwright run
 * per stage, every stage run whatever the previous ones gave. In one run, Playwright skips the
 * projects that depend on a failed one ("did not run"), which hid 19 tests behind 2 failures
 * once; here a failure is reported with everything else's verdict, and the exit code is 1.
 *
 * 1. desktop and phone: every spec that reads public content;
 * 2. desktop-content and phone-content: the specs that edit it;
 * 3. attack: hostile leads, which arrive as toasts on any open admin screen;
 * 4. logs: the server log of all the stages holds no secret.
 * Each stage starts its own server on a fresh database (playwright.config.ts); the server log is
 * appended to, so the last stage reads all of it. Arguments go to every stage (`-- --grep x`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Same path as SERVER_LOG in playwright.config.ts (a script does not import the config). */
const SERVER_LOG = `node_modules/.cache/e2e-server-${process.env.E2E_PORT ?? 3100}.log`;

const STAGES: { name: string; projects: string[]; folder: string }[] = [
  { name: 'reading public content', projects: ['desktop', 'phone'], folder: 'reading' },
  { name: 'editing public content', projects: ['desktop-content', 'phone-content'], folder: 'editing' },
  { name: 'attack', projects: ['attack'], folder: 'attack' },
  { name: 'server log', projects: ['logs'], folder: 'logs' },
];

fs.rmSync(SERVER_LOG, { force: true });
fs.mkdirSync('node_modules/.cache', { recursive: true });
const results: { name: string; status: number; seconds: number }[] = [];
for (const stage of STAGES) {
  const started = Date.now();
  process.stdout.write(`\n== e2e stage: ${stage.name} (${stage.projects.join(', ')})\n`);
  const run = spawnSync(
    'npx',
    [
      '--no-install',
      'playwright',
      'test',
      // The order is this script's: a stage never pulls in (or waits for) the projects before it.
      '--no-deps',
      // Each stage its own folder of results: Playwright empties its output folder as it starts,
      // and a failed test's page snapshot and trace were lost to the stage after it (the printed
      // "Error Context" path named a file that was gone).
      `--output=test-results/e2e-${process.env.E2E_PORT ?? 3100}/${stage.folder}`,
      ...stage.projects.map((project) => `--project=${project}`),
      // A filter given by hand may leave a stage without tests: that is not a failure.
      '--pass-with-no-tests',
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, E2E_APPEND_LOG: '1' } },
  );
  results.push({
    name: stage.name,
    status: run.status ?? 1,
    seconds: Math.round((Date.now() - started) / 1000),
  });
}

process.stdout.write('\ne2e stages:\n');
for (const result of results) {
  process.stdout.write(
    `  ${result.name.padEnd(26)} ${String(result.seconds).padStart(4)} s  ${result.status === 0 ? 'passed' : `FAILED (exit ${result.status})`}\n`,
  );
}
process.exit(results.every((result) => result.status === 0) ? 0 : 1);
