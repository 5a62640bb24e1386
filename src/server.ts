import type { FastifyInstance } from 'fastify';
import { createAgent } from './agent/create-agent.js';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startWorkers, type WorkerPool } from './worker/worker-pool.js';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, and listens. On SIGTERM or SIGINT it stops taking new
 * connections, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), then closes the database.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  const url = await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.dialect, location: database.location }, `Quire is serving ${url}`);
  // In-process page-agent workers (WORKERS, default 1; 0 leaves the queue to `quire worker`).
  let workers: WorkerPool | null = null;
  if (config.inProcessWorkers > 0) {
    workers = startWorkers(database.db, config, createAgent(config.agent), config.inProcessWorkers, app.log);
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      const timer = setTimeout(() => {
        app.log.error('graceful shutdown timed out; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      await workers?.stop();
      await app.close();
      await database.close();
      clearTimeout(timer);
    })();
    return stopping;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      stop().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return { app, url, stop };
}
