/**
 * The admin's prefetch rules (docs/product.md §7.5): the lists a screen leads to are fetched shortly after it
 * loads (100, 500 or 1000 ms by priority, fresh 2 minutes), and after 2 seconds without user
 * activity the dashboard, contacts and stats are fetched 200 ms apart (fresh 1 minute), so the
 * next click shows data at once.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  ADMIN_IDLE_PREFETCH_AFTER,
  ADMIN_IDLE_PREFETCH_GAP,
  ADMIN_IDLE_PREFETCH_STALE,
  ADMIN_PREFETCH_DELAY,
  ADMIN_PREFETCH_STALE,
} from '#common/constants.ts';
import { contactsQuery } from '../contacts/data';
import { dashboardQuery } from '../dashboard/data';
import { subscribersQuery } from '../newsletter/data';
import { adminServicesQuery } from '../services/data';
import { ACTIVITY_EVENTS } from '../session/session';
import { adminTeamQuery } from '../team/data';
import { statsQuery } from './queries';

type Priority = keyof typeof ADMIN_PREFETCH_DELAY;
type Prefetchable = { queryKey: readonly unknown[]; queryFn?: unknown };

/** For each screen, the lists its admin most likely opens next. */
const RELATED: Record<string, [Prefetchable, Priority][]> = {
  '/admin/dashboard': [
    [contactsQuery(), 'high'],
    [subscribersQuery(), 'medium'],
    [adminServicesQuery, 'low'],
  ],
  '/admin/contacts': [
    [dashboardQuery, 'high'],
    [subscribersQuery(), 'medium'],
  ],
  '/admin/newsletter': [
    [dashboardQuery, 'high'],
    [contactsQuery(), 'medium'],
  ],
  '/admin/services': [
    [adminTeamQuery, 'medium'],
    [dashboardQuery, 'low'],
  ],
  '/admin/team': [
    [adminServicesQuery, 'medium'],
    [dashboardQuery, 'low'],
  ],
  // The testimonial form lists the services to link.
  '/admin/testimonials': [
    [adminServicesQuery, 'medium'],
    [dashboardQuery, 'low'],
  ],
};
const DEFAULT_RELATED: [Prefetchable, Priority][] = [[dashboardQuery, 'medium']];

const IDLE_QUERIES: Prefetchable[] = [dashboardQuery, contactsQuery(), statsQuery];

function prefetch(client: QueryClient, query: Prefetchable, staleTime: number) {
  void client.prefetchQuery({ ...(query as object), queryKey: query.queryKey, staleTime });
}

export function useAdminPrefetch(pathname: string) {
  const client = useQueryClient();

  useEffect(() => {
    const timers = (RELATED[pathname] ?? DEFAULT_RELATED).map(([query, priority]) =>
      setTimeout(() => prefetch(client, query, ADMIN_PREFETCH_STALE), ADMIN_PREFETCH_DELAY[priority]),
    );
    return () => timers.forEach(clearTimeout);
  }, [client, pathname]);

  useEffect(() => {
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let gapTimers: ReturnType<typeof setTimeout>[] = [];
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        gapTimers = IDLE_QUERIES.map((query, index) =>
          setTimeout(
            () => prefetch(client, query, ADMIN_IDLE_PREFETCH_STALE),
            index * ADMIN_IDLE_PREFETCH_GAP,
          ),
        );
      }, ADMIN_IDLE_PREFETCH_AFTER);
    };
    armIdle();
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, armIdle, { capture: true, passive: true });
    return () => {
      clearTimeout(idleTimer);
      gapTimers.forEach(clearTimeout);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, armIdle, { capture: true });
    };
  }, [client]);
}
