import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { describe, it } from 'node:test';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { openEventStream } from './event-stream-client.js';
import { DIALECTS } from './harness.js';
import { isolatedEnvFor, quire, serve, spawnQuire, stop } from './processes.js';
import { startReceiver } from './webhook-receiver.js';

/**
 * Several nodes on one PostgreSQL: two API processes and two workers. Every event is delivered,
 * and no webhook-id arrives twice except to retry an attempt that failed; each API process's stream
 * carries every event once, whichever process wrote it.
 */
describe('events with two API nodes and two workers on one PostgreSQL', () => {
  if (!DIALECTS.includes('postgres')) {
    it('needs PostgreSQL', { skip: 'the PostgreSQL suite is not running' }, () => {});
    return;
  }

  it('delivers every event, once unless an attempt failed, and streams it on both nodes', {
    timeout: 240_000,
  }, async (t) => {
    const { env: isolated, drop } = await isolatedEnvFor('postgres');
    t.after(drop);
    const env = {
      ...isolated,
      WORKERS: '0',
      WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
      EVENTS_POLL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '100',
      WORKER_POLL_MS: '50',
      // Twenty writes of one tenant at once, through two nodes.
      TENANT_CONCURRENCY: '0',
    };
    const receiver = await startReceiver();
    t.after(() => receiver.close());
    // Every fifth request fails: those, and only those, are sent again.
    let count = 0;
    const failed = new Set<number>();
    const answer = async (request: { receivedAt: number }) => {
      count++;
      if (count % 5 === 0) {
        failed.add(receivedIndex(request));
        return 500;
      }
      return 200;
    };
    const receivedIndex = (request: { receivedAt: number }) =>
      receiver.received.indexOf(request as (typeof receiver.received)[number]);
    receiver.answers.push(...Array.from({ length: 1000 }, () => answer));

    const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
    const hook = JSON.parse(
      (
        await quire(
          env,
          'webhooks',
          'create',
          '--tenant',
          seed.tenantId,
          '--url',
          receiver.url,
          '--events',
          '*',
          '--json',
        )
      ).stdout,
    );
    const nodes = [await serve(env), await serve(env)];
    const workers: ChildProcess[] = [0, 1].map(() =>
      spawnQuire(['worker'], { env, stdio: ['ignore', 'ignore', 'ignore'] }),
    );
    t.after(async () => {
      for (const worker of workers) worker.kill('SIGTERM');
      for (const node of nodes) await stop(node.child);
    });
    const streams = await Promise.all(
      nodes.map((node) => openEventStream(`${node.base}/v0/events`, { 'x-api-key': seed.apiKey })),
    );
    t.after(() => {
      for (const stream of streams) stream.close();
    });
    const call = (i: number, path: string, body: unknown) =>
      fetch(`${nodes[i % 2]!.base}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': seed.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const writes: Promise<Response>[] = [];
    for (let i = 0; i < 8; i++)
      writes.push(call(i, '/v0/persons', { name: `Node person ${i}`, domain: `n${i}.example.com` }));
    for (let i = 0; i < 8; i++)
      writes.push(
        call(i, '/v0/account_logs', {
          accountId: seed.accountId,
          source: 'crm',
          type: 'deal-won',
          payload: { i },
        }),
      );
    for (let i = 0; i < 4; i++)
      writes.push(
        call(i, `/v0/pages/${seed.pageId}/audiences/${seed.audienceId}/messages`, {
          message: `Add keyword node-${i}`,
        }),
      );
    for (const response of await Promise.all(writes))
      assert.ok(response.status < 300, String(response.status));

    // What the outbox holds for the tenant since the endpoint exists: every one must arrive.
    const client = new pg.Client({ connectionString: isolated.DATABASE_URL });
    // Dropping the database at the end terminates this connection too.
    client.on('error', () => {});
    await client.connect();
    t.after(() => client.end());
    const expected = async () =>
      (
        await client.query<{ id: string }>(
          'select id from events where tenant_id = $1 and created_at >= $2 and target_endpoint_id is null',
          [seed.tenantId, Date.parse(hook.createdAt)],
        )
      ).rows.map((r) => r.id);
    const delivered = () =>
      new Set(receiver.received.filter((_r, i) => !failed.has(i)).map((r) => r.headers['webhook-id']));
    // Wait for the agent to draft the four versions, then for every event to arrive.
    for (const deadline = Date.now() + 180_000; ; ) {
      const ids = await expected();
      const drafted = (
        await client.query(
          "select count(*) as n from events where tenant_id = $1 and type = 'version.drafted' and created_at >= $2",
          [seed.tenantId, Date.parse(hook.createdAt)],
        )
      ).rows[0].n;
      if (
        Number(drafted) >= 4 &&
        ids.every((id) => delivered().has(id)) &&
        streams.every((s) => ids.every((id) => s.messages.some((m) => m.id === id)))
      )
        break;
      assert.ok(Date.now() < deadline, `delivered ${delivered().size} of ${ids.length}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = await expected();
    assert.ok(
      ids.length >= 8 + 8 + 8 + 4 * 4,
      `persons, accounts, logs and four message flows: ${ids.length}`,
    );
    const byId = new Map<string, number[]>();
    receiver.received.forEach((request, index) => {
      new Webhook(hook.secret).verify(request.body, request.headers);
      const id = request.headers['webhook-id']!;
      byId.set(id, [...(byId.get(id) ?? []), index]);
    });
    for (const id of ids) {
      const requests = byId.get(id) ?? [];
      const failures = requests.filter((index) => failed.has(index)).length;
      assert.equal(requests.length, failures + 1, `${id}: sent again only after a failed attempt`);
    }
    assert.deepEqual([...byId.keys()].sort(), [...ids].sort(), 'nothing else was delivered');
    for (const stream of streams) {
      const streamed = stream.messages.map((m) => m.id);
      assert.equal(new Set(streamed).size, streamed.length, 'no event twice on a stream');
      assert.deepEqual([...streamed].sort(), [...ids].sort(), 'each node streams every event');
    }
  });
});
