import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { QUIRE_VERSION } from '../banner.js';
import type { Config } from '../config.js';
import type { Tracing } from './tracing-types.js';

export type { Tracing, TracingOptions } from './tracing-types.js';

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
