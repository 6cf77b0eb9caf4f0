/**
 * Stronger sign-in, in Chromium (docs/decisions/079-second-factor.md): an admin registers a passkey
 * with Chromium's virtual authenticator (CDP WebAuthn domain: CTAP2, internal transport, resident
 * key, user verification), signs out and is signed in by picking it in the browser's autofill
 * (conditional mediation), then with the passkey button in a browser without that autofill; then
 * enables the authenticator app and signs in with a code, then with a recovery code.
 *
 * On its own site (its own server and database): a second factor on the shared admin account would
 * stop every other spec at the login's second step. Its PUBLIC_URL is on `localhost`, because a
 * passkey's relying party must be a domain name, which 127.0.0.1 is not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, logIn } from './helpers/admin.ts';
import { E2E_PORT, SMTP_URL } from './helpers/mailbox.ts';
import { START_CEILING, startSiteProcess, waitUntilReady } from './helpers/process.ts';

const SECURITY_TAB = '/admin/settings?onglet=securite';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/login');
}

/** Signed in: the login screen sends back to the screen the admin signed out from. */
async function signedIn(page: Page) {
  await page.waitForURL((url) => url.pathname.startsWith('/admin/') && url.pathname !== '/admin/login');
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
}

/** The password step of the login screen, then the second step's heading. */
async function passwordStep(page: Page) {
  await logIn(page);
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
}

test('a passkey registered in Chromium signs in alone; the authenticator app and a recovery code sign in as a second step', async ({
  browser,
}) => {
  test.setTimeout(START_CEILING + 120_000);
  const port = E2E_PORT + 99;
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agence-second-factor-'));
  const site = startSiteProcess(port, dataDir, {
    PUBLIC_URL: url,
    SMTP_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    await waitUntilReady(site);
    const context = await browser.newContext({ baseURL: url, locale: 'fr-FR', serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // Signed in with the password, the admin adds a passkey from the "Sécurité" tab.
    await page.goto(`/admin/login?redirect=${encodeURIComponent(SECURITY_TAB)}`);
    // The email field lets the browser's autofill offer passkeys too.
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await logIn(page);
    await page.waitForURL((address) => address.search === '?onglet=securite');
    await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Ajouter une clé d’accès' });
    await addDialog.getByLabel('Nom de la clé').fill('Ordinateur du bureau');
    await addDialog.getByLabel('Mot de passe actuel').fill(ADMIN.password);
    await addDialog.getByRole('button', { name: 'Continuer' }).click();
    // The first factor comes with its recovery codes, shown once.
    const firstCodes = page.getByRole('dialog', { name: 'Vos codes de secours' });
    await expect(firstCodes.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await firstCodes.getByRole('button', { name: 'J’ai conservé mes codes' }).click();
    await expect(page.getByTestId('passkey-row')).toContainText('Ordinateur du bureau');
    // A discoverable credential, for this site: what a sign-in without the email needs.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Signed out, the browser's autofill offers the passkey under the email field (conditional
    // mediation): the virtual authenticator picks it as a person would, and that signs in, with no
    // email, no password, no button.
    await signOut(page);
    await signedIn(page);

    // A browser without that autofill (the rest of this test): the button signs in with the passkey.
    await page.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: () => Promise.resolve(false),
      });
    });
    // From a new document (signing out stays in the page, which the script above would miss).
    await page.reload();
    await signOut(page);
    await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
    await signedIn(page);
    await page.goto(SECURITY_TAB);
    await expect(page.getByTestId('passkey-row')).not.toContainText('jamais');

    // The authenticator app: password, QR code and secret, a first code; then ten recovery codes.
    await page.getByRole('button', { name: 'Activer l’application d’authentification' }).click();
    const totpDialog = page.getByRole('dialog', { name: 'Activer l’application d’authentification' });
    await totpDialog.getByLabel('Mot de passe actuel').fill(ADMIN.password);
    await totpDialog.getByRole('button', { name: 'Continuer' }).click();
    await expect(totpDialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = ((await totpDialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    const now = () => Math.floor(Date.now() / 1000);
    await totpDialog.getByLabel('Code à 6 chiffres').fill(await generate({ secret, epoch: now() }));
    await totpDialog.getByRole('button', { name: 'Activer' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Vos codes de secours' });
    await expect(codesDialog.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const codes = await codesDialog.getByTestId('recovery-codes').locator('li').allTextContents();
    await codesDialog.getByRole('button', { name: 'J’ai conservé mes codes' }).click();
    await expect(page.getByText('Activée', { exact: true })).toBeVisible();

    // The password, then the app's code (the next one: the first was spent by the activation).
    await signOut(page);
    await passwordStep(page);
    await page
      .getByLabel('Code de l’application d’authentification')
      .fill(await generate({ secret, epoch: now() + 30 }));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await signedIn(page);

    // The password, then a recovery code, which is then spent.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
    await page.getByLabel('Code de secours').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await signedIn(page);
    await page.goto(SECURITY_TAB);
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('9 codes inutilisés');
    await context.close();
  } finally {
    if (site.child.exitCode === null) site.child.kill('SIGTERM');
    await site.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
