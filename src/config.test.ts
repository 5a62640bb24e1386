import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, debugRequested, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: SQLite in ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, null);
    assert.match(config.dataDir, /\/data$/);
    assert.equal(config.adminToken, null);
    assert.equal(config.rateLimitPerSecond, 100);
  });

  it('lists every bad variable in one clear error', () => {
    assert.throws(
      () =>
        loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4);
        assert.match(error.message, /PORT must be a whole number from 0 to 65535, got "eighty"/);
        assert.match(error.message, /LOG_LEVEL must be one of/);
        assert.match(error.message, /DATABASE_URL must start with postgres/);
        assert.match(error.message, /ADMIN_TOKEN must be at least 32 characters long .*openssl rand -hex 32/);
        return true;
      },
    );
  });

  it('BACKGROUND_PRIORITY: auto by default, nice or idle on request, anything else names the variable', () => {
    assert.equal(loadConfig({}).backgroundPriority, 'auto');
    assert.equal(loadConfig({ BACKGROUND_PRIORITY: 'idle' }).backgroundPriority, 'idle');
    assert.equal(loadConfig({ BACKGROUND_PRIORITY: 'nice' }).backgroundPriority, 'nice');
    assert.throws(() => loadConfig({ BACKGROUND_PRIORITY: 'low' }), /BACKGROUND_PRIORITY must be one of/);
  });

  it('TRUST_PROXY: true, false, addresses, CIDRs and named ranges; anything else names the variable', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).console.trustProxy, true);
    assert.equal(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1/128,loopback' }).console.trustProxy,
      '10.0.0.0/8, 127.0.0.1,::1/128,loopback',
    );
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.internal', '1']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.length === 1 &&
          /^TRUST_PROXY must be true, false or comma-separated proxy addresses\/CIDRs/.test(
            error.problems[0]!,
          ),
        bad,
      );
    }
  });

  it('debugRequested: QUIRE_DEBUG=1 or LOG_LEVEL debug/trace', () => {
    assert.equal(debugRequested({}), false);
    assert.equal(debugRequested({ QUIRE_DEBUG: '1' }), true);
    assert.equal(debugRequested({ LOG_LEVEL: 'debug' }), true);
    assert.equal(debugRequested({ LOG_LEVEL: 'info' }), false);
  });

  it('refuses admin tokens that are long but predictable, and accepts random ones', () => {
    for (const token of [
      'a'.repeat(64),
      'abcd1234'.repeat(8),
      'abcdefghijklmnopqrstuvwxyz0123456789',
      '0123456789'.repeat(4),
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
    ]) {
      assert.throws(() => loadConfig({ ADMIN_TOKEN: token }), /ADMIN_TOKEN is too predictable/, token);
    }
    for (const token of [
      '9f3c1e7a5b2d48e0c6a1f7394be2d05c8a7e6f1b3d92c4a07e5b8f2d61c9a3e4',
      'Zk3vQ9pW2mX7rT5yL8nB4cJ6hF1dG0sA',
    ]) {
      assert.equal(loadConfig({ ADMIN_TOKEN: token }).adminToken, token);
    }
  });
});

describe('loadConfig: observability', () => {
  it('reads METRICS, METRICS_TOKEN, QUEUE_STALL_MS and the OpenTelemetry variables, off by default', () => {
    assert.deepEqual(loadConfig({}).observability, {
      metricsEnabled: true,
      metricsToken: null,
      queueStallMs: 300_000,
      otlpEndpoint: null,
      serviceName: 'quire',
    });
    const set = loadConfig({
      METRICS: 'off',
      METRICS_TOKEN: 'scrape-me',
      QUEUE_STALL_MS: '60000',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'quire-eu',
    }).observability;
    assert.deepEqual(set, {
      metricsEnabled: false,
      metricsToken: 'scrape-me',
      queueStallMs: 60_000,
      otlpEndpoint: 'http://collector:4318',
      serviceName: 'quire-eu',
    });
    assert.throws(
      () => loadConfig({ METRICS: 'no', QUEUE_STALL_MS: '10', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' }),
      /METRICS must be[\s\S]*QUEUE_STALL_MS must be a whole number from 1000[\s\S]*OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute URL/,
    );
  });
});

describe('loadConfig: events and webhooks', () => {
  it('has safe defaults: https only, no private addresses, a day of retries', () => {
    assert.deepEqual(loadConfig({}).events, {
      pollMs: 250,
      listen: true,
      heartbeatMs: 15_000,
      accessCheckMs: 2_000,
      maxStreamsPerTenant: 20,
      retentionHours: 168,
      webhooks: {
        concurrency: 8,
        timeoutMs: 10_000,
        retryBaseMs: 5_000,
        maxAttempts: 12,
        disableAfterMs: 5 * 86_400_000,
        allowPrivateNetworks: false,
        allowHttpLocalhost: false,
        logRetentionDays: 30,
      },
    });
  });

  it('reads every variable and names the bad ones', () => {
    const set = loadConfig({
      EVENTS_POLL_MS: '50',
      WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      WEBHOOK_MAX_ATTEMPTS: '4',
    }).events;
    assert.equal(set.pollMs, 50);
    assert.equal(set.webhooks.allowHttpLocalhost, true);
    assert.equal(set.webhooks.allowPrivateNetworks, true);
    assert.equal(set.webhooks.maxAttempts, 4);
    assert.throws(
      () => loadConfig({ WEBHOOK_ALLOW_HTTP_LOCALHOST: 'yes', WEBHOOK_TIMEOUT_MS: '5' }),
      /WEBHOOK_TIMEOUT_MS must be a whole number from 100[\s\S]*|WEBHOOK_ALLOW_HTTP_LOCALHOST must be true or false/,
    );
    assert.throws(
      () => loadConfig({ WEBHOOK_ALLOW_HTTP_LOCALHOST: 'yes' }),
      /WEBHOOK_ALLOW_HTTP_LOCALHOST must be true or false, got "yes"/,
    );
  });
});

describe('loadConfig: preview links', () => {
  it('bounds their lifetime: 30 days unless configured, the default lifetime within it', () => {
    assert.equal(loadConfig({}).previewLinkMaxTtlSeconds, 30 * 86_400);
    const short = loadConfig({ PREVIEW_LINK_MAX_TTL_SECONDS: '3600' });
    assert.equal(short.previewLinkMaxTtlSeconds, 3600);
    assert.equal(short.previewLinkTtlSeconds, 3600, 'the default lifetime follows a shorter maximum');
    assert.throws(
      () => loadConfig({ PREVIEW_LINK_MAX_TTL_SECONDS: '3600', PREVIEW_LINK_TTL_SECONDS: '7200' }),
      /PREVIEW_LINK_TTL_SECONDS must not be longer than PREVIEW_LINK_MAX_TTL_SECONDS/,
    );
  });
});
