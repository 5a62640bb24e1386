import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import type { ThreadPolicy } from '../thread-priority.js';
import type { WorkerLogger } from './version-worker.js';

/** What the server hands the thread (worker-thread.entry.ts reads it as `workerData`). */
export interface WorkerThreadData {
  /** Version workers in the thread (WORKERS). */
  count: number;
  /** The thread's niceness on Linux (0: the process's own). */
  niceness: number;
  /** SCHED_IDLE for the thread on Linux (BACKGROUND_PRIORITY=idle, thread-priority.ts). */
  idle: boolean;
  /**
   * The main thread's count of requests (BackgroundShare.requestCounter): while they come in, the
   * thread's imports and drafts take only BACKGROUND_SHARE_PERCENT of its time, as on the loop.
   */
  requests?: SharedArrayBuffer;
}

export type ToThread =
  | { type: 'import'; tenantId: string; importId: string }
  | { type: 'metrics'; id: number }
  | { type: 'stop' };

type FromThread =
  | {
      type: 'ready';
      workers: string[];
      niceness: number;
      policy: ThreadPolicy;
      pacedByRequests: boolean;
    }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; obj: object; msg?: string }
  | { type: 'metrics'; id: number; metrics: MetricObjectWithValues<MetricValue<string>>[] }
  | { type: 'stopped' };

/** A thread that died is started again after this long (a crash loop then logs once a second). */
const RESTART_MS = 1_000;
/** A thread that does not answer for its metrics in this long is left out of one scrape. */
const METRICS_TIMEOUT_MS = 1_000;

/**
 * The server's background work (the version workers, the event pump, target-list imports) on a
 * worker thread with its own database connection (WORKERS_THREAD, docs/operations.md). On SQLite
 * every statement is synchronous and every background COMMIT waits for its fsync: on the requests'
 * event loop each of them holds up the requests; on this thread they do not. The thread is to the
 * server what `quire worker` is: another process as far as the database knows, woken by polling
 * (SQLite) or NOTIFY (PostgreSQL). The main thread keeps the logs and /metrics: the thread's
 * records and counters come to it by message.
 */
export class WorkerThread {
  readonly #data: WorkerThreadData;
  readonly #logger: WorkerLogger;
  #worker: Worker;
  #stopping: Promise<void> | null = null;
  #nextMetricsId = 0;
  readonly #metricsWaiters = new Map<number, (metrics: FromThread & { type: 'metrics' }) => void>();

  readonly #env: NodeJS.ProcessEnv | undefined;

  /** `env`: the thread's environment, where it reads its configuration (default: this process's). */
  constructor(data: WorkerThreadData, logger: WorkerLogger, env?: NodeJS.ProcessEnv) {
    this.#data = data;
    this.#logger = logger;
    this.#env = env;
    this.#worker = this.#start();
  }

  #start(): Worker {
    const worker = threadFor({
      workerData: this.#data,
      ...(this.#env === undefined ? {} : { env: this.#env }),
    });
    worker.on('message', (message: FromThread) => this.#receive(message));
    worker.on('error', (error) => this.#logger.error({ err: error }, 'worker thread failed'));
    worker.on('exit', (code) => {
      if (this.#stopping !== null) return;
      this.#logger.error({ code }, 'worker thread stopped; starting it again');
      setTimeout(() => {
        if (this.#stopping === null) this.#worker = this.#start();
      }, RESTART_MS).unref();
    });
    return worker;
  }

  #receive(message: FromThread): void {
    switch (message.type) {
      case 'ready':
        this.#logger.info(
          {
            workers: message.workers,
            niceness: message.niceness,
            policy: message.policy,
            pacedByRequests: message.pacedByRequests,
          },
          'workers started on their own thread',
        );
        return;
      case 'log':
        this.#logger[message.level](message.obj, message.msg);
        return;
      case 'metrics':
        this.#metricsWaiters.get(message.id)?.(message);
        return;
      case 'stopped':
        return;
    }
  }

  /** Applies a target-list import on the thread (imports.service.ts hands new jobs here). */
  runImport(tenantId: string, importId: string): void {
    this.#worker.postMessage({ type: 'import', tenantId, importId } satisfies ToThread);
  }

  /** The thread's counters (src/metrics/telemetry.ts), or none when it does not answer in time. */
  metrics(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
    const id = this.#nextMetricsId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#metricsWaiters.delete(id);
        resolve([]);
      }, METRICS_TIMEOUT_MS);
      this.#metricsWaiters.set(id, (message) => {
        clearTimeout(timer);
        this.#metricsWaiters.delete(id);
        resolve(message.metrics);
      });
      this.#worker.postMessage({ type: 'metrics', id } satisfies ToThread);
    });
  }

  /** Stops claiming; versions in progress are given back to the queue, then the thread ends. */
  stop(): Promise<void> {
    this.#stopping ??= new Promise<void>((resolve) => {
      const worker = this.#worker;
      if (worker.threadId === -1) return resolve();
      worker.once('exit', () => resolve());
      worker.on('message', (message: FromThread) => {
        if (message.type === 'stopped') void worker.terminate();
      });
      worker.postMessage({ type: 'stop' } satisfies ToThread);
    });
    return this.#stopping;
  }
}

/**
 * The thread, running its module from beside this one. In the bundle that is the entry point
 * scripts/build-cli.mjs builds beside quire.mjs, in the folder of every chunk. From the sources
 * (tests, tsx) the thread registers tsx's loader first: a worker thread does not get it from
 * `--import tsx`, and its .ts entry fails with ERR_UNKNOWN_FILE_EXTENSION.
 */
function threadFor(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./worker-thread.mjs', import.meta.url), options);
  const loader = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./worker-thread.entry.ts', import.meta.url).href);
  const code = `import(${loader}).then(({ register }) => { register(); return import(${entry}); })`;
  return new Worker(code, { ...options, eval: true });
}
