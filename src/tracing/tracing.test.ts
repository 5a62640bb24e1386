import assert from 'node:assert/strict';
import { it } from 'node:test';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { DEFAULT_WAITS } from '../config.js';
import { openPostgres, openSqlite } from '../db/database.js';
import { loadTracing } from './load.js';

const exporter = new InMemorySpanExporter();
const observability = {
  metricsEnabled: true,
  metricsToken: null,
  queueStallMs: 300_000,
  otlpEndpoint: 'http://127.0.0.1:4318',
  serviceName: 'quire-test',
};

it('is off without OTEL_EXPORTER_OTLP_ENDPOINT (tracing.ts, the only SDK importer, is not loaded)', async () => {
  assert.equal(await loadTracing({ observability: { ...observability, otlpEndpoint: null } }), null);
});

describeEachDatabase('OpenTelemetry traces', (ctx) => {
  it('a request span has the database queries of that request as child spans', async () => {
    const tracing = (await loadTracing({ observability }, exporter))!;
    assert.ok(tracing);
    const tenant = await makeTenant(ctx);
    // A second handle on the test's database, through the traced dialect.
    const database =
      ctx.dialect === 'postgres'
        ? openPostgres(process.env.QUIRE_TEST_PG_URL!, 2, DEFAULT_WAITS, tracing.wrapDialect)
        : openSqlite(ctx.database.location, 'normal', DEFAULT_WAITS, tracing.wrapDialect);
    const app = await buildApp({ config: ctx.config, database, logger: false, tracing });
    try {
      exporter.reset();
      const response = await app.inject({
        method: 'GET',
        url: '/v0/persons?limit=5',
        headers: { 'x-api-key': tenant.key },
      });
      assert.equal(response.statusCode, 200, response.body);
      const spans = exporter.getFinishedSpans();
      const request = spans.find((span) => span.name === 'GET /v0/persons');
      assert.ok(request, `a request span among ${spans.map((s) => s.name).join(', ')}`);
      assert.equal(request.attributes['http.response.status_code'], 200);
      assert.equal(request.attributes['http.route'], '/v0/persons');
      const queries = spans.filter(
        (span) =>
          span.parentSpanContext?.spanId === request.spanContext().spanId && span.name.startsWith('db '),
      );
      assert.ok(queries.length >= 2, `the key lookup and the list query (${queries.length})`);
      assert.ok(queries.every((q) => q.spanContext().traceId === request.spanContext().traceId));
      assert.ok(queries.some((q) => /from "persons"/.test(String(q.attributes['db.query.text']))));
      assert.equal(
        queries[0]!.attributes['db.system.name'],
        ctx.dialect === 'postgres' ? 'postgresql' : 'sqlite',
      );
      assert.ok(
        queries.every((q) => !JSON.stringify(q.attributes).includes(tenant.tenantId)),
        'parameters are not recorded',
      );
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('an agent call is a span, marked as an error when the agent fails', async () => {
    const tracing = (await loadTracing({ observability }, exporter))!;
    exporter.reset();
    const agent = tracing.wrapAgent({
      name: 'failing',
      run: async () => {
        throw new Error('the model does not answer');
      },
    });
    await assert.rejects(agent.run({} as never, new AbortController().signal), /does not answer/);
    const span = exporter.getFinishedSpans().find((s) => s.name === 'agent run');
    assert.ok(span);
    assert.equal(span.attributes['quire.agent'], 'failing');
    assert.equal(span.status.code, 2, 'ERROR');
  });
});
