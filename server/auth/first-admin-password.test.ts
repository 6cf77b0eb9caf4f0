/**
 * The first admin's generated password never reaches the log: a terminal shows
 * it, otherwise (a service manager, a container: stdout is collected) it is written to
 * DATA_DIR/first-admin-password.txt, readable by the site's user only, and deleted when that admin
 * first signs in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createTestAdmin, nextTestIp, TEST_ORIGIN } from '#tests/helpers/admin-session.ts';
import { createApp } from '../app.ts';
import { createAppDeps } from '../app-deps.ts';
import { readEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { prepareDatabase, printBanner } from '../start.ts';
import { handOverFirstAdminPassword } from './first-admin-password.ts';

const PASSWORD_LINE = /Mot de passe\s: (\S+)/;
let sandbox: string;
const opened: DatabaseHandle[] = [];

beforeAll(() => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'first-admin-'));
});
afterAll(async () => {
  for (const database of opened) await database.close();
  fs.rmSync(sandbox, { recursive: true, force: true });
});

/** A first start on an empty data directory, its log kept in `lines`. */
async function firstStart(name: string) {
  const dataDir = path.join(sandbox, name);
  const env = readEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
  });
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const logger = createLogger(env, { destination });
  const { database, admin } = await prepareDatabase(env, logger, { terminal: false });
  opened.push(database);
  return { env, logger, database, dataDir, log: lines.join(''), banner: bannerOf(env, admin) };
}

/** What the start banner writes to stdout. */
function bannerOf(...args: Parameters<typeof printBanner>) {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  printBanner(...args);
  spy.mockRestore();
  return written.join('');
}

const logIn = (app: ReturnType<typeof createApp>, email: string, password: string) =>
  request(app)
    .post('/api/auth/login')
    .set('Origin', TEST_ORIGIN)
    .set('X-Requested-With', 'fetch')
    .set('X-Forwarded-For', nextTestIp())
    .send({ email, password });

describe('the first admin’s generated password', () => {
  // A first start builds the embedded database from every migration: 40 s on a quiet host, twice
  // that on a busy one.
  it('is written to a file only its owner reads when stdout is not a terminal, never to the log, and the file goes at that admin’s first sign-in', async () => {
    const start = await firstStart('collected');
    const file = path.join(start.dataDir, 'first-admin-password.txt');
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const content = fs.readFileSync(file, 'utf8');
    expect(content).toContain('admin@lisanga-digital.cd');
    const password = PASSWORD_LINE.exec(content)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    // Neither the JSON log nor stdout (collected with it) holds it; the log says where it is.
    expect(start.log).not.toContain(password);
    expect(start.banner).not.toContain(password);
    expect(start.log).toContain('first-admin-password.txt');
    for (const line of start.log.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(start.banner).toContain('first-admin-password.txt');

    const app = createApp(createAppDeps({ database: start.database, env: start.env, logger: start.logger }));
    // Someone else signing in leaves it; a wrong password too.
    const other = await createTestAdmin(start.database.db);
    await logIn(app, other.email, other.password).expect(200);
    await logIn(app, 'admin@lisanga-digital.cd', 'pas-le-bon-mot-de-passe').expect(401);
    expect(fs.existsSync(file)).toBe(true);
    await logIn(app, 'admin@lisanga-digital.cd', password).expect(200);
    expect(fs.existsSync(file)).toBe(false);
  }, 180_000);

  it('is shown on the terminal when there is one, and no file is written', async () => {
    const dataDir = path.join(sandbox, 'terminal');
    const env = readEnv({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const logger = createLogger(env, { destination: new Writable({ write: (_c, _e, done) => done() }) });
    const generatedPassword = 'Mot-de-passe-du-terminal-24';
    const admin = await handOverFirstAdminPassword(
      { email: 'admin@lisanga-digital.cd', generatedPassword },
      { dataDir, logger, terminal: true },
    );
    expect(fs.existsSync(path.join(dataDir, 'first-admin-password.txt'))).toBe(false);
    expect(bannerOf(env, admin)).toMatch(/Mot de passe\s: Mot-de-passe-du-terminal-24/);
  });
});
