/**
 * Everything a request needs, built once per process and handed to the API routers and, through
 * the router context (app/context.ts), to the page loaders.
 */
import type { DatabaseHandle } from '../db/client.ts';
import { createPublicContent } from './content/public-content.ts';
import type { Env } from './env.ts';
import type { Logger } from './logger.ts';

export type AppServices = ReturnType<typeof createServices>;

export function createServices(deps: { database: DatabaseHandle; env: Env; logger: Logger }) {
  return {
    database: deps.database,
    env: deps.env,
    logger: deps.logger,
    content: createPublicContent(deps.database.db, deps.env.PUBLIC_URL),
  };
}
