declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router';

  const build: ServerBuild;
  export = build;
}

/** The public pages' script in the client build (vite.config.ts, islandsEntry). */
declare module 'virtual:islands-assets' {
  import type { IslandAssets } from '#app/islands/bootstrap.ts';

  const assets: IslandAssets;
  export default assets;
}
