/**
 * Dates as the Kinshasa office reads them, and a follow-up that is due.
 */

import { formatInKinshasa } from '#common/kinshasa.ts';

/** Dates as the Kinshasa office reads them, whatever the browser's time zone; "—" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatInKinshasa(iso, 'dateTime') : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? formatInKinshasa(iso, 'date') : '—';
}

/** A lead's next action whose time has come (the panel, the list and the dashboard flag it). */
export const isOverdue = (nextActionAt: string | null, now = Date.now()) =>
  nextActionAt !== null && new Date(nextActionAt).getTime() <= now;
