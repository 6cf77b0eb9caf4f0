/**
 * The back-office's real-time connection as React sees it (docs/product.md §4.5): the admin layout
 * provides the one connection, and a screen listens to the channel only it needs while it is
 * shown; when it unmounts, the server is told to stop sending that channel (`unsubscribe`).
 */
import { createContext, useContext, useEffect } from 'react';
import type { RealtimeChannel } from '#common/schemas/admin.ts';
import type { RealtimeConnection } from './realtime-client';

const RealtimeContext = createContext<Pick<RealtimeConnection, 'listen'> | null>(null);

export const RealtimeProvider = RealtimeContext.Provider;

/** Listens to `channel` while the calling component is mounted (nothing outside the admin layout). */
export function useRealtimeChannel(channel: RealtimeChannel) {
  const connection = useContext(RealtimeContext);
  useEffect(() => connection?.listen(channel), [connection, channel]);
}
