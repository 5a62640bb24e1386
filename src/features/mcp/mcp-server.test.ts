import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { createApiKey } from '../tenants/tenants.service.js';
import { injectCaller } from './api-caller.js';
import { createMcpServer, operationsFor } from './mcp-server.js';
import { sendMessageAndWaitTool } from './send-message-and-wait.tool.js';

describeEachDatabase('createMcpServer', (ctx) => {
  it("offers only the tools the caller's key may use; the API refuses the others when called", async () => {
    const tenant = await makeTenant(ctx);
    assert.ok(operationsFor(ctx.app).some((o) => o.method !== 'GET'));
    const readOnly = ['pages:read', 'persons:read', 'assets:read'] as const;
    const key = await createApiKey(ctx.database.db, tenant.tenantId, null, [...readOnly]);
    const server = createMcpServer(
      ctx.app,
      injectCaller(ctx.app, { apiKey: key.apiKey }),
      [sendMessageAndWaitTool],
      {
        allows: (scope) => (readOnly as readonly string[]).includes(scope),
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
      assert.match((refused.content[0] as { text: string }).text, /^403 forbidden: .*persons:write/);
    } finally {
      await client.close();
    }
  });
});
