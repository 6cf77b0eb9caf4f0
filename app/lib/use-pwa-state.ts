import { useSyncExternalStore } from 'react';
import { getPwaState, getServerPwaState, subscribePwa } from './pwa-state.ts';

/** The PWA state (pwa-state.ts) in a component, re-rendered on every change. */
export function usePwaState() {
  return useSyncExternalStore(subscribePwa, getPwaState, getServerPwaState);
}
