import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import {
  callTool,
  checkEveryTool,
  checkOtherTenant,
  DEMO_EXPERIMENT,
  toolCallPlan,
} from '../../../test/mcp-tool-plan.js';
import { type DemoSeed, seedDemo } from '../../seed/demo.js';
import { createExperiment, stopExperiment } from '../experiments/experiments.service.js';
import { createApiKey } from '../tenants/tenants.service.js';

describeEachDatabase('POST /mcp (Streamable HTTP)', (ctx) => {
  let base: string;
  let seed: DemoSeed;
  let experimentId: string;

  before(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    seed = await seedDemo(ctx.database.db);
    const experiment = await createExperiment(
      ctx.database.db,
      seed.tenantId,
      seed.pageId as string,
      structuredClone(DEMO_EXPERIMENT) as never,
    );
    await stopExperiment(ctx.database.db, seed.tenantId, experiment.experimentId);
    experimentId = experiment.experimentId;
  });

  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }),
    );
    return client;
  }

  it('lists a tool for every /v0 operation, with schemas from the OpenAPI document', async () => {
    const client = await connect({ 'x-api-key': seed.apiKey });
    try {
      const { tools } = await client.listTools();
      const document = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
      // Every operation but the event stream, which never ends and so is no tool.
      const operationIds = Object.values(document.paths).flatMap((item) =>
        Object.values(item as Record<string, { operationId: string }>)
          .map((o) => o.operationId)
          .filter((id) => id !== 'streamEvents'),
      );
      assert.equal(tools.length, operationIds.length + 1);
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      const createPerson = byName.get('create_person')!;
      const body = document.components.schemas.CreatePersonBody;
      assert.deepEqual(createPerson.inputSchema.properties, JSON.parse(JSON.stringify(body.properties)));
      assert.deepEqual(createPerson.inputSchema.required, body.required);
      assert.equal(createPerson.annotations?.readOnlyHint, false);
      assert.equal(byName.get('get_person')!.annotations?.readOnlyHint, true);
      assert.equal(byName.get('update_person_log')!.annotations?.destructiveHint, true);
      assert.equal(byName.get('get_person')!.outputSchema?.type, 'object');
      assert.ok(byName.has('send_message_and_wait'));
      for (const tool of tools) assert.ok((tool.description ?? '').length > 40, tool.name);
    } finally {
      await client.close();
    }
  });

  it('calls every tool and gets what the REST API answers; another tenant sees nothing of it', async () => {
    const client = await connect({ 'x-api-key': seed.apiKey });
    const other = await makeTenant(ctx);
    const stranger = await connect({ authorization: `Bearer ${other.key}` });
    try {
      const called = await checkEveryTool(client, seed, ({ method, url, body }) =>
        ctx.request({ method, url, body, key: seed.apiKey }),
      );
      const { tools } = await client.listTools();
      const expected = tools.map((t) => t.name).filter((name) => name !== 'send_message_and_wait');
      assert.deepEqual([...called].sort(), expected.sort(), 'every /v0 tool was called');
      await checkOtherTenant(stranger, seed);
    } finally {
      await client.close();
      await stranger.close();
    }
  });

  it("offers a pages:read key the reading tools of pages only; every writing tool is the API's 403", async () => {
    const reader = await createApiKey(ctx.database.db, seed.tenantId, 'mcp read-only', ['pages:read']);
    const full = await connect({ 'x-api-key': seed.apiKey });
    const client = await connect({ authorization: `Bearer ${reader.apiKey}` });
    try {
      const everything = (await full.listTools()).tools;
      const offered = (await client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(offered, [
        'get_audience',
        'get_audience_messages',
        'get_experiment_results',
        'get_page',
        'list_audiences',
        'list_page_experiments',
        'list_pages',
      ]);
      const plan = new Map(toolCallPlan(seed).map((step) => [step.tool, step]));
      const writing = everything.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name);
      assert.ok(writing.includes('publish_audience_version') && writing.includes('send_message_and_wait'));
      for (const name of writing) {
        const step = plan.get(name);
        const args =
          step === undefined
            ? { page_id: seed.pageId, audience_id: seed.audienceId, message: 'title: Nope', waitSeconds: 1 }
            : typeof step.args === 'function'
              ? step.args(new Map())
              : step.args;
        const result = await callTool(client, name, args);
        assert.equal(result.isError, true, `${name} is refused`);
        const [summary, problem] = result.content as { text: string }[];
        assert.match(
          summary!.text,
          /^403 forbidden: This operation needs the scope [a-z]+:(write|publish);/,
          name,
        );
        const document = JSON.parse(problem!.text);
        assert.equal(document.status, 403, name);
        assert.equal(document.code, 'forbidden', name);
      }
      for (const name of offered) {
        const step = plan.get(name)!;
        const done = new Map([['list_page_experiments', { items: [{ experimentId }] }]]);
        const args = typeof step.args === 'function' ? step.args(done) : step.args;
        const result = await callTool(client, name, args);
        assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
        const rest = step.rest(result.structuredContent as Record<string, unknown>);
        const answer = await ctx.request({ ...rest, key: reader.apiKey });
        assert.deepEqual(result.structuredContent, answer.body, `${name} returns what the REST call returns`);
      }
      const persons = await callTool(client, 'list_persons', {});
      assert.match((persons.content[0] as { text: string }).text, /^403 forbidden: .*persons:read/);
    } finally {
      await full.close();
      await client.close();
    }
  });

  it('reports a bad call as a tool error carrying the problem detail', async () => {
    const client = await connect({ 'x-api-key': seed.apiKey });
    try {
      const invalid = await callTool(client, 'create_person', { name: '', email: 'nope' });
      assert.equal(invalid.isError, true);
      const [summary, problem] = invalid.content as { text: string }[];
      assert.match(summary!.text, /^400 validation_failed: .*name/);
      assert.equal(JSON.parse(problem!.text).code, 'validation_failed');
      const unknown = await callTool(client, 'create_person', { name: 'A', nickname: 'B' });
      assert.match((unknown.content[0] as { text: string }).text, /nickname/);
      const missing = await callTool(client, 'get_person', {});
      assert.equal(missing.isError, true);
      assert.match((missing.content[0] as { text: string }).text, /person_id is required/);
    } finally {
      await client.close();
    }
  });

  it('refuses a missing or unknown key with 401 before any MCP work', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'x-api-key': 'quire_not_a_key' },
      { authorization: 'Bearer quire_nope' },
    ];
    for (const headers of refused) {
      const response = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      assert.equal(response.status, 401);
      assert.equal((await response.json()).code, 'unauthenticated');
    }
    const get = await fetch(`${base}/mcp`, { headers: { 'x-api-key': seed.apiKey } });
    assert.equal(get.status, 405);
    // The Bearer form is an MCP convenience: /v0 keeps to x-api-key.
    const bearerOnV0 = await ctx.request({
      method: 'GET',
      url: '/v0/persons',
      headers: { authorization: `Bearer ${seed.apiKey}` },
    });
    assert.equal(bearerOnV0.status, 401);
  });
});
