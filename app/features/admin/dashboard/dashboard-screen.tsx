/**
 * The admin dashboard (decision 038): leads of the week and of the month by status, newsletter
 * subscribers by status, the double opt-in conversion, two 12-week charts, the most-read posts and
 * the latest activity, under what the team has to follow up today and the next discovery calls
 * (decision 078). It reads the shared dashboard query, which the real-time channel
 * invalidates on `stats_update`, so the figures refresh by themselves: it listens to the
 * `dashboard` channel while it is shown, and catches up when it starts listening again.
 */
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import Activity from 'lucide-react/icons/activity';
import AlarmClock from 'lucide-react/icons/alarm-clock';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Eye from 'lucide-react/icons/eye';
import Mail from 'lucide-react/icons/mail';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import { lazy, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { QUOTE_RESPONSE_HOURS } from '#common/constants.ts';
import { CONTACT_STATUSES, SUBSCRIBER_STATUSES } from '#common/enums.ts';
import {
  CONTACT_STATUS_LABELS,
  type DashboardData,
  SUBSCRIBER_STATUS_LABELS,
} from '#common/schemas/admin.ts';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { ChartWithTable } from '../kit/chart-with-table';
import { formatDateTime, isOverdue } from '../kit/dates';
import { AdminPageHeader, Card, CardTitle } from '../kit/page';
import { ChartBox, Loading, Panel, Rows, Tiles } from '../kit/skeleton';
import { EmptyState, ErrorState } from '../kit/states';
import { useRealtimeChannel } from '../realtime/realtime-channel';
import { dashboardQuery } from './data';
import { formatCount, formatShare, formatWeek, plural } from './format';

const LeadsPerWeekChart = lazy(() =>
  import('./dashboard-charts').then((module) => ({ default: module.LeadsPerWeekChart })),
);
const SubscriberGrowthChart = lazy(() =>
  import('./dashboard-charts').then((module) => ({ default: module.SubscriberGrowthChart })),
);

export function DashboardScreen() {
  // Its live counts come only while it is shown (the layout listens to the other channels).
  useRealtimeChannel('dashboard');
  const { data, error, isError, refetch } = useQuery(dashboardQuery);
  const retry = () => void refetch();
  return (
    <>
      <AdminPageHeader
        title="Tableau de bord"
        description="Les demandes de contact et la newsletter en un coup d’œil, mis à jour en direct."
      />
      {data ? (
        <>
          {/* A failed refresh (after a real-time update) keeps the last figures on screen. */}
          {isError ? <StaleNotice onRetry={retry} /> : null}
          <DashboardContent data={data} />
        </>
      ) : isError ? (
        <Card>
          <ErrorState error={error} onRetry={retry} />
        </Card>
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}

/** The dashboard's cards while its figures load: the two lists, the four figures, the two charts. */
function DashboardSkeleton() {
  const list = (
    <Panel lines={1}>
      <Rows count={3} />
    </Panel>
  );
  const chart = (
    <Panel lines={2}>
      <ChartBox className="mt-4 h-60" />
    </Panel>
  );
  return (
    <Loading label="Chargement du tableau de bord…" className="space-y-6">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {list}
        {list}
      </div>
      <Tiles
        count={4}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
        tileClassName="h-60"
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {chart}
        {chart}
      </div>
    </Loading>
  );
}

function StaleNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
    >
      <p>Actualisation impossible : les chiffres affichés ne sont peut-être plus à jour.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Réessayer
      </Button>
    </div>
  );
}

function DashboardContent({ data }: { data: DashboardData }) {
  const { leads, subscribers, conversion } = data;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <FollowUp followUp={data.followUp} />
        <UpcomingCalls calls={data.upcomingCalls} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <KpiCard
          title="Demandes cette semaine"
          icon={<Mail className="size-5" aria-hidden="true" />}
          value={leads.week.total}
          hint="Depuis lundi"
        >
          <StatusBreakdown statuses={CONTACT_STATUSES} labels={CONTACT_STATUS_LABELS} counts={leads.week} />
        </KpiCard>
        <KpiCard
          title="Demandes ce mois-ci"
          icon={<Mail className="size-5" aria-hidden="true" />}
          value={leads.month.total}
          hint={`${plural(leads.total, 'demande')} au total`}
        >
          <StatusBreakdown statuses={CONTACT_STATUSES} labels={CONTACT_STATUS_LABELS} counts={leads.month} />
        </KpiCard>
        <KpiCard
          title="Abonnés newsletter"
          icon={<Users className="size-5" aria-hidden="true" />}
          value={subscribers.total}
          hint="Toutes les adresses connues"
        >
          <StatusBreakdown
            statuses={SUBSCRIBER_STATUSES}
            labels={SUBSCRIBER_STATUS_LABELS}
            counts={subscribers}
          />
        </KpiCard>
        <KpiCard
          title="Conversion des inscriptions"
          icon={<TrendingUp className="size-5" aria-hidden="true" />}
          value={formatShare(conversion.confirmed, conversion.signups)}
        >
          <p className="text-sm text-gray-600">
            {plural(conversion.confirmed, 'confirmé')} sur {plural(conversion.signups, 'inscription')} (12
            semaines)
          </p>
        </KpiCard>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard
          title="Demandes par semaine"
          caption="Nombre de demandes de contact reçues chaque semaine, sur 12 semaines"
          columns={['Semaine du', 'Demandes']}
          rows={data.leadsPerWeek.map((week) => [formatWeek(week.weekStart), formatCount(week.count)])}
          chart={<LeadsPerWeekChart data={data.leadsPerWeek} />}
        />
        <ChartCard
          title="Croissance des abonnés"
          caption="Abonnés actifs en fin de semaine et nouveaux confirmés, sur 12 semaines"
          columns={['Semaine du', 'Abonnés actifs', 'Nouveaux confirmés']}
          rows={data.subscriberGrowth.map((week) => [
            formatWeek(week.weekStart),
            formatCount(week.totalActive),
            formatCount(week.newActive),
          ])}
          chart={<SubscriberGrowthChart data={data.subscriberGrowth} />}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <TopPosts posts={data.topPosts} />
        <LatestActivity items={data.latestActivity} />
      </div>
    </div>
  );
}

function KpiCard({
  title,
  icon,
  value,
  hint,
  children,
}: {
  title: string;
  icon: ReactNode;
  value: number | string;
  hint?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <h2 id={id} className="text-sm font-medium text-gray-600">
          {title}
        </h2>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
          {icon}
        </span>
      </div>
      <div>
        <p className="text-3xl font-bold text-gray-900" data-testid="kpi-value">
          {typeof value === 'number' ? formatCount(value) : value}
        </p>
        {hint ? <p className="text-xs text-gray-500">{hint}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** Each status's label and count, in the order of `statuses`. */
function StatusBreakdown<S extends string>({
  statuses,
  labels,
  counts,
}: {
  statuses: readonly S[];
  labels: Record<S, string>;
  counts: Record<S, number>;
}) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
      {statuses.map((status) => (
        <div key={labels[status]} className="contents">
          <dt className="text-gray-600">{labels[status]}</dt>
          <dd className="text-right font-medium text-gray-900 tabular-nums">{formatCount(counts[status])}</dd>
        </div>
      ))}
    </dl>
  );
}

function ChartCard({
  title,
  caption,
  columns,
  rows,
  chart,
}: {
  title: string;
  caption: string;
  columns: string[];
  rows: string[][];
  chart: ReactNode;
}) {
  const id = useId();
  return (
    // min-w-0: the chart measures its box, so the box must not grow to the chart's last width.
    <Card aria-labelledby={id} className="min-w-0">
      <CardTitle id={id} title={title} caption={caption} />
      {/* The drawing is for sighted users; screen readers get the table, same figures. */}
      <ChartWithTable chart={chart} heightClass="h-60" caption={caption} columns={columns} rows={rows} />
    </Card>
  );
}

/** A line of a dashboard list: its text, then its date at the right, top-aligned, whatever the text's length. */
const DATED_LINE = 'grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3';

/** A card listing the latest or first few of something, under a heading with its icon. */
function ListCard({
  icon: Icon,
  title,
  items,
  empty,
  summary,
  children,
}: {
  icon: LucideIcon;
  title: string;
  items: readonly unknown[];
  /** What the card says when there are no items. */
  empty: string;
  /** Shown under the heading, items or not. */
  summary?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Icon className="size-5 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {summary}
      {items.length === 0 ? <EmptyState title={empty} /> : children}
    </Card>
  );
}

function TopPosts({ posts }: { posts: DashboardData['topPosts'] }) {
  return (
    <ListCard icon={Eye} title="Articles les plus lus" items={posts} empty="Aucun article lu pour l’instant">
      <ol className="mt-3 divide-y divide-gray-100">
        {posts.map((post, index) => (
          <li key={post.id} className="flex items-baseline gap-3 py-2.5">
            <span className="w-5 shrink-0 text-sm font-semibold text-gray-500 tabular-nums">
              {index + 1}.
            </span>
            <Link
              to={`/blog/${post.slug}`}
              reloadDocument
              className="min-w-0 flex-1 font-medium break-words text-brand-800 underline-offset-2 hover:underline"
            >
              {post.title}
            </Link>
            <span className="shrink-0 text-sm text-gray-600 tabular-nums">{plural(post.views, 'vue')}</span>
          </li>
        ))}
      </ol>
    </ListCard>
  );
}

function LatestActivity({ items }: { items: DashboardData['latestActivity'] }) {
  return (
    <ListCard icon={Activity} title="Activité récente" items={items} empty="Aucune activité récente">
      <ul className="mt-3 divide-y divide-gray-100">
        {items.map((item) => (
          <li key={item.id} className="py-2.5">
            {/* One layout for every line: the title wraps in its column, the time stays at its right. */}
            <div className={DATED_LINE}>
              <p className="min-w-0 font-medium break-words text-gray-900">{item.title}</p>
              <time dateTime={item.createdAt} className="shrink-0 text-xs text-gray-500">
                {formatDateTime(item.createdAt)}
              </time>
            </div>
            {item.description ? (
              <p className="mt-0.5 text-sm break-words text-gray-600">{item.description}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

/**
 * What the team has to do today (decision 066), first on the screen: the counts lead to the
 * leads list filtered the same way, and the first leads due open in their panel.
 */
function FollowUp({ followUp }: { followUp: DashboardData['followUp'] }) {
  // Late and unanswered leads are alarms (in red when there are some); "today" is the day's work.
  const links = [
    {
      to: '/admin/contacts?followUp=late&sort=nextActionAt&order=asc',
      count: followUp.late,
      label: 'en retard',
      alarm: true,
    },
    {
      to: '/admin/contacts?followUp=today&sort=nextActionAt&order=asc',
      count: followUp.dueToday,
      label: 'à traiter aujourd’hui',
      alarm: false,
    },
    {
      to: '/admin/contacts?status=nouveau&sort=createdAt&order=asc',
      count: followUp.unanswered,
      label: `sans réponse depuis ${QUOTE_RESPONSE_HOURS} h`,
      alarm: true,
    },
  ];
  return (
    <ListCard
      icon={AlarmClock}
      title="À traiter aujourd’hui"
      items={followUp.due}
      empty="Aucune action prévue d’ici ce soir"
      summary={
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((link) => (
            <li key={link.label}>
              <Link
                to={link.to}
                className={cn(
                  'underline-offset-2 hover:underline',
                  link.count > 0 && link.alarm ? 'font-semibold text-red-700' : 'text-brand-800',
                )}
              >
                {formatCount(link.count)} {link.label}
              </Link>
            </li>
          ))}
        </ul>
      }
    >
      <ul className="mt-3 divide-y divide-gray-100">
        {followUp.due.map((lead) => {
          const late = isOverdue(lead.nextActionAt);
          return (
            <li key={lead.id} className={cn(DATED_LINE, 'py-2.5')}>
              <p className="min-w-0 break-words">
                <Link
                  to={`/admin/contacts?lead=${encodeURIComponent(lead.id)}`}
                  className="font-medium text-brand-800 underline-offset-2 hover:underline"
                >
                  {lead.fullName}
                </Link>
                <span className="text-gray-700"> — {lead.nextActionNote}</span>
                <span className="block text-xs text-gray-600">{lead.owner ?? 'Sans responsable'}</span>
              </p>
              <time
                dateTime={lead.nextActionAt}
                className={cn('shrink-0 text-xs', late ? 'font-semibold text-red-700' : 'text-gray-600')}
              >
                {formatDateTime(lead.nextActionAt)}
                {late ? ' · en retard' : null}
              </time>
            </li>
          );
        })}
      </ul>
    </ListCard>
  );
}

/** The next confirmed discovery calls (decision 078), each opening its lead; the agenda has them all. */
function UpcomingCalls({ calls }: { calls: DashboardData['upcomingCalls'] }) {
  return (
    <ListCard
      icon={CalendarClock}
      title="Prochains appels"
      items={calls}
      empty="Aucun appel prévu"
      summary={
        <p className="mt-2 text-sm">
          <Link to="/admin/rendez-vous" className="text-brand-800 underline-offset-2 hover:underline">
            Voir l’agenda
          </Link>
        </p>
      }
    >
      <ul className="mt-3 divide-y divide-gray-100">
        {calls.map((call) => (
          <li key={call.id} className={cn(DATED_LINE, 'py-2.5')}>
            <p className="min-w-0 break-words">
              <Link
                to={`/admin/contacts?lead=${encodeURIComponent(call.contact.id)}`}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {call.contact.fullName}
              </Link>
              {call.contact.company ? <span className="text-gray-700"> — {call.contact.company}</span> : null}
              <span className="block text-xs text-gray-600">avec {call.admin.name}</span>
            </p>
            <time dateTime={call.startsAt} className="shrink-0 text-xs text-gray-600">
              {formatDateTime(call.startsAt)}
            </time>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
