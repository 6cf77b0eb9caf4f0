/**
 * PGlite is a single-process database with no lock of its own: two processes on one data
 * directory would corrupt it. This lock file holds the owner's pid; a second process is refused
 * while that pid is alive, and a lock left by a crashed process is taken over at once.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is already used by another running process (pid ${pid}). ` +
        'Stop it first, or give this one its own DATA_DIR, or use DATABASE_URL for a shared PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dataDir` (creating the directory) and returns the function that frees it. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'app.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }), {
        flag: 'wx',
      });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(path.resolve(dataDir), owner);
      }
      // Stale lock (crashed owner) or unreadable file: remove it and try once more.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(lockPath, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
