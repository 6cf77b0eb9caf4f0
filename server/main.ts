/**
 * Production entry: the server build (build/server/index.js) is this file bundled by Vite together
 * with React Router's server build. `npm start` builds and runs it. The client assets are found
 * next to this file (BUILD_DIR/client), wherever the build lives.
 */
import { fileURLToPath } from 'node:url';
import islandAssets from 'virtual:islands-assets';
import * as build from 'virtual:react-router/server-build';
import { start } from './start.ts';

try {
  await start({
    pages: {
      kind: 'build',
      build,
      clientDir: fileURLToPath(new URL('../client', import.meta.url)),
      islandAssets,
    },
  });
} catch (error) {
  process.stderr.write(
    `\nLe site n'a pas pu démarrer / the site could not start:\n${String((error as Error)?.message ?? error)}\n\n`,
  );
  process.exit(1);
}
