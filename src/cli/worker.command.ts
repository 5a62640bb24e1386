import { Command } from 'commander';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { untilReachable } from '../db/until-reachable.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { configOrExit } from './context.js';

export function workerCommand(): Command {
  return new Command('worker')
    .description('Run page-agent workers that process queued versions (any number of them may run)')
    .option('--concurrency <n>', 'workers in this process', '1')
    .option('--tenant <id or name>', "process only this tenant's versions (a dedicated worker)")
    .action(async (options: { concurrency: string; tenant?: string }) => {
      const config = configOrExit();
      const count = Number(options.concurrency);
      if (!Number.isInteger(count) || count < 1 || count > 64) {
        process.stderr.write('quire: --concurrency must be a whole number from 1 to 64\n');
        process.exit(2);
      }
      // Loaded when the command runs, not when `quire` starts: other commands answer without loading it.
      const [{ default: pino }, { createAgent }, { loadTracing }, { startWorkers }] = await Promise.all([
        import('pino'),
        import('../agent/create-agent.js'),
        import('../tracing/load.js'),
        import('../worker/worker-pool.js'),
      ]);
      const logger = pino({ level: config.logLevel }, pino.destination(2));
      const tracing = await loadTracing(config);
      const database = openDatabase(config, {
        poolSize: count + 4,
        checkpointThread: config.sqliteCheckpoint === 'thread',
        ...(tracing === null ? {} : { wrapDialect: tracing.wrapDialect }),
      });
      // A worker may start before its database (a boot, a failover): it waits for it, saying so,
      // instead of exiting; SIGTERM while it waits ends it at once.
      const starting = new AbortController();
      const stopStarting = () => starting.abort();
      process.once('SIGTERM', stopStarting);
      process.once('SIGINT', stopStarting);
      const tenantId = await untilReachable(
        async () => {
          await migrateToLatest(database.db);
          return options.tenant === undefined ? undefined : await requireTenant(database.db, options.tenant);
        },
        {
          signal: starting.signal,
          onRetry: (error, attempt, waitMs) =>
            logger.warn(
              { attempt, waitMs, error: (error as Error).message, database: database.location },
              'database not reachable yet: waiting for it',
            ),
        },
      ).catch(async (error) => {
        await database.close().catch(() => {});
        throw error;
      });
      process.removeListener('SIGTERM', stopStarting);
      process.removeListener('SIGINT', stopStarting);
      // A connection lost outside any query (a restart between two polls) must not end the
      // process: the next query gets a fresh connection. Anything else still does.
      keepRunningOnConnectionLoss(logger);
      const agent = createAgent(config.agent);
      const traced = tracing === null ? agent : tracing.wrapAgent(agent);
      const pool = startWorkers(database.db, config, traced, count, logger, tenantId);
      logger.info(
        { workers: pool.workers.map((w) => w.id), agent: agent.name, database: database.location },
        'workers started',
      );
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          logger.info({ signal }, 'stopping workers: giving back versions in progress');
          const timer = setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref();
          pool
            .stop()
            .then(() => database.close())
            .then(() => tracing?.shutdown().catch(() => {}))
            .then(
              () => {
                clearTimeout(timer);
                process.exit(0);
              },
              () => process.exit(1),
            );
        });
      }
    });
}

function keepRunningOnConnectionLoss(logger: { warn(obj: object, msg?: string): void }): void {
  const survive = (error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ error: (error as Error).message }, 'database connection lost outside a query; going on');
      return;
    }
    process.stderr.write(
      `quire worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  };
  process.on('uncaughtException', survive);
  process.on('unhandledRejection', survive);
}
