import { randomUUID } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { callHour, callWhen } from '#app/features/admin/bookings/format.ts';
import { formatFrenchDate } from '#app/lib/french-date.ts';
import { kinshasaDate } from '#common/kinshasa.ts';
import { parseInvitation } from '#tests/helpers/ical.ts';
import { aCallRequest } from '#tests/helpers/request-factories.ts';
import { calendarPart } from '#tests/helpers/smtp.ts';
import {
  clientAddressPerTest,
  expectToastShown,
  openSignedIn,
  recordToasts,
  uniqueSuffix,
} from './helpers/admin.ts';
import { requireEmail } from './helpers/mailbox.ts';
import { axeViolations } from './helpers/page.ts';

/**
 * The staff's side of the discovery call end to end (docs/decisions/078-call-booking-admin.md): an
 * admin sets a colleague's availability in the settings; a visitor books a call through the
 * public API; the open agenda shows it live, by week and by day, and its lead's panel says when it
 * is. Nothing scrolls sideways, on a computer and on phones down to 320 px.
 *
 * Making someone bookable changes what the public call modal offers, so this spec runs with the
 * specs that edit public content (playwright.config.ts). Both projects run it at once on the same
 * server: each works on its own new colleague and its own lead.
 */
clientAddressPerTest(19);

// The other project's live leads show their own toasts, which replace this test's at once: each
// test asks whether its toast was shown (helpers/admin.ts).
test.beforeEach(async ({ page }) => {
  await recordToasts(page);
});

/** The admin API with the page's session (the CSRF check wants the Origin and X-Requested-With). */
const adminHeaders = (page: Page) => ({ Origin: new URL(page.url()).origin, 'X-Requested-With': 'fetch' });

/** A new admin account, through the API: the colleague whose availability the test sets. */
async function newColleague(page: Page, lastName: string) {
  const response = await page.request.post('/api/admin/users', {
    data: { email: `agenda-${uniqueSuffix()}@example.cd`, firstName: 'Agenda', lastName },
    headers: adminHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: { id: string } }).user;
}

/**
 * A new colleague who takes calls every day from 08:00 to 20:00 (Kinshasa), and a visitor's call
 * booked with them through the public API; `beforeBooking` runs once the times are offered.
 */
async function bookedCall(page: Page, testInfo: TestInfo, beforeBooking: (first: string) => Promise<void>) {
  const colleague = await newColleague(page, `${testInfo.project.name} ${uniqueSuffix()}`);
  const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    ranges: [{ start: '08:00', end: '20:00' }],
  }));
  const saved = await page.request.put(`/api/admin/booking/availability?adminId=${colleague.id}`, {
    data: { bookable: true, days: allWeek, daysOff: [] },
    headers: adminHeaders(page),
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // A visitor asks for a call: the answer leads to their booking page, whose token books.
  const fullName = `Visiteur Agenda ${uniqueSuffix()}`;
  const email = `${uniqueSuffix()}@example.cd`;
  const asked = await page.request.post('/api/contact', {
    data: aCallRequest({
      fullName,
      email,
      details: { callType: 'Conseil stratégique', preferredTime: 'Flexible', urgency: 'Sous 15 jours' },
    }),
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id, bookingPath } = (await asked.json()) as { id: string; bookingPath?: string };
  expect(bookingPath, 'someone is bookable: the request answers the booking page').toBeTruthy();
  const token = new URL(bookingPath ?? '', page.url()).searchParams.get('token') ?? '';
  const offer = await page.request.get(`/api/calls?token=${encodeURIComponent(token)}`);
  expect(offer.status(), await offer.text()).toBe(200);
  const { slots } = (await offer.json()) as { slots: { startsAt: string }[] };
  expect(slots.length).toBeGreaterThan(0);
  const first = slots[0]?.startsAt ?? '';
  await beforeBooking(first);
  for (const slot of slots) {
    // The other project's visitor may take the same time at once: then the next one.
    const response = await page.request.post('/api/calls/book', { data: { token, startsAt: slot.startsAt } });
    if (response.status() === 201) return { id, fullName, email, booked: { first, at: slot.startsAt } };
    expect(response.status(), await response.text()).toBe(409);
  }
  throw new Error('no time could be booked');
}

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('an admin sets up a colleague’s weekly availability and days off in the settings', async ({
  page,
}, testInfo) => {
  const lastName = `${testInfo.project.name} ${uniqueSuffix()}`;
  await openSignedIn(page, '/admin/settings?onglet=disponibilites');
  await newColleague(page, lastName);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Disponibilités', selected: true })).toBeVisible();

  await page.getByLabel('Disponibilités de').selectOption({ label: `Agenda ${lastName}` });
  const bookable = page.getByRole('switch', {
    name: `Agenda ${lastName} peut être réservé(e) pour un appel découverte`,
  });
  await expect(bookable).not.toBeChecked();
  await expect(page.getByText('Heures de Kinshasa (UTC+1).')).toBeVisible();
  await page.getByRole('button', { name: 'Proposer des horaires types' }).click();
  await expect(page.getByRole('group', { name: 'Lundi, plage 2' }).getByLabel('Début')).toHaveValue('14:00');
  await bookable.check();
  // A range that ends before it starts is refused under its field, in French.
  await page.getByRole('group', { name: 'Mardi, plage 1' }).getByLabel('Fin').selectOption('08:00');
  await page.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
  await expect(
    page
      .getByRole('group', { name: 'Mardi, plage 1' })
      .getByText('L’heure de fin doit venir après l’heure de début.'),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Mardi, plage 1' }).getByLabel('Fin').selectOption('12:00');

  const dayOff = kinshasaDate(new Date(Date.now() + 20 * 86_400_000));
  await page.getByRole('textbox', { name: 'Date du jour de congé' }).fill(formatFrenchDate(dayOff));
  await page.getByRole('button', { name: 'Ajouter ce jour' }).click();
  await page.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
  await expectToastShown(page, 'Disponibilités enregistrées');
  await expectNoSidewaysScroll(page);

  // Stored: read back after a reload.
  await page.reload();
  await page.getByLabel('Disponibilités de').selectOption({ label: `Agenda ${lastName}` });
  await expect(bookable).toBeChecked();
  await expect(page.getByRole('group', { name: 'Vendredi, plage 2' }).getByLabel('Fin')).toHaveValue('17:00');
  await expect(page.getByRole('list', { name: 'Jours de congé prévus' }).getByRole('listitem')).toHaveCount(
    1,
  );
});

test('a call booked by a visitor appears live in the agenda, by week and by day, and on its lead', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name.startsWith('phone');
  await openSignedIn(page, '/admin/rendez-vous');
  await expect(page.getByRole('heading', { name: 'Rendez-vous', level: 1 })).toBeVisible();

  const { fullName, booked } = await bookedCall(page, testInfo, async (first) => {
    // The agenda of that week is open, its real-time channel live, when the visitor books.
    await page.goto(`/admin/rendez-vous?date=${kinshasaDate(new Date(first))}`);
    await expect(page.getByText('Temps réel actif').first()).toBeAttached();
  });
  const first = booked.first;
  const day = kinshasaDate(new Date(booked.at));
  if (day !== kinshasaDate(new Date(first))) await page.goto(`/admin/rendez-vous?date=${day}`);

  const card = page.getByRole('article', { name: new RegExp(fullName) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Conseil général');
  await expect(card).toContainText('Confirmé');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Jour', exact: true }).click();
  await expect(page).toHaveURL(/vue=jour/);
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (phone) {
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 640 });
      await expect(card).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Semaine', exact: true }).click();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Jour', exact: true }).click();
    }
  }

  // Its lead's panel says when the call is and with whom.
  await card.getByRole('link', { name: fullName }).click();
  const panel = page.getByRole('dialog', { name: fullName });
  await expect(panel.getByRole('region', { name: 'Appel découverte' })).toContainText(
    '(heure de Kinshasa) avec',
  );
  await expect(panel.getByRole('region', { name: 'Appel découverte' })).toContainText('Confirmé');
});

test('an admin moves a booked call to another free time from its lead; the visitor gets the updated invitation', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name.startsWith('phone');
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, '/admin/rendez-vous');
  const { id, fullName, email, booked } = await bookedCall(page, testInfo, async () => {});
  const invited = await requireEmail(email, { subject: /^Votre appel découverte\s: / });
  const original = parseInvitation(calendarPart(invited));

  await page.goto(`/admin/contacts?lead=${id}`);
  const panel = page.getByRole('dialog', { name: fullName });
  const call = panel.getByRole('region', { name: 'Appel découverte' });
  await expect(call).toContainText(callHour(booked.at));
  await call.getByRole('button', { name: 'Déplacer l’appel' }).click();
  const dialog = page.getByRole('dialog', { name: `Déplacer l’appel de ${fullName}` });
  await expect(dialog).toContainText('Heures de Kinshasa');
  // Submitting before choosing says what is missing.
  await dialog.getByRole('button', { name: 'Déplacer l’appel' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choisissez une heure dans la liste.');

  // The next day that has free times, its third one.
  const day = dialog.getByLabel('Jour');
  await day.selectOption({ index: 1 });
  const times = dialog.getByRole('group', { name: 'Heure' }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  const target = await times.nth(2).inputValue();
  await dialog.getByText(callHour(target), { exact: true }).click();
  await expect(times.nth(2)).toBeChecked();
  expect(await axeViolations(page, (b) => b.include('[role="dialog"]'))).toEqual([]);
  await expectNoSidewaysScroll(page);
  await testInfo.attach('moving a call', { body: await page.screenshot(), contentType: 'image/png' });

  await dialog.getByRole('button', { name: 'Déplacer l’appel' }).click();
  await expectToastShown(page, 'Appel déplacé');
  await expect(dialog).toBeHidden();
  await expect(call).toContainText(callHour(target));
  await expect(call).toContainText(callWhen(target));

  // The visitor's calendar replaces the event: same UID, SEQUENCE raised, the new time.
  const moved = await requireEmail(email, { subject: /^Votre appel découverte est déplacé au / });
  expect(moved.html).toContain('Votre appel a été déplacé');
  const update = parseInvitation(calendarPart(moved));
  expect(update.method).toBe('REQUEST');
  expect(update.event.uid).toBe(original.event.uid);
  expect(Number(update.event.sequence)).toBe(Number(original.event.sequence) + 1);
  expect(new Date(update.event.start).toISOString()).toBe(target);
  // The lead's history says who moved it.
  await expect(panel.getByText(/^Appel découverte déplacé par l’équipe/)).toBeVisible();
});
