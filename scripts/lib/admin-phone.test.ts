/**
 * perf's back-office runs replayed on the simulated phone (decision 126): a trace that Chromium
 * records of a tap, its request and its reply, replayed by phoneClock, moves the reply with the
 * request that the slower phone sent later. Catches a Chromium whose trace no longer names what
 * the replay reads (tasks with their CPU time, requests, User Timing marks).
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
      // Each task computes 5 times longer on the phone, 4/5 of its time there added: the click's
      // delays the request, hence the reply, and the reply's delays the content, so both are on
      // the way to the content. (Less than all of it when the host made a task wait for a core,
      // which the phone does not; about half if the reply came when it came in the trace.)
      const added = (phone.longTaskMs * 4) / 5;
      expect(phone.contentMs - host.contentMs).toBeGreaterThan(added * 0.7);
      expect(phone.contentMs - host.contentMs).toBeLessThan(added * 1.1);
    } finally {
      await browser.close();
    }
  });
});
