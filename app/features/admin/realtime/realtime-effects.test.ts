import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeServerMessage } from '#common/schemas/admin.ts';
import { callsQuery } from '../bookings/data';
import { contactQuery, contactsQuery, contactTimelineQuery } from '../contacts/data';
import { dashboardQuery } from '../dashboard/data';
import { subscribersQuery } from '../newsletter/data';
import { safeAdminRedirect } from '../shell/navigation';
import { applyRealtimeMessage, DASHBOARD_CATCH_UP_AFTER } from './realtime-effects';

/**
 * A cache holding the dashboard, a filtered leads page and a subscribers page, all fresh, and a
 * recorded toast; `apply` hands a message to the effects with both.
 */
function cache() {
  const queryClient = new QueryClient();
  const keys = {
    dashboard: dashboardQuery.queryKey,
    contacts: contactsQuery({ status: 'nouveau', page: 2 }).queryKey,
    subscribers: subscribersQuery().queryKey,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
  const stale = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [
        name,
        queryClient.getQueryState(key)?.isInvalidated ?? false,
      ]),
    );
  const toast = vi.fn();
  const apply = (message: RealtimeServerMessage) => applyRealtimeMessage(message, { queryClient, toast });
  return { queryClient, stale, toast, apply };
}

const broadcast = (
  channel: 'dashboard' | 'contacts' | 'newsletter' | 'system',
  data: Record<string, unknown>,
) => ({ type: 'broadcast', channel, data: { type: 'x', ...data } }) as unknown as RealtimeServerMessage;

describe('real-time effects (docs/product.md §4.5)', () => {
  it("new_contact refreshes every leads list and shows 'Nouveau contact !' for 5 seconds", () => {
    const { stale, toast, apply } = cache();
    apply(broadcast('contacts', { type: 'new_contact', fullName: 'Grâce Mbuyi' }));
    expect(stale()).toEqual({ dashboard: false, contacts: true, subscribers: false });
    expect(toast).toHaveBeenCalledWith({
      title: 'Nouveau contact !',
      description: 'Grâce Mbuyi vient de nous contacter',
      duration: 5_000,
    });
  });

  it('stats_update refreshes the dashboard only; contact_status_update the leads only, silently', () => {
    const { stale, toast, apply } = cache();
    apply(broadcast('dashboard', { type: 'stats_update' }));
    expect(stale()).toEqual({ dashboard: true, contacts: false, subscribers: false });
    apply(broadcast('contacts', { type: 'contact_status_update', id: 'x', status: 'traite' }));
    expect(stale().contacts).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('contact_updated (another admin’s note, owner or next action) refreshes the leads and that lead’s timeline, silently', () => {
    const { queryClient, stale, toast, apply } = cache();
    const timelineKey = contactTimelineQuery('lead-1').queryKey;
    queryClient.setQueryData(timelineKey, []);
    apply(broadcast('contacts', { type: 'contact_updated', id: 'lead-1' }));
    expect(stale()).toEqual({ dashboard: false, contacts: true, subscribers: false });
    expect(queryClient.getQueryState(timelineKey)?.isInvalidated).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it("new_subscription refreshes the subscribers and shows 'Nouvel abonné !'", () => {
    const { stale, toast, apply } = cache();
    apply(broadcast('newsletter', { type: 'new_subscription', email: 'a@b.cd' }));
    expect(stale().subscribers).toBe(true);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Nouvel abonné !',
        description: 'a@b.cd s’est abonné à la newsletter',
      }),
    );
  });

  it("a system notification: its title or 'Notification', its message, destructive for errors, 5 s by default", () => {
    const { toast, apply } = cache();
    apply(broadcast('system', { type: 'notification', message: 'Sauvegarde terminée' }));
    expect(toast).toHaveBeenLastCalledWith({
      title: 'Notification',
      description: 'Sauvegarde terminée',
      variant: 'default',
      duration: 5_000,
    });
    apply(
      broadcast('system', {
        type: 'notification',
        title: 'SMTP',
        message: 'Envoi impossible',
        level: 'error',
        duration: 8_000,
      }),
    );
    expect(toast).toHaveBeenLastCalledWith({
      title: 'SMTP',
      description: 'Envoi impossible',
      variant: 'destructive',
      duration: 8_000,
    });
  });

  it('call_booking_update (a call booked or cancelled) refreshes the agenda, the leads with their panels and the dashboard, silently', () => {
    const { queryClient, stale, toast, apply } = cache();
    const agendaKey = callsQuery('2026-11-29T23:00:00.000Z', '2026-12-06T23:00:00.000Z').queryKey;
    const leadKey = contactQuery('lead-1').queryKey;
    queryClient.setQueryData(agendaKey, []);
    queryClient.setQueryData(leadKey, { contact: {}, call: null });
    apply(
      broadcast('contacts', {
        type: 'call_booking_update',
        contactId: 'lead-1',
        bookingId: 'b-1',
        status: 'confirmed',
        startsAt: '2026-11-30T09:00:00.000Z',
      }),
    );
    expect(stale()).toEqual({ dashboard: true, contacts: true, subscribers: false });
    expect(queryClient.getQueryState(agendaKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(leadKey)?.isInvalidated).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('a screen that starts listening to the dashboard catches up: the figures it did not hear about are refreshed', () => {
    const { queryClient, stale, toast, apply } = cache();
    // Figures fetched before the admin left the dashboard a minute ago.
    queryClient.setQueryData(dashboardQuery.queryKey, { cached: true }, { updatedAt: Date.now() - 60_000 });
    apply({ type: 'subscribed', channel: 'dashboard' });
    expect(stale()).toEqual({ dashboard: true, contacts: false, subscribers: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it('figures that arrived a moment before the dashboard listens (the sign-in fetched them) are not fetched again', () => {
    const { queryClient, stale, apply } = cache();
    queryClient.setQueryData(
      dashboardQuery.queryKey,
      { cached: true },
      { updatedAt: Date.now() - DASHBOARD_CATCH_UP_AFTER / 2 },
    );
    apply({ type: 'subscribed', channel: 'dashboard' });
    expect(stale()).toEqual({ dashboard: false, contacts: false, subscribers: false });
  });

  it('other messages change nothing', () => {
    const { stale, toast, apply } = cache();
    apply({ type: 'connected', clientId: 'c1' });
    apply({ type: 'pong' });
    apply(broadcast('contacts', { type: 'something_else' }));
    expect(stale()).toEqual({ dashboard: false, contacts: false, subscribers: false });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('safeAdminRedirect', () => {
  it('only sends back to admin screens of this site', () => {
    expect(safeAdminRedirect('/admin/contacts?status=nouveau')).toBe('/admin/contacts?status=nouveau');
    for (const value of [
      null,
      '',
      '/',
      '//evil.example/admin/',
      'https://evil.example/admin/x',
      '/admin/login',
      '/blog',
    ]) {
      expect(safeAdminRedirect(value)).toBe('/admin/dashboard');
    }
  });
});
