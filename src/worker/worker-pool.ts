import type { PageAgent } from '../agent/page-agent.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { resumeImports } from '../features/imports/imports.service.js';
import { EventPump } from './event-pump.js';
import { VersionWorker, type WorkerLogger } from './version-worker.js';

export interface WorkerPool {
  readonly workers: VersionWorker[];
  /** Numbers events and delivers webhooks (event-pump.ts), beside the page-agent workers. */
  readonly events: EventPump;
  /** Stops claiming; versions in progress are given back to the queue. */
  stop(): Promise<void>;
}

const silentLogger: WorkerLogger = { info() {}, warn() {}, error() {} };

/**
 * Starts `count` version workers and one event pump in this process (the server's in-process
 * workers, `quire worker`).
 */
export function startWorkers(
  db: Db,
  config: Pick<Config, 'workerLeaseMs' | 'workerPollMs' | 'workerBatchSize' | 'agent' | 'events'>,
  agent: PageAgent,
  count: number,
  logger?: WorkerLogger,
  tenantId?: string,
): WorkerPool {
  const workers = Array.from(
    { length: count },
    () =>
      new VersionWorker({
        db,
        agent,
        leaseMs: config.workerLeaseMs,
        pollMs: config.workerPollMs,
        batchSize: config.workerBatchSize,
        // One run is one model call (the worker owns retries), so it gets one call's time.
        agentTimeoutMs: config.agent.timeoutMs,
        maxAttempts: config.agent.maxAttempts,
        limits: config.agent,
        listen: config.events.listen,
        ...(logger === undefined ? {} : { logger }),
        ...(tenantId === undefined ? {} : { tenantId }),
      }),
  );
  for (const worker of workers) worker.start();
  const events = new EventPump(db, config.events, logger ?? silentLogger, tenantId);
  events.start();
  // Target-list imports a stopped process left half-applied go on here (docs/imports.md).
  resumeImports(db, tenantId).catch((error) =>
    (logger ?? silentLogger).error({ err: error }, 'could not resume imports'),
  );
  return {
    workers,
    events,
    stop: async () => void (await Promise.all([...workers.map((w) => w.stop()), events.stop()])),
  };
}
