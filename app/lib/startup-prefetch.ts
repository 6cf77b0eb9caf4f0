/**
 * docs/product.md §7.5, "At startup": /api/services (fresh 15 min), /api/stats (10 min) and /api/team
 * (10 min, kept 30 min) are fetched ahead, so that the quote and call modals (services), the admin dashboard
 * (stats) and the team lists open without waiting. Only once the page is idle: these calls never compete with
 * the first paint.
 *
 * Public pages are separate documents (docs/decisions/030-public-islands.md): a client cache
 * would die with each page. The answers are kept in the tab's sessionStorage with their time, so
 * that the next pages of the visit reuse them while they are fresh instead of asking again, and
 * without loading TanStack Query on every page: the query client takes them in when a feature first
 * creates it (app/lib/query.tsx, getQueryClient, through seedQueryClient), or at once if it exists.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  PREFETCH_SERVICES_STALE,
  PREFETCH_STATS_STALE,
  PREFETCH_TEAM_STALE,
  TEAM_GC_TIME,
} from '#common/constants.ts';
import { whenIdle } from './idle';

const STARTUP_PREFETCHES = [
  { queryKey: ['/api/services'], staleTime: PREFETCH_SERVICES_STALE },
  { queryKey: ['/api/stats'], staleTime: PREFETCH_STATS_STALE },
  { queryKey: ['/api/team'], staleTime: PREFETCH_TEAM_STALE, gcTime: TEAM_GC_TIME },
] as const;

type Prefetched = { queryKey: readonly [string]; data: unknown; updatedAt: number };

const storageKey = (path: string) => `prefetch:${path}`;
const listeners = new Set<(entry: Prefetched) => void>();

/** The answer kept for this call, if it is still fresh. */
function readFresh(
  path: string,
  staleTime: number,
  now = Date.now(),
): { data: unknown; updatedAt: number } | null {
  try {
    const raw = sessionStorage.getItem(storageKey(path));
    const kept = raw ? (JSON.parse(raw) as { data: unknown; updatedAt: number }) : null;
    return kept && now - kept.updatedAt < staleTime ? kept : null;
  } catch {
    return null;
  }
}

/**
 * A new query client gets the startup calls' cache times (the team list stays 30 minutes), the
 * answers of this tab that are still fresh, and those that arrive from now on.
 */
export function seedQueryClient(client: QueryClient): QueryClient {
  const seed = ({ queryKey, data, updatedAt }: Prefetched) =>
    client.setQueryData([...queryKey], data, { updatedAt });
  const now = Date.now();
  for (const prefetched of STARTUP_PREFETCHES) {
    const [path] = prefetched.queryKey;
    if ('gcTime' in prefetched) client.setQueryDefaults([path], { gcTime: prefetched.gcTime });
    const kept = readFresh(path, prefetched.staleTime, now);
    if (kept) seed({ queryKey: prefetched.queryKey, ...kept });
  }
  listeners.add(seed);
  return client;
}

async function prefetch(queryKey: readonly [string], staleTime: number) {
  const [path] = queryKey;
  if (readFresh(path, staleTime)) return;
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) return;
  const entry = { data: (await response.json()) as unknown, updatedAt: Date.now() };
  try {
    sessionStorage.setItem(storageKey(path), JSON.stringify(entry));
  } catch {
    // Storage full or refused: the features fetch what they need when they open.
  }
  for (const listener of listeners) listener({ queryKey, ...entry });
}

/**
 * Once the page is idle: framework-free, so public pages run it without React (decision 030).
 * Public pages fetch only what their modals read (`/api/services`, `site`): nothing on a public
 * page reads the figures or the team list, which its server renders (docs/product.md §7.5); the
 * back-office fetches all three.
 */
export function startupPrefetch(scope: 'site' | 'back-office') {
  const wanted = STARTUP_PREFETCHES.filter(
    ({ queryKey: [path] }) => scope === 'back-office' || path === '/api/services',
  );
  whenIdle(() => {
    for (const { queryKey, staleTime } of wanted) {
      // Offline or refused: the features fetch what they need when they open.
      prefetch(queryKey, staleTime).catch(() => {});
    }
  });
}
