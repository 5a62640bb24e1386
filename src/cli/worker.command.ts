import { Command } from 'commander';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
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
        ...(tracing === null ? {} : { wrapDialect: tracing.wrapDialect }),
      });
      await migrateToLatest(database.db);
      const tenantId =
        options.tenant === undefined ? undefined : await requireTenant(database.db, options.tenant);
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
