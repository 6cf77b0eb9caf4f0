import { randomUUID } from 'node:crypto';
import {
  expect,
  type Locator,
  type Page,
  type Request,
  type Response,
  type TestInfo,
  test,
} from '@playwright/test';
import { RATE_LIMITS } from '#server/security/limits.ts';
import { aWebsiteRequest } from '#tests/helpers/request-factories.ts';
import { fillQuote, openQuoteFromNav, quoteDialog, quoteSubmit } from './helpers/leads.ts';
import { emailsTo, requireEmail } from './helpers/mailbox.ts';
import { axeViolations, hydrated } from './helpers/page.ts';

/**
 * Lead capture end to end (docs/product.md §2.7, §2.8, §5.1, §5.2, §7.2, §8.2, §9.2, §9.7): the quote and
 * call modals, the contact page form and the toasts, against the real server and its POST /api/contact.
 *
 * The server rate-limits leads per client address and trusts X-Forwarded-For from loopback: each
 * test presents its own address, so that no test spends another's budget.
 */
function clientIp(testInfo: TestInfo): string {
  // FNV-1a over the test's title and project: stable across runs, distinct between tests.
  let hash = 0x811c9dc5;
  for (const char of `${testInfo.project.name} ${testInfo.titlePath.join(' › ')}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  const project = testInfo.project.name === 'phone' ? 2 : 1;
  return `10.${project}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** Where the seeded settings send the notification of a new lead (email.notification_to). */
const STAFF_INBOX = 'leads@lisanga-digital.cd';

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientIp(testInfo) });
});

const callDialog = (page: Page) => page.getByRole('dialog', { name: 'Planifions un appel découverte' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).locator('li');

/** The quote modal, opened from the header of the home page once its islands are live. */
async function openQuoteOnHome(page: Page) {
  await page.goto('/');
  await hydrated(page);
  return openQuoteFromNav(page);
}

/** The call modal, opened from the home page's closing block once its islands are live. */
async function openCallOnHome(page: Page) {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Ou réservez un appel découverte gratuit de 30 minutes' }).click();
  const dialog = callDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * A lead the server stored: its body still carries the fill time (older servers read it; the
 * server ignores it, decision 026), and the answer is a 201 with the new lead's id.
 */
async function expectStored(body: { elapsedMs?: unknown }, answered: Promise<Response>) {
  expect(body.elapsedMs).toBeGreaterThanOrEqual(0);
  const response = await answered;
  expect(response.status()).toBe(201);
  const { id } = await response.json();
  expect(id).toEqual(expect.any(String));
  return id as string;
}

/** The visitor whose quote the tests send. */
const GRACE = {
  fullName: 'Grâce Mbuyi',
  email: 'grace.mbuyi@example.cd',
  company: 'Mbuyi Logistique',
  projectDescription: 'Refonte de notre identité visuelle et de nos supports commerciaux pour 2025.',
};
/** The visitor whose call request the tests send. */
const PATRICK = { fullName: 'Patrick Ilunga', email: 'patrick.ilunga@example.cd' };
/** The visitor who writes from the contact page. */
const SARAH = { fullName: 'Sarah Kabongo', email: 'sarah.kabongo@example.cd' };

const contactForm = (page: Page) => page.getByRole('region', { name: 'Écrivez-nous' });

/** Fills the contact page form with Sarah's answers and `message`, about 'Autre'. */
async function fillContact(page: Page, message: string) {
  const form = contactForm(page);
  await form.getByLabel('Nom complet').fill(SARAH.fullName);
  await form.getByLabel('Email').fill(SARAH.email);
  await form.getByLabel('Service concerné').selectOption('Autre');
  await form.getByLabel('Message').fill(message);
}

async function servicePath(page: Page, title: string) {
  const services = (await (await page.request.get('/api/services')).json()) as {
    id: string;
    title: string;
  }[];
  const service = services.find((s) => s.title === title);
  expect(service, `service ${title}`).toBeDefined();
  return `/services/${service?.id}`;
}

/**
 * Holds the lead requests, as a slow connection would, until the test calls the returned release:
 * the sending state is checked while the request waits, however slow the machine (a fixed 1.5-s
 * delay once ended between two checks on a busy one).
 */
async function holdLeads(page: Page): Promise<() => void> {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route('**/api/contact', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const QUOTE_MESSAGES = [
  'Le nom doit contenir au moins 2 caractères',
  'Email invalide',
  'Le téléphone doit contenir au moins 10 caractères',
  'Le nom de l’entreprise doit contenir au moins 2 caractères',
  'Veuillez sélectionner un service',
  'Décrivez votre projet en détail (minimum 20 caractères)',
  'Veuillez indiquer votre budget',
  'Veuillez indiquer vos délais',
];

const CALL_MESSAGES = [
  'Le nom doit contenir au moins 2 caractères',
  'Email invalide',
  'Veuillez sélectionner un service',
  'Veuillez sélectionner le type de discussion',
  'Veuillez indiquer vos créneaux préférés',
  'Veuillez indiquer l’urgence',
];

/**
 * What hides the top of a field's label: the nearest scrolling box's top edge (a modal's fields
 * scroll between its fixed title and buttons), or the sticky header's bottom for the page.
 * Runs in the page, so it is written out in each evaluate below.
 */
type LabelPlace = { top: number; bottom: number; limitTop: number; limitBottom: number };
const placeOf = (label: Locator) =>
  label.evaluate((el): LabelPlace => {
    let scroller = el.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) {
      scroller = scroller.parentElement;
    }
    const header = document.querySelector('header')?.getBoundingClientRect();
    const area = scroller?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      limitTop: area ? area.top : (header?.bottom ?? 0),
      limitBottom: area ? area.bottom : window.innerHeight,
    };
  });
const inView = ({ top, bottom, limitTop, limitBottom }: LabelPlace) =>
  top >= limitTop - 1 && bottom <= limitBottom + 1;

/** Scrolls a field's label to just under the sticky header (or its modal's title bar): out of sight. */
async function hideUnderTheTop(label: Locator) {
  await label.evaluate((el) => {
    let scroller = el.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) {
      scroller = scroller.parentElement;
    }
    const top = scroller
      ? scroller.getBoundingClientRect().top
      : (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
    const delta = el.getBoundingClientRect().top - (top - 12);
    if (scroller) scroller.scrollTop += delta;
    else window.scrollBy(0, delta);
  });
  expect(inView(await placeOf(label)), 'the label starts hidden').toBe(false);
}

/**
 * After a submit with errors (decision 024): the first invalid field has the focus, and its label
 * is in view, below the sticky header on a page, inside the scrolling fields of a modal.
 */
async function expectFirstInvalidShown(field: Locator, label: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(async () => inView(await placeOf(label))).toBe(true);
}

/** Two boxes on screen that do not cover one another (the toast and the confirmation panel). */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB).toBeTruthy();
  if (!boxA || !boxB) return;
  const overlap =
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height;
  expect(overlap, 'the confirmation and the toast overlap').toBe(false);
}

/**
 * Sends a filled modal with its request held back: while it waits, the modal says it is sending
 * and can be neither sent again nor cancelled. The request as sent, and the server's answer.
 */
async function sendHeld(page: Page, dialog: Locator, submit: Locator) {
  const release = await holdLeads(page);
  const requestSent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await submit.click();
  const sending = dialog.getByRole('button', { name: 'Envoi en cours...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeDisabled();
  release();
  return { requestSent, answered };
}

/**
 * A sent modal closes and leaves a confirmation on the page: it says `texts`, clear of the toast
 * shown at the same time, and stays in view once the visitor closed the toast (on phones the toast
 * sits over the header for 5 s).
 */
async function expectConfirmation(page: Page, dialog: Locator, name: string, texts: string[]) {
  await expect(dialog).toBeHidden();
  const confirmation = page.getByRole('region', { name });
  await expect(confirmation).toBeVisible();
  for (const text of texts) await expect(confirmation).toContainText(text);
  await expectApart(confirmation, toasts(page));
  await toasts(page).getByRole('button', { name: 'Fermer la notification' }).click();
  await expect(toasts(page)).toHaveCount(0);
  await expect(confirmation).toBeInViewport();
  return confirmation;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.describe('the quote modal', () => {
  test('opens from the navigation with its sections, promise and commitments; Annuler closes it', async ({
    page,
  }) => {
    const dialog = await openQuoteOnHome(page);
    await expect(dialog.getByText('Réponse garantie sous 24h')).toBeVisible();
    for (const section of ['Vos informations', 'Votre projet', 'Budget & Planning']) {
      await expect(dialog.getByRole('group', { name: section })).toBeVisible();
    }
    for (const commitment of [
      'Réponse personnalisée sous 24h',
      'Devis détaillé gratuit',
      'Accompagnement projet dédié',
    ]) {
      await expect(dialog.getByText(commitment)).toBeVisible();
    }
    await expect(dialog.getByLabel('Téléphone')).toHaveAttribute('type', 'tel');
    await expect(dialog.getByLabel('Téléphone')).toHaveAttribute('placeholder', '+243 81 234 5678');
    await expect(dialog.getByLabel('Service souhaité')).toHaveValue('');

    // Budget and timeline offer exactly the options of docs/product.md §9.2, after 'Sélectionnez…'.
    await expect(dialog.getByLabel('Budget indicatif').locator('option')).toHaveText([
      'Sélectionnez…',
      '< $5,500',
      '$5,500 - $16,500',
      '$16,500 - $33,000',
      '$33,000 - $55,000',
      '$55,000 - $110,000',
      '> $110,000',
      'À discuter',
    ]);
    await expect(dialog.getByLabel('Délais souhaités').locator('option')).toHaveText([
      'Sélectionnez…',
      'Urgent (< 1 mois)',
      'Court terme (1-3 mois)',
      'Moyen terme (3-6 mois)',
      'Long terme (6+ mois)',
      'Flexible',
    ]);
    // The services: the active ones by order, then 'Autre'.
    const services = (await (await page.request.get('/api/services')).json()) as {
      title: string;
      order: number;
      isActive: boolean;
    }[];
    const expected = services
      .filter((s) => s.isActive)
      .sort((a, b) => a.order - b.order)
      .map((s) => s.title);
    await expect(dialog.getByLabel('Service souhaité').locator('option')).toHaveText([
      'Sélectionnez…',
      ...expected,
      'Autre',
    ]);

    await expect(quoteSubmit(dialog, page)).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a home service card preselects its service; closing clears it; the focus returns to the button', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'Demander un devis pour Branding' });
    await opener.click();
    let dialog = quoteDialog(page);
    await expect(dialog.getByLabel('Service souhaité')).toHaveValue('Branding');
    await dialog.getByLabel('Nom complet').fill('Grâce');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    dialog = await openQuoteFromNav(page);
    await expect(dialog.getByLabel('Service souhaité')).toHaveValue('');
    await expect(dialog.getByLabel('Nom complet')).toHaveValue('');
    // Escape closes it too.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test("the closing block’s audit button preselects 'Audit digital complet'", async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Demander un audit gratuit' }).click();
    const dialog = quoteDialog(page);
    await expect(dialog.getByLabel('Service souhaité')).toHaveValue('Audit digital complet');
  });

  test('a service page preselects its service', async ({ page }) => {
    await page.goto(await servicePath(page, 'Marketing Digital'));
    await hydrated(page);
    await page.getByRole('main').getByRole('button', { name: 'Demander un devis' }).click();
    const dialog = quoteDialog(page);
    await expect(dialog.getByLabel('Service souhaité')).toHaveValue('Marketing Digital');
  });

  test('an empty submission shows every message of docs/product.md §5.1; each goes away as its field is fixed', async ({
    page,
  }) => {
    const dialog = await openQuoteOnHome(page);
    // The first field's label scrolled out of sight, as after filling the form from its end.
    await hideUnderTheTop(dialog.getByText('Nom complet', { exact: true }));
    await quoteSubmit(dialog, page).click();
    await expectFirstInvalidShown(
      dialog.getByLabel('Nom complet'),
      dialog.getByText('Nom complet', { exact: true }),
    );
    for (const message of QUOTE_MESSAGES) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    const name = dialog.getByLabel('Nom complet');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Le nom doit contenir au moins 2 caractères');

    // Revalidation on change: the message goes as soon as the value is valid, the others stay.
    await name.pressSequentially('Gr');
    await expect(dialog.getByText('Le nom doit contenir au moins 2 caractères')).toBeHidden();
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Budget indicatif').selectOption('À discuter');
    await expect(dialog.getByText('Veuillez indiquer votre budget')).toBeHidden();
    await expect(dialog.getByText('Email invalide')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('a valid submission is sent, shows its progress, then the success toast, and closes', async ({
    page,
  }) => {
    const dialog = await openQuoteOnHome(page);
    await fillQuote(dialog, GRACE);
    const { requestSent, answered } = await sendHeld(page, dialog, quoteSubmit(dialog, page));

    const request = await requestSent;
    expect(request.headers()['idempotency-key']).toMatch(UUID_V4);
    const body = request.postDataJSON();
    expect(body).toMatchObject({
      source: 'quote_request',
      fullName: 'Grâce Mbuyi',
      email: 'grace.mbuyi@example.cd',
      phone: '+243 81 234 5678',
      company: 'Mbuyi Logistique',
      serviceType: 'Branding',
      details: {
        projectDescription: 'Refonte de notre identité visuelle et de nos supports commerciaux pour 2025.',
        budget: '$5,500 - $16,500',
        timeline: 'Court terme (1-3 mois)',
      },
      website: '',
    });
    // The answers only: the server alone composes the message the staff read (below).
    expect(body).not.toHaveProperty('message');
    const id = await expectStored(body, answered);

    await expect(toasts(page).filter({ hasText: 'Demande envoyée avec succès !' })).toContainText(
      'Nous vous recontacterons sous 24h avec votre devis personnalisé.',
    );
    // A confirmation saying what happens next stays on the page, clear of the toast.
    const confirmation = await expectConfirmation(page, dialog, 'Demande de devis bien reçue', [
      'Et maintenant ?',
      'Un conseiller étudie votre projet et vous contacte sous 24h à grace.mbuyi@example.cd',
      'Vous recevez ensuite votre devis détaillé',
    ]);
    await confirmation.getByRole('button', { name: 'Fermer la confirmation' }).click();
    await expect(confirmation).toBeHidden();

    // Reopened, the form is empty again.
    const again = await openQuoteFromNav(page);
    await expect(again.getByLabel('Nom complet')).toHaveValue('');
    await expect(again.getByLabel('Budget indicatif')).toHaveValue('');

    // The staff hear of it by email (over SMTP, from the outbox), the visitor as Reply-To.
    const notification = await requireEmail(STAFF_INBOX, { containing: `lead=${id}` });
    expect(notification.subject).toBe('Nouveau contact : Grâce Mbuyi (Mbuyi Logistique)');
    expect(notification.replyTo).toContain('grace.mbuyi@example.cd');
    expect(notification.text).toContain('Service demandé : Branding');
    expect(await emailsTo(STAFF_INBOX, { containing: `lead=${id}` })).toHaveLength(1);
  });

  test('a refusal by the server (rate limit) shows its French message; the modal keeps the visitor’s answers', async ({
    page,
    request,
  }, testInfo) => {
    // Spend this address's daily ceiling with valid requests until the server refuses (past the
    // 15-minute limit, leads are still stored, "À vérifier": docs/decisions/083).
    const headers = { 'X-Forwarded-For': clientIp(testInfo) };
    let refusal: { status: number; message: string } | undefined;
    for (let i = 0; i <= RATE_LIMITS.contactCeilingPerIp.limit && !refusal; i++) {
      const response = await request.post('/api/contact', {
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
        data: aWebsiteRequest({ fullName: 'Test Limite', email: `limite-${i}@example.cd` }),
      });
      if (response.status() === 429) {
        refusal = { status: 429, message: (await response.json()).error.message };
      } else {
        expect(response.status()).toBe(201);
      }
    }
    expect(refusal, 'the server rate-limits leads').toBeDefined();

    const dialog = await openQuoteOnHome(page);
    await fillQuote(dialog, GRACE);
    await quoteSubmit(dialog, page).click();

    const error = toasts(page).filter({ hasText: 'Erreur' });
    await expect(error).toContainText(refusal?.message ?? '');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nom complet')).toHaveValue('Grâce Mbuyi');
    await expect(dialog.getByLabel('Service souhaité')).toHaveValue('Branding');
    await expect(quoteSubmit(dialog, page)).toBeEnabled();
  });

  test('has no accessibility violation, empty or showing its errors', async ({ page }) => {
    const dialog = await openQuoteOnHome(page);
    await expect(
      dialog.getByLabel('Service souhaité').locator('option', { hasText: 'Autre' }),
    ).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
    await quoteSubmit(dialog, page).click();
    await expect(dialog.getByText('Email invalide')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('the call modal', () => {
  test('opens from the home page empty; a service page preselects its service, cleared on close', async ({
    page,
  }) => {
    const path = await servicePath(page, 'Création de Contenu');
    await page.goto(path);
    await hydrated(page);
    await page.getByRole('main').getByRole('button', { name: 'Planifier un appel découverte' }).click();
    let dialog = callDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Un appel gratuit de 30 minutes, sans engagement')).toBeVisible();
    await expect(dialog.getByLabel('Service qui vous intéresse')).toHaveValue('Création de Contenu');
    await expect(dialog.getByLabel('Service qui vous intéresse').locator('option').last()).toHaveText(
      'Conseil général',
    );
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openCallOnHome(page);
    await expect(dialog.getByLabel('Service qui vous intéresse')).toHaveValue('');
  });

  test('an empty submission shows every message of docs/product.md §5.2; a valid one is sent and confirmed', async ({
    page,
  }) => {
    const dialog = await openCallOnHome(page);
    const submit = dialog.getByRole('button', { name: 'Planifier l’appel' });
    await hideUnderTheTop(dialog.getByText('Nom complet', { exact: true }));
    await submit.click();
    await expectFirstInvalidShown(
      dialog.getByLabel('Nom complet'),
      dialog.getByText('Nom complet', { exact: true }),
    );
    for (const message of CALL_MESSAGES) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    // Phone, company and message are optional: no message for them.
    await expect(dialog.getByText(/téléphone doit/)).toHaveCount(0);

    await dialog.getByLabel('Nom complet').fill(PATRICK.fullName);
    await dialog.getByLabel('Email').fill(PATRICK.email);
    await dialog.getByLabel('Service qui vous intéresse').selectOption('Conseil général');
    await dialog.getByLabel('Type de discussion').selectOption('Conseil stratégique');
    await dialog.getByLabel('Créneau préféré').selectOption('Début d’après-midi (13h-16h)');
    await dialog.getByLabel('Urgence').selectOption('Sous 15 jours');
    for (const message of CALL_MESSAGES) {
      await expect(dialog.getByText(message, { exact: true })).toBeHidden();
    }
    const { requestSent, answered } = await sendHeld(page, dialog, submit);

    const body = (await requestSent).postDataJSON();
    expect(body).toMatchObject({
      source: 'call_request',
      ...PATRICK,
      serviceType: 'Conseil général',
      details: {
        callType: 'Conseil stratégique',
        preferredTime: 'Début d’après-midi (13h-16h)',
        urgency: 'Sous 15 jours',
      },
    });
    // The specification's payload: the phone and company are sent, empty; the empty note is left out.
    expect(body).toMatchObject({ phone: '', company: '' });
    expect(body.details).not.toHaveProperty('message');
    expect(body).not.toHaveProperty('message');
    await expectStored(body, answered);
    await expect(toasts(page).filter({ hasText: 'Demande d’appel envoyée avec succès !' })).toContainText(
      'Nous vous recontacterons sous 24h pour planifier votre appel découverte.',
    );
    const confirmation = await expectConfirmation(page, dialog, 'Demande d’appel bien reçue', [
      'Nous vous recontactons sous 24h à patrick.ilunga@example.cd pour fixer l’heure de l’appel',
      'L’appel découverte dure 30 minutes',
    ]);
    // Escape closes it too; so would a new page or a new modal.
    await page.keyboard.press('Escape');
    await expect(confirmation).toBeHidden();
  });
});

test.describe('the contact page form', () => {
  const MESSAGE = 'Bonjour, nous aimerions lancer une campagne pour notre boutique.';

  test('validates its fields, sends the message and confirms it', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const f = contactForm(page);
    await hideUnderTheTop(f.getByText('Nom complet', { exact: true }));
    await f.getByRole('button', { name: 'Envoyer le message' }).click();
    await expectFirstInvalidShown(f.getByLabel('Nom complet'), f.getByText('Nom complet', { exact: true }));
    for (const message of [
      'Le nom doit contenir au moins 2 caractères',
      'Email invalide',
      'Veuillez sélectionner un service',
      'Votre message doit contenir au moins 10 caractères',
    ]) {
      await expect(f.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(f.getByLabel('Service concerné').locator('option').last()).toHaveText('Autre');

    await fillContact(page, MESSAGE);
    await expect(f.getByText('Email invalide')).toBeHidden();
    const release = await holdLeads(page);
    const requestSent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await f.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(f.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    release();

    const body = (await requestSent).postDataJSON();
    expect(body).toMatchObject({
      source: 'website',
      ...SARAH,
      serviceType: 'Autre',
      message: MESSAGE,
      website: '',
      phone: '',
      company: '',
    });
    await expectStored(body, answered);

    await expect(toasts(page).filter({ hasText: 'Message envoyé !' })).toContainText(
      'Merci, nous vous répondrons sous 24h.',
    );
    // The form gives way to a confirmation saying what happens next, focused; a button brings back
    // an empty form.
    const sent = f.getByRole('region', { name: 'Message bien reçu, merci !' });
    await expect(sent).toBeFocused();
    await expect(sent).toContainText('Et maintenant ?');
    await expect(sent).toContainText('vous répond sous 24h à sarah.kabongo@example.cd');
    await expect(f.getByRole('button', { name: 'Envoyer le message' })).toBeHidden();
    // Its title in view, below the sticky header; it stays once the toast is gone.
    await expect.poll(async () => inView(await placeOf(sent.getByRole('heading')))).toBe(true);
    await expectApart(sent.getByRole('heading'), toasts(page));
    await toasts(page).getByRole('button', { name: 'Fermer la notification' }).click();
    await expect(toasts(page)).toHaveCount(0);
    await expect(sent).toBeVisible();
    await sent.getByRole('button', { name: 'Envoyer un autre message' }).click();
    await expect(sent).toBeHidden();
    await expect(f.getByLabel('Nom complet')).toBeFocused();
    await expect(f.getByLabel('Nom complet')).toHaveValue('');
    await expect(f.getByLabel('Service concerné')).toHaveValue('');
  });
});

test.describe('toasts', () => {
  test('one at a time: a new toast replaces the current one; F8 reaches them; a failed send is retried once with the same key', async ({
    page,
  }) => {
    await page.goto('/contact');
    await hydrated(page);
    const f = contactForm(page);
    await fillContact(page, 'Premier message, envoyé pour de vrai.');
    await f.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Message envoyé !');

    // F8 takes the keyboard to the notifications.
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).locator('ol')).toBeFocused();

    await f.getByRole('button', { name: 'Envoyer un autre message' }).click();
    // The second send never reaches the server: the network fails, twice.
    const attempts: Request[] = [];
    await page.route('**/api/contact', async (route) => {
      attempts.push(route.request());
      await route.abort('failed');
    });
    await fillContact(page, 'Second message, qui échouera.');
    await expect(toasts(page)).toContainText('Message envoyé !');
    await f.getByRole('button', { name: 'Envoyer le message' }).click();

    const error = toasts(page).filter({ hasText: 'Erreur' });
    await expect(error).toContainText('Une erreur est survenue lors de l’envoi de votre demande.');
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: 'Message envoyé !' })).toHaveCount(0);

    expect(attempts).toHaveLength(2);
    const keys = attempts.map((r) => r.headers()['idempotency-key']);
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).toBe(keys[0]);
    // The visitor's message is still there to try again.
    await expect(f.getByLabel('Message')).toHaveValue('Second message, qui échouera.');

    // A swipe to the right past 50 px dismisses the toast (docs/product.md §9.7); a shorter one does not.
    const box = await error.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      const y = box.y + box.height / 2;
      const x = box.x + 20;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 20, y, { steps: 4 });
      await page.mouse.up();
      await expect(error).toBeVisible();
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 90, y, { steps: 8 });
      await page.mouse.up();
      await expect(error).toBeHidden();
    }
  });
});
