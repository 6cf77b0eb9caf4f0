/**
 * Spec §7, "At startup": /api/services (fresh 15 min), /api/stats (10 min) and /api/team (10 min,
 * kept 30 min) are fetched into the client cache, so the quote and call modals (services), the
 * admin dashboard (stats) and the team lists open without waiting. Only once the page is idle:
 * the query client and these calls never compete with the first paint (issue 16).
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

export function useStartupPrefetch() {
  useEffect(() => {
    whenIdle(() => {
      import('~/lib/query')
        .then(({ getQueryClient }) => {
          const client = getQueryClient();
          for (const query of STARTUP_PREFETCHES)
            void client.prefetchQuery({ ...query, queryKey: [...query.queryKey] });
        })
        // Offline or a failed chunk: the features fetch what they need when they open.
        .catch(() => {});
    });
  }, []);
}
