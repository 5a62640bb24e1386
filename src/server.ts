import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createAgent } from './agent/create-agent.js';
import { buildApp } from './app.js';
import { backgroundShare } from './background-share.js';
import { humanBanner, startupFacts } from './banner.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { handImportsTo } from './features/imports/imports.service.js';
import { setupNeeded, setupToken } from './features/operators/first-admin.service.js';
import { addMetricsSource } from './metrics/telemetry.js';
import { reachableUrl, recordServerAddress } from './server-address.js';
import { backgroundPriority, idleThreads, v8HelperThreadIds } from './thread-priority.js';
import { loadTracing } from './tracing/load.js';
import { startWorkers, type WorkerPool } from './worker/worker-pool.js';
import { WorkerThread } from './worker/worker-thread.js';

/** The workers' thread runs at this niceness (Linux): requests first when both want the CPU. */
const WORKER_THREAD_NICENESS = 10;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, and listens. On SIGTERM or SIGINT it answers new requests
 * with 503 and `Connection: close` for a second (so keep-alive clients leave cleanly instead of
 * meeting a reset), stops taking connections, lets in-flight requests finish (up to
 * SHUTDOWN_TIMEOUT_MS), then closes the database.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const tracing = await loadTracing(config);
  const database = openDatabase(config, {
    checkpointThread: config.sqliteCheckpoint === 'thread',
    ...(tracing === null ? {} : { wrapDialect: tracing.wrapDialect }),
  });
  await migrateToLatest(database.db);
  backgroundShare.configure(config.backgroundShare);
  const app = await buildApp({ config, database, logger: bufferedStdout(), tracing });
  const url = await app.listen({ port: config.port, host: config.host });
  const facts = startupFacts(config, database.dialect, database.location, url);
  // Where the CLI finds this server's address (its public URLs when PUBLIC_BASE_URL is unset).
  let forgetAddress = () => {};
  try {
    const port = (app.server.address() as { port: number }).port;
    const listening = reachableUrl(config.host, port);
    forgetAddress = recordServerAddress(config.dataDir, {
      url: listening,
      publicBaseUrl: config.publicBaseUrlSet ? config.publicBaseUrl : listening,
    });
    process.once('exit', () => forgetAddress());
  } catch (error) {
    app.log.warn({ err: error }, 'could not record the listening address in DATA_DIR/server.json');
  }
  app.log.info(facts, `Quire is serving ${url}`);
  // Logs are JSON on stdout; the human line goes to the terminal's other stream.
  process.stderr.write(`${humanBanner(facts)}\n`);
  if (config.secretKeys.length === 0) {
    const warning =
      'QUIRE_SECRET_KEYS is not set: webhook signing secrets and the instance secrets are stored in clear, so a copy of the database can sign webhooks. Set it (openssl rand -hex 32; docs/security.md, "Secrets at rest") and run `quire secrets reencrypt`.';
    app.log.warn({ secretKeys: 0 }, warning);
    process.stderr.write(`WARNING: ${warning}\n`);
  }
  // First run: the one place the setup token is shown (the terminal, never the JSON log).
  if (await setupNeeded(database.db)) {
    const token = setupToken(app.config.hostedPagesSecret);
    process.stderr.write(
      `No operator yet: create the first admin at ${facts.consoleUrl}/setup?token=${token} (this link works until an operator exists)\n`,
    );
  }
  // In-process page-agent workers (WORKERS, default 1; 0 leaves the queue to `quire worker`), on a
  // thread of their own (WORKERS_THREAD, the default on SQLite) or on this event loop.
  let workers: Pick<WorkerPool, 'stop'> | null = null;
  const priority = backgroundPriority(config.backgroundPriority);
  if (config.backgroundPriority === 'auto')
    app.log.info(
      { backgroundPriority: priority },
      priority === 'idle'
        ? 'background priority idle: the process has its CPU group to itself (BACKGROUND_PRIORITY=auto)'
        : 'background priority nice: the process shares its CPU group (BACKGROUND_PRIORITY=auto)',
    );
  if (config.inProcessWorkers > 0 && config.workersThread) {
    const thread = new WorkerThread(
      {
        count: config.inProcessWorkers,
        niceness: WORKER_THREAD_NICENESS,
        idle: priority === 'idle',
        requests: backgroundShare.requestCounter,
      },
      app.log,
    );
    handImportsTo(database.db, (tenantId, importId) => thread.runImport(tenantId, importId));
    addMetricsSource(() => thread.metrics());
    workers = thread;
  } else if (config.inProcessWorkers > 0) {
    const agent = createAgent(config.agent);
    workers = startWorkers(
      database.db,
      config,
      tracing === null ? agent : tracing.wrapAgent(agent),
      config.inProcessWorkers,
      app.log,
    );
  }

  if (priority === 'idle') {
    // The helpers collect garbage and compile for every thread of the process, the workers'
    // thread's too; at idle priority none of that keeps a request from a core (thread-priority.ts).
    const helpers = v8HelperThreadIds();
    const policies = await idleThreads(helpers);
    app.log.info({ helpers: helpers.length, policies }, 'V8 helper threads at background priority');
  }

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      const timer = setTimeout(() => {
        app.log.error('graceful shutdown timed out; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      // First every client still talking is told to close its connection (503 for new requests),
      // then the listener and the connections left idle are closed.
      app.beginDrain();
      await Promise.all([workers?.stop(), sleep(drainMs(config))]);
      forgetAddress();
      await app.close();
      await database.close();
      // Spans that cannot be sent (collector down) are not a reason to fail the shutdown.
      await tracing?.shutdown().catch(() => {});
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

/** How long clients are told to leave before idle connections are closed: 1 s, or a quarter of the timeout. */
function drainMs(config: Config): number {
  return Math.min(1000, Math.floor(config.shutdownTimeoutMs / 4));
}

/**
 * Log lines to stdout are buffered (flushed every 4 KiB, every second, and at exit): one write
 * system call per request was a visible share of the request cost in the profile. A crash can
 * lose the last few lines, never a write to the database.
 */
function bufferedStdout(): pino.DestinationStream {
  const stdoutLog = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stdoutLog.flush(), 1000).unref();
  process.once('exit', () => stdoutLog.flushSync());
  return stdoutLog;
}
