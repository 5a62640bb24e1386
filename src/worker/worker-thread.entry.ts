// The worker thread's side of WORKERS_THREAD (worker-thread.ts): the version workers, the event
// pump and the target-list imports of a `quire serve`, on a thread and a database connection of
// their own, as `quire worker` runs them in a process of its own.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createAgent } from '../agent/create-agent.js';
import { backgroundShare } from '../background-share.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { runImport } from '../features/imports/imports.service.js';
import { sharedRegistry } from '../metrics/telemetry.js';
import { currentThreadId, idleThreads, threadPolicy } from '../thread-priority.js';
import { loadTracing } from '../tracing/load.js';
import type { WorkerLogger } from './version-worker.js';
import { startWorkers } from './worker-pool.js';
import type { ToThread, WorkerThreadData } from './worker-thread.js';

const port = parentPort;
if (port === null) throw new Error('worker-thread.entry runs as a worker thread (worker-thread.ts)');
const { count, niceness, idle, requests } = workerData as WorkerThreadData;

// Linux gives each thread its own niceness (setpriority on the calling thread): the requests'
// thread keeps the CPU first whenever both want it, and this one takes the rest (docs/imports.md).
// It stays the thread's priority where SCHED_IDLE cannot be had (no chrt).
if (niceness > 0) {
  try {
    os.setPriority(niceness);
  } catch {
    // Not permitted or not supported here: the thread runs at the process's priority.
  }
}
// BACKGROUND_PRIORITY=idle: a waking request takes the core from this thread at once
// (thread-priority.ts), before it claims or drafts anything.
const tid = currentThreadId();
if (idle && tid !== null) await idleThreads([tid]);

/** Log records go to the server's logger (its level, redaction and destination) as plain data. */
function logTo(level: 'info' | 'warn' | 'error') {
  return (obj: object, msg?: string) => port!.postMessage({ type: 'log', level, obj: plain(obj), msg });
}
const logger: WorkerLogger = { info: logTo('info'), warn: logTo('warn'), error: logTo('error') };

/** What can cross to the main thread: errors as their name, message and stack; the rest as JSON. */
function plain(obj: object): object {
  return JSON.parse(
    JSON.stringify(obj, (_key, value) =>
      value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : value,
    ),
  ) as object;
}

// The server read the same environment (a worker thread gets a copy of it) and migrated already.
const config = loadConfig(process.env);
// A core the thread leaves idle is one a request's wake-up finds free (docs/imports.md, s10).
backgroundShare.configure(config.backgroundShare);
if (requests !== undefined) backgroundShare.followRequestsOf(requests);
const tracing = await loadTracing(config);
const database = openDatabase(config, {
  poolSize: count + 4,
  ...(tracing === null ? {} : { wrapDialect: tracing.wrapDialect }),
});
const agent = createAgent(config.agent);
const pool = startWorkers(
  database.db,
  config,
  tracing === null ? agent : tracing.wrapAgent(agent),
  count,
  logger,
);

port.on('message', (message: ToThread) => {
  switch (message.type) {
    case 'import':
      runImport(database.db, message.tenantId, message.importId).catch((error) =>
        logger.error({ err: error, importId: message.importId }, 'import failed'),
      );
      return;
    case 'metrics':
      sharedRegistry
        .getMetricsAsJSON()
        .then((metrics) => port.postMessage({ type: 'metrics', id: message.id, metrics }));
      return;
    case 'stop':
      pool
        .stop()
        .then(() => database.close())
        .then(() => tracing?.shutdown().catch(() => {}))
        .finally(() => port.postMessage({ type: 'stopped' }));
      return;
  }
});
port.postMessage({
  type: 'ready',
  workers: pool.workers.map((w) => w.id),
  niceness: os.getPriority(),
  policy: tid === null ? 'unknown' : threadPolicy(tid),
  pacedByRequests: requests !== undefined,
});
