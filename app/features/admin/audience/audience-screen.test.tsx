// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudienceFigures, AudienceReport, AudienceRow } from '#common/api-types.ts';
import type { RealtimeServerMessage } from '#common/schemas/admin.ts';
import { renderAdminScreen, stubFetch, underRealtime } from '#tests/helpers/admin-screen.tsx';
import { DATE_FORMAT_MESSAGE } from '~/lib/french-date';
import { applyRealtimeMessage } from '../realtime/realtime-effects';
import { AudienceScreen } from './audience-screen';

let saved: Blob[] = [];
let names: string[] = [];

beforeEach(() => {
  // happy-dom does no layout, so Recharts measures a 0×0 box and says so; any other warning shows.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
  });
  saved = [];
  names = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:audience';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function figures(overrides: Partial<AudienceFigures> = {}): AudienceFigures {
  return {
    visitors: 1234,
    visits: 1500,
    pageviews: 4200,
    bounces: 600,
    engagedMs: 1500 * 65_000,
    pagesPerVisit: 2.8,
    bounceRate: 0.4,
    avgEngagedMs: 65_000,
    conversions: { leads: 12, signups: 5, calls: 3, total: 20 },
    conversionRate: 0.0162,
    ...overrides,
  };
}

const row = (
  value: string,
  visitors: number,
  conversions: number,
  conversionRate: number | null,
): AudienceRow => ({
  value,
  visitors,
  visits: visitors,
  pageviews: visitors * 2,
  conversions,
  conversionRate,
});

function buildReport(overrides: Partial<AudienceReport> = {}): AudienceReport {
  return {
    period: {
      preset: '7d',
      from: '2026-02-26',
      to: '2026-03-04',
      days: 7,
      previousFrom: '2026-02-19',
      previousTo: '2026-02-25',
    },
    current: figures(),
    previous: figures({
      visitors: 1100,
      pageviews: 4200,
      pagesPerVisit: 3,
      bounceRate: 0.45,
      avgEngagedMs: 50_000,
      conversions: { leads: 10, signups: 4, calls: 2, total: 16 },
      conversionRate: 0.0145,
    }),
    series: {
      unit: 'day',
      points: [
        { at: '2026-02-26', visitors: 150, pageviews: 400 },
        { at: '2026-02-27', visitors: 0, pageviews: 0 },
        { at: '2026-03-04', visitors: 210, pageviews: 620 },
      ],
    },
    tables: {
      pages: [row('/services/seo', 400, 6, 0.015), row('/contact', 120, 9, 0.075)],
      entries: [row('/', 800, 10, 0.0125)],
      sources: [
        row('Facebook', 500, 8, 0.016),
        row('Accès direct', 300, 2, 0.0067),
        row('=cmd|calc', 1, 0, 0),
      ],
      campaigns: [row('lancement', 200, 5, 0.025), row('printemps', 0, 1, null)],
      devices: [row('mobile', 900, 15, 0.0167), row('desktop', 334, 5, 0.015)],
      countries: [row('CD', 1000, 18, 0.018), row('', 34, 2, 0.0588)],
    },
    ...overrides,
  };
}

/** The screen under the admin layout's real-time connection. */
const { connection, Listening: ListeningAudience } = underRealtime(AudienceScreen);

const figure = (title: string) => screen.getByRole('region', { name: title });

const AUDIENCE_NOW_AT = '2026-03-04T10:00:00.000Z';

/**
 * The screen at `url` (its own address by default), the report's API answering `audience` (the
 * default report) and "En ce moment" `visitors`; `calls` records what the screen asked for.
 */
function renderAudience({
  audience = { json: buildReport() },
  visitors = 3,
  url,
}: {
  audience?: { status?: number; json: unknown };
  visitors?: number;
  url?: string;
} = {}) {
  const { calls } = stubFetch({
    'GET /api/admin/audience': audience,
    'GET /api/admin/audience/now': { json: { visitors, at: AUDIENCE_NOW_AT } },
  });
  return { calls, ...renderAdminScreen(ListeningAudience, '/admin/audience', url) };
}

describe('the Audience screen', () => {
  it('shows a skeleton while the figures load, then every figure beside the previous period', async () => {
    let answer: (value: unknown) => void = () => {};
    const pending = new Promise((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = stubFetch({
      'GET /api/admin/audience/now': { json: { visitors: 3, at: AUDIENCE_NOW_AT } },
    });
    const stubbed = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/admin/audience') {
        await pending;
        return new Response(JSON.stringify(buildReport()), {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return stubbed?.(input, init) as Promise<Response>;
    });
    renderAdminScreen(ListeningAudience, '/admin/audience');
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Chargement de l’audience…');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    answer(undefined);

    await screen.findByRole('region', { name: 'Visiteurs' });
    expect(screen.queryByText('Chargement de l’audience…')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    // Each figure as shown, and how it compares with the previous period.
    for (const { title, shown, comparison } of [
      { title: 'Visiteurs', shown: '1\u202f234', comparison: '+12 % vs période précédente' },
      { title: 'Pages vues', shown: '4\u202f200', comparison: '= vs période précédente' },
      { title: 'Pages par visite', shown: '2,8', comparison: '−7 % vs période précédente' },
      { title: 'Taux de rebond', shown: '40\u00a0%', comparison: '−5 points vs période précédente' },
      { title: 'Durée moyenne d’engagement', shown: '1 min 05 s', comparison: '+30 % vs période précédente' },
      { title: 'Conversions', shown: '20', comparison: '+25 % vs période précédente' },
      { title: 'Taux de conversion', shown: '1,6\u00a0%', comparison: '+0,2 point vs période précédente' },
    ]) {
      expect(within(figure(title)).getByTestId('figure-value').textContent, title).toBe(shown);
      expect(figure(title).textContent, title).toContain(comparison);
    }
    // A falling bounce rate is good news, in green.
    const bounce = within(figure('Taux de rebond')).getByText('−5 points vs période précédente');
    expect(bounce.className).toContain('text-brand-800');
    expect(figure('Conversions').textContent).toContain('12 demandes · 5 inscriptions · 3 appels réservés');
    expect(screen.getByTestId('audience-period').textContent).toBe(
      'Du 26/02/2026 au 04/03/2026 · comparé au 19/02/2026 – 25/02/2026. Jours et heures de Kinshasa.',
    );
    // The screen listens to its channel while shown.
    expect(connection.listen).toHaveBeenCalledWith('audience');
  });

  it('gives the time chart an accessible table and each table its rows with French labels', async () => {
    renderAudience();
    const chart = await screen.findByRole('table', { name: 'Visiteurs et pages vues, jour par jour' });
    const chartRows = within(chart)
      .getAllByRole('row')
      .map((tr) => tr.textContent);
    expect(chartRows).toEqual([
      'JourVisiteursPages vues',
      '26/02/2026150400',
      '27/02/202600',
      '04/03/2026210620',
    ]);

    const cells = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells('Sources')[0]).toEqual(['Facebook', '500', '8', '1,6\u00a0%']);
    expect(cells('Campagnes')).toEqual([
      ['lancement', '200', '5', '2,5\u00a0%'],
      ['printemps', '0', '1', '—'],
    ]);
    expect(cells('Appareils').map((cellsOfRow) => cellsOfRow[0])).toEqual(['Téléphone', 'Ordinateur']);
    expect(cells('Pays').map((cellsOfRow) => cellsOfRow[0])).toEqual(['Congo-Kinshasa', 'Pays inconnu']);
    expect(cells('Pages les plus visitées').map((cellsOfRow) => cellsOfRow[0])).toEqual([
      '/services/seo',
      '/contact',
    ]);
    expect(cells('Pages d’entrée')).toEqual([['/', '800', '10', '1,3\u00a0%']]);
    const header = within(screen.getByRole('table', { name: 'Sources' })).getAllByRole('columnheader');
    expect(header.map((th) => th.textContent)).toEqual([
      'Source',
      'Visiteurs',
      'Conv.Conversions',
      'Taux de conversion',
    ]);
  });

  it('exports a table and the chart as CSV files a spreadsheet opens safely', async () => {
    renderAudience();
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter CSV\u00a0: Sources' }));
    expect(names).toEqual(['audience-sources-2026-02-26-au-2026-03-04.csv']);
    expect(saved[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await saved[0]?.text()).toBe(
      '\uFEFFSource,Visiteurs,Conversions,Taux de conversion\r\n' +
        'Facebook,500,8,"1,6\u00a0%"\r\n' +
        'Accès direct,300,2,"0,7\u00a0%"\r\n' +
        // A value a spreadsheet would run as a formula is made plain text.
        "'=cmd|calc,1,0,0\u00a0%\r\n",
    );

    fireEvent.click(screen.getByRole('button', { name: 'Exporter CSV\u00a0: Pays' }));
    expect(await saved[1]?.text()).toContain('Pays inconnu,34,2,"5,9\u00a0%"');

    fireEvent.click(screen.getByRole('button', { name: 'Exporter CSV\u00a0: Visiteurs et pages vues' }));
    expect(names[2]).toBe('audience-2026-02-26-au-2026-03-04.csv');
    expect(await saved[2]?.text()).toBe(
      '\uFEFFJour,Visiteurs,Pages vues\r\n26/02/2026,150,400\r\n27/02/2026,0,0\r\n04/03/2026,210,620\r\n',
    );
  });

  it('keeps "En ce moment" live: a real-time count replaces the one shown', async () => {
    const { client } = renderAudience();
    const live = await screen.findByTestId('live-visitors');
    await waitFor(() => expect(live.textContent).toBe('3'));
    const message = {
      type: 'broadcast',
      channel: 'audience',
      data: { type: 'visitors_now', visitors: 7, at: '2026-03-04T10:00:15.000Z' },
    } as RealtimeServerMessage;
    act(() => applyRealtimeMessage(message, { queryClient: client, toast: vi.fn() }));
    await waitFor(() => expect(live.textContent).toBe('7'));
    expect(figure('En ce moment').textContent).toContain('visiteurs sur les 5 dernières minutes');
  });

  it('says when a period had no visit, and offers a longer one', async () => {
    const { calls } = renderAudience({
      audience: {
        json: buildReport({
          current: figures({
            visitors: 0,
            visits: 0,
            pageviews: 0,
            bounces: 0,
            engagedMs: 0,
            pagesPerVisit: 0,
            bounceRate: 0,
            avgEngagedMs: 0,
            conversions: { leads: 0, signups: 0, calls: 0, total: 0 },
            conversionRate: 0,
          }),
        }),
      },
      visitors: 0,
    });
    expect(await screen.findByText('Aucune visite sur cette période')).toBeTruthy();
    expect(screen.getByText(/Choisissez une période plus longue/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Sources' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Voir les 90 derniers jours' }));
    await waitFor(() => expect(calls.some((call) => call.url.search === '?period=90d')).toBe(true));
    expect(screen.getByRole('button', { name: '90 jours' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks the server for the period chosen, presets or two dates', async () => {
    const { calls } = renderAudience({ visitors: 1 });
    await screen.findByRole('region', { name: 'Visiteurs' });
    expect(screen.getByRole('button', { name: '7 jours' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Aujourd’hui' }));
    await waitFor(() => expect(calls.at(-1)?.url.search).toBe('?period=today'));

    fireEvent.click(screen.getByRole('button', { name: 'Dates choisies' }));
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '02/03/2026' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '01/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(screen.getByRole('alert').textContent).toBe('La date de fin doit suivre la date de début.');
    // A date written the English way is refused under its field, saying how to write it.
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '03/31/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(screen.getByText(DATE_FORMAT_MESSAGE, { normalizer: (shown) => shown.trim() })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '03/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    await waitFor(() => expect(calls.at(-1)?.url.search).toBe('?from=2026-03-02&to=2026-03-03'));
  });

  it('shows the server’s reason when the dates in the address are refused', async () => {
    renderAudience({
      audience: {
        status: 400,
        json: {
          error: {
            code: 'validation_error',
            message: 'Certains champs sont invalides.',
            fields: { to: 'La date de fin ne peut pas être après aujourd’hui' },
          },
        },
      },
      visitors: 1,
      url: '/admin/audience?from=2026-03-01&to=2099-01-01',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La date de fin ne peut pas être après aujourd’hui');
    expect(within(alert).getByRole('button', { name: 'Revenir aux 7 derniers jours' })).toBeTruthy();
  });
});
