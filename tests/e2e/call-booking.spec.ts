/**
 * Booking the discovery call for real (docs/decisions/077-call-booking.md), on a phone, as people
 * do it: an admin makes themself bookable in the settings; a visitor in New York asks for a call,
 * picks a time from the modal's confirmation, on their own clock with Kinshasa's beside it; both
 * sides get an email with the calendar invitation; the visitor moves the call from the email's
 * link (the same event, SEQUENCE raised), then cancels it (METHOD:CANCEL).
 *
 * On its own server and data directory: making an admin bookable changes what every call request
 * answers, which the shared site's other specs must not see.
 */
import { type BrowserContextOptions, devices, expect, type Locator, type Page, test } from '@playwright/test';
import { clockTime } from '#common/call-time.ts';
import { KINSHASA_TIME_ZONE } from '#common/kinshasa.ts';
import { parseInvitation } from '#tests/helpers/ical.ts';
import { calendarPart } from '#tests/helpers/smtp.ts';
import { ADMIN, logIn } from './helpers/admin.ts';
import { E2E_PORT, linkIn, requireEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/page.ts';
import { START_CEILING, startOwnSite } from './helpers/process.ts';

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

/** Where `locator` is drawn; it must be. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not drawn`);
  return found;
}

/** The times of the day shown, each with Kinshasa's under it. */
const kinshasaSlots = (page: Page) => page.getByRole('button', { name: /^\d\d:\d\d \d\d:\d\d à Kinshasa$/ });

/** Both sides on a phone: the visitor's and the staff's usual screen. */
const phone = devices['Pixel 7'];

test('a visitor books the call from the modal, both sides get the invitation, then the visitor moves and cancels it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(START_CEILING + 120_000);
  const visitor = `amani.${Date.now().toString(36)}@example.cd`;
  const { url, stop } = await startOwnSite(E2E_PORT + 97);
  try {
    // The admin, on their phone, takes calls on weekdays.
    const staff = await browser.newContext({
      ...phone,
      baseURL: url,
      locale: 'fr-FR',
      serviceWorkers: 'block',
    });
    const admin = await staff.newPage();
    await admin.goto('/admin/login?redirect=%2Fadmin%2Fsettings');
    await logIn(admin);
    await admin.waitForURL(/\/admin\/settings/);
    await admin.getByRole('tab', { name: 'Disponibilités' }).click();
    await admin.getByLabel('Je peux être réservé(e) pour un appel découverte').check();
    await admin.getByRole('button', { name: 'Proposer des horaires types' }).click();
    await admin.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
    await expect(admin.getByText('Disponibilités enregistrées', { exact: true })).toBeVisible();

    // The visitor, in New York, asks for a call in their morning.
    const inNewYork = (screen: BrowserContextOptions) =>
      browser.newContext({
        ...screen,
        baseURL: url,
        locale: 'fr-FR',
        timezoneId: 'America/New_York',
        serviceWorkers: 'block',
      });
    const away = await inNewYork(phone);
    const page = await away.newPage();
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Ou réservez un appel découverte gratuit de 30 minutes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Planifions un appel découverte' });
    await dialog.getByLabel('Nom complet').fill('Amani Kabeya');
    await dialog.getByLabel('Email').fill(visitor);
    await dialog.getByLabel('Service qui vous intéresse').selectOption('Conseil général');
    await dialog.getByLabel('Type de discussion').selectOption('Conseil stratégique');
    await dialog.getByLabel('Créneau préféré').selectOption('Matin (8h-12h)');
    await dialog.getByLabel('Urgence').selectOption('Sous 15 jours');
    await dialog.getByRole('button', { name: 'Planifier l’appel' }).click();
    const confirmation = page.getByRole('region', { name: 'Demande d’appel bien reçue' });
    await expect(confirmation).toContainText('Choisissez dès maintenant l’heure de votre appel');
    await confirmation.getByRole('link', { name: 'Choisir mon créneau' }).click();

    // Their own clock, Kinshasa's beside it: Kinshasa is 6 hours ahead of New York in its winter,
    // 5 in its summer (checked against the booked call's instant below, whatever the season).
    await page.waitForURL(/\/appel-decouverte\?token=/);
    await expect(page.getByText('Heures affichées à l’heure de New York')).toBeVisible();
    const slots = kinshasaSlots(page);
    await expect(slots.first()).toBeVisible();
    const firstSlot = (await slots.first().textContent()) ?? '';
    const [localTime = '', kinshasaTime = ''] = firstSlot.match(/\d\d:\d\d/g) ?? [];
    expect([5, 6]).toContain(Number(kinshasaTime.slice(0, 2)) - Number(localTime.slice(0, 2)));
    await noSidewaysScroll(page);

    // On the narrowest phones still one column: the days above the times, nothing beside them,
    // nothing to scroll sideways.
    const narrow = await inNewYork({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const small = await narrow.newPage();
    await small.goto(page.url());
    await expect(kinshasaSlots(small).first()).toBeVisible();
    const [smallDays, smallTimes] = [
      await box(small.getByRole('group', { name: 'Jour' })),
      await box(small.getByRole('group').filter({ has: kinshasaSlots(small) })),
    ];
    expect(smallDays.y + smallDays.height, 'the days above the times').toBeLessThanOrEqual(smallTimes.y);
    expect(Math.abs(smallDays.x - smallTimes.x), 'in one column').toBeLessThan(1);
    await expect(small.getByRole('complementary', { name: 'Appel découverte gratuit' })).toBeHidden();
    await noSidewaysScroll(small);
    await narrow.close();

    // On a laptop, the page is a booking tool: what the call is, beside the days, beside the times.
    const laptop = await inNewYork({ viewport: { width: 1280, height: 800 } });
    const wide = await laptop.newPage();
    await wide.goto(page.url());
    const summary = wide.getByRole('complementary', { name: 'Appel découverte gratuit' });
    await expect(summary).toContainText('30\u00a0minutes');
    // The visitor's clock and Kinshasa's.
    await expect(summary).toContainText('Heure de New York, celle de votre appareil');
    await expect(summary).toContainText('Avec l’heure de Kinshasa sous chaque créneau');
    // The one admin free at these times takes the call: named before it is booked.
    await expect(summary).toContainText('Administrateur Lisanga');
    await expect(kinshasaSlots(wide).first()).toBeVisible();
    const [card, days, times] = [
      await box(summary),
      await box(wide.getByRole('group', { name: 'Jour' })),
      await box(wide.getByRole('group').filter({ has: kinshasaSlots(wide) })),
    ];
    expect(card.x + card.width, 'the summary left of the days').toBeLessThanOrEqual(days.x);
    expect(days.x + days.width, 'the days left of the times').toBeLessThanOrEqual(times.x);
    for (const column of [days, times]) {
      expect(column.y, 'side by side: each column starts beside the summary').toBeLessThan(
        card.y + card.height,
      );
      expect(column.y).toBeGreaterThanOrEqual(card.y);
    }
    await noSidewaysScroll(wide);
    await testInfo.attach('times on a laptop', { body: await wide.screenshot(), contentType: 'image/png' });

    // On a slow phone the visitor taps a time before the page's scripts have run (the link again,
    // its scripts held): the tap is kept, and the time is chosen once the page is live, although
    // the list is then read again on the device's clock.
    const early = await away.newPage();
    const scriptsHeld = Promise.withResolvers<void>();
    await early.route('**/assets/*.js', async (route) => {
      await scriptsHeld.promise;
      await route.continue();
    });
    await early.goto(page.url());
    const tapped = early.getByRole('button', { name: /^\d\d:\d\d$/ }).first();
    const tappedAt = await tapped.getAttribute('data-replay-key');
    await tapped.click();
    scriptsHeld.resolve();
    await expect(early.getByText('Heures affichées à l’heure de New York')).toBeVisible();
    // The time tapped, now on the device's clock (the list read again may not offer it: a morning
    // in Kinshasa is a night in New York).
    await expect(early.getByText(/^Votre choix/)).toBeVisible();
    const tappedInstant = new Date((tappedAt ?? '').replace(/^slot:/, ''));
    await expect(early.getByText(/^Votre choix/).locator('..')).toContainText(
      clockTime(tappedInstant, 'America/New_York'),
    );
    await expect(early.getByRole('button', { name: 'Réserver ce créneau' })).toBeEnabled();
    await early.close();

    await slots.first().click();
    await page.getByRole('button', { name: 'Réserver ce créneau' }).click();
    await expect(page.getByRole('heading', { name: 'Votre appel est réservé' })).toBeVisible();
    await expect(page.getByText(/C’est réservé\s!/)).toBeVisible();
    await noSidewaysScroll(page);
    // On a phone, one column: the summary a laptop shows beside it is not there.
    await expect(page.getByRole('complementary', { name: 'Appel découverte gratuit' })).toBeHidden();

    // On the laptop, the booked call beside what the call is.
    await wide.reload();
    await expect(summary).toContainText('Heure de New York, celle de votre appareil');
    await expect(summary).toContainText('Avec l’heure de Kinshasa sous chaque créneau');
    await expect(summary).toContainText('30\u00a0minutes');
    // How the call takes place, as the settings say it; who takes it, now that it is booked.
    await expect(summary).toContainText('Nous vous appelons au numéro que vous nous avez indiqué');
    await expect(summary).not.toContainText('l’équipe');
    const [left, right] = [
      await box(summary),
      await box(wide.getByRole('region', { name: 'Votre appel est réservé' })),
    ];
    expect(left.x + left.width, 'the summary sits left of the call').toBeLessThanOrEqual(right.x);
    expect(right.y, 'side by side: the call starts beside the summary').toBeLessThan(left.y + left.height);
    expect(right.y).toBeGreaterThanOrEqual(left.y);
    await noSidewaysScroll(wide);
    await testInfo.attach('booking on a laptop', { body: await wide.screenshot(), contentType: 'image/png' });
    await laptop.close();

    // Both sides have the invitation: one event, the visitor as attendee, the admin organising.
    const invited = await requireEmail(visitor, {
      subject: /^Votre appel découverte\s: .+\(heure de New York\)$/,
    });
    expect(invited.text).toContain(`${kinshasaTime} à Kinshasa`);
    const forVisitor = parseInvitation(calendarPart(invited));
    // The slot picked showed the call's own time in New York and in Kinshasa.
    const bookedAt = new Date(forVisitor.event.start);
    expect(localTime).toBe(clockTime(bookedAt, 'America/New_York'));
    expect(kinshasaTime).toBe(clockTime(bookedAt, KINSHASA_TIME_ZONE));
    expect(forVisitor.method).toBe('REQUEST');
    expect(JSON.stringify(forVisitor.event.attendee).toLowerCase()).toContain(`mailto:${visitor}`);
    expect(JSON.stringify(forVisitor.event.organizer).toLowerCase()).toContain(`mailto:${ADMIN.email}`);
    const told = await requireEmail(ADMIN.email, { subject: /^Appel réservé\s: Amani Kabeya/ });
    const forStaff = parseInvitation(calendarPart(told));
    expect(forStaff.event.uid).toBe(forVisitor.event.uid);
    expect(new Date(forStaff.event.start).toISOString()).toBe(new Date(forVisitor.event.start).toISOString());

    // The admin sees the call on the dashboard, and in the agenda's week of the call.
    await admin.goto('/admin/dashboard');
    await expect(admin.getByRole('region', { name: 'Prochains appels' })).toContainText('Amani Kabeya');
    await admin.goto('/admin/rendez-vous');
    await admin.getByRole('button', { name: 'Semaine', exact: true }).click();
    const call = admin.getByRole('article', { name: /Amani Kabeya/ });
    // The first slot may fall in next week (a weekend's request is booked on Monday). The next
    // week is judged once its title shows: until then the week before's "no call" is still there.
    const period = admin.getByRole('heading', { level: 2, name: /^Du / });
    for (let week = 0; week < 2; week++) {
      await expect(call.first().or(admin.getByText('Aucun appel prévu cette semaine.'))).toBeVisible();
      if (await call.first().isVisible()) break;
      const shown = (await period.textContent()) ?? '';
      await admin.getByRole('button', { name: 'Semaine suivante' }).click();
      await expect(period).not.toHaveText(shown);
    }
    await expect(call.first()).toBeVisible();
    await noSidewaysScroll(admin);

    // Later, from the email's link, the visitor moves the call to another time.
    await page.goto(linkIn(invited, /\/appel-decouverte\?token=[^\s\]>)]+/));
    await page.getByRole('button', { name: 'Déplacer l’appel' }).click();
    // The last day offered: a whole day of free times whatever the hour of the test (late in
    // Kinshasa's afternoon, the call's own day may have no other time left).
    await page.getByRole('group', { name: 'Jour' }).getByRole('button').last().click();
    await page
      .getByRole('button', { name: /^\d\d:\d\d/ })
      .last()
      .click();
    await page.getByRole('button', { name: 'Déplacer mon appel à cette heure' }).click();
    await expect(page.getByText('Votre appel est déplacé.', { exact: false })).toBeVisible();
    const moved = await requireEmail(visitor, { containing: 'Votre appel a été déplacé' });
    const update = parseInvitation(calendarPart(moved));
    expect(update.event.uid).toBe(forVisitor.event.uid);
    expect(Number(update.event.sequence)).toBe(1);
    expect(new Date(update.event.start).getTime()).not.toBe(new Date(forVisitor.event.start).getTime());

    // And cancels it: the calendars drop the event.
    await page.getByRole('button', { name: 'Annuler l’appel' }).click();
    await page.getByRole('button', { name: 'Oui, annuler l’appel' }).click();
    await expect(page.getByText('Votre appel est annulé.', { exact: false }).first()).toBeVisible();
    const cancelled = parseInvitation(calendarPart(await requireEmail(visitor, { subject: /est annulé$/ })));
    expect(cancelled.method).toBe('CANCEL');
    expect(Number(cancelled.event.sequence)).toBe(2);
    const staffCancel = await requireEmail(ADMIN.email, { subject: /^Appel annulé\s: Amani Kabeya/ });
    expect(parseInvitation(calendarPart(staffCancel)).method).toBe('CANCEL');
    await staff.close();
    await away.close();
  } finally {
    await stop();
  }
});
