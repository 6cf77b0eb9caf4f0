/**
 * What a public page's <body> ends with instead of React Router's <Scripts />: the bootstrap
 * (bootstrap.ts). Public pages are served from the response cache, so they carry no nonce: the
 * CSP allows this script by its hash (server/security/headers.ts, docs/decisions/031); a nonce is
 * stamped only where the response has one (server builds without that hash, tests). The assets
 * (the entry's hashed URL and its imports) come from the client build (vite.config.ts,
 * `virtual:islands-assets`) through the server (server/main.ts, server/app.ts) and this context,
 * set by app/entry.server.tsx.
 */
import { createContext, use } from 'react';
import { bootstrapScript, type IslandAssets } from './bootstrap';

export const IslandAssetsContext = createContext<(IslandAssets & { nonce?: string }) | null>(null);

export function IslandScripts() {
  const assets = use(IslandAssetsContext);
  if (!assets) return null;
  return (
    <script
      nonce={assets.nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, its data JSON-escaped.
      dangerouslySetInnerHTML={{ __html: bootstrapScript(assets) }}
    />
  );
}
