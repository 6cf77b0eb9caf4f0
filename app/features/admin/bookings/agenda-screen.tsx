/**
 * "Rendez-vous": the discovery calls visitors booked (docs/decisions/078-call-booking-admin.md), by
 * day or by week, on Kinshasa's calendar and clock. The view and the day are in the address
 * (?vue=jour&date=2026-11-30), so a reload or a shared link shows the same period. Each call says
 * when, who (a link to the lead's panel), their company and service, and the admin it is with;
 * a cancelled one stays, struck through. The week is seven columns on a wide screen and a list of
 * days on a phone. A booking or cancellation elsewhere refreshes it (real-time `call_booking_update`).
 */
import { useQuery } from '@tanstack/react-query';
import CalendarCog from 'lucide-react/icons/calendar-cog';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link, useSearchParams } from 'react-router';
import { addDays, kinshasaDate, kinshasaDayStart, weekStart } from '#common/kinshasa.ts';
import { type AdminCall, CALL_STATUS_LABELS } from '#common/schemas/booking-admin.ts';
import { capitalized } from '#common/typography.ts';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { QueryStates } from '../kit/admin-list';
import { Badge } from '../kit/badge';
import { AdminPageHeader, Card } from '../kit/page';
import { callsQuery } from './data';
import { callHour, formatDay, kinshasaToday } from './format';

type View = 'jour' | 'semaine';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period shown: its first Kinshasa date and how many days. */
function periodOf(view: View, day: string) {
  if (view === 'jour') return { first: day, length: 1 };
  return { first: kinshasaDate(weekStart(kinshasaDayStart(day))), length: 7 };
}

export function AgendaScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('vue') === 'jour' ? 'jour' : 'semaine';
  const today = kinshasaToday();
  const asked = searchParams.get('date') ?? '';
  const day = DATE.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today;
  const { first, length } = periodOf(view, day);
  const days = Array.from({ length }, (_, index) => addDays(first, index));
  const calls = useQuery(
    callsQuery(kinshasaDayStart(first).toISOString(), kinshasaDayStart(addDays(first, length)).toISOString()),
  );

  const go = (next: { vue?: View; date?: string }) => {
    const params: Record<string, string> = {};
    const nextView = next.vue ?? view;
    const nextDate = next.date ?? day;
    if (nextView === 'jour') params.vue = 'jour';
    if (nextDate !== today) params.date = nextDate;
    setSearchParams(params, { preventScrollReset: true });
  };
  const step = view === 'jour' ? 1 : 7;
  const unit = view === 'jour' ? 'Jour' : 'Semaine';

  return (
    <>
      <AdminPageHeader
        title="Rendez-vous"
        description="Les appels découverte réservés par les visiteurs. Heures de Kinshasa (UTC+1)."
        actions={
          <Button asChild variant="secondary" size="sm">
            <Link to="/admin/settings?onglet=disponibilites">
              <CalendarCog className="size-4" aria-hidden="true" />
              Mes disponibilités
            </Link>
          </Button>
        }
      />
      <Card aria-labelledby="agenda-period">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <h2 id="agenda-period" className="text-lg font-semibold text-gray-900">
            {view === 'jour' ? capitalized(formatDay(first)) : weekTitle(first)}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <fieldset className="flex rounded-lg bg-gray-100 p-1">
              <legend className="sr-only">Affichage</legend>
              {(['jour', 'semaine'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={view === option}
                  onClick={() => go({ vue: option })}
                  className={cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700',
                    view === option
                      ? 'bg-white text-brand-800 shadow-sm'
                      : 'text-gray-700 hover:text-gray-900',
                  )}
                >
                  {option === 'jour' ? 'Jour' : 'Semaine'}
                </button>
              ))}
            </fieldset>
            <div className="flex items-center gap-1">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${unit} précédent${view === 'jour' ? '' : 'e'}`}
                onClick={() => go({ date: addDays(day, -step) })}
              >
                <ChevronLeft className="size-4" aria-hidden="true" />
              </Button>
              <Button variant="secondary" size="sm" onClick={() => go({ date: today })}>
                Aujourd’hui
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${unit} suivant${view === 'jour' ? '' : 'e'}`}
                onClick={() => go({ date: addDays(day, step) })}
              >
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </div>
        <QueryStates
          query={calls}
          isEmpty={(list) => list.length === 0}
          empty={{
            title:
              view === 'semaine'
                ? 'Aucun appel prévu cette semaine.'
                : day === today
                  ? 'Aucun appel prévu aujourd’hui.'
                  : 'Aucun appel prévu ce jour-là.',
            children: 'Les visiteurs réservent leurs appels dans vos disponibilités.',
          }}
        >
          {(list) =>
            view === 'jour' ? <CallList calls={list} /> : <WeekGrid days={days} today={today} calls={list} />
          }
        </QueryStates>
      </Card>
    </>
  );
}

/** "Du lundi 30 novembre au dimanche 6 décembre 2026". */
function weekTitle(monday: string) {
  return `Du ${formatDay(monday, { year: false })} au ${formatDay(addDays(monday, 6))}`;
}

/** Seven columns from 1280 px; a list of days below, where the columns would be too narrow to read. */
function WeekGrid({ days, today, calls }: { days: string[]; today: string; calls: AdminCall[] }) {
  return (
    <ol className="grid grid-cols-1 gap-3 xl:grid-cols-7 xl:gap-2">
      {days.map((day) => {
        const ofDay = calls.filter((call) => kinshasaDate(new Date(call.startsAt)) === day);
        return (
          <li
            key={day}
            aria-labelledby={`agenda-day-${day}`}
            className={cn(
              'flex min-w-0 flex-col gap-2 rounded-lg border p-2',
              // An empty day is one line in the phone's list; a column keeps its height on a wide screen.
              ofDay.length === 0 &&
                'max-xl:flex-row max-xl:flex-wrap max-xl:items-baseline max-xl:justify-between',
              day === today ? 'border-brand-600 bg-brand-50/50' : 'border-gray-200',
            )}
          >
            <h3 id={`agenda-day-${day}`} className="text-sm font-semibold text-gray-900">
              {capitalized(formatDay(day, { year: false }))}
              {day === today ? <span className="font-normal text-brand-800"> · aujourd’hui</span> : null}
            </h3>
            {ofDay.length === 0 ? (
              <p className="text-sm text-gray-600">Aucun appel</p>
            ) : (
              <CallList calls={ofDay} compact />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The calls of a day; `compact` in the week's columns (smaller type, so a column of 120 px reads). */
function CallList({ calls, compact = false }: { calls: AdminCall[]; compact?: boolean }) {
  return (
    <ul className={cn('flex flex-col', compact ? 'gap-2' : 'gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-3')}>
      {calls.map((call) => (
        <li key={call.id} className="min-w-0">
          <CallCard call={call} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

function CallCard({ call, compact }: { call: AdminCall; compact: boolean }) {
  const cancelled = call.status === 'cancelled';
  return (
    <article
      data-testid="agenda-call"
      aria-label={`${callHour(call.startsAt)}, ${call.contact.fullName}${cancelled ? ', annulé' : ''}`}
      className={cn(
        'flex h-full min-w-0 flex-col gap-1 rounded-lg border text-sm',
        compact ? 'p-3 xl:gap-0.5 xl:p-2 xl:text-xs' : 'p-3',
        cancelled ? 'border-gray-200 bg-gray-50 text-gray-600' : 'border-brand-200 bg-white text-gray-800',
      )}
    >
      <p
        className={cn(
          'font-semibold whitespace-nowrap tabular-nums',
          cancelled ? 'text-gray-600 line-through' : 'text-gray-900',
        )}
      >
        <time dateTime={call.startsAt}>{callHour(call.startsAt)}</time>–
        <time dateTime={call.endsAt}>{callHour(call.endsAt)}</time>
      </p>
      <Link
        to={`/admin/contacts?lead=${encodeURIComponent(call.contact.id)}`}
        className={cn(
          'font-medium break-words underline-offset-2 hover:underline',
          cancelled ? 'text-gray-700 line-through' : 'text-brand-800',
        )}
      >
        {call.contact.fullName}
      </Link>
      {call.contact.company ? <p className="break-words">{call.contact.company}</p> : null}
      <p className="break-words">{call.contact.serviceInterest}</p>
      <p className="break-words text-gray-600">avec {call.admin.name}</p>
      <p>
        <Badge tone={cancelled ? 'gray' : 'green'}>{CALL_STATUS_LABELS[call.status]}</Badge>
      </p>
    </article>
  );
}
