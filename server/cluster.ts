/**
 * `WEB_CONCURRENCY` server processes on one port (docs/decisions/032). The primary
 * prepares the database (migrations, seed, the banner with the first admin's password), then
 * starts the workers; Node's cluster module hands each connection to one of them. Every worker is
 * a whole instance (server/start.ts): all state is in PostgreSQL (sessions, rate limits, outbox,
 * events), as two instances on two machines already prove (tests/e2e/instances.spec.ts).
 *
 * A worker that dies is started again after a second; more than MAX_RESTARTS in a minute means
 * something is broken, and the primary stops everything and exits 1 rather than loop. SIGTERM or
 * SIGINT: each worker shuts down gracefully, then the primary exits, 0 when every worker did.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';

const RESTART_DELAY_MS = 1_000;
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export function superviseWorkers(count: number, logger: Logger): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false;
    const restarts: number[] = [];
    const workers = new Set<Worker>();
    let exitCode = 0;

    const fork = () => {
      const worker = cluster.fork();
      workers.add(worker);
      worker.on('exit', (code, signal) => {
        workers.delete(worker);
        if (stopping) {
          // Stopped by our SIGTERM before it had set up its graceful shutdown (still starting): clean.
          if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
          if (workers.size === 0) resolve(exitCode);
          return;
        }
        logger.error(
          { worker: worker.process.pid, code, signal },
          'a server process stopped; starting another',
        );
        const now = Date.now();
        restarts.push(now);
        while ((restarts[0] ?? now) < now - RESTART_WINDOW_MS) restarts.shift();
        if (restarts.length > MAX_RESTARTS) {
          logger.fatal({ restarts: restarts.length }, 'server processes keep stopping; giving up');
          stop(1);
          return;
        }
        setTimeout(() => {
          if (!stopping) fork();
        }, RESTART_DELAY_MS);
      });
    };

    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      logger.info({ workers: workers.size }, 'stopping the server processes');
      if (workers.size === 0) resolve(exitCode);
      for (const worker of workers) worker.process.kill('SIGTERM');
    };
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(0));

    for (let i = 0; i < count; i++) fork();
    logger.info({ workers: count }, 'server processes started');
  });
}
