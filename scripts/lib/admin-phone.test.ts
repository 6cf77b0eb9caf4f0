/**
 * perf's back-office runs replayed on the simulated phone (decision 126): a trace that Chromium
 * records of a tap, its request and its reply, replayed by phoneClock, moves the reply with the
 * request that the slower phone sent later, whatever the host's load. Catches a Chromium whose
 * trace no longer names what the replay reads (tasks with their CPU time, requests, User Timing
 * marks).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhoneBrowser, traced } from './admin-phone.ts';
import { replayedSignIn } from './perf-figures.ts';

/** Tens of ms of computing on this host, whatever its load (a count, not a time). */
const work = '{ let x = 0; for (let i = 0; i < 4e7; i++) x += i % 7; document.title = String(x); }';
/**
 * A tap that computes, then asks the server, which answers 300 ms later; the reply computes again
 * and shows the content.
 */
const PAGE = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Essai</title></head><body>
<button type="button">Se connecter</button>
<script>
document.querySelector('button').addEventListener('click', async () => {
  performance.mark('perf:click');
  ${work}
  const reply = await fetch('/data').then((response) => response.text());
  ${work}
  const p = document.createElement('p');
  p.id = 'content';
  p.textContent = reply;
  document.body.append(p);
  performance.mark('perf:content');
});
</script></body></html>`;

let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/data') {
      setTimeout(() => response.end('Tableau de bord'), 300);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a tap replayed on the simulated phone', () => {
  it('makes each task slower and moves the reply with the request the phone sent later', {
    timeout: 60_000,
  }, async () => {
    const browser = await openPhoneBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(base);
      const { trace } = await traced(browser, async () => {
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.locator('#content').waitFor();
        await page.waitForTimeout(1_500);
      });
      const host = replayedSignIn(trace, 1, 1_000);
      const phone = replayedSignIn(trace, 5, 1_000);
      // The server's 300 ms stay; the two tasks that compute are long on the phone.
      expect(host.contentMs).toBeGreaterThan(300);
      expect(phone.longTasks).toBe(2);
      // On the phone the request leaves once the tap's task has computed, its reply comes at least
      // 300 ms later, and the reply's task computes before the content: both long tasks (but for
      // their few ms before the tap's mark and after the content's) and the server's wait lie
      // between the tap and the content. Had the reply come when it came in the trace, the host's
      // faster tap would have let it arrive during the phone's tap task, some 200 ms earlier.
      expect(phone.contentMs).toBeGreaterThan(phone.longTaskMs * 0.9 + 290);
    } finally {
      await browser.close();
    }
  });
});
