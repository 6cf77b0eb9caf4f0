/**
 * A throwaway PostgreSQL cluster the fault and benchmark scripts control: started and stopped
 * through scripts/test-postgres.sh (the tests' settings, or durable ones), stopped and started
 * again mid-run with pg_ctl directly.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, '..', 'test-postgres.sh');

export type PostgresCluster = {
  url: string;
  /** `pg_ctl stop -m fast`: open sessions are cut, committed work is flushed. */
  stop: () => Promise<void>;
  /** Starts the stopped server again with the options it had (pg_ctl reads postmaster.opts). */
  start: () => Promise<void>;
  /** Removes the cluster for good. */
  destroy: () => Promise<void>;
};

function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const latest = versions.at(-1);
  if (!latest) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql');
  return path.join(root, latest, 'bin');
}

/** initdb and postgres refuse to run as root: Debian's postgres account runs them then. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * `durable`: PostgreSQL's defaults (fsync, synchronous commit, full-page writes), as production
 * runs; otherwise the tests' fast settings.
 */
export async function startPostgresCluster(options: {
  port: number;
  dir: string;
  durable?: boolean;
}): Promise<PostgresCluster> {
  const env = {
    ...process.env,
    PGTEST_PORT: String(options.port),
    PGTEST_DIR: options.dir,
    PGTEST_DURABLE: options.durable ? '1' : '',
  };
  const { stdout } = await run(SCRIPT, ['start'], { env });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`scripts/test-postgres.sh printed no URL: ${stdout}`);
  const pgCtl = path.join(serverBinaries(), 'pg_ctl');
  const dataDir = path.join(options.dir, 'data');
  const log = path.join(options.dir, 'server.log');
  const ctl = async (args: string[]) => {
    const [command, fullArgs] = asOwner(pgCtl, ['-D', dataDir, ...args]);
    await run(command, fullArgs);
  };
  return {
    url,
    stop: () => ctl(['-m', 'fast', '-w', 'stop']),
    // `restart` on a stopped server starts it with the options of postmaster.opts (port, socket
    // directory, fsync off...), which `start` alone would not reuse.
    start: () =>
      ctl(['-l', log, '-w', '-t', '30', 'restart']).catch(async (error: unknown) => {
        // pg_ctl restart warns (exit 0) when no server runs; any real failure shows in the log.
        throw new Error(
          `pg_ctl restart failed: ${String(error)}\n${fs.readFileSync(log, 'utf8').slice(-2000)}`,
        );
      }),
    destroy: async () => {
      await run(SCRIPT, ['stop'], { env });
      fs.rmSync(options.dir, { recursive: true, force: true });
    },
  };
}
