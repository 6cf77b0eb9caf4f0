/**
 * What the service worker shows for a push message of the staff's notifications
 * (docs/decisions/080-staff-push.md), and where a tap leads: only a page of the back-office of
 * this site, whatever the message says, so a forged message cannot send staff elsewhere.
 */
import { sameOriginTarget } from './return-path.ts';

export type StaffNotification = {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; lang: string; data: { url: string } };
};

const ICON = '/icon-192.png';

/** The notification of a push message's JSON, or null when it is not one of ours. */
export function staffNotification(data: unknown, origin: string): StaffNotification | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || !title.trim()) return null;
  const target = sameOriginTarget(typeof url === 'string' ? url : null, origin);
  const path = target ? new URL(target).pathname : '';
  const safeUrl =
    target && (path === '/admin' || path.startsWith('/admin/')) ? target : `${origin}/admin/dashboard`;
  return {
    title,
    options: {
      body: typeof body === 'string' ? body : '',
      tag: typeof tag === 'string' ? tag : 'lisanga',
      icon: ICON,
      badge: ICON,
      lang: 'fr',
      data: { url: safeUrl },
    },
  };
}
