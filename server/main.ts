/**
 * Production entry: the server build (build/server/index.js) is this file bundled by Vite together
 * with React Router's server build. `npm start` builds and runs it.
 */
import path from 'node:path';
import * as build from 'virtual:react-router/server-build';
import { start } from './start.ts';

try {
  await start({ pages: { kind: 'build', build, clientDir: path.resolve('build/client') } });
} catch (error) {
  process.stderr.write(
    `\nLe site n'a pas pu démarrer / the site could not start:\n${String((error as Error)?.message ?? error)}\n\n`,
  );
  process.exit(1);
}
