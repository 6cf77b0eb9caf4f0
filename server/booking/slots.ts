/**
 * The discovery call's free slots (docs/decisions/075-call-slots.md): 30-minute slots
 * over the next days, from the bookable admins' weekly hours in Kinshasa time (UTC+1 all year),
 * without their days off and what is already booked, at least some notice ahead, narrowed to the
 * visitor's preferred part of the day *in the visitor's own time zone* and to their urgency.
 *
 * Pure: the caller reads the admins, their hours and the bookings, and gives `now`. Working in
 * UTC instants throughout and reading Kinshasa's wall clock by its fixed offset keeps the numbers
 * the same on any server; the visitor's clock comes from the time-zone database (Intl), which
 * knows Europe/Paris's summer time.
 */

import { knownTimeZone } from '#common/call-time.ts';
import type { PREFERRED_SLOTS, URGENCY_OPTIONS } from '#common/constants.ts';
import { addDays, kinshasaClock, kinshasaDate, kinshasaDayStart } from '#common/kinshasa.ts';

export const SLOT_MINUTES = 30;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One range of a weekday, in Kinshasa time: `weekday` 1 (Monday) to 7 (Sunday), "HH:MM". */
export type WeeklyRange = { weekday: number; start: string; end: string };

export type BookableAdmin = {
  id: string;
  /** Several ranges a day leave breaks between them (09:00-12:00, 14:00-17:00). */
  hours: WeeklyRange[];
  /** Kinshasa dates without any call, YYYY-MM-DD. */
  daysOff: string[];
};

/** Something already in an admin's calendar: a booked call. */
export type Busy = { adminId: string; startsAt: Date; endsAt: Date };

export type Slot = {
  startsAt: Date;
  endsAt: Date;
  /** The admins free for it, in the order given (the booking takes one). */
  adminIds: string[];
};

export type SlotQuery = {
  now: Date;
  admins: BookableAdmin[];
  busy: Busy[];
  preferredTime: (typeof PREFERRED_SLOTS)[number];
  urgency: (typeof URGENCY_OPTIONS)[number];
  /** The visitor's IANA time zone ("Europe/Paris"); Kinshasa's when unknown or invalid. */
  visitorTimeZone?: string;
  /** How far ahead slots are offered (days). */
  horizonDays?: number;
  /** The least notice before a call (minutes). */
  noticeMinutes?: number;
};

export type SlotAnswer = {
  slots: Slot[];
  /** False when nothing matched the preferred part of the day, and every free slot is offered. */
  matchesPreference: boolean;
};

/** The preferred parts of the day, as [from, to) minutes of the visitor's day. */
const PREFERRED_WINDOWS: Record<SlotQuery['preferredTime'], [number, number] | null> = {
  'Matin (8h-12h)': [8 * 60, 12 * 60],
  'Début d’après-midi (13h-16h)': [13 * 60, 16 * 60],
  'Fin d’après-midi (16h-18h)': [16 * 60, 18 * 60],
  Flexible: null,
};

/** "This week" looks at the next seven days first; the rest look at the whole horizon. */
const URGENT_DAYS: Record<SlotQuery['urgency'], number | null> = {
  'Cette semaine': 7,
  'Sous 15 jours': null,
  'Dans le mois': null,
  'Pas urgent': null,
};

export const DEFAULT_HORIZON_DAYS = 14;
export const DEFAULT_NOTICE_MINUTES = 120;
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since midnight of `at` on the wall clock of `timeZone`. */
function minutesInZone(at: Date, format: Intl.DateTimeFormat): number {
  const parts = format.formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/** Every free slot of every admin from `from` to `until`, merged by start time. */
function freeSlots(query: SlotQuery, from: Date, until: Date): Slot[] {
  const byStart = new Map<number, Slot>();
  const firstDay = kinshasaDate(from);
  for (const admin of query.admins) {
    const daysOff = new Set(admin.daysOff);
    const busy = query.busy.filter((b) => b.adminId === admin.id);
    for (let date = firstDay; kinshasaDayStart(date).getTime() < until.getTime(); date = addDays(date, 1)) {
      if (daysOff.has(date)) continue;
      const dayStart = kinshasaDayStart(date);
      const { weekday } = kinshasaClock(dayStart);
      for (const range of admin.hours.filter((r) => r.weekday === weekday)) {
        const end = minutesOf(range.end);
        for (let start = minutesOf(range.start); start + SLOT_MINUTES <= end; start += SLOT_MINUTES) {
          const startsAt = dayStart.getTime() + start * MINUTE;
          const endsAt = startsAt + SLOT_MINUTES * MINUTE;
          if (startsAt < from.getTime() || startsAt >= until.getTime()) continue;
          if (busy.some((b) => b.startsAt.getTime() < endsAt && b.endsAt.getTime() > startsAt)) continue;
          const slot = byStart.get(startsAt);
          if (slot) {
            if (!slot.adminIds.includes(admin.id)) slot.adminIds.push(admin.id);
          } else {
            byStart.set(startsAt, {
              startsAt: new Date(startsAt),
              endsAt: new Date(endsAt),
              adminIds: [admin.id],
            });
          }
        }
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

export function availableSlots(query: SlotQuery): SlotAnswer {
  const horizon = query.horizonDays ?? DEFAULT_HORIZON_DAYS;
  const from = new Date(query.now.getTime() + (query.noticeMinutes ?? DEFAULT_NOTICE_MINUTES) * MINUTE);
  const all = freeSlots(query, from, new Date(query.now.getTime() + horizon * DAY));
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: knownTimeZone(query.visitorTimeZone),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const window = PREFERRED_WINDOWS[query.preferredTime];
  const preferred = window
    ? all.filter((slot) => {
        const start = minutesInZone(slot.startsAt, format);
        return start >= window[0] && start + SLOT_MINUTES <= window[1];
      })
    : all;
  const soon = URGENT_DAYS[query.urgency];
  const urgent =
    soon === null
      ? preferred
      : preferred.filter((s) => s.startsAt.getTime() < query.now.getTime() + soon * DAY);
  if (urgent.length > 0) return { slots: urgent, matchesPreference: true };
  if (preferred.length > 0) return { slots: preferred, matchesPreference: true };
  return { slots: all, matchesPreference: window === null };
}
