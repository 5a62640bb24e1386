import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { registerMetrics } from '../../http/metrics.js';
import { queueSnapshot } from './queue-status.service.js';

export { getStatusRoute as opsAdminRoutes } from './get-status.route.js';

/**
 * /metrics with the request hooks (on the root instance, before any route, so every route is
 * measured) and the queue read from this app's database at scrape time. With METRICS=off neither
 * exists (/metrics is a 404), which is how the benchmark measures what the hooks cost.
 */
export function registerOperability(app: FastifyInstance, database: Database): void {
  const { metricsEnabled, metricsToken, queueStallMs } = app.config.observability;
  if (!metricsEnabled) return;
  registerMetrics(app, {
    token: metricsToken,
    database,
    queue: () => queueSnapshot(database.db, queueStallMs),
  });
}
