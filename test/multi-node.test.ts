import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { describe, it } from 'node:test';
import { DIALECTS } from './harness.js';
import { envFor, quire, serve, spawnQuire, stop } from './processes.js';

/**
 * Several nodes on one PostgreSQL: two API processes and two worker processes, with Redis for the
 * shared rate limits. Idempotency holds across nodes, no version is processed twice, and one API
 * key has one budget whichever node it calls.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two API nodes and two workers on one PostgreSQL with Redis', () => {
  if (!DIALECTS.includes('postgres')) {
    it('needs PostgreSQL', { skip: 'the PostgreSQL suite is not running' }, () => {});
    return;
  }

  it('keeps idempotency, processes each version once, and shares rate limits', {
    timeout: 240_000,
  }, async () => {
    const env = {
      ...envFor('postgres'),
      WORKERS: '0',
      REDIS_URL,
      RATE_LIMIT_PER_SECOND: '1',
      RATE_LIMIT_BURST: '20',
    };
    const seed = async () => JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
    const [a, b, c] = [await seed(), await seed(), await seed()];
    const nodes = [await serve(env), await serve(env)];
    const workers: ChildProcess[] = [];
    try {
      const call = (i: number, key: string, path: string, init: RequestInit = {}) =>
        fetch(nodes[i % 2]!.base + path, {
          ...init,
          headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
        });

      // Reads wait out the rate limit (1 request per second after the burst of 20).
      const read = async <T>(i: number, key: string, path: string): Promise<T> => {
        for (;;) {
          const response = await call(i, key, path);
          if (response.status !== 429) return (await response.json()) as T;
          await new Promise((resolve) =>
            setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000),
          );
        }
      };

      // 1. One idempotency key, 16 concurrent requests split over both nodes: one log.
      const body = JSON.stringify({
        accountId: a.accountId,
        source: 'crm',
        type: 'deal-won',
        payload: { n: 1 },
        idempotencyKey: 'multi-node-1',
      });
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => call(i, a.apiKey, '/v0/account_logs', { method: 'POST', body })),
      );
      const ids = new Set<string>();
      for (const answer of answers) {
        assert.ok(answer.status === 201, `status ${answer.status}`);
        ids.add(((await answer.json()) as { accountLogId: string }).accountLogId);
      }
      assert.equal(ids.size, 1, 'every node answered with the same log');

      // 2. Messages through both nodes, versions processed by two workers: each exactly once.
      for (let w = 0; w < 2; w++) {
        const child = spawnQuire(['worker', '--tenant', b.tenantId], {
          env: { ...env, LOG_LEVEL: 'warn', WORKER_POLL_MS: '25' },
          stdio: ['ignore', 'ignore', 'ignore'],
        });
        workers.push(child);
      }
      const messages = `/v0/pages/${b.pageId}/audiences/${b.audienceId}/messages`;
      for (let i = 0; i < 10; i++) {
        const sent = await call(i, b.apiKey, messages, {
          method: 'POST',
          body: JSON.stringify({ message: `Add keyword node-${i}` }),
        });
        assert.equal(sent.status, 202);
      }
      const audience = `/v0/pages/${b.pageId}/audiences/${b.audienceId}`;
      let latest = { versionNumber: 0, status: '' };
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
        latest = (await read<{ latestVersion: typeof latest }>(0, b.apiKey, audience)).latestVersion;
        if (latest.versionNumber === 11 && latest.status === 'draft') break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      assert.deepEqual(
        [latest.versionNumber, latest.status],
        [11, 'draft'],
        'version 1 and the ten asked for are drafted',
      );
      const conversation = await read<{ messages: { hasSnapshot: boolean; isInterrupted: boolean }[] }>(
        1,
        b.apiKey,
        messages,
      );
      const replies = conversation.messages.filter((m) => m.hasSnapshot);
      assert.equal(replies.length, 11, 'one agent reply per version: none processed twice');
      assert.ok(replies.every((m) => !m.isInterrupted));

      // 3. One key, one budget (burst 20) across both nodes.
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await call(i, c.apiKey, '/v0/persons')).status);
      const allowed = statuses.filter((s) => s === 200).length;
      assert.ok(allowed >= 20 && allowed <= 24, `allowed ${allowed} of 30 (unshared limits would allow 30)`);
      assert.ok(statuses.filter((s) => s === 429).length >= 6);
    } finally {
      for (const worker of workers) worker.kill('SIGTERM');
      for (const node of nodes) await stop(node.child);
    }
  });
});
