/**
 * Starts the production build on a free loopback port with a fresh, seeded data directory, for
 * the measurement scripts (perf, bench, faults). The caller stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '#server/node-flags.ts';

export type RunningSite = {
  url: string;
  port: number;
  /** The embedded database and the .eml outbox live here (removed by stop unless keepData). */
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, wait for the exit, then remove the data directory (unless keepData). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

export type RunSiteOptions = {
  /** Appends the server's stdout and stderr (JSON log lines) to this file instead of the terminal. */
  logFile?: string;
  /** A fixed port; a free one by default. */
  port?: number;
  /** How long the first start (migrations, seed) may take; generous on a busy machine. */
  startTimeoutMs?: number;
  /** The production build to run; BUILD_DIR or `build` by default. */
  buildDir?: string;
  /**
   * The server's CPU priority (a nice value, 19 the lowest), set as it starts so that the worker
   * processes it forks have it too; the system's default when unset.
   */
  niceness?: number;
  /**
   * An existing data directory to start on (a restart after a crash keeps the embedded database
   * and the .eml outbox); a fresh one by default.
   */
  dataDir?: string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function runSite(
  env: Record<string, string> = {},
  options: RunSiteOptions = {},
): Promise<RunningSite> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agence-measure-'));
  const url = `http://127.0.0.1:${port}`;
  const buildDir = options.buildDir ?? process.env.BUILD_DIR ?? 'build';
  const log = options.logFile ? fs.openSync(options.logFile, 'a') : undefined;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${buildDir}/server/index.js`], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No nightly backup in the middle of a measurement (docs/decisions/099-backups.md): a fresh
      // site makes its first one a minute after it starts.
      BACKUP_KEEP: '0',
      ...env,
    },
    stdio: log === undefined ? ['ignore', 'ignore', 'inherit'] : ['ignore', log, log],
  });
  if (log !== undefined) fs.closeSync(log);
  if (options.niceness !== undefined && child.pid !== undefined) os.setPriority(child.pid, options.niceness);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const startTimeoutMs = options.startTimeoutMs ?? 180_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the site exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the site did not become ready within ${startTimeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    child,
    exited,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
