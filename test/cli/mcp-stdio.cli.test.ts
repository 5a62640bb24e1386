import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { tenantsWithKeys } from '../../src/features/tenants/tenants.service.js';
import type { DemoSeed } from '../../src/seed/demo.js';
import { DIALECTS } from '../harness.js';
import { callTool, checkEveryTool, checkOtherTenant, DEMO_EXPERIMENT } from '../mcp-tool-plan.js';
import { envFor, QUIRE, quire } from '../processes.js';

for (const dialect of DIALECTS) {
  describe(`quire mcp --tenant (stdio) [${dialect}]`, () => {
    // No workers: PostgreSQL's test database is shared by test files running in parallel.
    const env = { ...envFor(dialect), WORKERS: '0' } as Record<string, string>;
    let seed: DemoSeed;
    let database: Database;
    let app: FastifyInstance;

    before(async () => {
      seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      // A stopped experiment on the demo page, for the experiment tools (test/mcp-tool-plan.ts).
      const experiment = JSON.parse(
        (
          await quire(
            env,
            'experiments',
            'create',
            seed.pageId as string,
            '--tenant',
            seed.tenantId,
            '--name',
            DEMO_EXPERIMENT.name,
            '--arms',
            DEMO_EXPERIMENT.arms.map((a) => `${a.key}:${a.kind}:${a.weight}`).join(','),
            '--metric',
            DEMO_EXPERIMENT.metric.kind,
            '--json',
          )
        ).stdout,
      );
      await quire(env, 'experiments', 'stop', experiment.experimentId, '--tenant', seed.tenantId);
      // The REST side of the comparison: the same application on the same database, in this process.
      const config = loadConfig(env);
      database = openDatabase(config, { poolSize: 2 });
      app = await buildApp({ config, database, logger: false });
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    async function connect(tenant: string): Promise<Client> {
      const client = new Client({ name: 'quire-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [QUIRE, 'mcp', '--tenant', tenant],
          env,
          stderr: 'pipe',
        }),
      );
      return client;
    }

    it('lists and calls every tool with the data of the REST API, then revokes its session key', async () => {
      const client = await connect(seed.tenantId);
      try {
        const { tools } = await client.listTools();
        const called = await checkEveryTool(client, seed, async ({ method, url, body }) => {
          const response = await app.inject({
            method,
            url,
            headers: {
              'x-api-key': seed.apiKey,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          return { status: response.statusCode, body: response.json() };
        });
        const waited = await callTool(client, 'send_message_and_wait', {
          page_id: seed.pageId,
          audience_id: seed.audienceId,
          message: 'title: From the terminal',
          waitSeconds: 1,
        });
        assert.equal(
          (waited.structuredContent as { outcome: string }).outcome,
          'waiting',
          JSON.stringify(waited),
        );
        assert.deepEqual([...called, 'send_message_and_wait'].sort(), tools.map((t) => t.name).sort());
      } finally {
        await client.close();
      }
      const [tenant] = (await tenantsWithKeys(database.db)).filter((t) => t.tenantId === seed.tenantId);
      const session = tenant!.keys.find((k) => k.label?.startsWith('quire mcp (stdio)'));
      assert.ok(session, 'the session made a key of its own');
      for (let i = 0; i < 50 && (await keyOf(session.keyId)) === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      assert.notEqual(await keyOf(session.keyId), null, 'the session key is revoked when the session ends');
    });

    async function keyOf(keyId: string): Promise<string | null> {
      const tenants = await tenantsWithKeys(database.db);
      return tenants.flatMap((t) => t.keys).find((k) => k.keyId === keyId)?.revokedAt ?? null;
    }

    it("sees nothing of another tenant's records", async () => {
      const other = JSON.parse(
        (await quire(env, 'tenants', 'create', `other-${Date.now()}`, '--json')).stdout,
      );
      const client = await connect(other.tenantId);
      try {
        await checkOtherTenant(client, seed);
      } finally {
        await client.close();
      }
    });

    it('refuses an unknown tenant with a message on stderr', async () => {
      await assert.rejects(
        quire(env, 'mcp', '--tenant', 'no-such-tenant'),
        (error: { code: number; stderr: string }) => {
          assert.equal(error.code, 1);
          assert.match(error.stderr, /Tenant "no-such-tenant" not found/);
          return true;
        },
      );
    });
  });
}
