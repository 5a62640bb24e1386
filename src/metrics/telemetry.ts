import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client';

/**
 * Process-wide counters that code outside HTTP reports to: the version worker (agent attempts),
 * SQLite's group commit, the rate limiter and the webhook deliveries. They cost a counter increment each and know nothing
 * of features; the /metrics route (src/http/metrics.ts) merges this registry with its app's own.
 */
export const sharedRegistry = new Registry();

const agentAttempts = new Counter({
  name: 'quire_agent_attempts_total',
  help: 'Page-agent runs by outcome (drafted, lost_lease, released, retry, cancelled).',
  labelNames: ['outcome'] as const,
  registers: [sharedRegistry],
});

const agentDuration = new Histogram({
  name: 'quire_agent_attempt_duration_seconds',
  help: 'Time of one page-agent run, loading its input to writing its outcome, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [sharedRegistry],
});

const groupCommitSize = new Histogram({
  name: 'quire_sqlite_group_commit_writes',
  help: 'Writes that shared one SQLite commit (group commit, src/db/write-transaction.ts).',
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [sharedRegistry],
});

const rateLimitRejections = new Counter({
  name: 'quire_rate_limit_rejections_total',
  help: 'Requests answered 429 by the per-key rate limiter.',
  registers: [sharedRegistry],
});

const webhookAttempts = new Counter({
  name: 'quire_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome (succeeded: a 2xx answer; failed: anything else).',
  labelNames: ['outcome'] as const,
  registers: [sharedRegistry],
});

const webhookAttemptDuration = new Histogram({
  name: 'quire_webhook_attempt_duration_seconds',
  help: 'Time of one webhook delivery attempt, connecting to reading the answer, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [sharedRegistry],
});

const webhookDeliveries = new Counter({
  name: 'quire_webhook_deliveries_total',
  help: 'Webhook deliveries settled, by outcome (succeeded, or failed after its last attempt).',
  labelNames: ['outcome'] as const,
  registers: [sharedRegistry],
});

const webhookEndpointsDisabled = new Counter({
  name: 'quire_webhook_endpoints_disabled_total',
  help: 'Webhook endpoints disabled because every attempt failed for WEBHOOK_DISABLE_AFTER_MS.',
  registers: [sharedRegistry],
});

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** The same counters kept by other threads of this process (the workers' thread, WORKERS_THREAD). */
const metricSources: (() => Promise<MetricsJson>)[] = [];

export function addMetricsSource(source: () => Promise<MetricsJson>): void {
  metricSources.push(source);
}

/**
 * This process's shared counters for a scrape: this thread's, with those of its other threads
 * added up into them (prom-client's aggregation, as for a cluster's workers).
 */
export async function sharedMetrics(): Promise<Registry> {
  if (metricSources.length === 0) return sharedRegistry;
  const all = await Promise.all([sharedRegistry.getMetricsAsJSON(), ...metricSources.map((s) => s())]);
  return AggregatorRegistry.aggregate(all);
}

let processMetricsStarted = false;

/** Process metrics (CPU, memory, event-loop lag, handles) with the quire_ prefix, started once. */
export function startProcessMetrics(): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: sharedRegistry, prefix: 'quire_' });
  // Gauges named like counters, which `promtool check metrics` rejects; the per-type gauges
  // (quire_nodejs_active_handles{type} and the like) carry the same numbers.
  for (const name of ['active_handles_total', 'active_requests_total', 'active_resources_total']) {
    sharedRegistry.removeSingleMetric(`quire_nodejs_${name}`);
  }
}

/** The small reporting surface: everything here is cheap enough for hot paths. */
export const telemetry = {
  agentAttempt(outcome: string, seconds: number): void {
    agentAttempts.inc({ outcome });
    agentDuration.observe({ outcome }, seconds);
  },
  groupCommit(writes: number): void {
    groupCommitSize.observe(writes);
  },
  rateLimitRejected(): void {
    rateLimitRejections.inc();
  },
  webhookAttempt(outcome: 'succeeded' | 'failed', seconds: number): void {
    webhookAttempts.inc({ outcome });
    webhookAttemptDuration.observe({ outcome }, seconds);
  },
  webhookDelivery(outcome: 'succeeded' | 'failed'): void {
    webhookDeliveries.inc({ outcome });
  },
  webhookEndpointDisabled(): void {
    webhookEndpointsDisabled.inc();
  },
};
