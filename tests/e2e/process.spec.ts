/**
 * The site as an operator runs it: first start on an empty data directory, a second process on
 * the same directory, a graceful stop, and a restart that reuses the data.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type SiteProcess, START_CEILING, startSiteProcess } from './helpers/process.ts';

async function waitForOutput(site: SiteProcess, text: string, timeoutMs = START_CEILING) {
  await expect.poll(site.output, { timeout: timeoutMs }).toContain(text);
}

type OwnSiteProcess = { name: string; portOffset: number; env: (url: string) => Record<string, string> };

/**
 * Runs `use` on a site process of the test's own, on E2E_PORT + `portOffset` with a fresh data
 * directory (named after `name`) and `env` (given the site's address) added to its environment,
 * once it says it is ready; then stops it and removes its data.
 */
async function withSiteProcess(own: OwnSiteProcess, use: (url: string) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agence-${own.name}-`));
  const port = Number(process.env.E2E_PORT ?? 3100) + own.portOffset;
  const url = `http://127.0.0.1:${port}`;
  const site = startSiteProcess(port, dataDir, own.env(url));
  try {
    await waitForOutput(site, 'Site prêt');
    await use(url);
  } finally {
    site.child.kill('SIGTERM');
    await site.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('first start seeds and hands the admin login over outside the log; a second process is refused; restart reuses data', async ({
  request,
}) => {
  test.setTimeout(3 * START_CEILING);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-process-'));
  const port = Number(process.env.E2E_PORT ?? 3100) + 90;
  const base = `http://127.0.0.1:${port}`;
  try {
    const first = startSiteProcess(port, dataDir);
    await waitForOutput(first, 'Site prêt');
    expect(first.output()).toContain(`Administration : http://localhost:${port}/admin`);
    expect(first.output()).toContain('Identifiant : admin@lisanga-digital.cd');
    // Its output is not a terminal (a service manager's case): the generated password is in a file
    // of the data directory, only the site's user may read it, and the output only names the file.
    const passwordFile = path.join(dataDir, 'first-admin-password.txt');
    expect(first.output()).toContain(passwordFile);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    const password = /Mot de passe\s: (\S+)/.exec(fs.readFileSync(passwordFile, 'utf8'))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.output()).not.toContain(password as string);
    const services = await (await request.get(`${base}/api/services`)).json();
    expect(services.length).toBeGreaterThan(4);
    // The admin's first sign-in deletes the file.
    const login = await request.post(`${base}/api/auth/login`, {
      headers: { Origin: base, 'X-Requested-With': 'fetch' },
      data: { email: 'admin@lisanga-digital.cd', password },
    });
    expect(login.status()).toBe(200);
    expect(fs.existsSync(passwordFile)).toBe(false);

    const intruder = startSiteProcess(port + 1, dataDir);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain('is already used by another running process');
    // The first process is unharmed.
    expect((await request.get(`${base}/readyz`)).status()).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startSiteProcess(port, dataDir);
    await waitForOutput(again, 'Site prêt');
    expect(again.output()).not.toContain(password as string);
    expect(again.output()).toContain('celui donné au premier démarrage');
    const servicesAgain = await (await request.get(`${base}/api/services`)).json();
    expect(servicesAgain).toHaveLength(services.length);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a fresh install without demo content shows "Équipe en construction" and no services', async ({
  page,
}) => {
  test.setTimeout(2 * START_CEILING);
  await withSiteProcess(
    { name: 'empty', portOffset: 92, env: () => ({ SEED_ON_START: 'false' }) },
    async (url) => {
      await page.goto(`${url}/`);
      await expect(page.locator('#team').getByText('Équipe en construction')).toBeVisible();
      await expect(page.locator('#team').getByRole('article')).toHaveCount(0);
    },
  );
});

test('an admin whose password is too common is asked for a new one at login, then reaches the back-office', async ({
  page,
}) => {
  test.setTimeout(3 * START_CEILING);
  // Long enough for ADMIN_PASSWORD, but among the most common passwords.
  const env = (url: string) => ({
    PUBLIC_URL: url,
    SEED_ON_START: 'false',
    ADMIN_EMAIL: 'faible@example.cd',
    ADMIN_PASSWORD: 'password1234',
  });
  await withSiteProcess({ name: 'weak', portOffset: 91, env }, async (url) => {
    await page.goto(`${url}/admin/login`);
    await page.getByLabel('Email').fill('faible@example.cd');
    await page.getByLabel('Mot de passe').fill('password1234');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
    // Every screen asks the same until it is done.
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('password-required.png'), fullPage: true });

    await page.getByLabel('Mot de passe actuel').fill('password1234');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('azerty123456');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('azerty123456');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByText('Ce mot de passe est trop courant ou trop facile à deviner')).toBeVisible();

    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('fleuve Congo au petit matin');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('fleuve Congo au petit matin');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
  });
});

test('a kept-alive connection left idle longer than Node’s default 5 s still answers its next request (no reset)', async ({
  baseURL,
}) => {
  const { hostname, port } = new URL(baseURL as string);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed')));
  const ask = () =>
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
  const answers = () => received.match(/HTTP\/1\.1 200/g)?.length ?? 0;
  try {
    ask();
    await expect.poll(answers).toBe(1);
    // Longer than Node's default keep-alive (5 s): a proxy reusing its idle connection would be reset.
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(socket.destroyed).toBe(false);
    ask();
    await expect.poll(answers).toBe(2);
  } finally {
    socket.destroy();
    await closed;
  }
});
