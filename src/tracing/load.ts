import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import type { Dialect as KyselyDialect } from 'kysely';
import type { PageAgent } from '../agent/page-agent.js';
import { QUIRE_VERSION } from '../banner.js';
import type { Config } from '../config.js';

/** What the rest of Quire sees of tracing; the implementation (tracing.ts) loads the SDK. */
export interface Tracing {
  /** Request spans; call before any route is registered. */
  registerHttp(app: FastifyInstance): void;
  /** A Kysely dialect whose every statement is a span (see database.ts). */
  wrapDialect(dialect: KyselyDialect, system: string): KyselyDialect;
  wrapAgent(agent: PageAgent): PageAgent;
  /** Sends the spans still buffered. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  endpoint: string;
  serviceName: string;
  version: string;
  /** Tests pass an in-memory exporter (spans are then exported as each one ends). */
  exporter?: SpanExporter;
}

/**
 * Tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, else null. Only the types above are imported
 * statically: without the variable the OpenTelemetry SDK is never loaded, so it costs nothing.
 */
export async function loadTracing(
  config: Pick<Config, 'observability'>,
  exporter?: SpanExporter,
): Promise<Tracing | null> {
  const { otlpEndpoint, serviceName } = config.observability;
  if (otlpEndpoint === null) return null;
  const { startTracing } = await import('./tracing.js');
  return await startTracing({
    endpoint: otlpEndpoint,
    serviceName,
    version: QUIRE_VERSION,
    ...(exporter === undefined ? {} : { exporter }),
  });
}
