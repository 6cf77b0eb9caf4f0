/**
 * Settings, "Disponibilités" (docs/decisions/078-call-booking-admin.md): whether visitors may book
 * a discovery call with this admin, their weekly ranges in Kinshasa time (a lunch break is two
 * ranges) and their days off. One admin sets up a colleague through the selector. Nothing is
 * stored until "Enregistrer": the typical week only fills the form. Checked with the server's own
 * schema, and the server's field messages land under the same fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import X from 'lucide-react/icons/x';
import { useId, useMemo, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type Resolver,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { Link } from 'react-router';
import {
  AVAILABILITY_STEP_MINUTES,
  type AvailabilityInput,
  availabilitySchema,
  type BookingAvailability,
  dayOffSchema,
  minutesOfTime,
  TYPICAL_WEEK,
  timeOfMinutes,
  WEEKDAY_LABELS,
} from '#common/schemas/booking-admin.ts';
import { adminFullName } from '#common/schemas/users-admin.ts';
import { capitalized } from '#common/typography.ts';
import { DateField } from '~/components/date-time-field';
import { FieldError, SelectField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { meQuery } from '../data/queries';
import { reportOn, useAdminForm } from '../kit/admin-form';
import { PanelSubmit } from '../kit/buttons';
import { IconButton } from '../kit/icon-button';
import { SettingsCard } from '../kit/page';
import { Lines, Loading, Rows } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { usersQuery } from '../settings/data';
import { availabilityQuery, saveAvailabilityMutation } from './data';
import { formatDay, kinshasaToday } from './format';

type Draft = {
  bookable: boolean;
  days: { weekday: number; ranges: { start: string; end: string }[] }[];
  daysOff: string[];
};
const FIELDS = ['bookable', 'days.*', 'daysOff.*'] as const;
const LAST_START = 23 * 60;
/**
 * Every half hour of the day, on Kinshasa's 24-hour clock: a list rather than a time field, whose
 * look follows the browser's language ("02:00 PM" does not fit a 320-px phone) and which would
 * take 09:15, which no slot can start at.
 */
const TIME_OPTIONS = Array.from({ length: (24 * 60) / AVAILABILITY_STEP_MINUTES }, (_, i) =>
  timeOfMinutes(i * AVAILABILITY_STEP_MINUTES),
);

const draftOf = (availability: BookingAvailability): Draft => ({
  bookable: availability.bookable,
  days: availability.days.map((day) => ({ weekday: day.weekday, ranges: day.ranges.map((r) => ({ ...r })) })),
  daysOff: [...availability.daysOff],
});

export function AvailabilityPanel() {
  const me = useQuery(meQuery);
  const users = useQuery(usersQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const myId = me.data?.id ?? null;
  // Null is one's own: the query without `adminId`.
  const adminId = chosen && chosen !== myId ? chosen : null;
  const availability = useQuery(availabilityQuery(adminId));
  const colleagues = (users.data ?? []).filter((user) => user.isActive || user.id === chosen);

  return (
    <SettingsCard
      titleId="availability-title"
      title={
        adminId
          ? 'Disponibilités pour les appels découverte'
          : 'Mes disponibilités pour les appels découverte'
      }
      description="Les visiteurs réservent un appel de 30 minutes dans ces plages, hors jours de congé."
    >
      {colleagues.length > 1 && myId ? (
        <div className="mt-4 max-w-sm">
          <SelectField
            label="Disponibilités de"
            placeholder={null}
            value={chosen ?? myId}
            onChange={(event) => setChosen(event.target.value)}
            options={colleagues.map((user) => ({
              value: user.id,
              label: user.id === myId ? `Vous (${adminFullName(user)})` : adminFullName(user),
            }))}
          />
        </div>
      ) : null}
      <div className="mt-4">
        {availability.isPending ? (
          <Loading>
            <Lines widths={['w-1/3']} />
            <Rows count={7} rowClassName="py-2" />
          </Loading>
        ) : availability.isError ? (
          <ErrorState error={availability.error} onRetry={() => void availability.refetch()} />
        ) : (
          <AvailabilityForm
            key={availability.data.admin.id}
            availability={availability.data}
            adminId={adminId}
          />
        )}
      </div>
    </SettingsCard>
  );
}

/** Calls already booked stay booked when the admin stops taking new ones: how to let them go. */
function upcomingCallsNote(count: number, own: boolean): string {
  const who = own ? 'vous ne pouvez pas' : 'personne ne peut';
  return count === 1
    ? `1 appel déjà réservé reste prévu. Si ${who} l’assurer, annulez-le depuis la fiche du contact : le visiteur reçoit un email d’excuse et choisit un autre créneau.`
    : `${count} appels déjà réservés restent prévus. Si ${who} les assurer, annulez-les depuis la fiche de chaque contact : le visiteur reçoit un email d’excuse et choisit un autre créneau.`;
}

function AvailabilityForm({
  availability,
  adminId,
}: {
  availability: BookingAvailability;
  adminId: string | null;
}) {
  const today = useMemo(kinshasaToday, []);
  const resolver = useMemo(
    () => zodResolver(availabilitySchema(today) as never) as unknown as Resolver<Draft>,
    [today],
  );
  const form = useAdminForm(resolver, draftOf(availability));
  const { errors } = form.formState;
  const save = useMutation(
    saveAvailabilityMutation({
      onSuccess: (saved) => form.reset(draftOf(saved)),
      onError: reportOn(form, FIELDS, { title: 'Échec de l’enregistrement' }),
    }),
  );
  const days = form.watch('days');
  const nothingSet = days.every((day) => day.ranges.length === 0);
  const own = adminId === null;

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={form.handleSubmit((values) => save.mutate({ adminId, values: values as AvailabilityInput }))}
    >
      <Controller
        control={form.control}
        name="bookable"
        render={({ field }) => (
          <div data-field className="flex flex-col gap-1.5">
            <div className="flex items-start gap-3">
              <input
                id="availability-bookable"
                type="checkbox"
                role="switch"
                aria-checked={field.value}
                aria-invalid={errors.bookable ? true : undefined}
                aria-describedby={errors.bookable ? 'availability-bookable-error' : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
              <label htmlFor="availability-bookable" className="font-medium text-gray-900">
                {own
                  ? 'Je peux être réservé(e) pour un appel découverte'
                  : `${availability.admin.name} peut être réservé(e) pour un appel découverte`}
              </label>
            </div>
            <FieldError id="availability-bookable" error={errors.bookable?.message} />
            {!field.value && availability.upcomingCalls > 0 ? (
              <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {upcomingCallsNote(availability.upcomingCalls, own)}{' '}
                <Link to="/admin/rendez-vous" className="font-medium underline underline-offset-2">
                  Voir l’agenda
                </Link>
              </p>
            ) : null}
          </div>
        )}
      />

      <section aria-labelledby="availability-week-title" className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h3 id="availability-week-title" className="text-base font-semibold text-gray-900">
              Horaires de la semaine
            </h3>
            <p className="text-sm text-gray-600">Heures de Kinshasa (UTC+1).</p>
          </div>
          {nothingSet ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() =>
                form.reset({ ...form.getValues(), days: TYPICAL_WEEK }, { keepDefaultValues: true })
              }
            >
              Proposer des horaires types
            </Button>
          ) : null}
        </div>
        <div className="divide-y divide-gray-100 border-y border-gray-100">
          {days.map((day, index) => (
            <DayRanges
              key={day.weekday}
              index={index}
              weekday={day.weekday}
              control={form.control}
              errors={errors}
            />
          ))}
        </div>
      </section>

      <DaysOff
        today={today}
        value={form.watch('daysOff')}
        errors={errors}
        onChange={(next) =>
          form.setValue('daysOff', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
      />

      <PanelSubmit pending={save.isPending} label="Enregistrer les disponibilités" />
    </form>
  );
}

/** The next range of a day: from the end of its last one (09:00 on an empty day), one hour long. */
function nextRange(ranges: { start: string; end: string }[]) {
  const last = ranges.at(-1);
  const start = Math.min(last ? minutesOfTime(last.end) || 9 * 60 : 9 * 60, LAST_START);
  return { start: timeOfMinutes(start), end: timeOfMinutes(Math.min(start + 60, LAST_START + 30)) };
}

function DayRanges({
  index,
  weekday,
  control,
  errors,
}: {
  index: number;
  weekday: number;
  control: Control<Draft>;
  errors: FieldErrors<Draft>;
}) {
  const headingId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: `days.${index}.ranges` });
  const ranges = useWatch({ control, name: `days.${index}.ranges` });
  const label = WEEKDAY_LABELS[weekday - 1] ?? '';
  const dayErrors = errors.days?.[index];
  return (
    <fieldset
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-1 gap-2 py-3 sm:grid-cols-[7rem_minmax(0,1fr)]"
    >
      <p id={headingId} className="pt-1 font-medium text-gray-900">
        {label}
      </p>
      <div className="flex min-w-0 flex-col gap-2 sm:max-w-md">
        {fields.length === 0 ? <p className="pt-1 text-sm text-gray-600">Indisponible</p> : null}
        {fields.map((field, rangeIndex) => {
          const rangeErrors = dayErrors?.ranges?.[rangeIndex];
          return (
            <fieldset
              key={field.id}
              aria-label={`${label}, plage ${rangeIndex + 1}`}
              className="grid min-w-0 grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-1.5 sm:gap-2"
            >
              <TimeSelect
                control={control}
                name={`days.${index}.ranges.${rangeIndex}.start`}
                label="Début"
                error={rangeErrors?.start?.message}
              />
              <TimeSelect
                control={control}
                name={`days.${index}.ranges.${rangeIndex}.end`}
                label="Fin"
                error={rangeErrors?.end?.message}
              />
              <IconButton
                label={`Retirer la plage ${rangeIndex + 1} du ${label.toLowerCase()}`}
                tooltip="Retirer la plage"
                className="mt-7 text-red-700 hover:bg-red-50"
                onClick={() => remove(rangeIndex)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </IconButton>
            </fieldset>
          );
        })}
        <FieldError
          id={`${headingId}-ranges`}
          error={dayErrors?.ranges?.message ?? dayErrors?.ranges?.root?.message}
        />
        <div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Ajouter une plage le ${label.toLowerCase()}`}
            onClick={() => append(nextRange(ranges ?? []))}
          >
            <Plus className="size-4" aria-hidden="true" />
            Ajouter une plage
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/** A range's start or end, drawn through a Controller: the list always shows the form's value. */
function TimeSelect({
  control,
  name,
  label,
  error,
}: {
  control: Control<Draft>;
  name: `days.${number}.ranges.${number}.${'start' | 'end'}`;
  label: string;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SelectField
          label={label}
          placeholder={null}
          options={TIME_OPTIONS}
          error={error}
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

function DaysOff({
  today,
  value,
  errors,
  onChange,
}: {
  today: string;
  value: string[];
  errors: FieldErrors<Draft>;
  onChange: (next: string[]) => void;
}) {
  const listId = useId();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const add = () => {
    const parsed = dayOffSchema(today).safeParse(draft);
    if (!parsed.success) return setDraftError(parsed.error.issues[0]?.message);
    if (value.includes(parsed.data)) return setDraftError('Cette date figure déjà dans la liste.');
    setDraftError(undefined);
    setDraft('');
    onChange([...value, parsed.data].sort());
  };
  const listError = errors.daysOff?.message ?? errors.daysOff?.root?.message;
  return (
    <section aria-labelledby="availability-days-off-title" className="flex flex-col gap-3">
      <div>
        <h3 id="availability-days-off-title" className="text-base font-semibold text-gray-900">
          Jours de congé
        </h3>
        <p className="text-sm text-gray-600">Aucun appel ne sera proposé ces jours-là.</p>
      </div>
      <DateField
        label="Date du jour de congé"
        value={draft}
        onChange={setDraft}
        min={today}
        error={draftError}
        inputClassName="h-10 sm:text-sm"
        onKeyDown={(event) => {
          // Enter adds the date rather than saving the whole form.
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        after={
          <Button type="button" variant="secondary" size="sm" className="h-10" onClick={add}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            Ajouter ce jour
          </Button>
        }
      />
      {value.length === 0 ? (
        <p className="text-sm text-gray-600">Aucun jour de congé prévu.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Jours de congé prévus">
          {value.map((day, index) => {
            const error = errors.daysOff?.[index]?.message;
            return (
              <li key={day} data-field className="flex flex-col gap-1">
                <div
                  className={cn(
                    'flex items-center justify-between gap-2 rounded-lg border py-1 pr-1 pl-3 text-sm',
                    error ? 'border-red-600' : 'border-gray-200',
                  )}
                >
                  <span className="min-w-0 break-words text-gray-900">{capitalized(formatDay(day))}</span>
                  <IconButton
                    label={`Retirer le ${formatDay(day)}`}
                    tooltip="Retirer"
                    onClick={() => onChange(value.filter((other) => other !== day))}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </IconButton>
                </div>
                {error ? <p className="text-sm text-red-700">{error}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={listId} error={listError} />
    </section>
  );
}
