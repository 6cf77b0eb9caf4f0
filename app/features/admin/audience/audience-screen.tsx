/**
 * The Audience screen (docs/decisions/084-first-party-audience.md), for an owner rather than an
 * analyst: who came, from where, what they read and how many became leads, sign-ups or booked
 * calls, over a period kept in the address (`?period=7d`, or `?from=…&to=…`), each figure beside
 * the period just before. "En ce moment" stays live through the `audience` real-time channel,
 * which it listens to while shown. Every chart has its table for screen readers, and every table
 * its CSV file.
 */
import { useQuery } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import Radio from 'lucide-react/icons/radio';
import { type FormEvent, lazy, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AudienceFigures, AudienceReport, AudienceRow } from '#common/api-types.ts';
import { kinshasaDate } from '#common/kinshasa.ts';
import {
  AUDIENCE_PRESET_LABELS,
  AUDIENCE_PRESETS,
  type AudiencePreset,
  type AudienceTable,
  DEFAULT_AUDIENCE_PRESET,
} from '#common/schemas/audience-admin.ts';
import { DateField } from '~/components/date-time-field';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { cn } from '~/lib/cn';
import { DATE_FORMAT_MESSAGE, isIsoDay } from '~/lib/french-date';
import { ChartWithTable } from '../kit/chart-with-table';
import { AdminPageHeader, Card, CardTitle } from '../kit/page';
import { ChartBox, Loading, Panel, Rows, Tiles } from '../kit/skeleton';
import { EmptyState, ErrorState } from '../kit/states';
import { useRealtimeChannel } from '../realtime/realtime-channel';
import { downloadCsv, toCsv } from './csv';
import { type AudienceParams, audienceNowQuery, audienceQuery } from './data';
import {
  type Change,
  countryLabel,
  describeChange,
  deviceLabel,
  formatCount,
  formatDay,
  formatDuration,
  formatHour,
  formatRate,
  formatRatio,
} from './format';

const AudienceChart = lazy(() =>
  import('./audience-chart').then((module) => ({ default: module.AudienceChart })),
);

/** Rows a table shows before "Afficher tout". */
const VISIBLE_ROWS = 10;

function readParams(search: URLSearchParams): AudienceParams {
  const from = search.get('from') ?? undefined;
  const to = search.get('to') ?? undefined;
  if (from && to) return { from, to };
  const period = search.get('period');
  return { period: period && (AUDIENCE_PRESETS as readonly string[]).includes(period) ? period : undefined };
}

export function AudienceScreen() {
  // "En ce moment" comes live only while the screen is shown.
  useRealtimeChannel('audience');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const report = useQuery(audienceQuery(params));
  const choose = (next: AudienceParams) => {
    const search = new URLSearchParams();
    if (next.from && next.to) {
      search.set('from', next.from);
      search.set('to', next.to);
    } else if (next.period && next.period !== DEFAULT_AUDIENCE_PRESET) search.set('period', next.period);
    setSearchParams(search, { preventScrollReset: true });
  };
  const data = report.data;
  return (
    <>
      <AdminPageHeader
        title="Audience"
        description="Qui vient sur le site, d’où, ce qu’il lit et combien deviennent des contacts. Sans cookie ni donnée personnelle."
      />
      <div className="space-y-6">
        <PeriodPicker params={params} report={data} onChoose={choose} />
        {report.isError && !(report.error instanceof ApiError && report.error.status === 400) ? (
          <Card>
            <ErrorState error={report.error} onRetry={() => void report.refetch()} />
          </Card>
        ) : report.isError ? (
          <PeriodRefused error={report.error} onReset={() => choose({})} />
        ) : data ? (
          <>
            {report.isPlaceholderData ? (
              <p role="status" className="text-sm text-gray-600">
                Mise à jour des chiffres...
              </p>
            ) : null}
            <AudienceContent report={data} onChoose={choose} />
          </>
        ) : (
          <AudienceSkeleton />
        )}
      </div>
    </>
  );
}

/** The period's buttons, and two dates to choose. */
function PeriodPicker({
  params,
  report,
  onChoose,
}: {
  params: AudienceParams;
  report: AudienceReport | undefined;
  onChoose: (params: AudienceParams) => void;
}) {
  const chosenDates = Boolean(params.from && params.to);
  const [datesOpen, setDatesOpen] = useState(chosenDates);
  const active = chosenDates
    ? null
    : ((params.period as AudiencePreset | undefined) ?? DEFAULT_AUDIENCE_PRESET);
  const button = (pressed: boolean) =>
    cn(
      'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
      pressed
        ? 'bg-brand-700 text-white ring-brand-700'
        : 'bg-white text-gray-800 ring-gray-300 hover:bg-gray-50',
    );
  return (
    <div className="space-y-3">
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">Période</legend>
        {AUDIENCE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={active === preset}
            className={button(active === preset)}
            onClick={() => {
              setDatesOpen(false);
              onChoose({ period: preset });
            }}
          >
            {AUDIENCE_PRESET_LABELS[preset]}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={chosenDates}
          aria-expanded={datesOpen}
          className={button(chosenDates)}
          onClick={() => setDatesOpen((open) => !open)}
        >
          Dates choisies
        </button>
      </fieldset>
      {datesOpen ? (
        <DatesForm
          key={`${params.from ?? report?.period.from}-${params.to ?? report?.period.to}`}
          from={params.from ?? report?.period.from ?? ''}
          to={params.to ?? report?.period.to ?? ''}
          onChoose={onChoose}
        />
      ) : null}
      {report ? <PeriodCaption period={report.period} /> : null}
    </div>
  );
}

function DatesForm({
  from: initialFrom,
  to: initialTo,
  onChoose,
}: {
  from: string;
  to: string;
  onChoose: (params: AudienceParams) => void;
}) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState(false);
  const problemId = useId();
  const today = kinshasaDate(new Date());
  // A malformed date is said under its own field (in French, with the form to write it in).
  const formatError = (day: string) =>
    sent && day !== '' && !isIsoDay(day) ? DATE_FORMAT_MESSAGE : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    if (!from || !to) setProblem('Choisissez une date de début et une date de fin.');
    else if (!isIsoDay(from) || !isIsoDay(to)) setProblem('');
    else if (from > to) setProblem('La date de fin doit suivre la date de début.');
    else {
      setProblem('');
      onChoose({ from, to });
    }
  };
  const dayProps = (value: string, onChange: (day: string) => void) => ({
    value,
    onChange,
    max: today,
    required: true,
    error: formatError(value),
    describedBy: problem ? problemId : undefined,
    className: 'w-44',
    inputClassName: 'h-10 sm:text-sm',
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
      <DateField label="Du" {...dayProps(from, setFrom)} />
      <DateField label="Au" {...dayProps(to, setTo)} />
      <Button type="submit" size="sm" className="mt-[1.625rem] h-10">
        Afficher
      </Button>
      {problem ? (
        <p id={problemId} role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function PeriodCaption({ period }: { period: AudienceReport['period'] }) {
  const shown =
    period.preset === 'today'
      ? `Aujourd’hui, ${formatDay(period.from)}`
      : `Du ${formatDay(period.from)} au ${formatDay(period.to)}`;
  const compared =
    period.days === 1
      ? `comparé au ${formatDay(period.previousFrom)} (journée entière)`
      : `comparé au ${formatDay(period.previousFrom)} – ${formatDay(period.previousTo)}`;
  return (
    <p className="text-sm text-gray-600" data-testid="audience-period">
      <span className="font-medium text-gray-900">{shown}</span> · {compared}. Jours et heures de Kinshasa.
    </p>
  );
}

/** A period the server refused (dates typed in the address): its reasons, and the way back. */
function PeriodRefused({ error, onReset }: { error: unknown; onReset: () => void }) {
  const fields = error instanceof ApiError ? error.details?.fields : undefined;
  const reasons = fields ? Object.values(fields) : [];
  return (
    <Card>
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="font-medium text-gray-900">Cette période ne peut pas être affichée.</p>
        {reasons.map((reason) => (
          <p key={reason} className="text-sm text-gray-700">
            {reason}
          </p>
        ))}
        <Button variant="secondary" size="sm" onClick={onReset}>
          Revenir aux 7 derniers jours
        </Button>
      </div>
    </Card>
  );
}

function AudienceSkeleton() {
  return (
    <Loading label="Chargement de l’audience…" className="space-y-6">
      <Tiles count={8} className="grid grid-cols-2 gap-3 lg:grid-cols-4" tileClassName="h-28" />
      <Panel>
        <ChartBox className="mt-4 h-64" />
      </Panel>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel>
          <Rows count={5} />
        </Panel>
        <Panel>
          <Rows count={5} />
        </Panel>
      </div>
    </Loading>
  );
}

const isEmpty = (figures: AudienceFigures) => figures.visitors === 0 && figures.conversions.total === 0;

function AudienceContent({
  report,
  onChoose,
}: {
  report: AudienceReport;
  onChoose: (params: AudienceParams) => void;
}) {
  const range = `${report.period.from}-au-${report.period.to}`;
  return (
    <>
      <Figures report={report} />
      {isEmpty(report.current) ? (
        <Card>
          <EmptyState title="Aucune visite sur cette période">
            <p className="max-w-md">
              Choisissez une période plus longue. Les visites s’affichent ici environ une minute après leur
              passage ; celles de l’équipe connectée et des navigateurs qui demandent à ne pas être suivis ne
              sont jamais comptées.
            </p>
            {report.period.preset !== '90d' ? (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => onChoose({ period: '90d' })}
              >
                Voir les 90 derniers jours
              </Button>
            ) : null}
          </EmptyState>
        </Card>
      ) : (
        <>
          <TimeChart series={report.series} filename={`audience-${range}.csv`} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {TABLES.map((table) => (
              <AudienceTableCard
                key={table.id}
                {...table}
                rows={report.tables[table.id]}
                filename={`audience-${table.file}-${range}.csv`}
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}

type Figure = {
  title: string;
  /** The line under the figure, from the period's figures. */
  hint?: (figures: AudienceFigures) => string;
  /** The figure in a period's figures, then how it is written. */
  read: (figures: AudienceFigures) => number;
  format: (value: number) => string;
  /** How it compares with the previous period's (describeChange's options). */
  compare?: Parameters<typeof describeChange>[2];
};

const countOf = (count: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(count)} ${count < 2 ? singular : plural}`;

/** The period's figure cards, in their order on the screen. */
const FIGURES: Figure[] = [
  { title: 'Visiteurs', read: (f) => f.visitors, format: formatCount },
  { title: 'Pages vues', read: (f) => f.pageviews, format: formatCount },
  { title: 'Pages par visite', read: (f) => f.pagesPerVisit, format: formatRatio },
  {
    title: 'Taux de rebond',
    hint: () => 'Visites d’une seule page, quittée en moins de 10 s',
    read: (f) => f.bounceRate,
    format: formatRate,
    compare: { kind: 'points', higherIsBetter: false },
  },
  {
    title: 'Durée moyenne d’engagement',
    hint: () => 'Temps passé sur les pages, par visite',
    read: (f) => f.avgEngagedMs,
    format: formatDuration,
  },
  {
    title: 'Conversions',
    hint: ({ conversions }) =>
      `${countOf(conversions.leads, 'demande')} · ${countOf(conversions.signups, 'inscription')} · ${countOf(conversions.calls, 'appel réservé', 'appels réservés')}`,
    read: (f) => f.conversions.total,
    format: formatCount,
  },
  {
    title: 'Taux de conversion',
    hint: () => 'Conversions pour 100 visiteurs',
    read: (f) => f.conversionRate,
    format: formatRate,
    compare: { kind: 'points' },
  },
];

/** "En ce moment", then the period's figures, each beside the previous period's. */
function Figures({ report: { current, previous } }: { report: AudienceReport }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <LiveCard />
      {FIGURES.map(({ title, hint, read, format, compare }) => (
        <FigureCard
          key={title}
          title={title}
          hint={hint?.(current)}
          value={format(read(current))}
          change={describeChange(read(current), read(previous), compare)}
        />
      ))}
    </div>
  );
}

const CHANGE_TONES = { good: 'text-brand-800', bad: 'text-red-700', neutral: 'text-gray-600' } as const;

function FigureCard({
  title,
  value,
  change,
  hint,
}: {
  title: string;
  value: string;
  change: Change;
  hint?: string;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="flex min-w-0 flex-col gap-1 p-3 sm:p-4">
      <h2 id={id} className="text-sm font-medium text-gray-600">
        {title}
      </h2>
      <p className="text-2xl font-bold text-gray-900 tabular-nums sm:text-3xl" data-testid="figure-value">
        {value}
      </p>
      <p className={cn('text-xs font-medium', CHANGE_TONES[change.tone])}>{change.text}</p>
      {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
    </Card>
  );
}

/** Visitors of the last 5 minutes, replaced live by the real-time channel. */
function LiveCard() {
  const id = useId();
  const { data } = useQuery(audienceNowQuery);
  return (
    <Card aria-labelledby={id} className="flex min-w-0 flex-col gap-1 bg-brand-50 p-3 sm:p-4">
      <h2 id={id} className="flex items-center gap-2 text-sm font-medium text-brand-800">
        <Radio className="size-4" aria-hidden="true" />
        En ce moment
      </h2>
      <p
        className="text-2xl font-bold text-gray-900 tabular-nums sm:text-3xl"
        data-testid="live-visitors"
        aria-live="polite"
      >
        {data ? formatCount(data.visitors) : '…'}
      </p>
      <p className="text-xs text-gray-600">
        {data && data.visitors < 2 ? 'visiteur' : 'visiteurs'} sur les 5 dernières minutes, en direct
      </p>
    </Card>
  );
}

/**
 * A card of a chart or a table: its title (which names it) and caption, the button exporting its
 * figures as CSV at their right when there is `onExport`, then `children`.
 */
function ExportableCard({
  title,
  caption,
  onExport,
  children,
}: {
  title: string;
  caption: string;
  onExport?: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle id={id} title={title} caption={caption} />
        </div>
        {onExport ? (
          <Button variant="secondary" size="sm" onClick={onExport} aria-label={`Exporter CSV : ${title}`}>
            <Download className="size-4" aria-hidden="true" />
            Exporter CSV
          </Button>
        ) : null}
      </div>
      {children}
    </Card>
  );
}

function TimeChart({ series, filename }: { series: AudienceReport['series']; filename: string }) {
  const title = 'Visiteurs et pages vues';
  const byHour = series.unit === 'hour';
  const caption = byHour ? 'Heure par heure (heure de Kinshasa)' : 'Jour par jour';
  const columns = [byHour ? 'Heure' : 'Jour', 'Visiteurs', 'Pages vues'];
  const label = (at: string) => (byHour ? formatHour(at) : formatDay(at));
  const rows = series.points.map((point) => [label(point.at), point.visitors, point.pageviews] as const);
  return (
    <ExportableCard
      title={title}
      caption={caption}
      onExport={() =>
        downloadCsv(
          filename,
          toCsv(
            columns,
            rows.map((row) => [...row]),
          ),
        )
      }
    >
      <ChartWithTable
        chart={<AudienceChart series={series} />}
        heightClass="h-64"
        caption={`${title}, ${caption.toLowerCase()}`}
        columns={columns}
        rows={rows.map(([at, visitors, pageviews]) => [at, formatCount(visitors), formatCount(pageviews)])}
      />
    </ExportableCard>
  );
}

type TableSpec = {
  id: AudienceTable;
  title: string;
  caption: string;
  column: string;
  /** The file name's word. */
  file: string;
  label: (value: string) => string;
  empty: string;
};

const TABLES: TableSpec[] = [
  {
    id: 'pages',
    title: 'Pages les plus visitées',
    caption: 'Les conversions y sont comptées sur la page du formulaire envoyé',
    column: 'Page',
    file: 'pages',
    label: (value) => value,
    empty: 'Aucune page vue sur cette période.',
  },
  {
    id: 'entries',
    title: 'Pages d’entrée',
    caption: 'La première page de chaque visite',
    column: 'Page',
    file: 'pages-entree',
    label: (value) => value,
    empty: 'Aucune page d’entrée sur cette période.',
  },
  {
    id: 'sources',
    title: 'Sources',
    caption: 'D’où arrivent les visiteurs : réseau social, moteur de recherche, site, newsletter',
    column: 'Source',
    file: 'sources',
    label: (value) => value,
    empty: 'Aucune source sur cette période.',
  },
  {
    id: 'campaigns',
    title: 'Campagnes',
    caption: 'Les liens portant utm_campaign (les emails de campagne le font tout seuls)',
    column: 'Campagne',
    file: 'campagnes',
    label: (value) => value,
    empty:
      'Aucune campagne sur cette période. Ajoutez ?utm_campaign=nom à un lien partagé pour le suivre ici.',
  },
  {
    id: 'devices',
    title: 'Appareils',
    caption: 'Téléphone, tablette ou ordinateur',
    column: 'Appareil',
    file: 'appareils',
    label: deviceLabel,
    empty: 'Aucun appareil sur cette période.',
  },
  {
    id: 'countries',
    title: 'Pays',
    caption: 'Déduit de l’adresse de connexion, qui n’est jamais conservée',
    column: 'Pays',
    file: 'pays',
    label: countryLabel,
    empty: 'Aucun pays sur cette période.',
  },
];

function AudienceTableCard({
  title,
  caption,
  column,
  label,
  empty,
  rows,
  filename,
}: TableSpec & { rows: AudienceRow[]; filename: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, VISIBLE_ROWS);
  const header = [column, 'Visiteurs', 'Conversions', 'Taux de conversion'];
  const exportCsv = () =>
    downloadCsv(
      filename,
      toCsv(
        header,
        rows.map((row) => [label(row.value), row.visitors, row.conversions, formatRate(row.conversionRate)]),
      ),
    );
  return (
    <ExportableCard title={title} caption={caption} onExport={rows.length > 0 ? exportCsv : undefined}>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">{empty}</p>
      ) : (
        <>
          <table className="mt-3 w-full table-fixed text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-gray-200 text-left text-xs text-gray-600">
                <th scope="col" className="py-2 pr-2 font-medium">
                  {column}
                </th>
                <th scope="col" className="w-18 py-2 pl-2 text-right font-medium sm:w-20">
                  Visiteurs
                </th>
                <th scope="col" className="w-14 py-2 pl-2 text-right font-medium sm:w-24">
                  <span aria-hidden="true" className="sm:hidden">
                    Conv.
                  </span>
                  <span className="sr-only sm:not-sr-only">Conversions</span>
                </th>
                <th scope="col" className="w-14 py-2 pl-2 text-right font-medium sm:w-20">
                  Taux
                  <span className="sr-only"> de conversion</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {shown.map((row) => (
                <tr key={row.value}>
                  <th scope="row" className="py-2 pr-2 text-left font-medium wrap-anywhere text-gray-900">
                    {label(row.value)}
                  </th>
                  <td className="py-2 pl-2 text-right text-gray-700 tabular-nums">
                    {formatCount(row.visitors)}
                  </td>
                  <td className="py-2 pl-2 text-right text-gray-700 tabular-nums">
                    {formatCount(row.conversions)}
                  </td>
                  <td className="py-2 pl-2 text-right text-gray-700 tabular-nums">
                    {formatRate(row.conversionRate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > VISIBLE_ROWS ? (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setAll((value) => !value)}>
              {all ? 'Afficher moins' : `Afficher les ${formatCount(rows.length)} lignes`}
            </Button>
          ) : null}
        </>
      )}
    </ExportableCard>
  );
}
