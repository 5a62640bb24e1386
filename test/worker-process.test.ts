/**
 * Real `quire worker` processes against the test database: a worker killed with SIGKILL while the
 * agent works loses its lease and the version is processed exactly once by another worker; two
 * workers on one PostgreSQL never process a version twice and keep each audience's order.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { it } from 'node:test';
import { createVersion } from '../src/features/audiences/versions.service.js';
import { makeTenant, type TestTenant } from './factories.js';
import { describeEachDatabase, type TestContext } from './harness.js';
import { makeAudience, makePage } from './pages-factories.js';

function startWorker(ctx: TestContext, tenant: TestTenant, env: Record<string, string>): ChildProcess {
  const database =
    ctx.dialect === 'postgres'
      ? { DATABASE_URL: process.env.QUIRE_TEST_PG_URL! }
      : { DATA_DIR: path.dirname(ctx.database.location) };
  const child = spawn(process.execPath, ['bin/quire.mjs', 'worker', '--tenant', tenant.tenantId], {
    env: { ...process.env, ...database, LOG_LEVEL: 'warn', WORKER_POLL_MS: '25', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', () => {});
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function versionsOf(ctx: TestContext, tenant: TestTenant) {
  return ctx.database.db
    .selectFrom('audience_versions')
    .selectAll()
    .where('tenant_id', '=', tenant.tenantId)
    .orderBy('audience_id')
    .orderBy('version_number')
    .execute();
}

function replyCounts(ctx: TestContext, tenant: TestTenant) {
  return ctx.database.db
    .selectFrom('messages')
    .select(['version_id', (eb) => eb.fn.countAll<number>().as('replies')])
    .where('tenant_id', '=', tenant.tenantId)
    .where('role', '=', 'agent')
    .groupBy('version_id')
    .execute();
}

describeEachDatabase('quire worker processes', (ctx) => {
  it('a worker killed mid-processing loses its lease; another processes the version exactly once', async () => {
    const tenant = await makeTenant(ctx);
    // An OpenAI-compatible endpoint that takes the request and never answers: the agent hangs.
    const received: string[] = [];
    const silent = http.createServer((request) => void received.push(request.url ?? ''));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const { versionId } = await makeAudience(ctx, tenant);
    const doomed = startWorker(ctx, tenant, {
      AGENT: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_MODEL: 'test-model',
      AGENT_TIMEOUT_MS: '120000',
      WORKER_LEASE_MS: '1000',
    });
    try {
      await until('the agent call', async () => received.length > 0);
      const held = await versionsOf(ctx, tenant);
      assert.equal(held[0]!.status, 'processing');
      assert.equal(held[0]!.attempts, 1);
      doomed.kill('SIGKILL');
      await exited(doomed);
    } finally {
      doomed.kill('SIGKILL');
      silent.closeAllConnections();
      silent.close();
    }
    const rescuer = startWorker(ctx, tenant, { AGENT: 'builtin', WORKER_LEASE_MS: '1000' });
    try {
      const [version] = await until('the draft', async () => {
        const rows = await versionsOf(ctx, tenant);
        return rows[0]!.status === 'draft' && rows;
      });
      assert.equal(version!.id, versionId);
      assert.equal(version!.attempts, 2, 'the lost attempt and the one that finished');
      const replies = await replyCounts(ctx, tenant);
      assert.deepEqual(
        replies.map((r) => [r.version_id, Number(r.replies)]),
        [[versionId, 1]],
      );
    } finally {
      rescuer.kill('SIGTERM');
      await exited(rescuer);
    }
    assert.equal(rescuer.exitCode, 0, 'quire worker stops cleanly on SIGTERM');
  });

  it('two workers process 200 versions across 20 audiences: none twice, each audience in order', async (t) => {
    if (ctx.dialect !== 'postgres') return t.skip('SQLite has a single writer; this is the PostgreSQL case');
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    for (let a = 0; a < 20; a++) {
      const { audienceId } = await makeAudience(ctx, tenant, page.id, { customName: `Audience ${a}` });
      for (let v = 2; v <= 10; v++)
        await createVersion(ctx.database.db, tenant.tenantId, page.id, audienceId, undefined);
    }
    const env = { AGENT: 'builtin', WORKER_LEASE_MS: '5000' };
    const workers = [startWorker(ctx, tenant, env), startWorker(ctx, tenant, env)];
    try {
      const versions = await until(
        'all 200 drafts',
        async () => {
          const rows = await versionsOf(ctx, tenant);
          return rows.every((r) => r.status === 'draft') && rows;
        },
        120_000,
      );
      assert.equal(versions.length, 200);
      // From the first claim (queuedAt + queueDurationMs) to the last draft: the workers' own time.
      const first = Math.min(...versions.map((v) => v.queued_at! + v.queue_duration_ms!));
      const last = Math.max(...versions.map((v) => v.became_draft_at!));
      t.diagnostic(
        `2 worker processes drafted 200 versions in ${last - first} ms (first claim to last draft)`,
      );
      assert.ok(
        versions.every((v) => v.attempts === 1),
        'every version was claimed exactly once',
      );
      const replies = await replyCounts(ctx, tenant);
      assert.equal(replies.length, 200);
      assert.ok(
        replies.every((r) => Number(r.replies) === 1),
        'one reply per version',
      );
      for (let i = 1; i < versions.length; i++) {
        const [before, after] = [versions[i - 1]!, versions[i]!];
        if (before.audience_id !== after.audience_id) continue;
        assert.equal(after.version_number, before.version_number + 1);
        assert.ok(
          after.queued_at! >= before.became_draft_at!,
          'queued only once the previous one was drafted',
        );
        assert.ok(after.became_draft_at! >= before.became_draft_at!);
      }
    } finally {
      for (const worker of workers) worker.kill('SIGTERM');
      await Promise.all(workers.map(exited));
    }
  });
});
