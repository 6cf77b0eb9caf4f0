/**
 * perf's Lighthouse run simulated from CPU time (scripts/lib/lighthouse-run.ts): the wait for a
 * core leaves the figures, a page's own work stays in them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { simulatedRun } from './lighthouse-run.ts';

/** A page; `work` adds a script that computes for a while once the page has loaded. */
const page = (work: boolean) =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Essai</title></head><body><h1>Bonjour</h1><p>Une page d’essai.</p>${
    work
      ? '<script>addEventListener("load", () => setTimeout(() => { let x = 0; for (let i = 0; i < 8e7; i++) x += i % 7; document.title = String(x); }, 50));</script>'
      : ''
  }</body></html>`;

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(page(request.url === '/work'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The page's Total Blocking Time, simulated at a 4× slowdown from its CPU time. */
async function blockingTime(path: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await simulatedRun(`${base}${path}`, chrome.port, {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 4 },
    });
    return result?.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
  } finally {
    await chrome.kill();
  }
}

describe('a Lighthouse run simulated from CPU time', () => {
  it('still counts the blocking time of a script that computes after the load', {
    timeout: 120_000,
  }, async () => {
    const quiet = await blockingTime('/quiet');
    const busy = await blockingTime('/work');
    // Tens of ms of computing, four times slower on the phone: well over the 50 ms a task may take.
    expect(busy).toBeGreaterThan(100);
    expect(busy).toBeGreaterThan(quiet + 100);
  });
});
