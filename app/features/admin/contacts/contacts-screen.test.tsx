// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attribution } from '#common/audience.ts';
import type { AdminContact, Page } from '#common/schemas/admin.ts';
import type { ContactCall } from '#common/schemas/booking-admin.ts';
import type { AdminAccount } from '#common/schemas/users-admin.ts';
import { type RecordedCall, renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { anAdminCall } from '#tests/helpers/answer-factories.ts';
import { runEachTestAt } from '#tests/helpers/clock.ts';
import { ContactsScreen } from './contacts-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function buildContact(overrides: Partial<AdminContact> = {}): AdminContact {
  return {
    id: crypto.randomUUID(),
    fullName: 'Grâce Mbuyi',
    email: 'grace@kin-agro.cd',
    phone: null,
    phoneRaw: null,
    phoneDisplay: null,
    company: null,
    serviceInterest: 'Site web',
    budget: null,
    message: 'Bonjour',
    status: 'nouveau',
    source: 'quote_request',
    createdAt: ago(1),
    updatedAt: ago(1),
    owner: null,
    nextActionAt: null,
    nextActionNote: null,
    reviewReason: null,
    ...overrides,
  };
}

const nadine: AdminAccount = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  email: 'nadine@agence.cd',
  firstName: 'Nadine',
  lastName: 'Kapinga',
  role: 'admin',
  isActive: true,
  createdAt: ago(1000),
  updatedAt: ago(1000),
  lastLoginAt: null,
  activeSessions: 0,
  secondFactor: false,
};

const page = (items: AdminContact[]): Page<AdminContact> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});
const lastListSearch = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/contacts').at(-1)?.url
    .searchParams;

async function findRow(name: string) {
  return within((await screen.findByRole('button', { name })).closest('tr') as HTMLElement);
}

/**
 * The answers behind the leads screen opened on `lead`'s panel: the list (that lead alone), the
 * lead with `more` (its call, its visit), its empty timeline and the admins.
 */
const leadPanelRoutes = (lead: AdminContact, more: Record<string, unknown> = { call: null }) => ({
  'GET /api/admin/contacts': { json: page([lead]) },
  [`GET /api/admin/contacts/${lead.id}`]: { json: { contact: lead, ...more } },
  [`GET /api/admin/contacts/${lead.id}/timeline`]: { json: { entries: [] } },
  'GET /api/admin/users': { json: { users: [nadine] } },
});

/** Renders the leads screen with the panel of the lead `id` open, as its link (?lead=) does. */
const renderWithPanel = (id: string) =>
  renderAdminScreen(ContactsScreen, '/admin/contacts', `/admin/contacts?lead=${id}`);

describe('the leads list: follow-up', () => {
  it('shows who follows each lead, its next action (late ones said so) and flags a lead unanswered for 24 h', async () => {
    stubFetch({
      'GET /api/admin/contacts': {
        json: page([
          buildContact({
            fullName: 'Late Lead',
            owner: { id: nadine.id, name: 'Nadine Kapinga' },
            nextActionAt: ago(2),
            nextActionNote: 'Rappeler',
            status: 'en_cours',
            createdAt: ago(50),
          }),
          buildContact({ fullName: 'Old New Lead', createdAt: ago(25) }),
          buildContact({ fullName: 'Fresh Lead', createdAt: ago(23), nextActionAt: ago(-24) }),
        ]),
      },
      'GET /api/admin/users': { json: { users: [nadine] } },
    });
    renderAdminScreen(ContactsScreen, '/admin/contacts', '/admin/contacts');

    const late = await findRow('Late Lead');
    expect(late.getByText('Nadine Kapinga')).toBeTruthy();
    expect(late.getByText(/en retard/)).toBeTruthy();
    expect(late.queryByText(/Sans réponse/)).toBeNull(); // en cours: someone answered

    const old = await findRow('Old New Lead');
    expect(old.getByText('Sans responsable')).toBeTruthy();
    expect(old.getByText(/^Sans réponse depuis plus de 24.h$/)).toBeTruthy();

    const fresh = await findRow('Fresh Lead');
    expect(fresh.queryByText(/Sans réponse/)).toBeNull();
    expect(fresh.queryByText(/en retard/)).toBeNull();
  });

  it('filters by owner and follow-up from the address, with the admins by name', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/contacts': { json: page([buildContact({ fullName: 'Late Lead' })]) },
      'GET /api/admin/users': { json: { users: [nadine] } },
    });
    renderAdminScreen(
      ContactsScreen,
      '/admin/contacts',
      `/admin/contacts?owner=${nadine.id}&followUp=late&sort=nextActionAt&order=asc`,
    );
    await findRow('Late Lead');
    expect(Object.fromEntries(lastListSearch(calls) ?? [])).toEqual({
      owner: nadine.id,
      followUp: 'late',
      sort: 'nextActionAt',
      order: 'asc',
    });
    const owner = (await screen.findByLabelText('Responsable')) as HTMLSelectElement;
    await within(owner).findByRole('option', { name: 'Nadine Kapinga' });
    expect(owner.value).toBe(nadine.id);
    expect((screen.getByLabelText('Suivi') as HTMLSelectElement).value).toBe('late');
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      `/api/admin/contacts/export.csv?owner=${nadine.id}&followUp=late`,
    );
  });
});

describe('the lead’s panel: its discovery call', () => {
  // Only a call still ahead can be cancelled: Friday 27 November 2026, 10:00 in Kinshasa, whatever
  // the day the test runs.
  runEachTestAt('2026-11-27T09:00:00Z');
  const lead = buildContact({ id: 'lead-call', fullName: 'Amani Kabeya' });
  const panelRoutes = (call: ContactCall | null) => leadPanelRoutes(lead, { call });
  const { contact: _contact, ...confirmed } = anAdminCall();

  it('says when the call is (Kinshasa time), with whom and its status, and leads to its day in the agenda; a status change keeps it', async () => {
    let stored = lead;
    stubFetch({
      ...panelRoutes(confirmed),
      'GET /api/admin/contacts/lead-call': () => ({ json: { contact: stored, call: confirmed } }),
      'PATCH /api/admin/contacts/lead-call/status': () => {
        stored = { ...lead, status: 'en_cours' };
        return { json: { contact: stored } };
      },
    });
    renderWithPanel('lead-call');
    const panel = await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    const call = await within(panel).findByRole('region', { name: 'Appel découverte' });
    expect(call.textContent).toMatch(
      /^Appel découverte\s:\slundi 30 novembre à 10:00 \(heure de Kinshasa\) avec Nadine Kapinga/,
    );
    expect(within(call).getByText('Confirmé')).toBeTruthy();
    expect(within(call).getByRole('link', { name: 'Voir dans l’agenda' }).getAttribute('href')).toBe(
      '/admin/rendez-vous?vue=jour&date=2026-11-30',
    );

    // The status's answer is the lead alone: the panel keeps its call.
    fireEvent.click(within(panel).getByRole('button', { name: 'En cours' }));
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'En cours' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(within(panel).getByRole('region', { name: 'Appel découverte' })).toBeTruthy();
  });

  it('lets the agency cancel a call still ahead, after asking, and shows it cancelled', async () => {
    const ahead = { ...confirmed, startsAt: '2030-03-04T09:00:00.000Z', endsAt: '2030-03-04T09:30:00.000Z' };
    let call: ContactCall = ahead;
    const { calls } = stubFetch({
      ...panelRoutes(ahead),
      'GET /api/admin/contacts/lead-call': () => ({ json: { contact: lead, call } }),
      [`POST /api/admin/booking/calls/${ahead.id}/cancel`]: () => {
        call = { ...ahead, status: 'cancelled' };
        return { json: { call: { id: ahead.id, status: 'cancelled' } } };
      },
    });
    renderWithPanel('lead-call');
    const region = await screen.findByRole('region', { name: 'Appel découverte' });
    fireEvent.click(within(region).getByRole('button', { name: 'Annuler l’appel' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Annuler l’appel de Amani Kabeya/ });
    expect(dialog.textContent).toMatch(/reçoit un email d’excuse/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, annuler l’appel' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/cancel'))).toBe(true),
    );
    expect(await screen.findByText('Annulé')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler l’appel' })).toBeNull();
  });

  it('moves a call still ahead to a free time, naming the colleague only when another takes it', async () => {
    const ahead = { ...confirmed, startsAt: '2030-03-04T09:00:00.000Z', endsAt: '2030-03-04T09:30:00.000Z' };
    const { calls } = stubFetch({
      ...panelRoutes(ahead),
      [`GET /api/admin/booking/calls/${ahead.id}/slots`]: {
        json: {
          slots: [
            {
              startsAt: '2030-03-05T08:00:00.000Z',
              endsAt: '2030-03-05T08:30:00.000Z',
              withName: ahead.admin.name,
            },
            {
              startsAt: '2030-03-05T09:00:00.000Z',
              endsAt: '2030-03-05T09:30:00.000Z',
              withName: 'Patrick Ilunga',
            },
            {
              startsAt: '2030-03-06T13:00:00.000Z',
              endsAt: '2030-03-06T13:30:00.000Z',
              withName: ahead.admin.name,
            },
          ],
        },
      },
      [`POST /api/admin/booking/calls/${ahead.id}/move`]: {
        json: { call: { id: ahead.id, status: 'confirmed', startsAt: '2030-03-05T09:00:00.000Z' } },
      },
    });
    renderWithPanel('lead-call');
    const region = await screen.findByRole('region', { name: 'Appel découverte' });
    fireEvent.click(within(region).getByRole('button', { name: 'Déplacer l’appel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer l’appel de Amani Kabeya' });
    const day = (await within(dialog).findByLabelText('Jour')) as HTMLSelectElement;
    expect([...day.options].map((o) => o.text)).toEqual(['Mardi 5 mars', 'Mercredi 6 mars']);
    const times = within(dialog).getAllByRole('radio');
    expect(times.map((t) => t.closest('label')?.textContent)).toEqual(['09:00', '10:00avec Patrick Ilunga']);
    fireEvent.click(times[1] as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déplacer l’appel' }));
    await waitFor(() => {
      const move = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/move'));
      expect(JSON.parse(String(move?.body))).toEqual({ startsAt: '2030-03-05T09:00:00.000Z' });
    });
  });

  it('offers the call to a lead without one: the booking link is emailed after asking', async () => {
    const { calls } = stubFetch({
      ...panelRoutes(null),
      'POST /api/admin/booking/contacts/lead-call/link': { status: 202, json: { sent: true } },
    });
    renderWithPanel('lead-call');
    const panel = await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Proposer un appel découverte' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: /Proposer un appel découverte à Amani Kabeya/,
    });
    expect(dialog.textContent).toMatch(/valable 14\sjours/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le lien' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/link'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows a cancelled call struck through as "Annulé", and nothing when the lead booked none', async () => {
    stubFetch(panelRoutes({ ...confirmed, status: 'cancelled' }));
    const { unmount } = renderWithPanel('lead-call');
    const call = await screen.findByRole('region', { name: 'Appel découverte' });
    expect(within(call).getByText('Annulé')).toBeTruthy();
    expect(within(call).getByText(/avec Nadine Kapinga/).className).toContain('line-through');
    unmount();

    stubFetch(panelRoutes(null));
    renderWithPanel('lead-call');
    await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    expect(screen.queryByRole('region', { name: 'Appel découverte' })).toBeNull();
  });
});

describe('the owner’s two selects', () => {
  it('tell the list’s filter from the lead’s owner when the lead’s panel is open', async () => {
    const lead = buildContact({ id: 'lead-owner', fullName: 'Amani Kabeya', owner: null });
    stubFetch(leadPanelRoutes(lead));
    renderWithPanel('lead-owner');
    const panel = await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    // The list behind the panel counts too (hidden: the modal panel hides it from the tree).
    const filter = screen.getByRole('combobox', { name: 'Filtrer par responsable', hidden: true });
    expect(panel.contains(filter)).toBe(false);
    // Its visible label is in its name (WCAG 2.5.3).
    expect(filter.closest('div')?.querySelector('label')?.textContent).toBe('Responsable');
    const owners = screen.getAllByRole('combobox', { name: 'Responsable', hidden: true });
    expect(owners).toHaveLength(1);
    expect(panel.contains(owners[0] as HTMLElement)).toBe(true);
  });
});

describe('the leads kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md)', () => {
  const REASON = 'Plus de 10 demandes en 15 minutes depuis la même adresse';

  it('filters the list by "À vérifier" from the address, marks each such lead, and exports the same', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/contacts': {
        json: page([buildContact({ fullName: 'Lead Partagé', reviewReason: REASON })]),
      },
      'GET /api/admin/users': { json: { users: [nadine] } },
    });
    renderAdminScreen(ContactsScreen, '/admin/contacts', '/admin/contacts?review=a_verifier');
    const row = await findRow('Lead Partagé');
    expect(row.getByText('À vérifier')).toBeTruthy();
    expect(Object.fromEntries(lastListSearch(calls) ?? [])).toEqual({ review: 'a_verifier' });
    const filter = screen.getByLabelText('Vérification') as HTMLSelectElement;
    expect(filter.value).toBe('a_verifier');
    expect(within(filter).getByRole('option', { name: 'À vérifier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/admin/contacts/export.csv?review=a_verifier',
    );

    fireEvent.change(filter, { target: { value: '' } });
    await waitFor(() => expect(lastListSearch(calls)?.get('review')).toBeNull());
  });

  it('says why a lead is to check, and "Ce n’est pas du spam" clears it with one click', async () => {
    let lead = buildContact({ id: 'lead-review', fullName: 'Amani Kabeya', reviewReason: REASON });
    const { calls } = stubFetch({
      'GET /api/admin/contacts': () => ({ json: page([lead]) }),
      'GET /api/admin/contacts/lead-review': () => ({ json: { contact: lead, call: null } }),
      'GET /api/admin/contacts/lead-review/timeline': { json: { entries: [] } },
      'GET /api/admin/users': { json: { users: [nadine] } },
      'POST /api/admin/contacts/lead-review/not-spam': () => {
        lead = { ...lead, reviewReason: null };
        return { json: { contact: lead } };
      },
    });
    renderWithPanel('lead-review');
    const panel = await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    const review = within(panel).getByRole('region', { name: 'À vérifier' });
    expect(review.textContent).toContain(REASON);
    expect(review.textContent).toContain('L’équipe n’a été prévenue ni par email ni sur ses téléphones.');

    fireEvent.click(within(review).getByRole('button', { name: 'Ce n’est pas du spam' }));
    await waitFor(() => expect(within(panel).queryByRole('region', { name: 'À vérifier' })).toBeNull());
    expect(
      calls.filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/not-spam')),
    ).toHaveLength(1);
  });

  it('shows nothing of the kind for a lead that is not to check', async () => {
    const lead = buildContact({ id: 'lead-plain', fullName: 'Bola Nsimba' });
    stubFetch(leadPanelRoutes(lead));
    renderWithPanel('lead-plain');
    const panel = await screen.findByRole('dialog', { name: 'Bola Nsimba' });
    expect(within(panel).queryByRole('button', { name: 'Ce n’est pas du spam' })).toBeNull();
  });
});

describe('the lead’s source (docs/decisions/084-first-party-audience.md)', () => {
  const facebook: Attribution = {
    source: 'Facebook',
    referrerHost: 'l.facebook.com',
    utmSource: 'facebook',
    utmCampaign: 'lancement',
    landingPath: '/services/seo',
    formPath: '/devis',
    pages: ['/services/seo', '/services', '/a-propos', '/devis'],
    pagesSeen: 4,
    device: 'mobile',
    country: 'CD',
  };
  const panelRoutes = (attribution: Attribution | null) => {
    const lead = buildContact({ id: 'lead-source', fullName: 'Amani Kabeya' });
    return {
      ...leadPanelRoutes(lead, { call: null, attribution }),
      'GET /api/admin/contacts': { json: { ...page([lead]), trafficSources: [] } },
    };
  };

  it('says in one line where the lead came from, with the device and country, and lists the pages seen, the form’s last', async () => {
    stubFetch(panelRoutes(facebook));
    renderWithPanel('lead-source');
    const panel = await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    const source = within(panel).getByRole('region', { name: 'Source' });
    expect(source.textContent).toMatch(
      /Arrivé\(e\) par Facebook · campagne «\slancement\s» · sur \/services\/seo · 4 pages vues/,
    );
    expect(within(source).getByText('Téléphone · Congo-Kinshasa')).toBeTruthy();
    const pages = within(source).getByText('Voir les 4 pages vues');
    expect(pages.closest('details')?.open).toBe(false);
    fireEvent.click(pages);
    const items = within(source)
      .getAllByRole('listitem', { hidden: true })
      .map((item) => item.textContent);
    expect(items).toEqual(['/services/seo', '/services', '/a-propos', '/devis (formulaire)']);
  });

  it('tells the pages left out of a long visit', async () => {
    stubFetch(panelRoutes({ ...facebook, pagesSeen: 31 }));
    renderWithPanel('lead-source');
    const source = await screen.findByRole('region', { name: 'Source' });
    expect(source.textContent).toMatch(/31 pages vues/);
    expect(within(source).getByText('Voir les 4 dernières pages vues (sur 31)')).toBeTruthy();
  });

  it('says "Source inconnue" when the lead came without a visit', async () => {
    stubFetch(panelRoutes(null));
    renderWithPanel('lead-source');
    const panel = await screen.findByRole('dialog', { name: 'Amani Kabeya' });
    const source = within(panel).getByRole('region', { name: 'Source' });
    expect(source.textContent).toContain('Source inconnue');
    expect(source.textContent).not.toContain('Arrivé(e)');
    expect(within(source).queryByText(/pages vues/)).toBeNull();
  });

  it('filters the list by source, the choices being the sources stored with their leads', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/contacts': {
        json: {
          ...page([buildContact({ fullName: 'Lead Facebook' })]),
          trafficSources: [
            { value: 'Facebook', count: 12 },
            { value: 'Accès direct', count: 3 },
          ],
        },
      },
      'GET /api/admin/users': { json: { users: [nadine] } },
    });
    renderAdminScreen(ContactsScreen, '/admin/contacts', '/admin/contacts?trafficSource=Facebook');
    await findRow('Lead Facebook');
    expect(Object.fromEntries(lastListSearch(calls) ?? [])).toEqual({ trafficSource: 'Facebook' });
    const filter = screen.getByLabelText('Source') as HTMLSelectElement;
    await within(filter).findByRole('option', { name: 'Facebook (12)' });
    expect(filter.value).toBe('Facebook');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Toutes', 'Facebook (12)', 'Accès direct (3)']);
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(
      '/api/admin/contacts/export.csv?trafficSource=Facebook',
    );

    fireEvent.change(filter, { target: { value: 'Accès direct' } });
    await waitFor(() => expect(lastListSearch(calls)?.get('trafficSource')).toBe('Accès direct'));
  });

  it('keeps a source of the address selectable when no lead has it any more', async () => {
    stubFetch({
      'GET /api/admin/contacts': { json: { ...page([]), trafficSources: [{ value: 'Google', count: 1 }] } },
      'GET /api/admin/users': { json: { users: [nadine] } },
    });
    renderAdminScreen(ContactsScreen, '/admin/contacts', '/admin/contacts?trafficSource=TikTok');
    expect(await screen.findByText('Aucun contact ne correspond à ces filtres.')).toBeTruthy();
    const filter = screen.getByLabelText('Source') as HTMLSelectElement;
    expect(filter.value).toBe('TikTok');
    expect(within(filter).getByRole('option', { name: 'TikTok (0)' })).toBeTruthy();
  });
});
