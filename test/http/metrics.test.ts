import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { it } from 'node:test';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';

const PROMTOOL = '/usr/bin/promtool';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describeEachDatabase('GET /metrics without METRICS_TOKEN', (ctx) => {
  it('answers loopback clients with the Prometheus text format, labelled by route template', async () => {
    const tenant = await makeTenant(ctx);
    const missing = await ctx.request({
      method: 'GET',
      url: '/v0/persons/per_doesnotexist',
      key: tenant.key,
    });
    assert.equal(missing.status, 404);
    assert.equal((await ctx.request({ method: 'GET', url: '/no/such/path/123' })).status, 404);
    const scrape = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    assert.equal(scrape.statusCode, 200, scrape.body);
    assert.match(String(scrape.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    assert.match(
      text,
      /quire_http_requests_total\{route="\/v0\/persons\/:person_id",method="GET",status="404"\} 1/,
    );
    assert.doesNotMatch(text, /per_doesnotexist|no\/such\/path/, 'raw URLs never become labels');
    assert.match(text, /quire_http_requests_total\{route="unmatched",method="GET",status="404"\} 1/);
    assert.match(text, /quire_http_request_duration_seconds_bucket\{le="0.001",route=/);
    assert.match(text, /quire_http_requests_in_flight 1/, 'the scrape itself is in flight');
    assert.match(text, /quire_versions\{status="queued"\} \d+/);
    assert.match(text, /quire_version_queue_oldest_age_seconds \d/);
    assert.match(text, /quire_version_queue_stalled [01]/);
    assert.match(text, /quire_process_resident_memory_bytes \d/);
    assert.match(text, /quire_agent_attempts_total|# TYPE quire_agent_attempts_total counter/);
    assert.match(text, /# TYPE quire_sqlite_group_commit_writes histogram/);
    assert.match(text, /# TYPE quire_rate_limit_rejections_total counter/);
    assert.match(text, /# TYPE quire_webhook_attempts_total counter/);
    assert.match(text, /# TYPE quire_webhook_attempt_duration_seconds histogram/);
    assert.match(text, /# TYPE quire_webhook_deliveries_total counter/);
    assert.match(text, /# TYPE quire_webhook_endpoints_disabled_total counter/);
    if (ctx.dialect === 'postgres') assert.match(text, /quire_db_pool_connections\{state="in_use"\} \d/);
    for (const line of text.split('\n').filter((l) => l.startsWith('# HELP '))) {
      assert.match(line, /^# HELP quire_/, 'every metric name is prefixed quire_');
    }
  });

  it('passes `promtool check metrics`', async (t) => {
    if (!fs.existsSync(PROMTOOL)) {
      if (process.env.QUIRE_REQUIRE_TOOLS === '1')
        assert.fail(`${PROMTOOL} is missing (QUIRE_REQUIRE_TOOLS=1)`);
      console.warn(`SKIPPED: promtool check metrics (${PROMTOOL} missing; apt-get install prometheus)`);
      t.skip(`${PROMTOOL} missing`);
      return;
    }
    const scrape = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    const check = spawnSync(PROMTOOL, ['check', 'metrics'], { input: scrape.body, encoding: 'utf8' });
    assert.equal(check.status, 0, `promtool: ${check.stdout}${check.stderr}`);
  });

  it('refuses other clients with 403 problem+json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    assert.equal(response.statusCode, 403);
    assert.match(String(response.headers['content-type']), /application\/problem\+json/);
    assert.equal(response.json().code, 'forbidden');
    assert.match(response.json().detail, /METRICS_TOKEN/);
  });
});

describeEachDatabase(
  'GET /metrics with METRICS_TOKEN',
  (ctx) => {
    const scrape = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      ctx.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

    it('wants the token as a Bearer token, from any address, loopback included', async () => {
      const ok = await scrape({ authorization: `Bearer ${METRICS_TOKEN}` });
      assert.equal(ok.statusCode, 200);
      assert.match(ok.body, /quire_http_requests_total/);
      const lowercase = await scrape({ authorization: `bearer ${METRICS_TOKEN}` });
      assert.equal(lowercase.statusCode, 200, 'the scheme is case-insensitive (RFC 9110, 11.1)');
      const wrong: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong' },
        { authorization: METRICS_TOKEN },
      ];
      for (const headers of wrong) {
        const refused = await scrape(headers);
        assert.equal(refused.statusCode, 401, JSON.stringify(headers));
        assert.equal(refused.json().code, 'unauthenticated');
      }
      assert.equal((await scrape({}, '127.0.0.1')).statusCode, 401, 'loopback needs the token too');
    });
  },
  { config: { observability: { ...testObservability(), metricsToken: METRICS_TOKEN } } },
);

describeEachDatabase(
  'METRICS=off',
  (ctx) => {
    it('serves no /metrics and counts nothing per request', async () => {
      const tenant = await makeTenant(ctx);
      assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key })).status, 200);
      const scrape = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      assert.equal(scrape.statusCode, 404, scrape.body);
      assert.equal(ctx.app.hasRequestDecorator('metricsInFlight'), false, 'no per-request metric hooks');
    });
  },
  { config: { observability: { ...testObservability(), metricsEnabled: false } } },
);

function testObservability() {
  return {
    metricsEnabled: true,
    metricsToken: null,
    queueStallMs: 300_000,
    otlpEndpoint: null,
    serviceName: 'quire',
  };
}

describeEachDatabase(
  'GET /metrics counts rate-limit rejections and SQLite group commits',
  (ctx) => {
    it('reports a 429 of the rate limiter, and on SQLite the commits shared by writes', async () => {
      const tenant = await makeTenant(ctx);
      // A write first (the burst allows one request), through SQLite's group commit.
      const created = await ctx.request({
        method: 'POST',
        url: '/v0/persons',
        key: tenant.key,
        body: { name: 'Ada' },
      });
      assert.equal(created.status, 201, created.raw);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key })).status);
      }
      assert.ok(statuses.includes(429), statuses.join());
      const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
      assert.match(text, /^quire_rate_limit_rejections_total [1-9]/m);
      assert.match(
        text,
        /quire_http_requests_total\{route="\/v0\/persons",method="GET",status="429"\} [1-9]/,
      );
      if (ctx.dialect === 'sqlite') assert.match(text, /^quire_sqlite_group_commit_writes_count [1-9]/m);
    });
  },
  { config: { rateLimitPerSecond: 1, rateLimitBurst: 1 } },
);
