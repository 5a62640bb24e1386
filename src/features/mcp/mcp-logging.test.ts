import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { makeTenant } from '../../../test/factories.js';
import { openTestDatabase, testConfig } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';

describe('MCP tool calls in the logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;

  before(async () => {
    database = openTestDatabase('sqlite');
    await migrateToLatest(database.db);
    app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database,
      logger: { write: (line: string) => void lines.push(line) },
    });
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  it('log each tool call as its /v0 request, under the MCP request id, with no key', async () => {
    const tenant = await makeTenant({ database } as Parameters<typeof makeTenant>[0]);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${tenant.key}`, 'x-request-id': 'mcp-log-1' } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'list_persons', arguments: {} });
      assert.ok(!result.isError);
    } finally {
      await client.close();
    }
    const entries = lines.map((line) => JSON.parse(line));
    const inner = entries.find((e) => e.requestId === 'mcp-log-1.1' && e.url === '/v0/persons');
    assert.ok(inner, `the tool's /v0 request is logged: ${lines.join('')}`);
    assert.ok(entries.some((e) => e.requestId === 'mcp-log-1.1' && e.statusCode === 200));
    const output = lines.join('');
    assert.ok(!output.includes(tenant.key.slice(6)), 'the API key never reaches the logs');
  });
});
