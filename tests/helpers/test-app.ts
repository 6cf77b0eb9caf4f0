import type { DatabaseHandle } from '#db/client.ts';
import { createApp } from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createServices } from '#server/services.ts';

/** The Express app on a test database, without page rendering and without opening a port. */
export function createTestApp(database: DatabaseHandle, envOverrides: Record<string, string> = {}) {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const services = createServices({ database, env, logger: createLogger(env) });
  return { app: createApp(services), services };
}
