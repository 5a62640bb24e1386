import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { makeTenant } from '../factories.js';
import { ADMIN_TOKEN, openTestDatabase, testConfig } from '../harness.js';

describe('logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;

  before(async () => {
    database = openTestDatabase('sqlite');
    await migrateToLatest(database.db);
    app = await buildApp({
      config: testConfig({ logLevel: 'trace' }),
      database,
      logger: { write: (line: string) => void lines.push(line) },
    });
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  it('carry the request id and never the API key or the Authorization header', async () => {
    const tenant = await makeTenant({ database } as Parameters<typeof makeTenant>[0]);
    const requests = [
      {
        method: 'GET' as const,
        url: '/v0/persons',
        headers: { 'x-api-key': tenant.key, 'x-request-id': 'log-test-1' },
      },
      { method: 'GET' as const, url: '/v0/persons', headers: { 'x-api-key': `${tenant.key}-wrong` } },
      {
        method: 'POST' as const,
        url: '/v0/persons',
        headers: { 'x-api-key': tenant.key, 'content-type': 'application/json' },
        payload: '{bad',
      },
      {
        method: 'GET' as const,
        url: '/admin/v0/tenants',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      },
      {
        method: 'GET' as const,
        url: '/admin/v0/tenants',
        headers: { authorization: 'Bearer wrong-token-value-123' },
      },
    ];
    for (const request of requests) await app.inject(request);
    const output = lines.join('');
    assert.ok(lines.length >= requests.length, 'requests are logged');
    assert.ok(output.includes('"requestId":"log-test-1"'), 'log lines carry the request id');
    for (const secret of [tenant.key, ADMIN_TOKEN, 'wrong-token-value-123', tenant.key.slice(6)]) {
      assert.ok(!output.includes(secret), `a secret leaked into the logs: ${secret.slice(0, 8)}…`);
    }
  });

  it('redact credentials sent in the URL, and a key in the URL is refused with a 401 naming the header', async () => {
    const tenant = await makeTenant({ database } as Parameters<typeof makeTenant>[0]);
    const secrets = [tenant.key, 'url-token-secret-4711', 'url-password-0815'];
    const refused = await app.inject({
      method: 'GET',
      url: `/v0/persons?limit=5&api_key=${encodeURIComponent(tenant.key)}`,
      headers: { 'x-api-key': tenant.key },
    });
    assert.equal(refused.statusCode, 401, refused.body);
    assert.match(refused.json().detail, /x-api-key header/);
    assert.equal(refused.json().errors[0].parameter, 'api_key');
    const other = await app.inject({
      method: 'GET',
      url: `/v0/persons?token=${secrets[1]}&Password=${secrets[2]}&X-Api-Key=${tenant.key}`,
    });
    assert.equal(other.statusCode, 401);
    await app.inject({ method: 'GET', url: `/nowhere?key=${tenant.key}` });
    const output = lines.join('');
    assert.ok(output.includes('api_key=[redacted]'), 'the parameter name stays, its value goes');
    for (const secret of secrets) {
      assert.ok(!output.includes(secret), `a secret in a URL leaked into the logs: ${secret.slice(0, 8)}…`);
    }
  });
});
