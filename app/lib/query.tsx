import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { seedQueryClient } from './startup-prefetch';

/**
 * One query cache per browser tab, shared by every feature that needs it, created on first use.
 * On the server each render gets a fresh one (no data may leak between requests).
 */
let browserClient: ReturnType<typeof createQueryClient> | undefined;

export function getQueryClient() {
  if (typeof window === 'undefined') return createQueryClient();
  // The startup calls of docs/product.md §7.5: their cache times and answers (startup-prefetch.ts).
  browserClient ??= seedQueryClient(createQueryClient());
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
