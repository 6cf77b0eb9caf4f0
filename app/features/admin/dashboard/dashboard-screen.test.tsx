// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardData } from '#common/schemas/admin.ts';
import { renderAdminScreen, stubFetch, underRealtime } from '#tests/helpers/admin-screen.tsx';
import { anAdminCall } from '#tests/helpers/answer-factories.ts';
import { DashboardScreen } from './dashboard-screen';

beforeEach(() => {
  // happy-dom does no layout, so Recharts measures a 0×0 box and says so; any other warning shows.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const weeks = Array.from({ length: 12 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 8, 7 + index * 7));
  return day.toISOString().slice(0, 10);
});

function buildDashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    leads: {
      week: { nouveau: 3, en_cours: 2, traite: 1, total: 6 },
      month: { nouveau: 10, en_cours: 5, traite: 7, total: 22 },
      total: 1234,
    },
    subscribers: { pending: 4, active: 40, unsubscribed: 5, bounced: 1, total: 50 },
    conversion: { signups: 30, confirmed: 10, rate: 1 / 3 },
    topPosts: [
      { id: 'p1', title: 'Réussir son SEO à Kinshasa', slug: 'seo-kinshasa', views: 1520 },
      { id: 'p2', title: 'Le branding en 5 étapes', slug: 'branding-5-etapes', views: 1 },
    ],
    leadsPerWeek: weeks.map((weekStart, index) => ({ weekStart, count: index })),
    subscriberGrowth: weeks.map((weekStart, index) => ({
      weekStart,
      newActive: 2,
      totalActive: 18 + 2 * index,
    })),
    latestActivity: [
      {
        id: 'a1',
        type: 'new_contact',
        title: 'Nouvelle demande de devis',
        description: 'Marie Kabila — Marketing Digital',
        createdAt: '2026-11-20T09:30:00.000Z',
      },
    ],
    followUp: { late: 0, dueToday: 0, unanswered: 0, due: [] },
    upcomingCalls: [],
    ...overrides,
  };
}

/** The dashboard under the admin layout's real-time connection. */
const { connection, Listening: ListeningDashboard } = underRealtime(DashboardScreen);

function region(name: string) {
  return screen.getByRole('region', { name });
}

describe('the admin dashboard', () => {
  it('opens with what is to follow up today: late and unanswered leads in red, each count a link to its list', async () => {
    const hour = 3_600_000;
    stubFetch({
      'GET /api/admin/dashboard': {
        json: buildDashboard({
          followUp: {
            late: 1,
            dueToday: 2,
            unanswered: 3,
            due: [
              {
                id: 'late-lead',
                fullName: 'Marie Kabila',
                nextActionAt: new Date(Date.now() - hour).toISOString(),
                nextActionNote: 'Rappeler pour le devis',
                owner: 'Nadine Kapinga',
              },
              {
                id: 'later-lead',
                fullName: 'Jean Mbala',
                nextActionAt: new Date(Date.now() + hour).toISOString(),
                nextActionNote: 'Envoyer la proposition',
                owner: null,
              },
            ],
          },
        }),
      },
    });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const card = await screen.findByRole('region', { name: 'À traiter aujourd’hui' });
    const late = within(card).getByRole('link', { name: '1 en retard' });
    expect(late.getAttribute('href')).toBe('/admin/contacts?followUp=late&sort=nextActionAt&order=asc');
    expect(late.className).toContain('text-red-700');
    const today = within(card).getByRole('link', { name: '2 à traiter aujourd’hui' });
    expect(today.getAttribute('href')).toBe('/admin/contacts?followUp=today&sort=nextActionAt&order=asc');
    expect(today.className).not.toContain('text-red-700');
    expect(
      within(card)
        .getByRole('link', { name: /^3 sans réponse depuis 24.h$/ })
        .getAttribute('href'),
    ).toBe('/admin/contacts?status=nouveau&sort=createdAt&order=asc');
    const items = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('time'));
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'Marie Kabila' })
        .getAttribute('href'),
    ).toBe('/admin/contacts?lead=late-lead');
    expect(items[0]?.textContent).toContain('Rappeler pour le devis');
    expect(items[0]?.textContent).toContain('Nadine Kapinga');
    expect(items[0]?.textContent).toContain('en retard');
    expect(items[1]?.textContent).toContain('Sans responsable');
    expect(items[1]?.textContent).not.toContain('en retard');
    // First on the screen, before the figures.
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions[0]).toBe(card.getAttribute('aria-labelledby'));
  });

  it('lists the next calls, each opening its lead, beside the follow-up; and says when none is planned', async () => {
    const call = anAdminCall({
      contact: { id: 'lead-call', fullName: 'Amani Kabeya', company: 'Kin Market', serviceInterest: 'SEO' },
    });
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard({ upcomingCalls: [call] }) } });
    const { unmount } = renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const card = await screen.findByRole('region', { name: 'Prochains appels' });
    const [item] = within(card).getAllByRole('listitem');
    expect(
      within(item as HTMLElement)
        .getByRole('link', { name: 'Amani Kabeya' })
        .getAttribute('href'),
    ).toBe('/admin/contacts?lead=lead-call');
    expect(item?.textContent).toContain('Kin Market');
    expect(item?.textContent).toContain('avec Nadine Kapinga');
    // 10:00 in Kinshasa, whatever the machine's time zone.
    expect(item?.querySelector('time')?.textContent).toBe('30/11/2026 10:00');
    expect(within(card).getByRole('link', { name: 'Voir l’agenda' }).getAttribute('href')).toBe(
      '/admin/rendez-vous',
    );
    unmount();

    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const empty = await screen.findByRole('region', { name: 'Prochains appels' });
    expect(within(empty).getByText('Aucun appel prévu')).toBeTruthy();
  });

  it('says when nothing is due today', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const card = await screen.findByRole('region', { name: 'À traiter aujourd’hui' });
    expect(within(card).getByText('Aucune action prévue d’ici ce soir')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '0 en retard' }).className).not.toContain('text-red-700');
  });

  it('shows the leads and subscribers figures by status, with their French labels', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');

    const week = await screen.findByRole('region', { name: 'Demandes cette semaine' });
    expect(within(week).getByTestId('kpi-value').textContent).toBe('6');
    const weekTerms = within(week)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const weekCounts = within(week)
      .getAllByRole('definition')
      .map((count) => count.textContent);
    expect(weekTerms).toEqual(['Nouveau', 'En cours', 'Traité']);
    expect(weekCounts).toEqual(['3', '2', '1']);

    const month = region('Demandes ce mois-ci');
    expect(within(month).getByTestId('kpi-value').textContent).toBe('22');
    // 1234 with the French thousands separator (a narrow no-break space).
    expect(within(month).getByText(/^1\s234 demandes au total$/)).toBeTruthy();

    const subscribers = region('Abonnés newsletter');
    expect(within(subscribers).getByTestId('kpi-value').textContent).toBe('50');
    expect(
      within(subscribers)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['En attente', 'Actif', 'Désabonné', 'Rejeté']);
    expect(
      within(subscribers)
        .getAllByRole('definition')
        .map((count) => count.textContent),
    ).toEqual(['4', '40', '5', '1']);
  });

  it('gives the opt-in conversion as a French percentage with the counts it comes from', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const conversion = await screen.findByRole('region', { name: 'Conversion des inscriptions' });
    expect(within(conversion).getByTestId('kpi-value').textContent).toMatch(/^33,3\s%$/);
    expect(within(conversion).getByText('10 confirmés sur 30 inscriptions (12 semaines)')).toBeTruthy();
  });

  it('shows 0 % rather than a division by zero when nobody signed up', async () => {
    stubFetch({
      'GET /api/admin/dashboard': {
        json: buildDashboard({ conversion: { signups: 0, confirmed: 0, rate: 0 } }),
      },
    });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const conversion = await screen.findByRole('region', { name: 'Conversion des inscriptions' });
    expect(within(conversion).getByTestId('kpi-value').textContent).toMatch(/^0\s%$/);
    expect(within(conversion).getByText('0 confirmé sur 0 inscription (12 semaines)')).toBeTruthy();
  });

  it('lists the most-read posts with links to the blog, and the latest activity', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const posts = await screen.findByRole('region', { name: 'Articles les plus lus' });
    const items = within(posts).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Réussir son SEO à Kinshasa' }).getAttribute('href')).toBe(
      '/blog/seo-kinshasa',
    );
    expect(first.getByText(/^1\s520 vues$/)).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('1 vue')).toBeTruthy();

    const activity = region('Activité récente');
    expect(within(activity).getByText('Nouvelle demande de devis')).toBeTruthy();
    expect(within(activity).getByText('Marie Kabila — Marketing Digital')).toBeTruthy();
    // 09:30 UTC is 10:30 in Kinshasa, whatever the machine's time zone.
    expect(within(activity).getByText('20/11/2026 10:30')).toBeTruthy();
  });

  it('gives each chart a table of its 12 weeks for screen readers, weeks as dd/MM', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    const leads = await screen.findByRole('table', { name: /demandes de contact reçues chaque semaine/ });
    const leadRows = within(leads).getAllByRole('row').slice(1);
    expect(leadRows).toHaveLength(12);
    expect(leadRows[0]?.textContent).toBe('07/090');
    expect(leadRows[11]?.textContent).toBe('23/1111');

    const growth = screen.getByRole('table', { name: /Abonnés actifs en fin de semaine/ });
    const growthRows = within(growth).getAllByRole('row');
    expect(growthRows[0]?.textContent).toBe('Semaine duAbonnés actifsNouveaux confirmés');
    expect(growthRows[12]?.textContent).toBe('23/11402');
  });

  it('says so when there is no post read and no activity yet', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard({ topPosts: [], latestActivity: [] }) } });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    expect(await screen.findByText('Aucun article lu pour l’instant')).toBeTruthy();
    expect(screen.getByText('Aucune activité récente')).toBeTruthy();
  });

  it('shows the error with a Réessayer button that loads the data again', async () => {
    let fail = true;
    const { calls } = stubFetch({
      'GET /api/admin/dashboard': () =>
        fail ? { status: 500, text: '{"error":{"message":"Erreur interne"}}' } : { json: buildDashboard() },
    });
    renderAdminScreen(DashboardScreen, '/admin/dashboard');
    // Waiting: the cards' shapes, busy, named once for screen readers.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Chargement du tableau de bord…');
    expect(status.closest('[aria-busy="true"]')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les données.');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Demandes cette semaine' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.url.pathname === '/api/admin/dashboard')).toHaveLength(2);
  });

  it('listens to the live dashboard channel while it is shown, and stops when the admin leaves it', async () => {
    stubFetch({ 'GET /api/admin/dashboard': { json: buildDashboard() } });
    const stopListening = vi.fn();
    connection.listen = vi.fn(() => stopListening);
    const { unmount } = renderAdminScreen(ListeningDashboard, '/admin/dashboard');
    await screen.findByRole('region', { name: 'Demandes cette semaine' });
    expect(connection.listen).toHaveBeenCalledExactlyOnceWith('dashboard');
    expect(stopListening).not.toHaveBeenCalled();
    unmount();
    expect(stopListening).toHaveBeenCalledOnce();
  });

  it('keeps the last figures on screen when a refresh fails, and says so', async () => {
    let fail = false;
    stubFetch({
      'GET /api/admin/dashboard': () => (fail ? { status: 503, text: '' } : { json: buildDashboard() }),
    });
    const { client } = renderAdminScreen(DashboardScreen, '/admin/dashboard');
    await screen.findByRole('region', { name: 'Demandes cette semaine' });

    fail = true;
    await client.invalidateQueries({ queryKey: ['/api/admin/dashboard'] });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Actualisation impossible');
    expect(within(region('Demandes cette semaine')).getByTestId('kpi-value').textContent).toBe('6');

    fail = false;
    fireEvent.click(within(notice).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
