/**
 * Starts the whole site in one process: environment, database (migrated and seeded), HTTP server
 * with the admin's websocket, and a graceful shutdown on SIGTERM/SIGINT (in-flight requests finish, new ones get 503, the
 * database is closed cleanly, exit code 0).
 */

import type { Server } from 'node:http';
import { asc } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { adminUsers } from '#db/schema.ts';
import { startScheduledPublishing } from './admin/blog.ts';
import { createApp, type PageRendering } from './app.ts';
import { createAppDeps } from './app-deps.ts';
import { type AdminLogin, handOverFirstAdminPassword } from './auth/first-admin-password.ts';
import { takeOverCrashedLeases } from './background/crashed-leases.ts';
import { startNightlyBackups } from './backup/service.ts';
import { compileTemplates } from './email/templates.ts';
import { type Env, readEnv } from './env.ts';
import { startLeadReminders } from './leads/reminders.ts';
import { createLogger, type Logger } from './logger.ts';
import { startPendingPurge } from './newsletter/newsletter.ts';
import { startVisitorsNow } from './realtime/audience-now.ts';
import { attachRealtime } from './realtime/ws-server.ts';
import { type SeedResult, seedDatabase } from './seed.ts';

/** How long in-flight requests get to finish before connections are cut. */
const SHUTDOWN_GRACE_MS = 8_000;
/** Idle kept-alive connections are closed after this (above the 60 s of common reverse proxies). */
const KEEP_ALIVE_MS = 65_000;

export type StartOptions = {
  pages?: PageRendering;
  /** Extra clean-up after the HTTP server stopped (the Vite dev server). */
  onClose?: () => Promise<void>;
  /** Print where the site is and how to log in (default true). */
  banner?: boolean;
};

export type RunningSite = { server: Server; env: Env; logger: Logger; stop: () => Promise<void> };

/**
 * Opens the database, migrated and seeded (with PostgreSQL, several processes take turns under
 * the migration lock), and compiles the email templates. Returns it open, with who can log in.
 * A first admin's generated password is for the terminal when stdout is one (`terminal`, by
 * default process.stdout.isTTY); otherwise it goes to DATA_DIR/first-admin-password.txt, never
 * to stdout, which is collected with the log (server/auth/first-admin-password.ts).
 */
export async function prepareDatabase(
  env: Env,
  logger: Logger,
  options: { terminal?: boolean } = {},
): Promise<{ database: DatabaseHandle; admin: AdminLogin | undefined }> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { dataDir: env.DATA_DIR },
  );
  let seed: SeedResult;
  try {
    await migrateDatabase(database);
    seed = await seedDatabase(database.db, {
      content: env.SEED_ON_START,
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  if (seed.contentSeeded) logger.info('demo content seeded');
  try {
    const compiled = await compileTemplates(database.db);
    if (compiled > 0) logger.info({ compiled }, 'email templates compiled');
  } catch (error) {
    // A broken template must not keep the whole site down: only its emails fail until it is fixed.
    logger.error({ err: error }, 'some email templates do not compile');
  }
  let admin = await describeAdmin(database, seed);
  if (admin) {
    try {
      admin = await handOverFirstAdminPassword(admin, {
        dataDir: env.DATA_DIR,
        logger,
        terminal: options.terminal ?? process.stdout.isTTY === true,
      });
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return { database, admin };
}

export async function start(options: StartOptions = {}): Promise<RunningSite> {
  const env = readEnv();
  const logger = createLogger(env);
  const { database, admin } = await prepareDatabase(env, logger);

  let shuttingDown = false;
  const deps = createAppDeps({ database, env, logger });
  const app = createApp(deps, { pages: options.pages, isShuttingDown: () => shuttingDown });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  // A kept-alive connection stays open longer than a reverse proxy's (nginx, load balancers: 60 s)
  // or a client's idle reuse: with Node's 5 s, a request sent on a connection the server is closing
  // at that moment is reset (ECONNRESET) instead of answered.
  server.on('request', deps.visitorsFirst.requestArrived);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // The admin's websocket (/ws) on the same port; Vite's HMR in dev has its own.
  const realtime = attachRealtime(server, {
    db: database.db,
    events: deps.events,
    publicUrl: env.PUBLIC_URL,
    trustedOrigins: env.TRUSTED_ORIGINS,
    logger,
  });
  logger.info({ url: env.PUBLIC_URL, database: database.kind }, 'site listening');
  await deps.events.start();
  // The rows a killed process had claimed are sent now, not when its leases run out.
  const presence = await takeOverCrashedLeases(database, logger);
  deps.email.worker.start();
  deps.campaigns.worker.start();
  deps.push.worker.start();
  // The audience's fold, retention and salt rotation, every minute (docs/decisions/084).
  deps.audience.fold.start();
  const newsletterPurge = startPendingPurge(database.db, logger, deps.email.transport);
  const leadReminders = startLeadReminders(
    database.db,
    {
      outbox: deps.email.outbox,
      publicUrl: env.PUBLIC_URL,
      logger,
      wakeEmails: () => deps.email.worker.wake(),
    },
    env.LEAD_REMINDER_POLL_MS,
  );
  const plannedPosts = startScheduledPublishing(
    database.db,
    { publicUrl: env.PUBLIC_URL, logger },
    env.SCHEDULED_PUBLISH_POLL_MS,
  );
  // The night's backup from 02:00 Kinshasa time, by one instance (docs/decisions/099-backups.md).
  const nightlyBackups = startNightlyBackups(deps);
  // "En ce moment" on the Audience screen: the visitors of the last 5 minutes, sent when they change.
  const visitorsNow = startVisitorsNow({ db: database.db, events: deps.events, logger });
  // A worker of several (server/cluster.ts): the primary prepared the database and told the person.
  if (options.banner !== false) printBanner(env, admin);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      shuttingDown = true;
      logger.info('shutting down');
      // Open websockets would hold server.close() until the grace period: closed first (1001).
      await realtime.close();
      await closeServer(server);
      await options.onClose?.();
      // Sends in flight finish (and are recorded) before the database goes away.
      newsletterPurge.stop();
      leadReminders.stop();
      plannedPosts.stop();
      nightlyBackups.stop();
      await visitorsNow.stop();
      await deps.campaigns.worker.stop();
      await deps.push.worker.stop();
      // The beacons in flight are written, the fold in flight ends, then their pool closes.
      await deps.audience.close();
      await deps.email.worker.stop();
      await deps.events.stop();
      await presence.stop();
      deps.email.transport.close();
      await database.close();
      logger.info('stopped');
    })();
    return stopping;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'unclean shutdown');
          process.exit(1);
        },
      );
    });
  }
  return { server, env, logger, stop };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    // Keep-alive connections with no request in flight would otherwise hold the close.
    server.closeIdleConnections();
  });
}

async function describeAdmin(database: DatabaseHandle, seed: SeedResult): Promise<AdminLogin | undefined> {
  if (seed.adminCreated) return seed.adminCreated;
  const [first] = await database.db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .orderBy(asc(adminUsers.createdAt))
    .limit(1);
  return first;
}

/**
 * Tells the person who started the site where it is and how to log in. Written straight to
 * stdout, not to the log. A generated password is in it only when stdout is a terminal (shown
 * this once); otherwise the banner names the file that holds it (prepareDatabase).
 */
export function printBanner(env: Env, admin: AdminLogin | undefined): void {
  const lines = ['', `  Site prêt : ${env.PUBLIC_URL}`, `  Administration : ${env.PUBLIC_URL}/admin`];
  if (admin) {
    lines.push(`  Identifiant : ${admin.email}`);
    lines.push(
      admin.generatedPassword
        ? `  Mot de passe : ${admin.generatedPassword}   (affiché une seule fois : notez-le maintenant)`
        : admin.passwordFile
          ? `  Mot de passe : dans ${admin.passwordFile} (lisible par ce seul compte système, supprimé à la première connexion)`
          : '  Mot de passe : celui de ADMIN_PASSWORD ou celui donné au premier démarrage',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
