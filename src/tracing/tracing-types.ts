import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import type { Dialect as KyselyDialect } from 'kysely';
import type { PageAgent } from '../agent/page-agent.js';

/**
 * What the rest of Quire sees of tracing. The implementation (tracing.ts) loads the SDK, and
 * load.ts loads tracing.ts only when tracing is on; the types live apart so neither imports the other.
 */
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
