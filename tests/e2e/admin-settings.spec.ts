import { randomInt } from 'node:crypto';
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { generate } from 'otplib';
import { SEED_SETTINGS } from '#db/seed-data.ts';
import {
  ADMIN,
  clientAddressPerTest,
  clientIp,
  openDialog,
  openSignedIn,
  toasts,
  uniqueSuffix,
} from './helpers/admin.ts';
import { requireEmail } from './helpers/mailbox.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

/**
 * Settings and activity log end to end (decision 016): a company figure edited in the back-office
 * changes the home page's claim; a contact setting shows in the public footer; a new admin account
 * gets a one-time password, logs in with it, changes it, is deactivated and loses its session; the
 * activity log lists these actions.
 *
 * The server and its database are shared by every spec and both projects at once: each test works
 * on its own figure and account (random suffix), and the two projects edit different contact
 * settings, put back to their seeded values at the end, so no other test sees a changed footer.
 */
clientAddressPerTest(7);

/** A browser context of this test's project (phone or desktop), with a client address of its own. */
async function newContext(browser: Browser, testInfo: TestInfo, ipVariant: number) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  });
  const ip = clientIp(testInfo, 7).replace(/\.\d+$/, `.${ipVariant}`);
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  return context;
}

async function logInAs(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Puts a setting back to its seeded value through the API, with the page's session. */
async function restoreSetting(page: Page, key: string) {
  const seeded = SEED_SETTINGS.find((s) => s.key === key);
  if (!seeded) throw new Error(`no seeded value for ${key}`);
  const origin = new URL(page.url()).origin;
  const response = await page.request.patch('/api/admin/settings', {
    data: { [key]: seeded.value },
    headers: { Origin: origin, 'X-Requested-With': 'fetch' },
  });
  expect(response.status()).toBe(200);
}

test('a company figure edited in the back-office changes the home claim; the log lists it', async ({
  page,
}) => {
  const name = `Clients fidèles ${uniqueSuffix()}`;
  await openSignedIn(page, '/admin/settings?onglet=chiffres');
  await expect(page.getByRole('tab', { name: 'Chiffres clés', selected: true })).toBeVisible();

  const dialog = await openDialog(page, 'Ajouter un chiffre clé');
  // The shared schema speaks first, in French.
  await dialog.getByLabel('Valeur').fill('-4');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('La valeur ne peut pas être négative')).toBeVisible();
  await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
  await dialog.getByLabel('Libellé').fill(name);
  await dialog.getByLabel('Valeur').fill('31');
  await dialog.getByLabel('Unité').fill('%');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toasts(page).filter({ hasText: 'Chiffre clé ajouté' })).toBeVisible();
  await expect(page.getByTestId('stat-row').filter({ hasText: name })).toContainText('31%');

  const value = randomInt(200, 999);
  await page.getByRole('button', { name: `Modifier « ${name} »` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le chiffre clé' });
  await edit.getByLabel('Valeur').fill(String(value));
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toasts(page).filter({ hasText: 'Chiffre clé enregistré' })).toBeVisible();

  await page.goto('/');
  const claim = page.locator('main dl > div').filter({ has: page.getByText(name, { exact: true }) });
  await expect(claim).toContainText(`${value}%`);

  await page.goto(`/admin/activity?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { name: 'Journal d’activité', level: 1 })).toBeVisible();
  const rows = page.getByTestId('activity-row');
  await expect(rows.filter({ hasText: `Chiffre clé modifié : ${name} (${value}%)` })).toContainText(
    'Valeur : 31% →',
  );
  await expect(rows.filter({ hasText: `Chiffre clé ajouté : ${name} (31%)` })).toBeVisible();
  await expect(rows.first()).toContainText('par Administrateur Lisanga');

  // Deleted after a confirmation: gone from the home page.
  await page.goto('/admin/settings?onglet=chiffres');
  await page.getByRole('button', { name: `Supprimer « ${name} »` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce chiffre clé ?' });
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toasts(page).filter({ hasText: 'Chiffre clé supprimé' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
});

test('a contact setting edited in the back-office shows in the public footer; the log lists it', async ({
  page,
}, testInfo) => {
  // Each project edits its own setting, so the two runs never see each other's value.
  const phone = testInfo.project.name.startsWith('phone');
  const key = phone ? 'contact.whatsapp' : 'contact.address';
  const label = phone ? 'Numéro WhatsApp' : 'Adresse';
  const digits = `99${randomInt(1_000_000, 9_999_999)}`;
  const typed = phone
    ? `0${digits}`
    : `${randomInt(10, 99)} avenue du Test ${uniqueSuffix()}, Gombe, Kinshasa`;

  await openSignedIn(page, '/admin/settings');
  try {
    const card = page.getByRole('region', { name: 'Coordonnées' });
    const field = card.getByLabel(label, { exact: true });
    await field.fill('pas un numéro');
    if (phone) {
      await card.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(card.getByText(/Numéro de téléphone invalide/)).toBeVisible();
    }
    await field.fill(typed);
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toasts(page).filter({ hasText: 'Paramètres enregistrés' })).toBeVisible();
    // Shown back as stored: a Congolese number typed locally becomes international digits.
    await expect(field).toHaveValue(phone ? `243${digits}` : typed);

    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    if (phone)
      await expect(footer.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveAttribute(
        'href',
        new RegExp(`^https://wa\\.me/243${digits}\\?text=`),
      );
    else await expect(footer).toContainText(typed);

    await page.goto(`/admin/activity?type=setting`);
    await expect(
      page
        .getByTestId('activity-row')
        .filter({ hasText: `Paramètre modifié : ${label}` })
        .filter({
          hasText: phone ? `243${digits}` : typed,
        }),
    ).toBeVisible();
  } finally {
    await restoreSetting(page, key);
  }
});

test('a new admin gets a one-time password, logs in, changes it, and loses the session once deactivated', async ({
  page,
  browser,
}, testInfo) => {
  // Four logins (argon2 on purpose) and three browsers: three times the usual ceiling.
  test.slow();
  const id = uniqueSuffix();
  const email = `e2e-${id}@exemple.cd`;
  const lastName = `Essai${id}`;
  await openSignedIn(page, '/admin/settings?onglet=utilisateurs');

  const create = await openDialog(page, 'Ajouter un utilisateur');
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Prénom').fill('Nadia');
  await create.getByLabel('Nom', { exact: true }).fill(lastName);
  await create.getByRole('button', { name: 'Créer le compte' }).click();
  const reveal = page.getByRole('dialog', { name: 'Compte créé' });
  const oneTime = (await reveal.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTime.length).toBeGreaterThanOrEqual(20);
  await reveal.getByRole('button', { name: 'J’ai noté le mot de passe' }).click();
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText('Administrateur');
  await expect(row).toContainText('Actif');
  await expect(row).toContainText('Dernière connexion : jamais');

  // The new admin, on their own device.
  const theirs = await newContext(browser, testInfo, 11);
  const them = await theirs.newPage();
  await logInAs(them, email, oneTime);
  await expect(them).toHaveURL(/\/admin\/dashboard$/);
  await them.goto('/admin/settings?onglet=mot-de-passe');
  const newPassword = `phrase secrète ${id}`;
  await them.getByLabel('Mot de passe actuel').fill(oneTime);
  await them.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await them.getByLabel('Confirmer le nouveau mot de passe').fill(`${newPassword}!`);
  await them.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(them.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await them.getByLabel('Confirmer le nouveau mot de passe').fill(newPassword);
  await them.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(toasts(them).filter({ hasText: 'Mot de passe modifié' })).toBeVisible();

  // Another device: the one-time password no longer works, the new one does.
  const second = await newContext(browser, testInfo, 12);
  const again = await second.newPage();
  await logInAs(again, email, oneTime);
  await expect(again.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  await logInAs(again, email, newPassword);
  await expect(again).toHaveURL(/\/admin\/dashboard$/);

  // Deactivated by the first admin: both sessions are refused at once.
  await page.reload();
  await expect(row).not.toContainText('Dernière connexion : jamais');
  await page.getByRole('button', { name: `Désactiver ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Désactiver ce compte ?' });
  await confirm.getByRole('button', { name: 'Désactiver' }).click();
  await expect(toasts(page).filter({ hasText: 'Compte désactivé' })).toBeVisible();
  await expect(row).toContainText('Désactivé');

  for (const device of [them, again]) {
    await device.goto('/admin/contacts');
    await expect(device).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fcontacts$/);
  }
  await logInAs(again, email, newPassword);
  await expect(again.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  await theirs.close();
  await second.close();

  await page.goto(`/admin/activity?type=user&q=${encodeURIComponent(email)}`);
  const rows = page.getByTestId('activity-row');
  await expect(rows.filter({ hasText: `Utilisateur créé : Nadia ${lastName} (${email})` })).toBeVisible();
  await expect(
    rows.filter({ hasText: `Utilisateur désactivé : Nadia ${lastName} (${email})` }),
  ).toBeVisible();
  await expect(page.getByLabel('Type')).toHaveValue('user');
});

test('an administrator resets a colleague’s lost second factor, asked twice: the colleague is told and signs in with the password', async ({
  page,
  playwright,
}, testInfo) => {
  // Two logins (argon2 on purpose) and a password check.
  test.slow();
  if (testInfo.project.name.startsWith('phone')) await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, '/admin/settings?onglet=utilisateurs');
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin, 'X-Requested-With': 'fetch' };
  const email = `e2e-2fa-${uniqueSuffix()}@exemple.cd`;
  const created = await page.request.post('/api/admin/users', {
    data: { email, firstName: 'Patience', lastName: 'Lukusa' },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { password } = (await created.json()) as { password: string };

  // The colleague sets up the authenticator app on their own device.
  const theirs = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { ...headers, 'X-Forwarded-For': clientIp(testInfo, 7).replace(/\.\d+$/, '.13') },
  });
  try {
    expect((await theirs.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
    const setup = await theirs.post('/api/auth/second-factor/totp', { data: { currentPassword: password } });
    const { secret } = (await setup.json()) as { secret: string };
    const confirmed = await theirs.post('/api/auth/second-factor/totp/confirm', {
      data: { code: await generate({ secret }) },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // They lost their phone: an administrator resets it, after saying what it does, then with their
    // own password.
    await page.reload();
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await expect(row).toContainText('Double authentification');
    const reset = row.getByRole('button', { name: `Réinitialiser la double authentification ${email}` });
    // Inside its row, even on a 360 px phone.
    const [rowBox, resetBox] = [await row.boundingBox(), await reset.boundingBox()];
    expect((resetBox?.x ?? 0) + (resetBox?.width ?? 0)).toBeLessThanOrEqual(
      (rowBox?.x ?? 0) + (rowBox?.width ?? 0),
    );
    await reset.click();
    const first = page.getByRole('alertdialog', { name: 'Réinitialiser la double authentification ?' });
    await expect(first).toContainText('ses sessions ouvertes seront fermées');
    expect(await axeViolations(page, (b) => b.include('[role="alertdialog"]'))).toEqual([]);
    await first.getByRole('button', { name: 'Continuer' }).click();
    const second = page.getByRole('dialog', {
      name: 'Réinitialiser la double authentification de Patience Lukusa',
    });
    await second.getByLabel('Mot de passe actuel').fill('pas le bon mot de passe');
    await second.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(second.getByText('Mot de passe actuel incorrect.')).toBeVisible();
    expect(await axeViolations(page, (b) => b.include('[role="dialog"]'))).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await second.getByLabel('Mot de passe actuel').fill(ADMIN.password);
    await second.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(toasts(page).filter({ hasText: 'Double authentification réinitialisée' })).toBeVisible();
    await expect(row).not.toContainText('Double authentification');
    await expect(row.getByRole('button', { name: /^Réinitialiser la double authentification/ })).toHaveCount(
      0,
    );

    // Their session ended; they are told by email, and the password alone signs them in again.
    expect((await theirs.get('/api/auth/me')).status()).toBe(401);
    const told = await requireEmail(email, {
      subject: /^Votre double authentification a été réinitialisée$/,
    });
    expect(told.text).toContain('a réinitialisé la double authentification de votre compte');
    const login = await theirs.post('/api/auth/login', { data: { email, password } });
    expect(await login.json()).toMatchObject({ user: { email } });
  } finally {
    await theirs.dispose();
  }
});
