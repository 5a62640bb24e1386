import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { EventsConfig } from '../config.js';
import type { Db } from '../db/schema.js';
import { EVENTS_CHANNEL, onWakeup } from '../db/wakeups.js';
import { writeTransaction } from '../db/write-transaction.js';
import { attemptDelivery, claimDue, type DeliverySettings } from '../features/webhooks/deliver.js';
import { nextDueTenant, pruneFinishedDeliveries } from '../features/webhooks/deliveries.repository.js';
import { fanOutEvents } from '../features/webhooks/fan-out.js';
import { pruneEvents } from '../outbox/outbox.repository.js';
import { sequenceEvents } from '../outbox/sequencer.js';
import { PollLoop } from './poll-loop.js';
import { logStepFailure, type WorkerLogger } from './version-worker.js';

const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1_000;

/**
 * The webhook side of a worker process (in-process with WORKERS, and `quire worker`): numbers new
 * events, fans them out into deliveries, and keeps up to WEBHOOK_CONCURRENCY attempts in flight,
 * each claimed with a lease. Once a minute it deletes events and delivery logs past their
 * retention. Any number of pumps may run against one database.
 */
export class EventPump {
  readonly id = `${os.hostname()}:${process.pid}:events:${randomBytes(4).toString('hex')}`;
  readonly #db: Db;
  readonly #config: EventsConfig;
  readonly #settings: DeliverySettings;
  readonly #logger: WorkerLogger;
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #loop: PollLoop;
  #prunedAt = 0;
  readonly #tenantId: string | undefined;
  #unlisten: (() => void) | null = null;

  /**
   * With `tenantId`, delivers and prunes that tenant's events only (a dedicated worker,
   * `quire worker --tenant`); numbering and fan-out are always for every tenant.
   */
  constructor(db: Db, config: EventsConfig, logger: WorkerLogger, tenantId?: string) {
    this.#db = db;
    this.#config = config;
    this.#settings = { ...config.webhooks };
    this.#logger = logger;
    this.#tenantId = tenantId;
    this.#loop = new PollLoop(
      () => this.runOnce(),
      config.pollMs,
      (error) => logStepFailure(logger, error, { pump: this.id }, 'event pump'),
    );
  }

  /** Starts the loop, woken by NOTIFY on PostgreSQL (src/db/wakeups.ts) besides polling every EVENTS_POLL_MS. */
  start(): void {
    this.#unlisten ??= onWakeup(this.#db, EVENTS_CHANNEL, this.#config.listen, () => this.#loop.wake());
    this.#loop.start();
  }

  /** Stops claiming and waits for the attempts in flight (each bounded by WEBHOOK_TIMEOUT_MS). */
  async stop(): Promise<void> {
    this.#unlisten?.();
    this.#unlisten = null;
    await this.#loop.stop();
    await Promise.allSettled([...this.#inFlight]);
  }

  /** One round; true when it found work (the loop then goes round again at once). */
  async runOnce(): Promise<boolean> {
    const db = this.#db;
    const numbered = await sequenceEvents(db);
    const fanned = await fanOutEvents(db, this.#settings.maxAttempts);
    const free = this.#config.webhooks.concurrency - this.#inFlight.size;
    let claimed = 0;
    const due = free > 0 ? await nextDueTenant(db, Date.now(), this.#tenantId) : undefined;
    if (due !== undefined) {
      const deliveries = await claimDue(db, this.#settings, this.id, free, due);
      claimed = deliveries.length;
      for (const delivery of deliveries) {
        const attempt = attemptDelivery(db, this.#settings, delivery, this.id)
          .catch((error) =>
            this.#logger.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed to record'),
          )
          .finally(() => {
            this.#inFlight.delete(attempt);
            this.#loop.wake();
          });
        this.#inFlight.add(attempt);
      }
    }
    if (Date.now() - this.#prunedAt >= PRUNE_EVERY_MS) await this.prune();
    return numbered > 0 || fanned > 0 || claimed > 0;
  }

  /** Deletes what is past its retention, in batches (EVENTS_RETENTION_HOURS, WEBHOOK_LOG_RETENTION_DAYS). */
  async prune(now = Date.now()): Promise<{ events: number; deliveries: number }> {
    this.#prunedAt = now;
    const eventsBefore = now - this.#config.retentionHours * 3_600_000;
    const logBefore = now - this.#config.webhooks.logRetentionDays * 86_400_000;
    return writeTransaction(this.#db, async (tx) => ({
      deliveries: await pruneFinishedDeliveries(tx, logBefore, PRUNE_BATCH, this.#tenantId),
      events: await pruneEvents(tx, eventsBefore, PRUNE_BATCH, this.#tenantId),
    }));
  }
}
