/**
 * The yardstick of `npm run bench` for cached answers (decision 005): a bare `node:http` server,
 * in a process of its own like the site, that answers every request with the very bytes the site
 * sent for one URL (status, headers, compressed body). What the site reaches on a kept answer is
 * reported as a share of what this server reaches on the same machine in the same run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './run-site.ts';

export type RawAnswer = { status: number; headers: Record<string, string | string[]>; body: Buffer };

/** Headers of one connection or moment, which the bare server sets itself. */
const OWN_HEADERS = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);

/** One answer as the site sends it on the wire (no decompression), for these request headers. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const kept = Object.entries(res.headers).filter(
            (entry): entry is [string, string | string[]] =>
              entry[1] !== undefined && !OWN_HEADERS.has(entry[0]),
          );
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(kept),
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const SERVER_SOURCE = `
import fs from 'node:fs';
import http from 'node:http';
const [file, port] = process.argv.slice(1);
const answer = JSON.parse(fs.readFileSync(file, 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const headers = { ...answer.headers, 'content-length': body.length };
http.createServer((_req, res) => { res.writeHead(answer.status, headers); res.end(body); })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

export type BareServer = { url: string; stop: () => Promise<void> };

export async function startBareServer(answer: RawAnswer): Promise<BareServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const file = path.join(dir, 'answer.json');
  fs.writeFileSync(file, JSON.stringify({ ...answer, body: answer.body.toString('base64') }));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', SERVER_SOURCE, file, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
