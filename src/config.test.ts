import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

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
