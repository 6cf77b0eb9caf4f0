/**
 * The lead's call page (/appel-decouverte, docs/decisions/077-call-booking.md): pick a 30-minute
 * slot, or see the call booked, move it or cancel it. Times are on the device's clock, with
 * Kinshasa's beside them when it says otherwise. An island: the server renders the page with
 * Kinshasa's clock, and a device elsewhere reads the slots again on its own.
 */
import CalendarCheck from 'lucide-react/icons/calendar-check';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CalendarX from 'lucide-react/icons/calendar-x';
import Clock from 'lucide-react/icons/clock';
import Globe from 'lucide-react/icons/globe';
import Phone from 'lucide-react/icons/phone';
import { useEffect, useRef, useState } from 'react';
import {
  calendarDay,
  callTimeWords,
  clockTime,
  deviceTimeZone,
  KINSHASA_TIME_ZONE,
  sameClockAsKinshasa,
  zoneLabel,
} from '#common/call-time.ts';
import { DISCOVERY_CALL_MINUTES } from '#common/constants.ts';
import type { CallPageAnswer, PublicCall, PublicSlot } from '#common/schemas/calls.ts';
import { capitalized } from '#common/typography.ts';
import { InitialsAvatar } from '~/components/initials-avatar';
import { MessagePage } from '~/components/message-page';
import { type Status, StatusLine } from '~/components/status-line';
import { Button } from '~/components/ui/button';
import { apiRequest, errorMessage, getJson } from '~/lib/api';
import { currentVisit } from '~/lib/audience/visit';
import { cn } from '~/lib/cn';
import { island } from '~/lib/island';
import { REPLAY_KEY_ATTRIBUTE } from '~/lib/island-attributes';

export type CallBookingProps =
  | { state: 'invalid' }
  | { state: 'expired' }
  | { state: 'valid'; token: string; page: CallPageAnswer };

/** The device's zone, by its name or else its offset; null where neither says it (and on the server). */
function currentDeviceZone(): string | null {
  if (typeof window === 'undefined') return null;
  return deviceTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone, -new Date().getTimezoneOffset());
}

export function CallBooking(props: CallBookingProps) {
  if (props.state !== 'valid') {
    const expired = props.state === 'expired';
    return (
      <MessagePage icon={CalendarX} title={expired ? 'Ce lien a expiré' : 'Ce lien n’est pas valide'}>
        <p className="mt-4 text-gray-700">
          {expired
            ? 'Un lien de réservation reste valable 14\u00a0jours, et celui d’un appel réservé jusqu’à son début. Écrivez-nous ou faites une nouvelle demande d’appel depuis le site\u00a0: nous vous répondons sous 24h.'
            : 'Utilisez le lien complet reçu par email, ou écrivez-nous\u00a0: nous vous répondons sous 24h.'}
        </p>
        {/* An island has no router: plain links (MessageActions' Link needs one). */}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <a href="/contact">Nous contacter</a>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <a href="/">Retour à l’accueil</a>
          </Button>
        </div>
      </MessagePage>
    );
  }
  return <CallDesk token={props.token} initial={props.page} />;
}

export const CallBookingIsland = island('call-booking', CallBooking, { personal: true });

type Mode = 'pick' | 'view';

function CallDesk({ token, initial }: { token: string; initial: CallPageAnswer }) {
  const [page, setPage] = useState(initial);
  // Whether the times are on the device's clock: unknown on the server, and until the device says.
  const [onDeviceClock, setOnDeviceClock] = useState(false);
  const [mode, setMode] = useState<Mode>(initial.call?.status === 'confirmed' ? 'view' : 'pick');
  const [refreshing, setRefreshing] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** The page read again on `zone`'s clock; false when it could not be. */
  async function reload(zone: string): Promise<boolean> {
    setRefreshing(true);
    try {
      const query = new URLSearchParams({ token, timeZone: zone });
      setPage(await getJson<CallPageAnswer>(`/api/calls?${query}`));
      return true;
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error) });
      return false;
    } finally {
      setRefreshing(false);
    }
  }

  // A device outside Kinshasa's clock: its own parts of the day, and its own times.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration.
  useEffect(() => {
    const zone = currentDeviceZone();
    if (zone === null) return;
    if (zone === page.timeZone) setOnDeviceClock(true);
    else void reload(zone).then(setOnDeviceClock);
  }, []);

  async function change(path: 'book' | 'reschedule' | 'cancel', startsAt?: string) {
    setPending(true);
    setStatus(null);
    try {
      // A booking carries the tab's visit: what brought the call (app/lib/audience/visit.ts).
      const body = startsAt
        ? { token, startsAt, timeZone: page.timeZone, ...(path === 'book' ? { visit: currentVisit() } : {}) }
        : { token };
      const response = await apiRequest('POST', `/api/calls/${path}`, body);
      const { call } = (await response.json()) as { call: PublicCall };
      setPage((current) => ({ ...current, call }));
      setMode(call.status === 'confirmed' ? 'view' : 'pick');
      setStatus({
        tone: 'ok',
        text:
          path === 'cancel'
            ? 'Votre appel est annulé. Une confirmation part à votre adresse email.'
            : path === 'book'
              ? 'C’est réservé\u00a0! La confirmation et l’invitation d’agenda partent à votre adresse email.'
              : 'Votre appel est déplacé. La nouvelle invitation d’agenda part à votre adresse email.',
      });
      // The page changed under the visitor's finger: the screen reader starts again at its title.
      requestAnimationFrame(() => headingRef.current?.focus());
      if (path === 'cancel') void reload(page.timeZone);
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error) });
      // Someone took the slot meanwhile: the list shows what is still free.
      void reload(page.timeZone);
    } finally {
      setPending(false);
    }
  }

  const confirmed = page.call?.status === 'confirmed' ? page.call : null;
  return (
    <MessagePage
      icon={CalendarClock}
      tone="brand"
      centered={false}
      width="booking"
      title="Votre appel découverte"
    >
      {/* What just happened comes first, where the eye is after the tap. */}
      <div className="mt-3" aria-live="polite">
        <StatusLine status={status} />
      </div>
      {/* From 1024 px, a booking tool's card: what the call is, beside the days, the times and the
          booking (docs/decisions/089-booking-page-two-columns.md). A phone keeps its one column. */}
      <div className="lg:mt-8 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:rounded-2xl lg:border lg:border-gray-200 lg:bg-white lg:shadow-sm">
        <CallSummary
          page={page}
          hosts={confirmed ? [confirmed.withName] : page.hosts}
          onDeviceClock={onDeviceClock}
        />
        <div className="min-w-0 lg:p-6">
          {mode === 'view' && confirmed ? (
            <BookedCall
              call={confirmed}
              zone={page.timeZone}
              headingRef={headingRef}
              pending={pending}
              onMove={() => {
                setStatus(null);
                setMode('pick');
              }}
              onCancel={() => change('cancel')}
            />
          ) : (
            <SlotPicker
              page={page}
              onDeviceClock={onDeviceClock}
              headingRef={headingRef}
              refreshing={refreshing}
              pending={pending}
              moving={confirmed}
              onKeep={() => setMode('view')}
              onChoose={(startsAt) => change(confirmed ? 'reschedule' : 'book', startsAt)}
            />
          )}
        </div>
      </div>
    </MessagePage>
  );
}

/** Whether Kinshasa's time goes under each slot: some slot reads another time on the page's clock. */
const kinshasaBeside = (page: CallPageAnswer) =>
  page.slots.some((slot) => !sameClockAsKinshasa(new Date(slot.startsAt), page.timeZone));

/**
 * What the call is, on a laptop's left column: who takes it, how long, how it takes place (the
 * settings' words) and on which clocks its times are shown; it stays in view while the times
 * scroll. Who takes it: the host once booked, else the one member of staff free at the times
 * offered; when several are (the first free at the time chosen takes it) or nobody is, the
 * agency's team, with its logo. A phone has it all in the single column already: the intro, the
 * slots and the emails.
 */
function CallSummary({
  page,
  hosts,
  onDeviceClock,
}: {
  page: CallPageAnswer;
  hosts: string[];
  onDeviceClock: boolean;
}) {
  const zone = page.timeZone;
  const host = hosts.length === 1 ? hosts[0] : undefined;
  const item = 'flex gap-3';
  const icon = 'mt-0.5 size-4 shrink-0 text-brand-700';
  return (
    <aside aria-labelledby="call-summary-title" className="hidden border-gray-200 lg:block lg:border-r">
      <div className="p-6 lg:sticky lg:top-16">
        <div className="flex items-center gap-3">
          {host ? (
            // Staff have no portrait (their accounts are not the team's cards): their initials.
            <InitialsAvatar name={host} index={1} className="size-12 text-base" />
          ) : (
            <img src="/icon.svg" alt="" width={48} height={48} className="size-12 shrink-0" />
          )}
          <p className="min-w-0 text-sm text-gray-700">
            Avec <span className="block text-base font-semibold text-gray-900">{host ?? 'l’équipe'}</span>
            {host ? <span className="sr-only">, de </span> : null}
            Lisanga Digital
          </p>
        </div>
        <h2 id="call-summary-title" className="mt-6 text-xl font-bold text-gray-900">
          Appel découverte gratuit
        </h2>
        <ul className="mt-4 space-y-3 text-sm text-gray-700">
          <li className={item}>
            <Clock className={icon} aria-hidden="true" />
            <span>
              {DISCOVERY_CALL_MINUTES}
              {'\u00a0'}minutes
            </span>
          </li>
          {page.meetingDetails ? (
            <li className={item}>
              <Phone className={icon} aria-hidden="true" />
              <span>{page.meetingDetails}</span>
            </li>
          ) : null}
          <li className={item}>
            <Globe className={icon} aria-hidden="true" />
            <span>
              <span className="block">
                {capitalized(zoneLabel(zone))}
                {onDeviceClock ? ', celle de votre appareil' : ''}
              </span>
              {kinshasaBeside(page) ? (
                <span className="block">Avec l’heure de Kinshasa sous chaque créneau</span>
              ) : null}
            </span>
          </li>
        </ul>
      </div>
    </aside>
  );
}

/** "jeudi 3 décembre à 10:00 (heure de Paris)" and, when it differs, Kinshasa's time under it. */
function CallTime({ at, zone }: { at: string; zone: string }) {
  const { when, kinshasa } = callTimeWords(new Date(at), zone);
  return (
    <>
      <p className="text-lg font-semibold text-gray-900 first-letter:uppercase">{when}</p>
      {kinshasa ? <p className="text-sm text-gray-700">soit {kinshasa}</p> : null}
    </>
  );
}

function BookedCall({
  call,
  zone,
  headingRef,
  pending,
  onMove,
  onCancel,
}: {
  call: PublicCall;
  zone: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  pending: boolean;
  onMove: () => void;
  onCancel: () => void;
}) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  return (
    <section aria-labelledby="call-booked-title" className="mt-6 lg:mt-0">
      <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
        <h2
          id="call-booked-title"
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-base font-bold text-brand-900 outline-none"
        >
          <CalendarCheck className="size-5 shrink-0" aria-hidden="true" />
          Votre appel est réservé
        </h2>
        <div className="mt-3">
          <CallTime at={call.startsAt} zone={zone} />
        </div>
        <p className="mt-2 text-sm text-gray-700">
          {DISCOVERY_CALL_MINUTES}
          {'\u00a0'}minutes avec {call.withName}, de Lisanga Digital. L’invitation d’agenda et les détails de
          l’appel sont dans votre email de confirmation.
        </p>
      </div>
      {confirmCancel ? (
        <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="font-medium text-gray-900">Annuler votre appel découverte ?</p>
          <p className="mt-1 text-sm text-gray-700">
            Le créneau sera libéré. Vous pourrez en choisir un autre.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button variant="danger" disabled={pending} onClick={onCancel}>
              Oui, annuler l’appel
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => setConfirmCancel(false)}>
              Non, garder l’appel
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onMove}>
            Déplacer l’appel
          </Button>
          <Button variant="ghost" className="text-red-700" onClick={() => setConfirmCancel(true)}>
            Annuler l’appel
          </Button>
        </div>
      )}
    </section>
  );
}

/** The slots by day of the device's calendar, in their order. */
function byDay(slots: PublicSlot[], zone: string): [string, PublicSlot[]][] {
  const days = new Map<string, PublicSlot[]>();
  for (const slot of slots) {
    const day = calendarDay(new Date(slot.startsAt), zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

const shortDay = (at: string, zone: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(at));

/** The days that have a free time, as buttons: the one shown is pressed. */
function DayChoice({
  days,
  shown,
  zone,
  onChoose,
}: {
  days: [string, PublicSlot[]][];
  shown: string | undefined;
  zone: string;
  onChoose: (day: string) => void;
}) {
  return (
    <fieldset className="mt-6 lg:row-span-2">
      <legend className="text-sm font-medium text-gray-900">Jour</legend>
      <div className="mt-2 flex flex-wrap gap-2 lg:grid lg:grid-cols-2">
        {days.map(([key, slots]) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === shown}
            onClick={() => onChoose(key)}
            className={cn(
              'min-h-11 rounded-full px-3 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 lg:rounded-lg lg:px-2',
              key === shown
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-gray-800 ring-gray-300 hover:bg-brand-50',
            )}
          >
            {capitalized(shortDay(slots[0]?.startsAt ?? '', zone))}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** A day's free times, each with Kinshasa's time under it when the device's clock is not Kinshasa's. */
function TimeChoice({
  day,
  zone,
  chosen,
  showKinshasa,
  onChoose,
}: {
  day: [string, PublicSlot[]];
  zone: string;
  chosen: string | null;
  showKinshasa: boolean;
  onChoose: (startsAt: string) => void;
}) {
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-medium text-gray-900 first-letter:uppercase">{day[0]}</legend>
      <div
        className={cn(
          'mt-2 grid gap-2',
          showKinshasa
            ? 'grid-cols-2 sm:grid-cols-4 lg:grid-cols-3'
            : 'grid-cols-3 sm:grid-cols-5 lg:grid-cols-4',
        )}
      >
        {day[1].map((slot) => {
          const at = new Date(slot.startsAt);
          return (
            <button
              key={slot.startsAt}
              type="button"
              aria-pressed={chosen === slot.startsAt}
              // A time tapped before the page was live is carried out on this slot's
              // button even once the list is re-read on the device's clock (live.ts).
              {...{ [REPLAY_KEY_ATTRIBUTE]: `slot:${slot.startsAt}` }}
              onClick={() => onChoose(slot.startsAt)}
              className={cn(
                'flex min-h-11 flex-col items-center justify-center rounded-md px-2 py-1 ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                chosen === slot.startsAt
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-gray-900 ring-gray-300 hover:bg-brand-50',
              )}
            >
              <span className="font-semibold">{clockTime(at, zone)}</span>
              {showKinshasa ? (
                <span className={cn('text-xs', chosen === slot.startsAt ? 'text-brand-50' : 'text-gray-600')}>
                  {clockTime(at, KINSHASA_TIME_ZONE)} à Kinshasa
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function SlotPicker({
  page,
  onDeviceClock,
  headingRef,
  refreshing,
  pending,
  moving,
  onKeep,
  onChoose,
}: {
  page: CallPageAnswer;
  /** Whether `page.timeZone` is the device's: the page says so only then. */
  onDeviceClock: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  refreshing: boolean;
  pending: boolean;
  /** The confirmed call being moved, if any. */
  moving: PublicCall | null;
  onKeep: () => void;
  onChoose: (startsAt: string) => void;
}) {
  const zone = page.timeZone;
  const days = byDay(page.slots, zone);
  const [day, setDay] = useState<string | null>(null);
  // The chosen time, and the clock of the list it was chosen from.
  const [choice, setChoice] = useState<{ startsAt: string; zone: string } | null>(null);
  const chosen = choice?.startsAt ?? null;
  const shownDay = days.find(([key]) => key === day) ?? days[0];
  // A time tapped before the page was live was chosen from Kinshasa's list: the list read again on
  // the device's clock (its preferred part of the day) may not offer it, but the time stays chosen.
  // A list read again on the same clock (after a failed booking) no longer offers a time taken.
  const chosenSlot =
    page.slots.find((slot) => slot.startsAt === chosen) ??
    (choice && choice.zone !== zone ? { startsAt: choice.startsAt } : undefined);
  const showKinshasa = kinshasaBeside(page);
  const cancelled = page.call?.status === 'cancelled' ? page.call : null;
  const list = !refreshing && days.length > 0;

  return (
    <section aria-labelledby="call-pick-title" aria-busy={refreshing} className="mt-4 lg:mt-0">
      <h2 id="call-pick-title" ref={headingRef} tabIndex={-1} className="sr-only">
        {moving ? 'Choisir la nouvelle heure de votre appel' : 'Choisir l’heure de votre appel'}
      </h2>
      <p className="text-gray-700">
        {moving
          ? `${page.firstName ? `${page.firstName}, c` : 'C'}hoisissez la nouvelle heure de votre appel.`
          : `Bonjour${page.firstName ? ` ${page.firstName}` : ''}, choisissez l’heure de votre appel découverte gratuit de ${DISCOVERY_CALL_MINUTES}\u00a0minutes.`}
      </p>
      {cancelled ? (
        <p className="mt-3 rounded-lg bg-gray-100 p-3 text-sm text-gray-800">
          Votre appel du {callTimeWords(new Date(cancelled.startsAt), zone).when} est annulé. Vous pouvez
          choisir un autre créneau.
        </p>
      ) : null}
      <p className="mt-3 text-sm text-gray-700">
        {onDeviceClock
          ? `Heures affichées à l’${zoneLabel(zone)}, celle de votre appareil${showKinshasa ? ', avec l’heure de Kinshasa en dessous.' : '.'}`
          : `Heures affichées à l’${zoneLabel(zone)}.`}
      </p>
      {!page.matchesPreference && page.slots.length > 0 ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Aucun créneau libre ne correspond à «{'\u00a0'}
          {page.preferredTime}
          {'\u00a0'}»{'\u00a0'}: voici tous les créneaux disponibles.
        </p>
      ) : null}

      {refreshing ? (
        <p className="mt-6 text-sm text-gray-700">Mise à l’heure de votre appareil…</p>
      ) : days.length === 0 ? (
        <p className="mt-6 rounded-lg bg-gray-100 p-4 text-gray-800">
          Aucun créneau n’est libre dans les 14 prochains jours. Nous vous recontactons sous 24h pour fixer
          l’heure de l’appel avec vous.
        </p>
      ) : null}

      {/* From 1024 px the days are a column beside the times, as a booking tool's calendar is. */}
      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-6">
        {list ? (
          <>
            <DayChoice
              days={days}
              shown={shownDay?.[0]}
              zone={zone}
              onChoose={(key) => {
                setDay(key);
                setChoice(null);
              }}
            />
            {shownDay ? (
              <TimeChoice
                day={shownDay}
                zone={zone}
                chosen={chosen}
                showKinshasa={showKinshasa}
                onChoose={(startsAt) => setChoice({ startsAt, zone })}
              />
            ) : null}
          </>
        ) : null}

        {/* Once a time is chosen, it and its button stay in reach of the thumb while the list scrolls;
            from 1024 px they sit under the times, where the eye is after the click. */}
        <div
          className={cn(
            '-mx-4 mt-6 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] lg:mx-0 lg:p-0',
            list ? 'lg:col-start-2' : 'lg:col-span-2',
            chosenSlot &&
              'sticky bottom-0 border-t border-gray-200 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] lg:static lg:border-t-0 lg:shadow-none',
          )}
        >
          {chosenSlot ? (
            <div className="mb-3">
              <p className="text-sm text-gray-700">Votre choix{'\u00a0'}:</p>
              <CallTime at={chosenSlot.startsAt} zone={zone} />
            </div>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button
              disabled={!chosenSlot || pending}
              onClick={() => chosenSlot && onChoose(chosenSlot.startsAt)}
            >
              {pending ? 'Envoi…' : moving ? 'Déplacer mon appel à cette heure' : 'Réserver ce créneau'}
            </Button>
            {moving ? (
              <Button variant="secondary" disabled={pending} onClick={onKeep}>
                Garder l’heure actuelle
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
