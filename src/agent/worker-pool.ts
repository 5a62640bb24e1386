import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { PageAgent } from './page-agent.js';
import { VersionWorker, type WorkerLogger } from './version-worker.js';

export interface WorkerPool {
  readonly workers: VersionWorker[];
  /** Stops claiming; versions in progress are given back to the queue. */
  stop(): Promise<void>;
}

/** Starts `count` version workers in this process (the server's in-process workers, `quire worker`). */
export function startWorkers(
  db: Db,
  config: Pick<Config, 'workerLeaseMs' | 'workerPollMs' | 'agent'>,
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
        // The agent bounds each of its calls by AGENT_TIMEOUT_MS and may retry them itself (the
        // OpenAI agent does): the worker's limit on a whole run leaves room for those retries.
        agentTimeoutMs: config.agent.timeoutMs * config.agent.maxAttempts + 1_000,
        maxAttempts: config.agent.maxAttempts,
        ...(logger === undefined ? {} : { logger }),
        ...(tenantId === undefined ? {} : { tenantId }),
      }),
  );
  for (const worker of workers) worker.start();
  return { workers, stop: async () => void (await Promise.all(workers.map((w) => w.stop()))) };
}
