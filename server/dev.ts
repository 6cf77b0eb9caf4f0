/**
 * Development entry (`npm run dev`), run by Node directly: Vite serves the client with hot reload
 * and loads the server code itself, so API, pages and database share one module graph as in
 * production.
 */
import { createServer } from 'vite';
import type * as StartModule from './start.ts';

const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
try {
  const { start } = (await vite.ssrLoadModule('/server/start.ts')) as typeof StartModule;
  await start({
    pages: {
      kind: 'vite',
      vite,
      loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as never,
    },
    onClose: () => vite.close(),
  });
} catch (error) {
  await vite.close();
  process.stderr.write(`\nThe site could not start:\n${String((error as Error)?.message ?? error)}\n\n`);
  process.exit(1);
}
