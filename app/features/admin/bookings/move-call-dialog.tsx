/**
 * Moving a booked call for the agency (docs/decisions/078-call-booking-admin.md): the free times of
 * the next 14 days on Kinshasa's clock, a day then a time; a time the call's admin is not free at
 * names the colleague who would take it. The visitor is emailed the new time with the updated invitation.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { calendarDay } from '#common/call-time.ts';
import { KINSHASA_TIME_ZONE } from '#common/kinshasa.ts';
import type { AdminCallSlot, ContactCall } from '#common/schemas/booking-admin.ts';
import { capitalized } from '#common/typography.ts';
import { cn } from '~/lib/cn';
import { FormDialog } from '../kit/dialog-frame';
import { filterControlClass } from '../kit/filters';
import { Loading } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { callSlotsQuery, moveCallMutation } from './data';
import { callHour, callWhen } from './format';

const TIME_PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The slots by Kinshasa day, in their order. */
function byDay(slots: AdminCallSlot[]): [string, AdminCallSlot[]][] {
  const days = new Map<string, AdminCallSlot[]>();
  for (const slot of slots) {
    const day = calendarDay(new Date(slot.startsAt), KINSHASA_TIME_ZONE);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

export function MoveCallDialog({
  call,
  leadName,
  onClose,
}: {
  call: ContactCall;
  leadName: string;
  onClose: () => void;
}) {
  const slots = useQuery({ ...callSlotsQuery(call.id), staleTime: 0 });
  const move = useMutation(moveCallMutation({ onSuccess: onClose }));
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const ids = useId();
  const days = byDay(slots.data ?? []);
  const shown = days.find(([key]) => key === day) ?? days[0];

  return (
    <FormDialog
      title={`Déplacer l’appel de ${leadName}`}
      description={`Prévu le ${callWhen(call.startsAt)} avec ${call.admin.name}. Heures de Kinshasa.`}
      submitLabel="Déplacer l’appel"
      pending={move.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) {
          setMissing(true);
          return;
        }
        move.mutate({ id: call.id, leadName, startsAt: chosen, when: callWhen(chosen) });
      }}
    >
      {slots.isPending ? (
        <Loading label="Recherche des heures libres…" className="space-y-4">
          {/* The day's select, then a few times. */}
          <div className="mt-6 h-11 rounded-lg bg-gray-200" />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {TIME_PLACEHOLDERS.map((key) => (
              <div key={key} className="h-11 rounded-lg bg-gray-200" />
            ))}
          </div>
        </Loading>
      ) : slots.isError ? (
        <ErrorState error={slots.error} onRetry={() => void slots.refetch()} />
      ) : !shown ? (
        <p className="rounded-lg bg-gray-100 p-3 text-sm text-gray-800">
          Aucune heure n’est libre dans les 14 prochains jours. Ajoutez des disponibilités dans les
          paramètres, ou annulez l’appel.
        </p>
      ) : (
        <>
          <label className="block text-sm font-medium text-gray-900" htmlFor={`${ids}-day`}>
            Jour
          </label>
          <select
            id={`${ids}-day`}
            className={cn(filterControlClass, 'mt-1 w-full')}
            value={shown[0]}
            onChange={(event) => {
              setDay(event.target.value);
              setChosen(null);
            }}
          >
            {days.map(([key]) => (
              <option key={key} value={key}>
                {capitalized(key)}
              </option>
            ))}
          </select>
          <fieldset aria-describedby={missing ? `${ids}-missing` : undefined}>
            <legend className="text-sm font-medium text-gray-900">Heure</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {shown[1].map((slot) => (
                <label
                  key={slot.startsAt}
                  className={cn(
                    'flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-3 py-1.5 text-sm ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                    chosen === slot.startsAt
                      ? 'bg-brand-700 text-white ring-brand-700'
                      : 'bg-white text-gray-900 ring-gray-300 hover:bg-brand-50',
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-time`}
                    value={slot.startsAt}
                    checked={chosen === slot.startsAt}
                    onChange={() => {
                      setChosen(slot.startsAt);
                      setMissing(false);
                    }}
                    className="sr-only"
                  />
                  <span className="font-semibold">{callHour(slot.startsAt)}</span>
                  {/* Who takes it, when not the call's own admin (busy then). */}
                  {slot.withName !== call.admin.name ? (
                    <span
                      className={cn(
                        'truncate text-xs',
                        chosen === slot.startsAt ? 'text-white' : 'text-gray-600',
                      )}
                    >
                      avec {slot.withName}
                    </span>
                  ) : null}
                </label>
              ))}
            </div>
            {missing ? (
              <p id={`${ids}-missing`} role="alert" className="mt-2 text-sm text-red-700">
                Choisissez une heure dans la liste.
              </p>
            ) : null}
          </fieldset>
          <p className="text-sm text-gray-700">
            {leadName} reçoit un email avec la nouvelle heure et l’invitation mise à jour pour son agenda.
          </p>
        </>
      )}
    </FormDialog>
  );
}
