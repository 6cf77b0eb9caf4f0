/**
 * The discovery call's booking, as the public page and the server share it
 * (docs/decisions/077-call-booking.md). Routes, each opened by the lead's signed link (`token`):
 * - GET  /api/calls?token=…&timeZone=Europe/Paris -> CallPageAnswer (the call, the free slots)
 * - POST /api/calls/book        CallBookInput -> 201 { call } (200 when it was already booked so)
 * - POST /api/calls/reschedule  CallBookInput -> { call }
 * - POST /api/calls/cancel      CallCancelInput -> { call }
 * Refusals: 404 `invalid_link`, 410 `expired_link`, 409 `slot_taken` / `already_booked` / `no_call`.
 */
import { z } from 'zod';
import { optionalVisit } from './audience.ts';
import { strictObjectError } from './fields.ts';

const token = z
  .string({ error: 'Lien de réservation invalide.' })
  .min(1, { error: 'Lien de réservation invalide.' })
  .max(200, { error: 'Lien de réservation invalide.' });

/** The browser's IANA zone (Intl); an unknown one is read as Kinshasa's. */
const timeZone = z
  .string({ error: 'Fuseau horaire invalide.' })
  .max(64, { error: 'Fuseau horaire invalide.' })
  .regex(/^[A-Za-z0-9_+\-/]*$/, { error: 'Fuseau horaire invalide.' })
  .optional();

export const CallPageQuerySchema = z.object({ token, timeZone });

export const CallBookSchema = z.strictObject(
  {
    token,
    startsAt: z.iso.datetime({ offset: true, error: 'Choisissez un créneau dans la liste.' }),
    timeZone,
    /** The tab's visit, for the booked call's source (common/schemas/audience.ts): dropped when malformed. */
    visit: optionalVisit,
  },
  strictObjectError,
);
export type CallBookInput = z.infer<typeof CallBookSchema>;

export const CallCancelSchema = z.strictObject({ token }, strictObjectError);
export type CallCancelInput = z.infer<typeof CallCancelSchema>;

/** A booked (or cancelled) call as the visitor sees it. */
export type PublicCall = {
  startsAt: string;
  endsAt: string;
  status: 'confirmed' | 'cancelled';
  /** The staff member who takes the call. */
  withName: string;
};

export type PublicSlot = { startsAt: string; endsAt: string };

export type CallPageAnswer = {
  firstName: string;
  /** The lead's current call: confirmed, or the last cancelled one; null before any booking. */
  call: PublicCall | null;
  slots: PublicSlot[];
  /** False when no slot fell in the preferred part of the day and all are offered. */
  matchesPreference: boolean;
  preferredTime: string;
  /** The zone the slots were read in (the one asked, or Kinshasa's when unknown). */
  timeZone: string;
  /** How the call takes place (phone, WhatsApp, video), as the staff wrote it in the settings. */
  meetingDetails: string;
  /**
   * Who may take the call: the staff free at one of `slots`, by name, in the order a booking tries
   * them (the first free at the time chosen takes it); once booked, `call.withName` says who does.
   */
  hosts: string[];
};
