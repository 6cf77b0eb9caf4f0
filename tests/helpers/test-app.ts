import type { DatabaseHandle } from '#db/client.ts';
import { createApp } from '#server/app.ts';
import { createAppDeps } from '#server/app-deps.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';

/** The Express app on a test database, without page rendering and without opening a port. */
export function createTestApp(database: DatabaseHandle, envOverrides: Record<string, string> = {}) {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const deps = createAppDeps({ database, env, logger: createLogger(env) });
  return { app: createApp(deps), deps };
}
