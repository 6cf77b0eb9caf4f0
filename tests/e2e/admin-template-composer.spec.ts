import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { clientIp, expectToastShown, openSignedIn, recordToasts, uniqueSuffix } from './helpers/admin.ts';
import { requireEmail } from './helpers/mailbox.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

/**
 * The site's own emails written without code (decision 103): a built-in template opens in the
 * block composer, its subject in chips, a text with a variable's chip is added and previewed, the
 * MJML editor is a switch there and back, and the email the site then sends says what was written.
 * Each project edits its own template (the server is shared): the phone the staff's lead
 * notification, the desktop the newsletter's confirmation.
 */
const STAFF_INBOX = 'leads@lisanga-digital.cd';

type Case = {
  template: string;
  chip: string;
  subjectChips: string[];
  send: (page: Page, marker: string, ip: string) => Promise<{ to: string; expected: string }>;
};

const CASES: Record<'desktop' | 'phone', Case> = {
  desktop: {
    template: 'Confirmation d’inscription à la newsletter',
    chip: 'companyAddress',
    subjectChips: [],
    send: async (page, marker, ip) => {
      const email = `composer-${randomUUID().slice(0, 8)}@example.cd`;
      const sent = await page.request.post('/api/newsletter/subscribe', {
        headers: { 'X-Forwarded-For': ip },
        data: { email, source: 'website', locale: 'fr' },
      });
      expect(sent.ok()).toBe(true);
      return { to: email, expected: marker };
    },
  },
  phone: {
    template: 'Notification interne : nouveau contact',
    chip: 'fullName',
    // 'Nouveau contact : {{fullName}}{{#company}} ({{company}}){{/company}}'
    subjectChips: ['fullName', ' (company)'],
    send: async (page, marker, ip) => {
      const fullName = `Bijou Composée ${uniqueSuffix()}`;
      const sent = await page.request.post('/api/contact', {
        headers: { 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': ip },
        data: aWebsiteRequest({ fullName, email: 'bijou.composee@example.cd' }),
      });
      expect(sent.status()).toBe(201);
      return { to: STAFF_INBOX, expected: `${marker} ${fullName}` };
    },
  },
};

test('a built-in email is written in the composer, previewed, switched to MJML and back, and sent as written', async ({
  page,
}, testInfo) => {
  test.slow(); // a login, two compilations, a save and an email through the outbox
  const which = testInfo.project.name.startsWith('phone') ? 'phone' : 'desktop';
  const { template, chip, subjectChips, send } = CASES[which];
  const marker = `Composé ${uniqueSuffix()}`;

  await recordToasts(page);
  await openSignedIn(page, '/admin/emails/templates');
  // The list shows subjects in chips too: no brace anywhere.
  await expect(page.getByRole('main')).not.toContainText('{{');
  await page.getByRole('link', { name: template }).click();

  // It opens in the composer: its blocks, and its subject as text and chips.
  await expect(page.getByRole('region', { name: 'Bloc 1 : Titre' })).toBeVisible();
  const subject = page.getByRole('textbox', { name: 'Objet par défaut' });
  await expect(subject).toBeVisible();
  await expect(subject).not.toContainText('{{');
  await expect(subject.locator('[data-variable]')).toHaveText(subjectChips);

  // A new text block: words, then a chip from "Insérer une variable".
  await page
    .getByRole('group', { name: 'Ajouter un bloc' })
    .getByRole('button', { name: 'Texte', exact: true })
    .click();
  const added = page.getByRole('region', { name: /^Bloc \d+ : Texte$/ }).last();
  const text = added.getByRole('textbox', { name: 'Texte' });
  await text.click();
  await page.keyboard.type(`${marker} `);
  await added.getByRole('combobox', { name: 'Insérer une variable' }).selectOption(chip);
  await expect(text.locator('[data-variable]')).toHaveText(chip);

  // The preview follows, examples filled in, at a phone's width and a computer's.
  if (which === 'phone') await page.getByRole('tab', { name: 'Aperçu' }).click();
  const preview = page.frameLocator('iframe[title="Aperçu de l’email"]');
  await expect(preview.getByText(marker)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Ordinateur' }).click();
  await expect(page.getByRole('button', { name: 'Ordinateur' })).toHaveAttribute('aria-pressed', 'true');
  expect(await scrollsSideways(page)).toBe(false);
  // The email itself is checked by its own tests; axe cannot enter the sandboxed preview.
  expect(await axeViolations(page, (builder) => builder.exclude('iframe[sandbox]'))).toEqual([]);

  // The expert's switch: the same email as MJML, then back to the blocks.
  await page.getByRole('button', { name: 'Mode expert (MJML)' }).click();
  if (which === 'phone') await page.getByRole('tab', { name: 'Source' }).click();
  await expect(page.getByLabel('Source MJML')).toHaveValue(new RegExp(marker));
  await page.getByRole('button', { name: 'Ouvrir dans le composeur' }).click();
  await expect(page.getByRole('status').filter({ hasText: /composeur/ })).toBeVisible();
  if (which === 'phone') await page.getByRole('tab', { name: 'Contenu' }).click();
  const back = page.getByRole('region', { name: /^Bloc \d+ : Texte$/ }).filter({ hasText: marker });
  await expect(back.locator('[data-variable]')).toHaveText(chip);

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToastShown(page, 'Modèle enregistré');

  // The site's next email of this kind says it, the chip filled in.
  const { to, expected } = await send(page, marker, clientIp(testInfo, 43));
  const mail = await requireEmail(to, { containing: expected });
  expect(mail.text).toContain(expected);
  expect(mail.text).not.toContain('{{');
});
