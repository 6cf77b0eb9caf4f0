// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#common/api-types.ts';
import { addDays, kinshasaDate } from '#common/kinshasa.ts';
import type { AvailabilityInput, BookingAvailability } from '#common/schemas/booking-admin.ts';
import type { AdminAccount } from '#common/schemas/users-admin.ts';
import { type RecordedCall, renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { anAdminCall } from '#tests/helpers/answer-factories.ts';
import { runEachTestAt } from '#tests/helpers/clock.ts';
import { DATE_FORMAT_MESSAGE, formatFrenchDate } from '~/lib/french-date';
import { AgendaScreen } from './agenda-screen';
import { AvailabilityPanel } from './availability-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The agenda marks today and the panel refuses past days off: every test runs on Wednesday
// 2 December 2026, 10:00 in Kinshasa, whatever the day it runs.
runEachTestAt('2026-12-02T09:00:00Z');

const ME: SessionUser = {
  id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'patrick@agence.cd',
  firstName: 'Patrick',
  lastName: 'Mukendi',
  role: 'admin',
  passwordChangeRequired: false,
};
const account = (user: { id: string; firstName: string; lastName: string }): AdminAccount => ({
  email: `${user.firstName.toLowerCase()}@agence.cd`,
  role: 'admin',
  isActive: true,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
  lastLoginAt: null,
  activeSessions: 0,
  secondFactor: false,
  ...user,
});
const NADINE = account({
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  firstName: 'Nadine',
  lastName: 'Kapinga',
});

const emptyWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] }));
const nothingStored = (admin = { id: ME.id, name: 'Patrick Mukendi' }): BookingAvailability => ({
  admin,
  bookable: false,
  days: emptyWeek,
  upcomingCalls: 0,
  daysOff: [],
});
const saved = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'PUT')
    .map((call) => JSON.parse(call.body ?? '{}') as AvailabilityInput);

function renderPanel(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({
    'GET /api/auth/me': { json: { user: ME } },
    'GET /api/admin/users': { json: { users: [account(ME), NADINE] } },
    'GET /api/admin/booking/availability': { json: { availability: nothingStored() } },
    'PUT /api/admin/booking/availability': (call) => ({
      json: { availability: { ...nothingStored(), ...JSON.parse(call.body ?? '{}') } },
    }),
    ...routes,
  });
  renderAdminScreen(AvailabilityPanel, '/admin/settings');
  return stub;
}

const day = (name: string) => within(screen.getByRole('group', { name }));
const range = (dayName: string, index: number) =>
  within(screen.getByRole('group', { name: `${dayName}, plage ${index}` }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les disponibilités' }));

describe('settings, "Disponibilités"', () => {
  it('fills the typical week on demand, takes a day off and saves it all in Kinshasa time', async () => {
    const { calls } = renderPanel();
    await screen.findByRole('heading', { name: 'Mes disponibilités pour les appels découverte' });
    expect(await screen.findByText('Heures de Kinshasa (UTC+1).')).toBeTruthy();
    expect(day('Lundi').getByText('Indisponible')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Proposer des horaires types' }));
    expect((range('Lundi', 1).getByLabelText('Début') as HTMLSelectElement).value).toBe('09:00');
    expect((range('Lundi', 2).getByLabelText('Fin') as HTMLSelectElement).value).toBe('17:00');
    expect(day('Samedi').getByText('Indisponible')).toBeTruthy();
    // Nothing is stored until the admin saves.
    expect(saved(calls)).toEqual([]);

    // Friday afternoon off: the second range goes.
    fireEvent.click(range('Vendredi', 2).getByRole('button', { name: 'Retirer la plage 2 du vendredi' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Je peux être réservé(e) pour un appel découverte' }));
    const dayOff = addDays(kinshasaDate(new Date()), 10);
    // Typed the French way (jj/mm/aaaa), whatever the browser's language.
    fireEvent.change(screen.getByLabelText('Date du jour de congé'), {
      target: { value: formatFrenchDate(dayOff) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce jour' }));
    expect(
      within(screen.getByRole('list', { name: 'Jours de congé prévus' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    save();

    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    const lunchBreak = [
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '17:00' },
    ];
    expect(saved(calls)[0]).toEqual({
      bookable: true,
      days: [
        { weekday: 1, ranges: lunchBreak },
        { weekday: 2, ranges: lunchBreak },
        { weekday: 3, ranges: lunchBreak },
        { weekday: 4, ranges: lunchBreak },
        { weekday: 5, ranges: [{ start: '09:00', end: '12:00' }] },
        { weekday: 6, ranges: [] },
        { weekday: 7, ranges: [] },
      ],
      daysOff: [dayOff],
    });
    expect(calls.find((call) => call.method === 'PUT')?.url.search).toBe('');
    // Saved ranges are no longer "nothing set": the typical week is not offered again.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Proposer des horaires types' })).toBeNull(),
    );
  });

  it('shows the shared schema’s messages under each field and sends nothing', async () => {
    const { calls } = renderPanel();
    fireEvent.click(
      await screen.findByRole('switch', { name: 'Je peux être réservé(e) pour un appel découverte' }),
    );
    save();
    expect(
      await screen.findByText('Ajoutez au moins une plage horaire pour pouvoir être réservé(e).'),
    ).toBeTruthy();

    fireEvent.click(day('Mardi').getByRole('button', { name: 'Ajouter une plage le mardi' }));
    fireEvent.click(day('Mardi').getByRole('button', { name: 'Ajouter une plage le mardi' }));
    // The times are the half hours of a 24-hour day: 09:15 is not even offered.
    const start = range('Mardi', 1).getByLabelText('Début') as HTMLSelectElement;
    expect(within(start).queryByRole('option', { name: '09:15' })).toBeNull();
    expect(within(start).getAllByRole('option')).toHaveLength(48);
    fireEvent.change(start, { target: { value: '11:00' } });
    fireEvent.change(range('Mardi', 1).getByLabelText('Fin'), { target: { value: '10:00' } });
    save();
    expect(
      await range('Mardi', 1).findByText('L’heure de fin doit venir après l’heure de début.'),
    ).toBeTruthy();
    expect(range('Mardi', 1).getByLabelText('Fin').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(range('Mardi', 1).getByLabelText('Fin'), { target: { value: '12:00' } });
    fireEvent.change(range('Mardi', 2).getByLabelText('Début'), { target: { value: '11:30' } });
    fireEvent.change(range('Mardi', 2).getByLabelText('Fin'), { target: { value: '12:30' } });
    save();
    expect(
      await range('Mardi', 2).findByText('Cette plage chevauche une autre plage du même jour.'),
    ).toBeTruthy();
    expect(range('Mardi', 1).queryByText('L’heure de fin doit venir après l’heure de début.')).toBeNull();

    // A day off in the past is refused as it is added, and so is one written the English way.
    fireEvent.change(screen.getByLabelText('Date du jour de congé'), { target: { value: '06/01/2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce jour' }));
    expect(screen.getByText('Cette date est passée.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date du jour de congé'), { target: { value: '01/31/2030' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ce jour' }));
    expect(screen.getByText(DATE_FORMAT_MESSAGE, { normalizer: (shown) => shown.trim() })).toBeTruthy();
    expect(screen.getByLabelText('Date du jour de congé').getAttribute('aria-invalid')).toBe('true');
    expect(saved(calls)).toEqual([]);
  });

  it('puts the server’s field messages under their fields', async () => {
    renderPanel({
      'GET /api/admin/booking/availability': {
        json: {
          availability: {
            ...nothingStored(),
            bookable: true,
            days: emptyWeek.map((d) =>
              d.weekday === 3 ? { weekday: 3, ranges: [{ start: '09:00', end: '10:00' }] } : d,
            ),
            daysOff: [addDays(kinshasaDate(new Date()), 3)],
          },
        },
      },
      'PUT /api/admin/booking/availability': {
        status: 400,
        json: {
          error: {
            code: 'validation_error',
            message: 'Certains champs sont invalides.',
            fields: {
              'days.2.ranges.0.start': 'Heure refusée par le serveur.',
              'daysOff.0': 'Cette date est passée.',
            },
          },
        },
      },
    });
    await screen.findByRole('group', { name: 'Mercredi, plage 1' });
    save();
    expect(await range('Mercredi', 1).findByText('Heure refusée par le serveur.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Jours de congé prévus' })).getByText('Cette date est passée.'),
    ).toBeTruthy();
  });

  it('says that calls already booked stay booked when one stops taking calls, and how to let them go', async () => {
    const booked: BookingAvailability = {
      ...nothingStored(),
      bookable: true,
      days: emptyWeek.map((d) =>
        d.weekday === 1 ? { ...d, ranges: [{ start: '09:00', end: '12:00' }] } : d,
      ),
      upcomingCalls: 2,
    };
    renderPanel({ 'GET /api/admin/booking/availability': { json: { availability: booked } } });
    const toggle = await screen.findByRole('switch', {
      name: 'Je peux être réservé(e) pour un appel découverte',
    });
    expect(screen.queryByText(/appels déjà réservés restent prévus/)).toBeNull();
    fireEvent.click(toggle);
    const note = await screen.findByText(
      /^2 appels déjà réservés restent prévus\. Si vous ne pouvez pas les assurer/,
    );
    expect(note.textContent).toMatch(/le visiteur reçoit un email d’excuse/);
    expect(screen.getByRole('link', { name: 'Voir l’agenda' }).getAttribute('href')).toBe(
      '/admin/rendez-vous',
    );
  });

  it('lets an admin set up a colleague’s availability', async () => {
    const { calls } = renderPanel({
      'GET /api/admin/booking/availability': (call) => ({
        json: {
          availability:
            call.url.searchParams.get('adminId') === NADINE.id
              ? {
                  ...nothingStored({ id: NADINE.id, name: 'Nadine Kapinga' }),
                  days: emptyWeek.map((d) =>
                    d.weekday === 1 ? { weekday: 1, ranges: [{ start: '08:00', end: '09:00' }] } : d,
                  ),
                }
              : nothingStored(),
        },
      }),
    });
    const select = (await screen.findByLabelText('Disponibilités de')) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Nadine Kapinga' });
    expect(select.value).toBe(ME.id);
    expect(within(select).getByRole('option', { name: 'Vous (Patrick Mukendi)' })).toBeTruthy();
    fireEvent.change(select, { target: { value: NADINE.id } });
    await screen.findByRole('switch', {
      name: 'Nadine Kapinga peut être réservé(e) pour un appel découverte',
    });
    expect((range('Lundi', 1).getByLabelText('Début') as HTMLSelectElement).value).toBe('08:00');
    save();
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.url.searchParams.get('adminId')).toBe(NADINE.id);
  });
});

describe('the agenda, "Rendez-vous"', () => {
  const confirmed = anAdminCall({
    contact: {
      id: 'lead-1',
      fullName: 'Amani Kabeya',
      company: 'Kin Market',
      serviceInterest: 'Marketing Digital',
    },
  });
  const cancelled = anAdminCall({
    startsAt: '2026-12-02T13:30:00.000Z',
    endsAt: '2026-12-02T14:00:00.000Z',
    status: 'cancelled',
    contact: { id: 'lead-2', fullName: 'Bolingo Mputu', company: null, serviceInterest: 'SEO' },
    admin: { id: 'a2', name: 'Patrick Mukendi' },
  });
  const periods = (calls: RecordedCall[]) =>
    calls
      .filter((call) => call.url.pathname === '/api/admin/booking/calls')
      .map((call) => [call.url.searchParams.get('from'), call.url.searchParams.get('to')]);

  it('shows the week from Monday, each call with its time in Kinshasa, lead, company, service and admin; a cancelled one struck through', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/booking/calls': { json: { calls: [confirmed, cancelled] } },
    });
    renderAdminScreen(AgendaScreen, '/admin/rendez-vous', '/admin/rendez-vous?date=2026-12-02');
    expect(
      await screen.findByRole('heading', { name: 'Du lundi 30 novembre au dimanche 6 décembre 2026' }),
    ).toBeTruthy();
    // Monday 00:00 to the next Monday 00:00, Kinshasa time.
    expect(periods(calls)).toEqual([['2026-11-29T23:00:00.000Z', '2026-12-06T23:00:00.000Z']]);

    const monday = within(await screen.findByRole('listitem', { name: 'Lundi 30 novembre' }));
    const card = within(monday.getByRole('article'));
    expect(card.getByText('10:00', { exact: false })).toBeTruthy();
    expect(card.getByRole('link', { name: 'Amani Kabeya' }).getAttribute('href')).toBe(
      '/admin/contacts?lead=lead-1',
    );
    for (const text of ['Kin Market', 'Marketing Digital', 'avec Nadine Kapinga', 'Confirmé']) {
      expect(card.getByText(text)).toBeTruthy();
    }
    expect(monday.getByRole('article').textContent).toContain('10:00–10:30');

    // Today is marked (in words, not only by its colour).
    const wednesday = within(screen.getByRole('listitem', { name: 'Mercredi 2 décembre · aujourd’hui' }));
    const gone = wednesday.getByRole('article', { name: /Bolingo Mputu, annulé/ });
    expect(within(gone).getByText('Annulé')).toBeTruthy();
    expect(within(gone).getByRole('link', { name: 'Bolingo Mputu' }).className).toContain('line-through');
    expect(gone.textContent).toContain('14:30–15:00');
    expect(
      within(screen.getByRole('listitem', { name: 'Mardi 1 décembre' })).getByText('Aucun appel'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    await screen.findByRole('heading', { name: 'Du lundi 7 décembre au dimanche 13 décembre 2026' });
    expect(periods(calls).at(-1)).toEqual(['2026-12-06T23:00:00.000Z', '2026-12-13T23:00:00.000Z']);
  });

  it('shows one day, and switches between day and week', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/booking/calls': (call) => ({
        json: { calls: call.url.searchParams.get('from') === '2026-11-29T23:00:00.000Z' ? [confirmed] : [] },
      }),
    });
    renderAdminScreen(AgendaScreen, '/admin/rendez-vous', '/admin/rendez-vous?vue=jour&date=2026-11-30');
    expect(await screen.findByRole('heading', { name: 'Lundi 30 novembre 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jour' }).getAttribute('aria-pressed')).toBe('true');
    expect(periods(calls)).toEqual([['2026-11-29T23:00:00.000Z', '2026-11-30T23:00:00.000Z']]);
    const card = await screen.findByRole('article', { name: /^10:00, Amani Kabeya$/ });
    expect(within(card).getByText('avec Nadine Kapinga')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Jour suivant' }));
    await screen.findByRole('heading', { name: 'Mardi 1 décembre 2026' });
    expect(await screen.findByText('Aucun appel prévu ce jour-là.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Semaine' }));
    await screen.findByRole('heading', { name: 'Du lundi 30 novembre au dimanche 6 décembre 2026' });
    expect(await screen.findByRole('article', { name: /Amani Kabeya/ })).toBeTruthy();
  });

  it('says when the week has no call', async () => {
    stubFetch({ 'GET /api/admin/booking/calls': { json: { calls: [] } } });
    renderAdminScreen(AgendaScreen, '/admin/rendez-vous', '/admin/rendez-vous?date=2026-12-02');
    expect(await screen.findByText('Aucun appel prévu cette semaine.')).toBeTruthy();
  });
});
