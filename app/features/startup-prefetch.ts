/**
 * Spec §7, "At startup": /api/services (fresh 15 min), /api/stats (10 min) and /api/team (10 min,
 * kept 30 min) are fetched ahead, so that the quote and call modals (services), the admin
 * dashboard (stats) and the team lists open without waiting. Only once the page is idle: these
 * calls never compete with the first paint.
 *
 * Public pages are separate documents (docs/decisions/030-public-islands.md): a client cache
 * would die with each page. The answers are kept in the tab's sessionStorage with their time, so
 * that the next pages of the visit reuse them while they are fresh instead of asking again, and
 * without loading TanStack Query on every page: the query client takes them in when a feature first
 * creates it (app/lib/query.tsx, getQueryClient), or at once if it already exists.
 */
import { useEffect } from 'react';
import { whenIdle } from '~/lib/idle';
import {
  PREFETCH_SERVICES_STALE,
  PREFETCH_STATS_STALE,
  PREFETCH_TEAM_STALE,
  TEAM_GC_TIME,
} from '../../common/constants.ts';

export const STARTUP_PREFETCHES = [
  { queryKey: ['/api/services'], staleTime: PREFETCH_SERVICES_STALE },
  { queryKey: ['/api/stats'], staleTime: PREFETCH_STATS_STALE },
  { queryKey: ['/api/team'], staleTime: PREFETCH_TEAM_STALE, gcTime: TEAM_GC_TIME },
] as const;

export type Prefetched = { queryKey: readonly [string]; data: unknown; updatedAt: number };

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

/** The startup answers of this tab that are still fresh, for a query client being created. */
export function freshStartupData(now = Date.now()): Prefetched[] {
  if (typeof window === 'undefined') return [];
  return STARTUP_PREFETCHES.flatMap(({ queryKey, staleTime }) => {
    const kept = readFresh(queryKey[0], staleTime, now);
    return kept ? [{ queryKey, ...kept }] : [];
  });
}

/** Answers that arrive while a query client exists are handed to it too. */
export function onStartupData(listener: (entry: Prefetched) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
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

export function startupPrefetch() {
  whenIdle(() => {
    for (const { queryKey, staleTime } of STARTUP_PREFETCHES) {
      // Offline or refused: the features fetch what they need when they open.
      prefetch(queryKey, staleTime).catch(() => {});
    }
  });
}

export function useStartupPrefetch() {
  useEffect(startupPrefetch, []);
}
