import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { injectCaller } from './api-caller.js';
import { createMcpServer, operationsFor } from './mcp-server.js';
import { sendMessageAndWaitTool } from './send-message-and-wait.tool.js';

describeEachDatabase('createMcpServer', (ctx) => {
  it("offers only the tools the caller's key may use, and refuses the others", async () => {
    const tenant = await makeTenant(ctx);
    assert.ok(operationsFor(ctx.app).some((o) => o.method !== 'GET'));
    const server = createMcpServer(
      ctx.app,
      injectCaller(ctx.app, { apiKey: tenant.key }),
      [sendMessageAndWaitTool],
      {
        // A read-only caller, judged here by method (the API checks real scopes itself).
        allows: (operation) => operation.method === 'GET',
      },
    );
    const client = new Client({ name: 'quire-test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.length > 0);
      for (const tool of tools) assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
      assert.ok(!tools.some((t) => t.name === 'send_message_and_wait'));
      const refused = (await client.callTool({
        name: 'create_person',
        arguments: { name: 'A' },
      })) as CallToolResult;
      assert.equal(refused.isError, true);
      assert.match((refused.content[0] as { text: string }).text, /Unknown tool/);
    } finally {
      await client.close();
    }
  });
});
