/**
 * The back-office side of the discovery call (docs/decisions/078-call-booking-admin.md): each
 * admin's weekly availability and days off, and the booked calls as the agenda, the lead's panel
 * and the dashboard show them. Shared by the availability form and the server.
 *
 * Routes (behind the admin guard):
 * - GET /api/admin/booking/availability[?adminId=]   -> { availability: BookingAvailability }
 * - PUT /api/admin/booking/availability[?adminId=]   AvailabilityInput -> { availability }
 * - GET /api/admin/booking/calls?from=ISO&to=ISO      -> { calls: AdminCall[] } (62 days at most;
 *   neither: this week)
 *
 * Times are Kinshasa's wall clock ("HH:MM", UTC+1 all year); weekdays go from 1 (Monday) to 7.
 */
import { z } from 'zod';
import { strictObjectError } from './fields.ts';

export const WEEKDAY_LABELS = [
  'Lundi',
  'Mardi',
  'Mercredi',
  'Jeudi',
  'Vendredi',
  'Samedi',
  'Dimanche',
] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Slots last 30 minutes and start on the hour or the half hour, so ranges do too. */
export const AVAILABILITY_STEP_MINUTES = 30;
export const MAX_RANGES_PER_DAY = 12;
export const MAX_DAYS_OFF = 100;
/** The longest period the agenda asks for at once (two months). */
export const MAX_CALLS_RANGE_DAYS = 62;

export type TimeRange = { start: string; end: string };
export type AvailabilityDay = { weekday: number; ranges: TimeRange[] };

/** "Proposer des horaires types": Monday to Friday, 09:00-12:00 and 14:00-17:00 (a lunch break). */
export const TYPICAL_WEEK: AvailabilityDay[] = WEEKDAYS.map((weekday) => ({
  weekday,
  ranges:
    weekday <= 5
      ? [
          { start: '09:00', end: '12:00' },
          { start: '14:00', end: '17:00' },
        ]
      : [],
}));

/** Every weekday, Monday first, without ranges. */
export const EMPTY_WEEK: AvailabilityDay[] = WEEKDAYS.map((weekday) => ({ weekday, ranges: [] }));

/** Minutes since midnight of "HH:MM". */
export const minutesOfTime = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
/** "HH:MM" of minutes since midnight. */
export const timeOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, { error: missing })
    .regex(TIME, { error: 'Heure invalide : écrivez-la HH:MM.' })
    .refine((value) => minutesOfTime(value) % AVAILABILITY_STEP_MINUTES === 0, {
      error: 'Choisissez une heure pile ou et demie, par exemple 09:00 ou 09:30.',
    });

const RangeSchema = z.strictObject(
  { start: time('Indiquez l’heure de début.'), end: time('Indiquez l’heure de fin.') },
  strictObjectError,
);

const rangeIsValid = (range: TimeRange) =>
  TIME.test(range.start) && TIME.test(range.end) && minutesOfTime(range.start) < minutesOfTime(range.end);

const DaySchema = z
  .strictObject(
    {
      weekday: z
        .number({ error: 'Jour invalide.' })
        .int({ error: 'Jour invalide.' })
        .min(1, { error: 'Jour invalide.' })
        .max(7, { error: 'Jour invalide.' }),
      ranges: z
        .array(RangeSchema, { error: 'Plages invalides.' })
        .max(MAX_RANGES_PER_DAY, { error: `${MAX_RANGES_PER_DAY} plages par jour au plus.` }),
    },
    strictObjectError,
  )
  .superRefine((day, context) => {
    day.ranges.forEach((range, index) => {
      if (TIME.test(range.start) && TIME.test(range.end) && !rangeIsValid(range)) {
        context.addIssue({
          code: 'custom',
          path: ['ranges', index, 'end'],
          message: 'L’heure de fin doit venir après l’heure de début.',
        });
        return;
      }
      // A range that overlaps an earlier one of the day is the one flagged, whatever their order.
      const overlaps = day.ranges
        .slice(0, index)
        .some(
          (other) =>
            rangeIsValid(range) &&
            rangeIsValid(other) &&
            minutesOfTime(other.start) < minutesOfTime(range.end) &&
            minutesOfTime(range.start) < minutesOfTime(other.end),
        );
      if (overlaps) {
        context.addIssue({
          code: 'custom',
          path: ['ranges', index, 'start'],
          message: 'Cette plage chevauche une autre plage du même jour.',
        });
      }
    });
  });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** A day off: a real date (YYYY-MM-DD, Kinshasa), `today` or later. */
export const dayOffSchema = (today: string) =>
  z
    .string({ error: 'Date invalide.' })
    .min(1, { error: 'Choisissez une date.' })
    .refine(isCalendarDate, { error: 'Date invalide : écrivez-la AAAA-MM-JJ.' })
    .refine((value) => !isCalendarDate(value) || value >= today, { error: 'Cette date est passée.' });

/**
 * What the availability form saves. `today` is Kinshasa's date (the server's clock on the server,
 * the browser's in the form): a day off before it is refused.
 */
export const availabilitySchema = (today: string) =>
  z
    .strictObject(
      {
        bookable: z.boolean({ error: 'Valeur invalide.' }),
        days: z.array(DaySchema, { error: 'Jours invalides.' }).max(7, { error: 'Sept jours au plus.' }),
        daysOff: z
          .array(dayOffSchema(today), { error: 'Jours de congé invalides.' })
          .max(MAX_DAYS_OFF, { error: `${MAX_DAYS_OFF} jours de congé au plus.` }),
      },
      strictObjectError,
    )
    .superRefine((input, context) => {
      input.days.forEach((day, index) => {
        if (input.days.slice(0, index).some((other) => other.weekday === day.weekday)) {
          context.addIssue({
            code: 'custom',
            path: ['days', index, 'weekday'],
            message: 'Ce jour figure deux fois.',
          });
        }
      });
      input.daysOff.forEach((day, index) => {
        if (input.daysOff.indexOf(day) < index) {
          context.addIssue({
            code: 'custom',
            path: ['daysOff', index],
            message: 'Cette date figure déjà dans la liste.',
          });
        }
      });
      if (input.bookable && input.days.every((day) => day.ranges.length === 0)) {
        context.addIssue({
          code: 'custom',
          path: ['bookable'],
          message: 'Ajoutez au moins une plage horaire pour pouvoir être réservé(e).',
        });
      }
    });
export type AvailabilityInput = z.input<ReturnType<typeof availabilitySchema>>;

/** `?adminId=`: another admin's availability (an admin setting up the team); none means one's own. */
export const AvailabilityQuerySchema = z.object({
  adminId: z.uuid({ error: 'Utilisateur invalide.' }).optional(),
});

/**
 * The agenda's period: two instants, `to` after `from`, 62 days apart at most; neither for the
 * current week (Monday to Monday, Kinshasa time).
 */
export const CallsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'Date de début invalide.' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'Date de fin invalide.' }).optional(),
  })
  .superRefine(({ from, to }, context) => {
    if (from === undefined && to === undefined) return;
    if (from === undefined) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'Indiquez aussi le début.' });
      return;
    }
    if (to === undefined) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'Indiquez aussi la fin.' });
      return;
    }
    // A malformed end already has its message.
    const length = Date.parse(to) - Date.parse(from);
    if (Number.isNaN(length)) return;
    if (length <= 0) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'La fin doit venir après le début.' });
    } else if (length > MAX_CALLS_RANGE_DAYS * 86_400_000) {
      context.addIssue({ code: 'custom', path: ['to'], message: `${MAX_CALLS_RANGE_DAYS} jours au plus.` });
    }
  });

/** One admin's availability, as the form shows it: every weekday (Monday first) and the days off to come. */
export type BookingAvailability = {
  admin: { id: string; name: string };
  bookable: boolean;
  days: AvailabilityDay[];
  /** From today on, sorted. */
  daysOff: string[];
  /** The admin's confirmed calls still ahead: they stay booked whatever the availability becomes. */
  upcomingCalls: number;
};

export type CallStatus = 'confirmed' | 'cancelled';
export const CALL_STATUS_LABELS: Record<CallStatus, string> = { confirmed: 'Confirmé', cancelled: 'Annulé' };

/** A booked call, with its lead and the admin it is with. */
export type AdminCall = {
  id: string;
  startsAt: string;
  endsAt: string;
  status: CallStatus;
  /** The visitor's IANA time zone. */
  visitorTimeZone: string;
  contact: { id: string; fullName: string; company: string | null; serviceInterest: string };
  admin: { id: string; name: string };
};

/** A free time staff can move a call to, with who would take it (the call's admin when free). */
export type AdminCallSlot = { startsAt: string; endsAt: string; withName: string };

/** POST /api/admin/booking/calls/:id/move: the new time, one of the free times listed. */
export const MoveCallSchema = z.strictObject(
  { startsAt: z.iso.datetime({ offset: true, error: 'Choisissez une heure dans la liste.' }) },
  strictObjectError,
);
export type MoveCallInput = z.infer<typeof MoveCallSchema>;

/** A lead's call, on its panel (GET /api/admin/contacts/:id answers `{ contact, call }`). */
export type ContactCall = Omit<AdminCall, 'contact'>;
