/**
 * The router context through which page loaders reach the server's services (database reads,
 * settings). Loaders never import the database: the server injects it per request
 * (server/app.ts), which keeps one database instance per process and the client bundle clean.
 */
import { createContext } from 'react-router';
import type { AppDeps } from '#server/app-deps.ts';
import type { IslandAssets } from './islands/bootstrap';

export const appContext = createContext<AppDeps>();

/** This response's Content-Security-Policy nonce (server/security/headers.ts), for the renderer. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** Who sent this request (the client's IP as Express resolved it, its User-Agent), for records such as a consent. */
export const requestClientContext = createContext<{ ip?: string; userAgent?: string }>({});

/** The public pages' script (app/islands): the entry's URL and its imports, from the client build. */
export const islandAssetsContext = createContext<IslandAssets | null>(null);
