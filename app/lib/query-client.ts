import { QueryClient } from '@tanstack/react-query';
import {
  MUTATION_RETRIES,
  QUERY_GC_TIME,
  QUERY_RETRIES,
  QUERY_RETRY_BASE_DELAY,
  QUERY_RETRY_MAX_DELAY,
  QUERY_STALE_TIME,
} from '#common/constants.ts';
import { getQueryFn } from './api';

/** Exponential delay from 1 s, capped at 30 s (docs/product.md §9.6). */
export const retryDelay = (attempt: number) =>
  Math.min(QUERY_RETRY_BASE_DELAY * 2 ** attempt, QUERY_RETRY_MAX_DELAY);

/**
 * The data-loading defaults of docs/product.md §9.6: fresh 5 min, kept 15 min, no polling, no focus refetch.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: QUERY_STALE_TIME,
        gcTime: QUERY_GC_TIME,
        retry: QUERY_RETRIES,
        retryDelay,
        refetchInterval: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: MUTATION_RETRIES, retryDelay },
    },
  });
}
