import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { type DemoSeed, seedDemo } from '../../seed/demo.js';

describeEachDatabase('MCP resources: pages, audiences, topic entries', (ctx) => {
  let base: string;
  let seed: DemoSeed;
  const clients: Client[] = [];

  before(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    seed = await seedDemo(ctx.database.db);
  });
  after(async () => {
    for (const client of clients) await client.close();
  });

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { 'x-api-key': key } },
      }),
    );
    clients.push(client);
    return client;
  }

  it('offers a template per kind and reads each as the REST API answers it', async () => {
    const client = await connect(seed.apiKey);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      [
        'quire://pages/{page_id}',
        'quire://pages/{page_id}/audiences/{audience_id}',
        'quire://topics/{topic_id}/entries',
      ],
    );
    assert.deepEqual((await client.listResources()).resources, []);
    const reads = [
      [`quire://pages/${seed.pageId}`, `/v0/pages/${seed.pageId}`],
      [
        `quire://pages/${seed.pageId}/audiences/${seed.audienceId}`,
        `/v0/pages/${seed.pageId}/audiences/${seed.audienceId}`,
      ],
      [`quire://topics/${seed.topicId}/entries`, `/v0/topics/${seed.topicId}/entries?limit=100`],
    ] as const;
    for (const [uri, url] of reads) {
      const { contents } = await client.readResource({ uri });
      assert.equal(contents[0]!.uri, uri);
      assert.equal(contents[0]!.mimeType, 'application/json');
      const rest = await ctx.request({ method: 'GET', url, key: seed.apiKey });
      assert.deepEqual(JSON.parse((contents[0] as { text: string }).text), rest.body, uri);
    }
  });

  it("answers 'resource not found' for another tenant's records and unknown addresses", async () => {
    const other = await makeTenant(ctx);
    const client = await connect(other.key);
    for (const uri of [
      `quire://pages/${seed.pageId}`,
      `quire://pages/${seed.pageId}/audiences/${seed.audienceId}`,
      `quire://topics/${seed.topicId}/entries`,
      'quire://persons',
    ]) {
      await assert.rejects(client.readResource({ uri }), (error: { code: number; message: string }) => {
        assert.equal(error.code, -32002, `${uri}: ${error.message}`);
        return true;
      });
    }
  });
});
