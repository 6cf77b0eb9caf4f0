/**
 * Production entry: the server build (build/server/index.js) is this file bundled by Vite together
 * with React Router's server build. `npm start` builds and runs it. The client assets are found
 * next to this file (BUILD_DIR/client), wherever the build lives.
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import islandAssets from 'virtual:islands-assets';
import * as build from 'virtual:react-router/server-build';
import { superviseWorkers } from './cluster.ts';
import { readEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { prepareDatabase, printBanner, start } from './start.ts';

// `node build/server/index.js backup|restore ...`: the operator's commands, from a container that
// has only the build (server/backup/cli.ts).
const command = process.argv[2];
if (command === 'backup' || command === 'restore') {
  const { runBackupCommand } = await import('./backup/cli.ts');
  process.exit(await runBackupCommand(command, process.argv.slice(3)));
}

try {
  const env = readEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    // Several processes (server/cluster.ts): the database is made ready once, here, then each
    // worker starts a whole instance on the shared port.
    const logger = createLogger(env);
    const { database, admin } = await prepareDatabase(env, logger);
    await database.close();
    printBanner(env, admin);
    process.exit(await superviseWorkers(env.WEB_CONCURRENCY, logger));
  }
  await start({
    banner: cluster.isPrimary,
    pages: {
      kind: 'build',
      build,
      clientDir: fileURLToPath(new URL('../client', import.meta.url)),
      islandAssets,
    },
  });
} catch (error) {
  process.stderr.write(
    `\nLe site n’a pas pu démarrer / the site could not start:\n${String((error as Error)?.message ?? error)}\n\n`,
  );
  process.exit(1);
}
