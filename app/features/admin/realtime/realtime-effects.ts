/**
 * What the admin does with each real-time message (docs/product.md §4.5): refresh the lists concerned and,
 * for new leads, new subscribers and system notifications, show a toast; and refresh the dashboard
 * when it starts listening to its channel again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { NEW_CONTACT_TOAST_DURATION, TOAST_DURATION } from '#common/constants.ts';
import type { RealtimeServerMessage } from '#common/schemas/admin.ts';
import type { ToastOptions } from '~/lib/toast';
import { invalidate } from '../data/admin-data';
import {
  AUDIENCE_NOW_KEY,
  BOOKING_KEY,
  CAMPAIGNS_KEY,
  CONTACTS_KEY,
  DASHBOARD_KEY,
  SUBSCRIBERS_KEY,
} from '../data/queries';

/** Dashboard figures younger than this when its channel is subscribed again are kept as they are. */
export const DASHBOARD_CATCH_UP_AFTER = 5_000;

type Effects = { queryClient: QueryClient; toast: (options: ToastOptions) => unknown };

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value : fallback;

export function applyRealtimeMessage(message: RealtimeServerMessage, { queryClient, toast }: Effects) {
  // The dashboard listens to its channel only while shown (realtime-channel.tsx): back on it, it
  // catches up on what it did not hear. A fetch already on its way is kept rather than repeated,
  // and figures that arrived a moment ago (the sign-in's own fetch, made while the channel was
  // opening) are not fetched again: either way, a change in that moment is seen at the next one.
  if (message.type === 'subscribed' && message.channel === 'dashboard') {
    const fetchedAt = queryClient.getQueryState([DASHBOARD_KEY])?.dataUpdatedAt ?? 0;
    if (Date.now() - fetchedAt < DASHBOARD_CATCH_UP_AFTER) return;
    void queryClient.invalidateQueries({ queryKey: [DASHBOARD_KEY] }, { cancelRefetch: false });
    return;
  }
  // The same for "En ce moment" on the Audience screen: its count may have changed meanwhile.
  if (message.type === 'subscribed' && message.channel === 'audience') {
    void queryClient.invalidateQueries({ queryKey: [AUDIENCE_NOW_KEY] }, { cancelRefetch: false });
    return;
  }
  if (message.type !== 'broadcast') return;
  // Each event type belongs to one channel (common/realtime.ts): its type says which it is.
  const { data } = message;
  switch (data.type) {
    case 'stats_update':
      invalidate(queryClient, DASHBOARD_KEY);
      break;
    case 'new_contact':
      invalidate(queryClient, CONTACTS_KEY);
      toast({
        title: 'Nouveau contact !',
        description: `${text(data.fullName, 'Quelqu’un')} vient de nous contacter`,
        duration: NEW_CONTACT_TOAST_DURATION,
      });
      break;
    case 'contact_status_update':
    case 'contact_updated':
      invalidate(queryClient, CONTACTS_KEY);
      break;
    // A call booked, moved or cancelled: the agenda, the lead's panel and the dashboard's next calls.
    case 'call_booking_update':
      invalidate(queryClient, BOOKING_KEY, CONTACTS_KEY, DASHBOARD_KEY);
      break;
    // The worker moved a campaign on (sending, sent, failed, held back): its page and the list.
    case 'campaign_update':
      invalidate(queryClient, CAMPAIGNS_KEY);
      break;
    case 'new_subscription':
      invalidate(queryClient, SUBSCRIBERS_KEY);
      toast({
        title: 'Nouvel abonné !',
        description: `${text(data.email, 'Une adresse')} s’est abonné à la newsletter`,
      });
      break;
    // The count itself travels in the message: it replaces the one shown, no request needed.
    case 'visitors_now':
      if (typeof data.visitors === 'number' && typeof data.at === 'string')
        queryClient.setQueryData([AUDIENCE_NOW_KEY], { visitors: data.visitors, at: data.at });
      break;
    case 'notification':
      toast({
        title: text(data.title, 'Notification'),
        description: text(data.message, ''),
        // `data.type` is the event's ('notification'): the notification's own type travels as `level`.
        variant: data.level === 'error' ? 'destructive' : 'default',
        duration: typeof data.duration === 'number' ? data.duration : TOAST_DURATION,
      });
      break;
    default:
      break;
  }
}
