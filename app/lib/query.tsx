import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { freshStartupData, onStartupData, type Prefetched } from '~/features/startup-prefetch';
import { TEAM_GC_TIME } from '../../common/constants.ts';
import { createQueryClient } from './query-client';

/**
 * One query cache per browser tab, shared by every feature that needs it, created on first use.
 * On the server each render gets a fresh one (no data may leak between requests).
 */
let browserClient: ReturnType<typeof createQueryClient> | undefined;

export function getQueryClient() {
  if (typeof window === 'undefined') return createQueryClient();
  if (!browserClient) {
    const client = createQueryClient();
    // Spec §7: the team list stays cached 30 minutes.
    client.setQueryDefaults(['/api/team'], { gcTime: TEAM_GC_TIME });
    const seed = ({ queryKey, data, updatedAt }: Prefetched) =>
      client.setQueryData([...queryKey], data, { updatedAt });
    // The startup calls' answers (app/features/startup-prefetch.ts): kept, and arriving.
    for (const entry of freshStartupData()) seed(entry);
    onStartupData(seed);
    browserClient = client;
  }
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
