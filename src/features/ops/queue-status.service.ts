import type { Executor } from '../../db/schema.js';
import type { QueueSnapshot } from '../../metrics/queue.js';
import { queueAggregates } from './queue-status.repository.js';

/**
 * The queue as operators see it. "Stalled" means a version has been claimable for longer than
 * QUEUE_STALL_MS and no worker holds a live lease: a running worker either renews a lease or
 * claims the oldest claimable version within its poll interval, so both together mean no worker
 * is claiming (WORKERS=0 and no `quire worker`, or every worker stuck before claiming). A long
 * backlog behind busy workers is not a stall; the queue-age gauge shows that.
 */
export async function queueSnapshot(
  db: Executor,
  stallMs: number,
  { now = Date.now(), tenantId }: { now?: number; tenantId?: string } = {},
): Promise<QueueSnapshot> {
  const aggregates = await queueAggregates(db, now, tenantId);
  const seconds = (since: number | null) => (since === null ? 0 : Math.max(0, now - since) / 1000);
  const waitedMs = aggregates.oldestClaimableAt === null ? 0 : now - aggregates.oldestClaimableAt;
  return {
    byStatus: { queued: aggregates.queued, processing: aggregates.processing },
    oldestQueuedAgeSeconds: seconds(aggregates.oldestQueuedAt),
    oldestClaimableWaitSeconds: seconds(aggregates.oldestClaimableAt),
    stalled: waitedMs > stallMs && aggregates.liveLeases === 0,
    stallThresholdSeconds: stallMs / 1000,
  };
}
