import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '#db/client.ts';
import { createApp } from '#server/app.ts';
import { createAppDeps } from '#server/app-deps.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { attachRealtime, type RealtimeHubOptions } from '#server/realtime/ws-server.ts';

/** The Express app on a test database, without page rendering and without opening a port. */
export function createTestApp(database: DatabaseHandle, envOverrides: Record<string, string> = {}) {
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...envOverrides });
  const deps = createAppDeps({ database, env, logger: createLogger(env) });
  return { app: createApp(deps), deps };
}

/**
 * `target`'s app and the admin's websocket hub on a real HTTP server, on a free loopback port;
 * `close` closes the hub (and its sockets), then the server.
 */
export async function serveWithRealtime(
  target: ReturnType<typeof createTestApp>,
  hubOptions: Partial<RealtimeHubOptions> = {},
) {
  const server = http.createServer(target.app);
  const hub = attachRealtime(server, {
    db: target.deps.database.db,
    events: target.deps.events,
    publicUrl: target.deps.env.PUBLIC_URL,
    logger: target.deps.logger,
    ...hubOptions,
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    hub,
    url: `ws://127.0.0.1:${port}/ws`,
    close: async () => {
      await hub.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
