import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { emailsTo, linkIn, requireEmail } from './helpers/mailbox.ts';
import { axeViolations, hydrated, pageWithoutJavaScript } from './helpers/page.ts';

/**
 * The newsletter end to end (docs/product.md §2.9, §5.3, §7.2, §8.3 and decision 009): the footer and home
 * forms, their toasts, then the double opt-in through the emailed links. The e2e server sends its email over
 * SMTP to a real SMTP server (global-setup.ts); the links are read from the messages it received.
 */

function clientIp(testInfo: TestInfo): string {
  // FNV-1a over the test's title and project: stable across runs, distinct between tests.
  let hash = 0x811c9dc5;
  for (const char of `newsletter ${testInfo.project.name} ${testInfo.titlePath.join(' › ')}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  const project = testInfo.project.name === 'phone' ? 12 : 11;
  return `10.${project}.${(hash >>> 8) & 255}.${hash & 255}`;
}

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo) });
});

const uniqueEmail = (testInfo: TestInfo) =>
  `nl-${testInfo.project.name}-${randomUUID().slice(0, 8)}@example.cd`;
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).locator('li');
const homeBlock = (page: Page) => page.getByRole('region', { name: 'Recevez nos conseils marketing' });

const CONFIRMATION = /^Confirmez votre inscription/;
const WELCOME = /^Bienvenue/;
const ALREADY_SUBSCRIBED = /^Vous êtes déjà inscrit\(e\)/;
const CONFIRM_LINK = /https?:\/\/[^\s"<>/]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/;
const MANAGE_LINK = /https?:\/\/[^\s"<>/]+\/newsletter\/manage\?token=[A-Za-z0-9_-]+/;
const UNSUBSCRIBE_LINK = /https?:\/\/[^\s"<>/]+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/;

/** The link of the confirmation email to `to`, once it has arrived. */
const confirmLink = async (to: string) =>
  linkIn(await requireEmail(to, { subject: CONFIRMATION }), CONFIRM_LINK);

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('subscribing from the footer: "Vérifiez votre email !", then the emailed link leads to the welcome page', async ({
  page,
}, testInfo) => {
  await page.goto('/about');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  const input = footer.getByRole('textbox', { name: 'Adresse email' });
  const email = uniqueEmail(testInfo);
  await input.fill(email);
  await footer.getByRole('button', { name: 'S’abonner' }).click();
  await expect(toasts(page).filter({ hasText: 'Vérifiez votre email !' })).toBeVisible();
  await expect(input).toHaveValue('');

  // A real subscription (not dropped as a bot): one confirmation email, received over SMTP.
  const confirmation = await requireEmail(email, { subject: CONFIRMATION });
  expect(confirmation.from).toContain('newsletter@lisanga-digital.cd');
  await page.goto(linkIn(confirmation, CONFIRM_LINK));
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue !' })).toBeVisible();

  const welcome = await requireEmail(email, { subject: WELCOME });
  expect(welcome.headers.get('list-unsubscribe')).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  expect(await emailsTo(email, { subject: CONFIRMATION })).toHaveLength(1);
});

test('an invalid address is refused under the field, without a request', async ({ page }) => {
  let posted = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/newsletter/subscribe')) posted = true;
  });
  await page.goto('/');
  await hydrated(page);
  const block = homeBlock(page);
  await block.getByRole('textbox', { name: 'Adresse email' }).fill('pas-un-email');
  await block.getByRole('button', { name: 'S’abonner' }).click();
  await expect(block.getByText('Email invalide', { exact: true })).toBeVisible();
  await expect(block.getByRole('textbox', { name: 'Adresse email' })).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('double opt-in from the home block, then unsubscribe from the manage page', async ({
  page,
}, testInfo) => {
  // Two emails over SMTP, three pages and an accessibility scan: three times the usual ceiling.
  test.slow();
  const email = uniqueEmail(testInfo);
  await page.goto('/');
  await hydrated(page);
  const block = homeBlock(page);
  const input = block.getByRole('textbox', { name: 'Adresse email' });
  await input.fill(email);
  await block.getByRole('button', { name: 'S’abonner' }).click();
  await expect(toasts(page).filter({ hasText: 'Vérifiez votre email !' })).toBeVisible();
  await expect(input).toHaveValue('');

  const confirmUrl = await confirmLink(email);
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmez votre inscription' })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue !' })).toBeVisible();

  // The same link again: already used, a clear page offering a new link.
  await page.goto(confirmUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Ce lien a déjà été utilisé' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recevoir un nouveau lien' })).toBeVisible();

  // Subscribing again now: the answer anyone gets (the page must not tell who is subscribed), and
  // the owner is told by email, with a manage link.
  await page.goto('/');
  await hydrated(page);
  await homeBlock(page).getByRole('textbox', { name: 'Adresse email' }).fill(email.toUpperCase());
  await homeBlock(page).getByRole('button', { name: 'S’abonner' }).click();
  await expect(toasts(page).filter({ hasText: 'Vérifiez votre email !' })).toBeVisible();
  await requireEmail(email, { subject: WELCOME });

  const manageUrl = linkIn(await requireEmail(email, { subject: ALREADY_SUBSCRIBED }), MANAGE_LINK);
  await page.goto(manageUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Gérer mon abonnement' })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);
  await page.getByLabel('Prénom (facultatif)').fill('Grâce');
  await page.getByLabel('Branding et identité visuelle').check();
  await page.getByRole('button', { name: 'Enregistrer mes préférences' }).click();
  await expect(page.getByText('Vos préférences ont été enregistrées.')).toBeVisible();
  await page.getByRole('button', { name: 'Me désinscrire' }).click();
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
});

test('an unknown confirm link shows a French page with a form for a new link', async ({ page }) => {
  await page.goto(`/newsletter/confirm?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ce lien n’est pas valide' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await hydrated(page);
  await expectAccessible(page);
});

test(
  'without JavaScript, the emailed confirm and unsubscribe links still work',
  { tag: '@any-screen' },
  async ({ browser, request }, testInfo) => {
    const email = uniqueEmail(testInfo);
    const subscribed = await request.post('/api/newsletter/subscribe', {
      data: { email, source: 'website', locale: 'fr' },
      headers: { 'X-Forwarded-For': clientIp(testInfo) },
    });
    expect(await subscribed.json()).toEqual({ requiresConfirmation: true });

    const page = await pageWithoutJavaScript(browser);
    await page.goto(await confirmLink(email));
    await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/welcome$/);

    const unsubscribeUrl = linkIn(await requireEmail(email, { subject: WELCOME }), UNSUBSCRIBE_LINK);
    await page.goto(unsubscribeUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Me désinscrire' }).click();
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
    await page.context().close();
  },
);

test('a manage link that no longer works offers a new one by email, which opens the preferences', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  const subscribed = await page.request.post('/api/newsletter/subscribe', {
    data: { email, source: 'website', locale: 'fr' },
  });
  expect(subscribed.ok()).toBe(true);
  await page.goto(await confirmLink(email));
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/welcome$/);

  // A link cut by a mail client, or one past its 90 days.
  await page.goto(`/newsletter/manage?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ce lien n’est pas valide' })).toBeVisible();
  await page.getByLabel('Votre adresse email').fill(email);
  await page.getByRole('button', { name: 'Recevoir un nouveau lien' }).click();
  await expect(page.getByText(/un nouveau lien vient de lui être envoyé/)).toBeVisible();

  const mail = await requireEmail(email, { subject: /^Votre lien pour gérer votre newsletter/ });
  await page.goto(linkIn(mail, MANAGE_LINK));
  await expect(page.getByRole('textbox', { name: /Prénom/ })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});
