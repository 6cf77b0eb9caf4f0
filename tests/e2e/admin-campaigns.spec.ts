import { expect, type Page, test } from '@playwright/test';
import { AUDIENCE_FOLD_LAG_MS } from '#common/audience.ts';
import { aCampaignInput } from '#tests/helpers/request-factories.ts';
import {
  clientIp,
  expectToastShown,
  openDialog,
  openSignedIn,
  recordToasts,
  uniqueSuffix,
} from './helpers/admin.ts';
import { emailsTo, requireEmail } from './helpers/mailbox.ts';
import { axeViolations } from './helpers/page.ts';

/**
 * Email templates and campaigns end to end (decisions 017 to 019): an admin writes a template (MJML
 * errors shown in French, live preview), creates a campaign for the subscribers of one tag, sends a
 * test, sends it for real, watches the status become 'Envoyée' and the results fill in; every
 * recipient gets exactly one email with its List-Unsubscribe headers; opening the tracking pixel
 * and following a tracked link show in the results.
 *
 * The server and its database are shared by every spec and both projects at once: each run uses
 * its own template key, tag and addresses (random suffix).
 */
test.beforeEach(async ({ page }, testInfo) => {
  // Other specs' leads and subscribers arrive as live toasts here too: toasts are checked as shown.
  await recordToasts(page);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo, 8) });
});

/** Subscribers the admin declares already consented: active at once, with the given tag. */
async function importActiveSubscribers(page: Page, tag: string, addresses: string[]) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(
    `/api/admin/newsletter/import?consented=true&tags=${encodeURIComponent(tag)}`,
    {
      data: `email;prénom\n${addresses.map((a, i) => `${a};Abonné${i + 1}`).join('\n')}\n`,
      headers: { 'Content-Type': 'text/csv', Origin: origin, 'X-Requested-With': 'fetch' },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
}

const kpi = (page: Page, label: string) => page.locator(`[data-kpi="${label}"]`);

test('write a template, preview it, send a campaign to a tag, watch it sent and its results', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const id = uniqueSuffix();
  const phone = testInfo.project.name === 'phone';
  const templateName = `Offre spéciale ${id}`;
  const message = `Profitez de notre audit gratuit ${id}`;
  const offerUrl = `https://lisanga-digital.cd/offres/${id}`;
  const tag = `e2e-${id}`;
  const recipients = [1, 2, 3].map((n) => `campagne-${id}-${n}@example.com`);
  const tester = `testeur-${id}@example.com`;
  const subject = `Notre offre du mois ${id}`;

  // 1. A template: a mistake first (mj-text straight in mj-body), shown in French, then fixed.
  await openSignedIn(page, '/admin/emails/templates');
  await page.getByRole('link', { name: 'Nouveau modèle' }).click();
  await expect(page.getByRole('heading', { name: 'Nouveau modèle' })).toBeVisible();
  await page.getByLabel('Nom', { exact: true }).first().fill(templateName);
  await page.getByLabel('Clé').fill(`offre_${id}`);
  await page.getByLabel('Objet par défaut').fill('Une offre pour vous');
  const source = page.getByLabel('Source MJML');
  await source.fill(`<mjml>
  <mj-body>
    <mj-text>Hors colonne</mj-text>
  </mj-body>
</mjml>`);
  if (phone) await page.getByRole('tab', { name: 'Aperçu' }).click();
  await expect(page.getByTestId('mjml-errors')).toContainText(
    'Ligne 3 : La balise mj-text n’est pas autorisée dans mj-body',
  );
  if (phone) await page.getByRole('tab', { name: 'Source' }).click();
  await source.fill(`<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text>Bonjour{{#firstName}} {{firstName}}{{/firstName}},</mj-text>
        <mj-text>{{message}}</mj-text>
        <mj-button href="${offerUrl}">Voir l’offre</mj-button>
        <mj-text><a href="${baseURL}/services">Nos services</a></mj-text>
        <mj-text font-size="12px">Lisanga Digital · {{companyAddress}} · <a href="{{manageUrl}}">Gérer mes préférences</a> · <a href="{{unsubscribeUrl}}">Se désinscrire</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`);
  // The starter variables: firstName, message, companyAddress, manageUrl, unsubscribeUrl.
  await page.getByLabel('Exemple').nth(1).fill('Exemple de message pour l’aperçu');
  if (phone) await page.getByRole('tab', { name: 'Aperçu' }).click();
  const preview = page.frameLocator('iframe[title="Aperçu du modèle"]');
  await expect(preview.getByText('Exemple de message pour l’aperçu')).toBeVisible();
  await expect(page.getByTestId('mjml-errors')).toHaveCount(0);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToastShown(page, 'Modèle enregistré');
  await expect(page).toHaveURL(/\/admin\/emails\/templates\/[0-9a-f-]{36}$/);

  // 2. Recipients: three active subscribers carrying a tag of their own.
  await importActiveSubscribers(page, tag, recipients);

  // 3. The campaign, for that tag only.
  await page.goto('/admin/emails/campaigns');
  await page.getByRole('link', { name: 'Nouvelle campagne' }).click();
  await page.getByLabel('Titre (interne)').fill(`Campagne ${id}`);
  // A template is the expert's way, behind "Avancé"; the composer is the default.
  await page.getByRole('switch', { name: /^Avancé/ }).check();
  await page.getByLabel('Modèle', { exact: true }).selectOption({ label: templateName });
  await page.getByLabel('Objet', { exact: true }).fill(subject);
  await page.getByRole('checkbox', { name: tag }).check();
  await expect(page.getByTestId('segment-count')).toHaveText('3 destinataires actifs');
  await page.getByRole('textbox', { name: /^Texte du message/ }).fill(message);
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('campaign-status')).toHaveText('Brouillon');
  await expect(page.getByTestId('recipient-count')).toHaveText('3 abonnés actifs');

  // 4. Preview: the campaign's own content, in a sandboxed frame.
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aperçu de la campagne' });
  await expect(dialog.frameLocator('iframe').getByText(message)).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  // 5. A test to one address, subject marked [TEST].
  await page.getByRole('button', { name: 'Envoyer un test' }).click();
  await page.getByLabel('Adresse email').fill(tester);
  await page.getByRole('button', { name: 'Envoyer le test' }).click();
  await expectToastShown(page, 'Email de test envoyé');
  const testEmail = await requireEmail(tester, { subject: /^\[TEST\] / });
  expect(testEmail.subject).toBe(`[TEST] ${subject}`);
  expect(testEmail.text).toContain(message);

  // 6. Send now, after a confirmation naming the number of recipients.
  await page.getByRole('button', { name: 'Envoyer maintenant' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('3 destinataires actifs');
  await confirm.getByRole('button', { name: 'Envoyer maintenant' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('Envoyée', { timeout: 60_000 });

  // 7. One email per recipient, personal unsubscribe headers; none to the tester.
  for (const address of recipients) {
    const mail = await requireEmail(address, { subject: new RegExp(`^${subject}$`) });
    expect(mail.text).toContain(message);
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/newsletter\/unsubscribe\?token=/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await emailsTo(address)).toHaveLength(1);
  }
  expect(await emailsTo(tester, { subject: new RegExp(`^${subject}$`) })).toHaveLength(0);

  // 8. Results: every message sent; an open and a click recorded from the tracked email.
  await expect(kpi(page, 'Envoyés')).toHaveText('3', { timeout: 15_000 });
  await expect(kpi(page, 'Ouvertures')).toHaveText('0');
  const received = await requireEmail(recipients[0] as string, { subject: new RegExp(`^${subject}$`) });
  const pixel = /https?:\/\/[^"'\s]+\/t\/o\/[A-Za-z0-9_-]+/.exec(received.html ?? '')?.[0];
  expect(pixel, 'the open pixel of the email').toBeTruthy();
  const opened = await request.get(pixel as string);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('image/gif');
  const tracked = /https?:\/\/[^"'\s]+\/t\/c\/[A-Za-z0-9_-]+/.exec(received.html ?? '')?.[0];
  expect(tracked, 'the tracked link of the email').toBeTruthy();
  const clicked = await request.get(tracked as string, { maxRedirects: 0 });
  expect(clicked.status()).toBe(302);
  expect(clicked.headers().location).toBe(offerUrl);

  await page.reload();
  await expect(kpi(page, 'Ouvertures')).toHaveText('1');
  await expect(kpi(page, 'Ouvertures uniques')).toHaveText('1');
  await expect(kpi(page, 'Clics')).toHaveText('1');
  await expect(kpi(page, 'Taux d’ouverture')).toHaveText(/33,3\s?%/);
  await expect(page.getByRole('cell', { name: offerUrl })).toBeVisible();
  // The hourly timeline draws its three series in their order, the sends' bar at its height.
  await expect(page.locator('.recharts-legend-item-text')).toHaveText(['Envoyés', 'Ouvertures', 'Clics']);
  const sentBar = page.locator('.recharts-bar-rectangle path').first();
  await expect(sentBar).toBeVisible();
  expect((await sentBar.boundingBox())?.height).toBeGreaterThan(0);

  // 9. A click on the link to the site lands on it tagged with the campaign (decision 084), and the
  // visit counts for the campaign: from a visitor's browser (staff and headless browsers are not
  // counted), once the minute's fold has run (every second in this run).
  const siteLinks = (received.html ?? '').match(/https?:\/\/[^"'\s]+\/t\/c\/[A-Za-z0-9_-]+/g) ?? [];
  let landing = '';
  for (const link of siteLinks) {
    const location = (await request.get(link, { maxRedirects: 0 })).headers().location ?? '';
    if (location.startsWith(`${baseURL}/services`)) landing = link;
  }
  expect(landing, 'the tracked link to the site').toBeTruthy();
  const visitor = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    extraHTTPHeaders: { 'X-Forwarded-For': `10.39.${phone ? 2 : 1}.1` },
  });
  try {
    const tab = await visitor.newPage();
    const counted = tab.waitForResponse((r) => r.url().endsWith('/api/audience') && r.status() === 202);
    await tab.goto(landing);
    expect(new URL(tab.url()).searchParams.get('utm_source')).toBe('newsletter');
    expect(new URL(tab.url()).searchParams.get('utm_medium')).toBe('email');
    expect(new URL(tab.url()).searchParams.get('utm_campaign')).toMatch(/^campagne-/);
    await counted;
  } finally {
    await visitor.close();
  }
  // The fold stays 30 s behind the clock (AUDIENCE_FOLD_LAG_MS): reload until it has reached the visit.
  await expect(async () => {
    await page.reload();
    await expect(kpi(page, 'Visites')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: AUDIENCE_FOLD_LAG_MS + 30_000 });
});

test('compose a campaign in blocks with a first-name chip, preview it, send a test greeting a subscriber; an empty one cannot leave', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const phone = testInfo.project.name === 'phone';
  const tag = `blocs-${id}`;
  const recipients = [1, 2].map((n) => `blocs-${id}-${n}@example.com`);
  const tester = `testeur-blocs-${id}@example.com`;
  const origin = () => new URL(page.url()).origin;

  await openSignedIn(page, '/admin/emails/campaigns/new');
  await importActiveSubscribers(page, tag, recipients);
  await page.reload();

  // 1. Title, and a subject with the first name as a chip, its fallback typed under it.
  await page.getByLabel('Titre (interne)').fill(`Blocs ${id}`);
  const subject = page.getByRole('textbox', { name: 'Objet' });
  await subject.click();
  await page.keyboard.type(`Nos conseils ${id}, `);
  await page.getByRole('button', { name: 'Insérer le Prénom' }).first().click();
  await page.getByLabel('Sans prénom connu, écrire').fill('chers lecteurs');
  await page.getByRole('checkbox', { name: tag }).check();
  await expect(page.getByTestId('segment-count')).toHaveText('2 destinataires actifs');

  // 2. The blocks: the starter's greeting (with its chip) stays; text in the second paragraph, a
  // heading added and moved to the top, the default button kept.
  const blocks = page.getByRole('region', { name: /^Bloc \d+/ });
  await expect(blocks).toHaveCount(2);
  await blocks.nth(1).getByRole('textbox', { name: 'Texte' }).click();
  await page.keyboard.type(`Trois idées pour vendre plus ce mois-ci ${id}.`);
  await page.getByRole('button', { name: 'Titre', exact: true }).click();
  await blocks.nth(2).getByRole('textbox', { name: 'Titre' }).click();
  await page.keyboard.type('Le mot du mois');
  await page.getByRole('button', { name: 'Monter le bloc 3' }).click();
  await page.getByRole('button', { name: 'Monter le bloc 2' }).click();
  await expect(blocks.first()).toHaveAccessibleName(/^Bloc 1\s?: Titre$/);
  await page.getByRole('button', { name: 'Bouton', exact: true }).click();
  await expect(blocks).toHaveCount(4);

  // 3. The live preview: the example first name, then the fallback, at both widths.
  const preview = page.getByRole('region', { name: 'Aperçu' });
  const frame = preview.frameLocator('iframe').getByRole('article');
  await preview.scrollIntoViewIfNeeded();
  await expect(frame.getByText('Bonjour Grâce,')).toBeVisible();
  await expect(frame.getByText(`Trois idées pour vendre plus ce mois-ci ${id}.`)).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Demander un devis gratuit' })).toBeVisible();
  await expect(page.getByTestId('composer-preview-subject')).toHaveText(
    new RegExp(`Nos conseils ${id}, Grâce$`),
  );
  await preview.getByRole('button', { name: 'Sans prénom' }).click();
  await expect(frame.getByText('Bonjour à vous,')).toBeVisible();
  await expect(page.getByTestId('composer-preview-subject')).toHaveText(
    new RegExp(`Nos conseils ${id}, chers lecteurs$`),
  );
  await preview.getByRole('button', { name: 'Ordinateur' }).click();
  await expect(preview.locator('iframe')).toHaveAttribute('sandbox', '');
  const frameWidth = await preview.locator('iframe').evaluate((el) => el.getBoundingClientRect().width);
  expect(frameWidth).toBeGreaterThan(phone ? 250 : 400);
  // Nothing on the screen scrolls sideways, on a phone either.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('campaign-status')).toHaveText('Brouillon');
  await expect(page.getByRole('region', { name: /Avant de l.envoyer/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Envoyer maintenant' })).toBeEnabled();

  // 4. A test greeting the first subscriber: the SMTP server gets their first name.
  const dialog = await openDialog(page, 'Envoyer un test');
  await dialog.getByLabel('Adresse email').fill(tester);
  await dialog.getByLabel('Chercher un abonné').fill(recipients[0] as string);
  const who = dialog.getByLabel('Abonné', { exact: true });
  await expect(who.locator('option')).toHaveCount(2);
  await who.selectOption({ label: `Abonné1 · ${recipients[0]}` });
  await dialog.getByRole('button', { name: 'Envoyer le test' }).click();
  await expectToastShown(page, 'Email de test envoyé');
  const mail = await requireEmail(tester, { subject: /^\[TEST\] / });
  expect(mail.subject).toBe(`[TEST] Nos conseils ${id}, Abonné1`);
  expect(mail.text).toContain('Bonjour Abonné1,');
  expect(mail.text).toContain('Le mot du mois');
  expect(mail.text).toContain(`Trois idées pour vendre plus ce mois-ci ${id}.`);
  expect(mail.text).not.toContain('{{');

  // 5. An empty campaign: saved as a draft, but neither the screen nor the API sends it.
  await page.goto('/admin/emails/campaigns/new');
  await page.getByLabel('Titre (interne)').fill(`Vide ${id}`);
  await page.getByRole('textbox', { name: 'Objet' }).click();
  await page.keyboard.type(`Rien à dire ${id}`);
  await page.getByRole('checkbox', { name: tag }).check();
  await page.getByRole('button', { name: 'Supprimer le bloc 2' }).click();
  await page.getByRole('button', { name: 'Supprimer le bloc 1' }).click();
  await expect(page.getByText(/^L’email est vide\s: ajoutez un premier bloc ci-dessous\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/campaigns\/[0-9a-f-]{36}$/);
  const problems = page.getByRole('region', { name: /Avant de l.envoyer ou de la programmer/ });
  await expect(problems).toContainText(
    /Le contenu est vide\s: écrivez au moins un paragraphe ou ajoutez un bloc\./,
  );
  await expect(page.getByRole('button', { name: 'Envoyer maintenant' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Programmer' })).toBeDisabled();
  const emptyId = page.url().split('/').at(-1) as string;
  const refused = await page.request.post(`/api/admin/campaigns/${emptyId}/send`, {
    headers: { Origin: origin(), 'X-Requested-With': 'fetch' },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.fields.body).toMatch(/^Le contenu est vide/);
  for (const address of recipients) {
    expect(await emailsTo(address, { subject: new RegExp(`Rien à dire ${id}`) })).toHaveLength(0);
  }
});

test('an open campaign page follows the worker without a reload: scheduled, then sent', async ({ page }) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const tag = `direct-${id}`;
  await openSignedIn(page, '/admin/emails/campaigns');
  await importActiveSubscribers(page, tag, [`direct-${id}@example.com`]);
  const headers = { Origin: new URL(page.url()).origin, 'X-Requested-With': 'fetch' };
  const { templates } = (await (await page.request.get('/api/admin/email-templates')).json()) as {
    templates: { id: string; key: string }[];
  };
  const template = templates.find((t) => t.key === 'monthly_newsletter');
  const created = await page.request.post('/api/admin/campaigns', {
    headers,
    data: aCampaignInput({
      templateId: template?.id ?? '',
      subject: `En direct ${id}`,
      segment: { tags: [tag] },
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { campaign } = (await created.json()) as { campaign: { id: string } };
  const scheduled = await page.request.post(`/api/admin/campaigns/${campaign.id}/schedule`, {
    headers,
    data: { scheduledAt: new Date(Date.now() + 8_000).toISOString() },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(200);

  await page.goto(`/admin/emails/campaigns/${campaign.id}`);
  const status = page.getByTestId('campaign-status');
  await expect(status).toHaveText('Programmée');
  // No reload from here: the worker's start and end reach the page through the websocket (a
  // scheduled campaign's page does not poll).
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  await expect(status).toHaveText('Envoyée', { timeout: 60_000 });
  expect(reloaded).toBe(false);
  await requireEmail(`direct-${id}@example.com`, { subject: new RegExp(`^En direct ${id}$`) });
});

test('the composer says what is missing while the admin types, before any save: the subject, an empty paragraph', async ({
  page,
}) => {
  if (test.info().project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, '/admin/emails/campaigns/new');
  const readiness = page.getByRole('region', { name: 'À compléter avant l’envoi' });
  await expect(readiness.getByRole('listitem')).toHaveText([
    'L’objet est vide.',
    /^Bloc 2 \(Paragraphe\)\s: ce bloc est vide\s; écrivez-le ou supprimez-le\.$/,
  ]);
  await page.getByRole('textbox', { name: 'Objet' }).click();
  await page.keyboard.type('Nos nouvelles');
  await expect(readiness.getByRole('listitem')).toHaveCount(1);
  const blocks = page.getByRole('region', { name: /^Bloc \d+/ });
  await blocks.nth(1).getByRole('textbox', { name: 'Texte' }).click();
  await page.keyboard.type('Trois idées pour ce mois.');
  await expect(page.getByRole('region', { name: 'Rien ne manque pour l’instant' })).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  // The preview's sandboxed frame runs no script, axe's included: it is left out.
  expect(await axeViolations(page, (builder) => builder.exclude('iframe[sandbox]'))).toEqual([]);
});
