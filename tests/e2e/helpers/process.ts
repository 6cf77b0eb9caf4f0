import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '#server/node-flags.ts';
import { ADMIN } from './admin.ts';
import { SMTP_URL } from './mailbox.ts';

/** A production server process started by a test, with everything it printed so far. */
export type SiteProcess = {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

/**
 * A start (a new embedded database's migrations, seed and email templates, or a cluster primary
 * and its workers) takes seconds on an idle machine and more than a minute on a busy one: the same
 * ceiling as the test server's own start (playwright.config.ts).
 */
export const START_CEILING = 180_000;

/**
 * Starts the production build (BUILD_DIR or `build`) on a loopback port with its own data
 * directory, as an operator would run it; `env` adds to or overrides the defaults.
 */
export function startSiteProcess(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): SiteProcess {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, `${process.env.BUILD_DIR ?? 'build'}/server/index.js`],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/** Waits until the instance answers /readyz with 200 (its database migrated and seeded). */
export async function waitUntilReady(instance: SiteProcess) {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${instance.url}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: START_CEILING, message: `instance ${instance.url} ready:\n${instance.output()}` },
    )
    .toBe(200);
}

/**
 * A site of the test's own (its port, a fresh data directory, the e2e SMTP server, the e2e admin),
 * ready to use: for a spec whose changes the shared site's other specs must not see. `stop` ends
 * it and removes its data. `env` adds to or overrides the defaults.
 */
export async function startOwnSite(
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; dataDir: string; stop: () => Promise<void>; output: () => string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-own-site-'));
  const url = `http://127.0.0.1:${port}`;
  const site = startSiteProcess(port, dataDir, {
    PUBLIC_URL: url,
    SMTP_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  const stop = async () => {
    if (site.child.exitCode === null) site.child.kill('SIGTERM');
    await site.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(site);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop, output: site.output };
}
