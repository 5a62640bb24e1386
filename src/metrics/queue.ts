/**
 * What the version queue looks like, across every tenant (aggregates only, no tenant's data):
 * read from the database when /metrics is scraped or the admin status is asked for.
 */
export interface QueueSnapshot {
  /** Versions per queue status (`queued`, `processing`), zero included. */
  byStatus: Record<QueueStatus, number>;
  /** Age of the oldest queued version in seconds (0 when none is queued). */
  oldestQueuedAgeSeconds: number;
  /** Seconds since the oldest version a worker could claim became claimable (0 when none). */
  oldestClaimableWaitSeconds: number;
  /** Claimable versions have waited longer than QUEUE_STALL_MS and no worker holds a live lease. */
  stalled: boolean;
  stallThresholdSeconds: number;
}

export const QUEUE_STATUSES = ['queued', 'processing'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export type QueueSnapshotSource = () => Promise<QueueSnapshot>;
