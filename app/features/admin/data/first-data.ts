/**
 * The queries a screen reads first, for the screens a sign-in usually leads to: the login screen
 * fetches them as soon as the password is accepted (sign-in-ahead.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_PREFETCH_STALE } from '#common/constants.ts';
import { contactsQuery } from '../contacts/data';
import { dashboardQuery } from '../dashboard/data';
import { usersQuery } from '../settings/data';

type Prefetchable = { queryKey: readonly unknown[]; queryFn?: unknown };

/** By screen, unfiltered: a filtered list or a lead's panel reads other keys, fetched by the screen. */
const FIRST_DATA: Record<string, Prefetchable[]> = {
  '/admin/dashboard': [dashboardQuery],
  '/admin/contacts': [contactsQuery(), usersQuery],
};

export function prefetchFirstData(client: QueryClient, to: string) {
  const url = new URL(to, 'http://admin.invalid');
  if (url.search) return;
  for (const query of FIRST_DATA[url.pathname] ?? []) {
    void client.prefetchQuery({
      ...(query as object),
      queryKey: query.queryKey,
      staleTime: ADMIN_PREFETCH_STALE,
    });
  }
}
