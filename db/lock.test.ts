import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited, so surely not alive. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('lockDataDir', () => {
  it('refuses a second owner while the first is alive, naming the directory and pid', () => {
    const dir = tempDir();
    // The parent process stands for "another running process".
    fs.writeFileSync(path.join(dir, 'app.lock'), JSON.stringify({ pid: process.ppid }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
  });

  it('takes over a lock left by a crashed process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'app.lock'), JSON.stringify({ pid: deadPid() }));
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'app.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('frees the directory on release, so the next start succeeds', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(true);
    release();
    expect(fs.existsSync(path.join(dir, 'app.lock'))).toBe(false);
    lockDataDir(dir)();
  });
});
