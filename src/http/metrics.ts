import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { ApiError } from '../errors.js';
import { QUEUE_STATUSES, type QueueSnapshotSource } from '../metrics/queue.js';
import { sharedMetrics, startProcessMetrics } from '../metrics/telemetry.js';
import { bearerToken } from './bearer-token.js';
import { RequestStats } from './request-stats.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted in quire_http_requests_in_flight and not yet answered. */
    metricsInFlight: boolean;
  }
  interface FastifyInstance {
    /** Counts a request answered outside Fastify's hooks (the hosted pages' lane); absent with METRICS=off. */
    recordRequest?: (route: string, method: string, status: number, seconds: number) => void;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: required as a Bearer token when set; unset, only loopback clients are answered. */
  token: string | null;
  database: Pick<Database, 'poolUsage'>;
  /** Read at scrape time (the features know the SQL; this file does not). */
  queue: QueueSnapshotSource;
}

/**
 * `GET /metrics` in the Prometheus text format, and the request metrics behind it. Per request it
 * costs an increment on the way in (in-flight) and, on the way out, a few map lookups by route
 * template, method and status (request-stats.ts); labels are route templates, never raw URLs, so
 * their number stays bounded. Everything read from the database is read at scrape time.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  startProcessMetrics();
  const registry = new Registry();
  const stats = new RequestStats();
  stats.register(registry);
  let inFlight = 0;
  new Gauge({
    name: 'quire_http_requests_in_flight',
    help: 'Requests received and not yet answered.',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  registerQueueGauges(registry, options.queue);
  registerPoolGauges(registry, options.database);

  // A request decoration (declared, so every request keeps one shape), not a WeakSet: weak
  // collections add work to every garbage collection.
  app.decorateRequest('metricsInFlight', false);
  app.decorate('recordRequest', (route: string, method: string, status: number, seconds: number) =>
    stats.record(route, method, status, seconds),
  );
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight++;
    request.metricsInFlight = true;
    done();
  });
  const finish = (request: FastifyRequest) => {
    if (request.metricsInFlight) {
      request.metricsInFlight = false;
      inFlight--;
    }
  };
  // A client that leaves before its response is sent may never reach onResponse.
  app.addHook('onRequestAbort', (request, done) => {
    finish(request);
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    finish(request);
    // The template, read once per request and only here: requests refused by a scope's onRequest
    // hook (401, 429) still count under their route. `routeOptions` builds an object per read.
    stats.record(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const expected = options.token === null ? null : digest(options.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    checkAccess(request, expected);
    const merged = Registry.merge([await sharedMetrics(), registry]);
    const body = await merged.metrics();
    return reply.type(merged.contentType).send(body);
  });
}

function registerQueueGauges(registry: Registry, queue: QueueSnapshotSource): void {
  // One database read per scrape, shared by the gauges of that scrape.
  let pending: ReturnType<QueueSnapshotSource> | null = null;
  const snapshot = () => {
    pending ??= queue().finally(() => {
      pending = null;
    });
    return pending;
  };
  new Gauge({
    name: 'quire_versions',
    help: 'Versions waiting for or held by a worker, by status, across all tenants.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { byStatus } = await snapshot();
      for (const status of QUEUE_STATUSES) this.set({ status }, byStatus[status]);
    },
  });
  new Gauge({
    name: 'quire_version_queue_oldest_age_seconds',
    help: 'Age of the oldest queued version (0 when nothing is queued).',
    registers: [registry],
    async collect() {
      this.set((await snapshot()).oldestQueuedAgeSeconds);
    },
  });
  new Gauge({
    name: 'quire_version_queue_stalled',
    help: '1 when claimable versions waited longer than QUEUE_STALL_MS and no worker holds a live lease.',
    registers: [registry],
    async collect() {
      this.set((await snapshot()).stalled ? 1 : 0);
    },
  });
}

function registerPoolGauges(registry: Registry, database: Pick<Database, 'poolUsage'>): void {
  const usage = database.poolUsage;
  if (usage === undefined) return;
  new Gauge({
    name: 'quire_db_pool_connections',
    help: 'PostgreSQL pool connections by state (idle, in_use, waiting clients).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = usage();
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
}

function checkAccess(request: FastifyRequest, expected: Buffer | null): void {
  if (expected === null) {
    if (!isLoopback(request.ip)) {
      throw new ApiError(
        'forbidden',
        'Metrics are served to loopback clients only; set METRICS_TOKEN to scrape from elsewhere',
      );
    }
    return;
  }
  const token = bearerToken(request.headers.authorization);
  if (token.length === 0 || !timingSafeEqual(digest(token), expected)) {
    throw new ApiError(
      'unauthenticated',
      'Send the metrics token as Authorization: Bearer <token>',
      undefined,
      {
        'WWW-Authenticate': 'Bearer realm="quire-metrics"',
      },
    );
  }
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
