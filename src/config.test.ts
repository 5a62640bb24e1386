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
        assert.match(error.message, /ADMIN_TOKEN must be at least 16/);
        return true;
      },
    );
  });
});
