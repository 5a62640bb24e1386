/**
 * OpenTelemetry traces: HTTP server spans, a span per database query and one per agent call.
 * This module is only ever loaded with `await import()` when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (src/tracing/load.ts), so without it the SDK is never loaded and nothing is wrapped. The SDK's
 * packages are imported dynamically here too: the bundler (npm run build) inlines this module
 * and would otherwise hoist their imports to the top of dist/quire.mjs, loading them always.
 */
import type { Span, Tracer } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseConnection, Driver, Dialect as KyselyDialect, QueryResult } from 'kysely';
import type { PageAgent } from '../agent/page-agent.js';
import type { Tracing, TracingOptions } from './tracing-types.js';

type Api = typeof import('@opentelemetry/api');

export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const [api, { W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, base, node] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/sdk-trace-node'),
    ]);
  const { BatchSpanProcessor, SimpleSpanProcessor } = base;
  const { NodeTracerProvider } = node;
  const exporter: SpanExporter =
    options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.version,
    }),
    // Tests read spans as soon as the request ends; a real exporter sends in batches.
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager: a query's span finds its request's span as parent.
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const tracer = provider.getTracer('quire', options.version);
  return {
    registerHttp: (app) => registerHttpSpans(api, app, tracer),
    wrapDialect: (dialect, system) => tracedDialect(api, dialect, system, tracer),
    wrapAgent: (agent) => tracedAgent(api, agent, tracer),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * One SERVER span per request, named by route template. The request's context is entered in
 * onRequest (auth and rate-limit hooks query the database) and again before the handler: a body is
 * read from socket events, which do not carry the request's asynchronous context.
 */
function registerHttpSpans(api: Api, app: FastifyInstance, tracer: Tracer): void {
  const { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } = api;
  const spans = new WeakMap<FastifyRequest, Span>();
  const contextOf = (request: FastifyRequest) => {
    const span = spans.get(request);
    return span === undefined ? context.active() : trace.setSpan(context.active(), span);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0]!,
          ...(route === undefined ? {} : { 'http.route': route }),
          'quire.request_id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    context.with(contextOf(request), done);
  });
  const end = (request: FastifyRequest, status: number | null) => {
    const span = spans.get(request);
    if (span === undefined) return;
    spans.delete(request);
    if (status === null) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'client closed the request' });
    } else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
}

/** Every statement Kysely sends becomes a CLIENT span, child of whatever span is active. */
function tracedDialect(api: Api, dialect: KyselyDialect, system: string, tracer: Tracer): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => tracedDriver(api, dialect.createDriver(), system, tracer),
  };
}

function tracedDriver(api: Api, driver: Driver, system: string, tracer: Tracer): Driver {
  return new Proxy(driver, {
    get(target, property) {
      if (property === 'acquireConnection') {
        return async () => tracedConnection(api, await target.acquireConnection(), system, tracer);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function tracedConnection(
  { context, SpanKind, SpanStatusCode, trace }: Api,
  connection: DatabaseConnection,
  system: string,
  tracer: Tracer,
): DatabaseConnection {
  return new Proxy(connection, {
    get(target, property) {
      if (property === 'executeQuery') {
        return async (
          query: Parameters<DatabaseConnection['executeQuery']>[0],
        ): Promise<QueryResult<unknown>> => {
          // Only inside a request or an agent call: idle workers poll several times a second,
          // and a root span per poll would bury the traces that matter.
          if (trace.getSpan(context.active()) === undefined) return target.executeQuery(query);
          const operation = /^\s*(\w+)/.exec(query.sql)?.[1]?.toLowerCase() ?? 'query';
          const span = tracer.startSpan(`db ${operation}`, {
            kind: SpanKind.CLIENT,
            // The statement text only: parameters (the stored data) never leave the process.
            attributes: {
              'db.system.name': system,
              'db.operation.name': operation,
              'db.query.text': query.sql,
            },
          });
          try {
            return await target.executeQuery(query);
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
            throw error;
          } finally {
            span.end();
          }
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function tracedAgent({ SpanKind, SpanStatusCode }: Api, agent: PageAgent, tracer: Tracer): PageAgent {
  return {
    name: agent.name,
    ...(agent.inProcess === undefined ? {} : { inProcess: agent.inProcess }),
    run: (input, signal) =>
      tracer.startActiveSpan(
        'agent run',
        { kind: SpanKind.CLIENT, attributes: { 'quire.agent': agent.name } },
        async (span) => {
          try {
            return await agent.run(input, signal);
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
            throw error;
          } finally {
            span.end();
          }
        },
      ),
  };
}
