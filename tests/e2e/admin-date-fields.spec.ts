import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { formatFrenchDate } from '#app/lib/french-date.ts';
import { addDays, kinshasaDate } from '#common/kinshasa.ts';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { clientIp, openLeadPanel, openSignedIn, uniqueSuffix } from './helpers/admin.ts';
import { axeViolations, scrollsSideways } from './helpers/page.ts';

/**
 * Dates in French whatever the browser (docs/decisions/095-french-date-time-field.md): in a browser
 * set to American English, the back-office's date fields still read and take jj/mm/aaaa and a
 * 24-hour time, their calendar is French and starts on Monday, and what is chosen is saved.
 * On a 360-px phone and a 1280-px laptop.
 */
test.use({ locale: 'en-US', timezoneId: 'America/New_York', reducedMotion: 'reduce' });

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name.startsWith('phone')) await page.setViewportSize({ width: 360, height: 740 });
});

async function expectAxeClean(page: Page, label: string) {
  const violations = await axeViolations(page, (builder) => builder.exclude('iframe[sandbox]'));
  expect(
    violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
    label,
  ).toEqual([]);
}

test('a lead’s next action is set through the French fields and its calendar, and saved in Kinshasa time', async ({
  page,
}, testInfo) => {
  test.slow(); // a login, a lead, two saves and a reload on a busy machine
  const fullName = `Datou Kalala ${uniqueSuffix()}`;
  const sent = await page.request.post('/api/contact', {
    headers: { 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': clientIp(testInfo, 41) },
    data: aWebsiteRequest({ fullName, email: 'datou.kalala@example.cd', phone: '0810000002' }),
  });
  expect(sent.status()).toBe(201);
  await openSignedIn(page, '/admin/contacts');
  const panel = await openLeadPanel(page, fullName);
  const when = panel.getByRole('group', { name: 'Date et heure (Kinshasa)' });
  const day = when.getByRole('textbox', { name: 'Date', exact: true });
  const time = when.getByRole('textbox', { name: 'Heure', exact: true });

  // French formats although the browser speaks English: tomorrow at 09:00 to start with.
  const tomorrow = addDays(kinshasaDate(new Date()), 1);
  await expect(day).toHaveValue(formatFrenchDate(tomorrow));
  await expect(day).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await expect(time).toHaveValue('09:00');

  // An English time is refused in French, saying how to write it.
  await time.fill('2:30 PM');
  await day.focus();
  await expect(when.getByText('Heure invalide\u00a0: écrivez-la sous la forme hh:mm')).toBeVisible();
  await expect(time).toHaveAttribute('aria-invalid', 'true');

  // The calendar: French, from Monday, and the keyboard picks the day after the one shown.
  await when.getByRole('button', { name: 'Ouvrir le calendrier\u00a0: Date et heure (Kinshasa)' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendrier\u00a0: Date et heure (Kinshasa)' });
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('thead th').first()).toHaveText('lu');
  await expect(calendar.getByRole('grid')).toHaveAttribute(
    'aria-label',
    /^(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
  );
  await expect(calendar.getByRole('button', { name: /sélectionné$/ })).toBeFocused();
  expect(await scrollsSideways(page)).toBe(false);
  await expectAxeClean(page, 'calendar open');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  const chosen = addDays(tomorrow, 1);
  await expect(day).toHaveValue(formatFrenchDate(chosen));
  await expect(when.getByRole('button', { name: /^Ouvrir le calendrier/ })).toBeFocused();

  // A 24-hour time written the French way; the API gets the same value as ever.
  await time.fill('14h30');
  await panel.getByLabel('Prochaine action').fill('Envoyer le devis signé');
  const saved = page.waitForRequest(
    (request) => request.url().endsWith('/follow-up') && request.method() === 'PATCH',
  );
  await panel.getByRole('button', { name: 'Enregistrer la prochaine action' }).click();
  expect((await saved).postDataJSON()).toMatchObject({
    nextActionAt: `${chosen}T14:30:00+01:00`,
    nextActionNote: 'Envoyer le devis signé',
  });
  await expect(panel.getByText(`Envoyer le devis signé, le ${formatFrenchDate(chosen)} 14:30`)).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectAxeClean(page, 'lead panel');

  // Kept: after a reload the fields show the saved action, in French.
  await page.reload();
  await openLeadPanel(page, fullName);
  await expect(day).toHaveValue(formatFrenchDate(chosen));
  await expect(time).toHaveValue('14:30');
});

test('the activity log’s period is typed jj/mm/aaaa and filters by those days', async ({ page }) => {
  await openSignedIn(page, '/admin/activity');
  const from = page.getByRole('textbox', { name: 'Du', exact: true });
  await expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  const today = kinshasaDate(new Date());
  await from.fill(formatFrenchDate(today));
  await expect(page).toHaveURL(new RegExp(`[?&]du=${today}`));
  // Written the American way, a date is said wrong in French and the list keeps its filter.
  const to = page.getByRole('textbox', { name: 'Au', exact: true });
  await to.fill('12/31/2026');
  await from.focus();
  await expect(page.getByText('Date invalide\u00a0: écrivez-la sous la forme jj/mm/aaaa')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]au=/);
  await page.getByRole('button', { name: 'Ouvrir le calendrier\u00a0: Au' }).click();
  await expect(page.getByRole('dialog', { name: 'Calendrier\u00a0: Au' })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectAxeClean(page, 'activity with its calendar open');
});

test('the audience’s chosen dates are typed jj/mm/aaaa and show that period', async ({ page }) => {
  await openSignedIn(page, '/admin/audience');
  await page.getByRole('button', { name: 'Dates choisies' }).click();
  const today = kinshasaDate(new Date());
  const weekAgo = addDays(today, -6);
  const from = page.getByRole('textbox', { name: 'Du', exact: true });
  const to = page.getByRole('textbox', { name: 'Au', exact: true });
  // The form starts from the period shown, in French.
  await expect(to).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await from.fill(formatFrenchDate(weekAgo));
  await to.fill(formatFrenchDate(today));
  await page.getByRole('button', { name: 'Afficher', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`from=${weekAgo}&to=${today}`));
  await page.getByRole('button', { name: 'Ouvrir le calendrier\u00a0: Du' }).click();
  await expect(page.getByRole('dialog', { name: 'Calendrier\u00a0: Du' })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectAxeClean(page, 'audience with its calendar open');
});
