/**
 * The yardstick of `npm run bench` for cached answers (decision 098): a bare `node:http` server,
 * in a process of its own like the site, that answers every request with the very bytes the site
 * sent for one URL (status, headers, compressed body). What the site reaches on a kept answer is
 * reported as a share of what this server reaches on the same machine in the same run.
 *
 * With `compress: 'br'` it is the yardstick of pages rendered for each request: it is given the
 * uncompressed document and compresses it for every request as the site compresses a rendered
 * page (Brotli quality 4, sized to the document), so that, like the site, it is bound by its CPU.
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
import zlib from 'node:zlib';
const [file, port, compress] = process.argv.slice(1);
const answer = JSON.parse(fs.readFileSync(file, 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const headers = { ...answer.headers, 'content-length': body.length };
const params = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
};
const serve = compress === 'br'
  ? (_req, res) => zlib.brotliCompress(body, { params }, (error, compressed) => {
      res.writeHead(answer.status, { ...headers, 'content-encoding': 'br', 'content-length': compressed.length });
      res.end(compressed);
    })
  : (_req, res) => { res.writeHead(answer.status, headers); res.end(body); };
http.createServer(serve).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

export type BareServer = { url: string; stop: () => Promise<void> };

export async function startBareServer(
  answer: RawAnswer,
  options: { compress?: 'br' } = {},
): Promise<BareServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const file = path.join(dir, 'answer.json');
  fs.writeFileSync(file, JSON.stringify({ ...answer, body: answer.body.toString('base64') }));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', SERVER_SOURCE, file, String(port), options.compress ?? ''],
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
