/**
 * A started campaign's results: KPI cards, what its links brought to the site (visits, leads,
 * sign-ups, booked calls: the audience measurement, decision 084), the hourly timeline (a lazy
 * chart, with a table for screen readers) and the most clicked links, re-read while it is being sent.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { CampaignDetail, CampaignResults } from '#common/schemas/campaigns.ts';
import { useHydrated } from '~/lib/use-hydrated';
import { DataTable } from '../kit/admin-list';
import { Card } from '../kit/page';
import { ChartBox, Lines, Loading, Panel, Tiles } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { campaignResultsQuery } from './data';
import { formatCount, formatHour, formatRate } from './format';

const CampaignTimelineChart = lazy(() =>
  import('./campaign-timeline-chart').then((module) => ({ default: module.CampaignTimelineChart })),
);

export function CampaignResultsSection({ campaign }: { campaign: CampaignDetail }) {
  const results = useQuery(campaignResultsQuery(campaign.id, campaign.status === 'sending'));
  const hydrated = useHydrated();
  // The results follow the progress: the last messages of a sending land between two polls, and
  // once the status is 'sent' the polling stops, so a change of the campaign's counts re-reads them.
  const queryClient = useQueryClient();
  const progress = `${campaign.status}/${campaign.jobs.sent}/${campaign.jobs.failed}/${campaign.jobs.queued}`;
  const seenProgress = useRef(progress);
  useEffect(() => {
    if (seenProgress.current === progress) return;
    seenProgress.current = progress;
    void queryClient.invalidateQueries({ queryKey: campaignResultsQuery(campaign.id, false).queryKey });
  }, [progress, campaign.id, queryClient]);
  if (results.isPending) {
    return (
      <Loading label="Chargement des résultats…" className="mt-6 flex flex-col gap-6">
        <Lines size="title" widths={['w-32']} />
        <Tiles
          count={9}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
          tileClassName="h-[4.375rem]"
        />
        <Panel>
          <ChartBox className="mt-4 h-60" />
        </Panel>
      </Loading>
    );
  }
  if (results.isError) return <ErrorState error={results.error} onRetry={() => void results.refetch()} />;
  const r: CampaignResults = results.data;
  const kpis: [string, string][] = [
    ['Envoyés', formatCount(r.sent)],
    ['Échecs', formatCount(r.failed)],
    ['Ouvertures', formatCount(r.opens)],
    ['Ouvertures uniques', formatCount(r.uniqueOpens)],
    ['Clics', formatCount(r.clicks)],
    ['Rebonds', formatCount(r.bounces)],
    ['Plaintes', formatCount(r.complaints)],
    ['Désabonnements', formatCount(r.unsubscribes)],
    ['Taux d’ouverture', formatRate(r.uniqueOpens, r.sent)],
  ];
  const placeholder = <ChartBox className="size-full" />;
  return (
    <section aria-labelledby="campaign-results" className="mt-6 flex flex-col gap-6">
      <h2 id="campaign-results" className="text-lg font-bold text-gray-900">
        Résultats
      </h2>
      {!r.trackingEnabled ? (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Le suivi des ouvertures et des clics est désactivé dans les réglages : ces chiffres restent à zéro.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="campaign-kpis">
        {kpis.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="text-xl font-bold text-gray-900 tabular-nums" data-kpi={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <CampaignSiteResults results={r} />
      <Card className="min-w-0">
        <h3 className="text-base font-semibold text-gray-900">Heure par heure</h3>
        {r.timeline.length === 0 ? (
          <p className="py-6 text-sm text-gray-600">Pas encore d’envoi.</p>
        ) : (
          <>
            <div className="mt-4 h-60 min-w-0" aria-hidden="true">
              {hydrated ? (
                <Suspense fallback={placeholder}>
                  <CampaignTimelineChart data={r.timeline} />
                </Suspense>
              ) : (
                placeholder
              )}
            </div>
            <div className="sr-only">
              <table>
                <caption>Envois, ouvertures et clics par heure</caption>
                <thead>
                  <tr>
                    <th scope="col">Heure</th>
                    <th scope="col">Envoyés</th>
                    <th scope="col">Ouvertures</th>
                    <th scope="col">Clics</th>
                  </tr>
                </thead>
                <tbody>
                  {r.timeline.map((row) => (
                    <tr key={row.hour}>
                      <td>{formatHour(row.hour)}</td>
                      <td>{row.sent}</td>
                      <td>{row.opens}</td>
                      <td>{row.clicks}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
      <Card className="p-0">
        <h3 className="p-4 text-base font-semibold text-gray-900">Liens les plus cliqués</h3>
        {r.topLinks.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-gray-600">Aucun clic pour le moment.</p>
        ) : (
          <DataTable
            className="overflow-x-auto"
            head="compact"
            hover={false}
            items={r.topLinks}
            rowKey={(row) => row.url}
            columns={[
              {
                header: 'Lien',
                className: 'max-w-md px-4 py-2 break-all text-gray-900',
                cell: (row) => row.url,
              },
              {
                header: 'Clics',
                numeric: true,
                className: 'px-4 py-2',
                cell: (row) => formatCount(row.clicks),
              },
              {
                header: 'Clics uniques',
                numeric: true,
                className: 'px-4 py-2',
                cell: (row) => formatCount(row.uniqueClicks),
              },
            ]}
          />
        )}
      </Card>
    </section>
  );
}

/** The visits and conversions that came through the campaign's tagged links (utm_campaign). */
function CampaignSiteResults({ results }: { results: CampaignResults }) {
  const figures: [string, number][] = [
    ['Visites', results.visits],
    ['Leads', results.leads],
    ['Inscriptions', results.signUps],
    ['Appels réservés', results.bookedCalls],
  ];
  return (
    <Card aria-labelledby="campaign-site" className="min-w-0">
      <h3 id="campaign-site" className="text-base font-semibold text-gray-900">
        Sur le site
      </h3>
      {results.utmCampaign ? (
        <>
          <p className="mt-1 text-sm text-gray-600">
            Visites, demandes, inscriptions et appels venus des liens de cette campagne depuis son envoi. Dans
            l’écran Audience, elle s’appelle{' '}
            <span className="font-medium break-all text-gray-900">{results.utmCampaign}</span>.
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="campaign-site-kpis">
            {figures.map(([label, value]) => (
              <div key={label} className="rounded-lg bg-gray-50 p-3">
                <dt className="text-xs text-gray-600">{label}</dt>
                <dd className="text-xl font-bold text-gray-900 tabular-nums" data-kpi={label}>
                  {formatCount(value)}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="mt-1 text-sm text-gray-600">
          Les liens de cette campagne ne portent pas de marque de campagne : elle est partie avant la mesure
          d’audience.
        </p>
      )}
    </Card>
  );
}
