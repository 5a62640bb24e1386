import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { FakeAgent, makeWorker } from '../../../test/pages-factories.js';
import { type DemoSeed, seedDemo } from '../../seed/demo.js';

describeEachDatabase('the send_message_and_wait tool', (ctx) => {
  let client: Client;
  let seed: DemoSeed;

  before(async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    seed = await seedDemo(ctx.database.db);
    client = new Client({ name: 'quire-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { 'x-api-key': seed.apiKey } },
      }),
    );
  });
  after(() => client.close());

  const worker = (agent: FakeAgent, maxAttempts = 3) =>
    makeWorker(ctx, { tenantId: seed.tenantId, key: seed.apiKey, keyId: '' }, agent, { maxAttempts });

  async function sendAndWait(args: Record<string, unknown>, onprogress?: (progress: Progress) => void) {
    return (await client.callTool(
      {
        name: 'send_message_and_wait',
        arguments: { page_id: seed.pageId, audience_id: seed.audienceId, ...args },
      },
      undefined,
      onprogress ? { onprogress } : {},
    )) as CallToolResult;
  }

  it('reports progress while the agent works, then returns its reply and changes', async () => {
    const agent = new FakeAgent();
    const versionWorker = worker(agent);
    const progress: Progress[] = [];
    const result = await sendAndWait({ message: 'title: Contoso, ready in a week', waitSeconds: 30 }, (p) => {
      progress.push(p);
      // The worker starts only once the tool has said it is waiting.
      versionWorker.start();
    });
    await versionWorker.stop();
    assert.ok(!result.isError, JSON.stringify(result.content));
    assert.ok(progress.length >= 1, 'at least one progress notification');
    assert.equal(progress[0]!.total, 30);
    const out = result.structuredContent as {
      outcome: string;
      accepted: { versionId: string };
      reply: { content: string; versionId: string; role: string };
      changes: { newValue: string }[];
    };
    assert.equal(out.outcome, 'drafted');
    assert.equal(out.reply.role, 'agent');
    assert.equal(out.reply.versionId, out.accepted.versionId);
    assert.equal(out.reply.content, 'Title changed to "Contoso, ready in a week".');
    assert.ok(out.changes.some((change) => change.newValue === 'Contoso, ready in a week'));
    // The same reply the REST conversation shows.
    const conversation = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${seed.pageId}/audiences/${seed.audienceId}/messages`,
      key: seed.apiKey,
    });
    assert.deepEqual(
      conversation.body.messages.find(
        (m: { versionId: string; role: string }) =>
          m.role === 'agent' && m.versionId === out.accepted.versionId,
      ),
      out.reply,
    );
  });

  it('answers "waiting" when the bound passes before the draft, and "interrupted" when the agent fails', async () => {
    const waiting = await sendAndWait({ message: 'title: Later', waitSeconds: 1 });
    assert.equal((waiting.structuredContent as { outcome: string }).outcome, 'waiting');
    assert.equal((waiting.structuredContent as { reply: unknown }).reply, null);

    const failing = new FakeAgent();
    failing.failuresLeft = 100;
    const versionWorker = worker(failing, 1);
    versionWorker.start();
    const interrupted = await sendAndWait({ message: 'title: Never', waitSeconds: 30 });
    await versionWorker.stop();
    const out = interrupted.structuredContent as { outcome: string; reply: { isInterrupted: boolean } };
    assert.equal(out.outcome, 'interrupted');
    assert.equal(out.reply.isInterrupted, true);
  });

  it('refuses a wait out of bounds and reports the API problem of a bad message', async () => {
    const tooLong = await sendAndWait({ message: 'x', waitSeconds: 301 });
    assert.equal(tooLong.isError, true);
    assert.match((tooLong.content[0] as { text: string }).text, /waitSeconds/);
    const empty = await sendAndWait({ message: '' });
    assert.equal(empty.isError, true);
    assert.match((empty.content[0] as { text: string }).text, /^400 validation_failed: .*message/);
    const elsewhere = await sendAndWait({
      message: 'hi',
      audience_id: 'audience_01jdq8m3k4e8v9t6w5x2y1z0ab',
    });
    assert.match((elsewhere.content[0] as { text: string }).text, /^404 /);
  });

  // Last: it leaves the app draining.
  it('stops waiting with a note, not an error, when the server starts shutting down after sending', async () => {
    const result = await sendAndWait({ message: 'title: Shutdown', waitSeconds: 30 }, () =>
      ctx.app.beginDrain(),
    );
    assert.ok(!result.isError, JSON.stringify(result.content));
    const out = result.structuredContent as {
      outcome: string;
      note: string;
      accepted: { versionId: string };
    };
    assert.equal(out.outcome, 'waiting');
    assert.match(out.accepted.versionId, /^version_/);
    assert.match(
      out.note,
      /The message was sent, but reading the conversation failed \(503 service_unavailable/,
    );
  });
});
