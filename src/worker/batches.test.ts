import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant, type TestTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../test/pages-factories.js';
import type { AgentInput, AgentResult, PageAgent } from '../agent/page-agent.js';
import { backgroundShare } from '../background-share.js';
import { claimQueued } from '../features/audiences/versions.repository.js';
import { sharedRegistry } from '../metrics/telemetry.js';

/** Waits until `done()`, failing after two seconds. */
async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The fake agent as one that runs in the process, like the built-in agent: the worker claims batches. */
class InProcessAgent extends FakeAgent {
  readonly inProcess = true;
}

describeEachDatabase('batches of the built-in agent (issue 34)', (ctx) => {
  async function audiences(tenant: TestTenant, count: number) {
    const page = await makePage(ctx, tenant);
    const made = [];
    for (let i = 0; i < count; i++) made.push(await makeAudience(ctx, tenant, page.id));
    return made;
  }

  async function versions(tenant: TestTenant) {
    return ctx.database.db
      .selectFrom('audience_versions')
      .select(['audience_id', 'status', 'attempts'])
      .where('tenant_id', '=', tenant.tenantId)
      .orderBy('queued_at')
      .orderBy('id')
      .execute();
  }

  it('claims several versions at once, oldest first, and drafts each exactly once', async () => {
    const tenant = await makeTenant(ctx);
    const made = await audiences(tenant, 7);
    const agent = new InProcessAgent();
    assert.equal(await drain(makeWorker(ctx, tenant, agent, { batchSize: 3 })), 3, 'three claims: 3 + 3 + 1');
    assert.deepEqual(
      agent.inputs.map((input) => input.audience.audienceId),
      made.map((m) => m.audienceId),
    );
    for (const version of await versions(tenant)) {
      assert.equal(version.status, 'draft');
      assert.equal(version.attempts, 1);
    }
    const replies = await ctx.database.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenant.tenantId)
      .where('role', '=', 'agent')
      .executeTakeFirstOrThrow();
    assert.equal(Number(replies.n), 7, 'one reply per version');
  });

  it('a model agent (not in the process) still gets one version per claim', async () => {
    const tenant = await makeTenant(ctx);
    await audiences(tenant, 3);
    assert.equal(await drain(makeWorker(ctx, tenant, new FakeAgent(), { batchSize: 10 })), 3);
  });

  it("another tenant's single message waits for one batch, not for the busy tenant's queue", async () => {
    const busy = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const many = await audiences(busy, 12);
    const [one] = await audiences(other, 1);
    const agent = new InProcessAgent();
    await drain(makeWorker(ctx, busy, agent, { alsoTenants: [other], batchSize: 5 }));
    const order = agent.inputs.map((input) => input.audience.audienceId);
    assert.equal(order.length, 13);
    assert.deepEqual(
      order.slice(0, 5),
      many.slice(0, 5).map((m) => m.audienceId),
      'the oldest batch first',
    );
    assert.equal(order[5], one!.audienceId, 'then the other tenant, before the busy tenant’s second batch');
  });

  it('AGENT_TENANT_CONCURRENCY counts workers: a worker holding a batch is one of them', async () => {
    const tenant = await makeTenant(ctx);
    await audiences(tenant, 6);
    const fake = new InProcessAgent();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: AgentInput[] = [];
    const gated: PageAgent = {
      name: 'gated',
      inProcess: true,
      run: async (input): Promise<AgentResult> => {
        started.push(input);
        await gate;
        return fake.run(input);
      },
    };
    const options = { batchSize: 3, limits: { tenantConcurrency: 2 } };
    const [first, second, third] = [0, 1, 2].map(() => makeWorker(ctx, tenant, gated, options));
    const one = first!.runOnce();
    await until(() => started.length === 1, 'the first worker’s run');
    const two = second!.runOnce();
    await until(() => started.length === 2, 'the second worker’s run, though the tenant holds 3 versions');
    const processing = (await versions(tenant)).filter((v) => v.status === 'processing');
    assert.equal(processing.length, 6, 'two workers hold three versions each');
    assert.equal(await third!.runOnce(), 'idle', 'two workers are the limit, whatever they hold');
    release();
    assert.deepEqual(await Promise.all([one, two]), ['processed', 'processed']);
    assert.ok((await versions(tenant)).every((v) => v.status === 'draft'));
  });

  it('a batch whose worker died is reaped when its lease runs out, and each version drafted once', async () => {
    const tenant = await makeTenant(ctx);
    await audiences(tenant, 5);
    const now = Date.now();
    // A worker that claimed a batch and was killed: it never writes, its lease runs out.
    const dead = await ctx.database.db
      .transaction()
      .execute((tx) => claimQueued(tx, 'killed-worker', now, now + 1_000, tenant.tenantId, 4));
    assert.equal(dead.length, 4);
    const worker = makeWorker(ctx, tenant, new InProcessAgent(), { batchSize: 3 });
    assert.equal(await worker.runOnce(), 'processed', 'the one version the dead worker did not hold');
    assert.equal(await worker.runOnce(), 'idle', 'the dead worker’s leases are still live');
    await new Promise((resolve) => setTimeout(resolve, Math.max(now + 1_050 - Date.now(), 0)));
    await drain(worker);
    const after = await versions(tenant);
    assert.ok(after.every((v) => v.status === 'draft'));
    assert.deepEqual(
      after.map((v) => v.attempts).sort(),
      [1, 2, 2, 2, 2],
      'the lost attempt counted once for each version of the dead batch',
    );
    const replies = await ctx.database.db
      .selectFrom('messages')
      .select(['version_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenant.tenantId)
      .where('role', '=', 'agent')
      .groupBy('version_id')
      .execute();
    assert.equal(replies.length, 5);
    assert.ok(
      replies.every((r) => Number(r.n) === 1),
      'one reply per version',
    );
  });

  it('stopping during a batch writes what was drafted and gives the rest back without an attempt', async () => {
    const tenant = await makeTenant(ctx);
    const made = await audiences(tenant, 4);
    const fake = new InProcessAgent();
    const started: AgentInput[] = [];
    const stuckOnSecond: PageAgent = {
      name: 'stuck',
      inProcess: true,
      run: (input, signal): Promise<AgentResult> => {
        started.push(input);
        if (started.length === 1) return fake.run(input);
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
    };
    const worker = makeWorker(ctx, tenant, stuckOnSecond, { batchSize: 4 });
    worker.start();
    await until(() => started.length === 2, 'the second run');
    await worker.stop();
    const after = await versions(tenant);
    assert.deepEqual(
      after.map((v) => [v.audience_id, v.status, v.attempts]),
      [
        [made[0]!.audienceId, 'draft', 1],
        [made[1]!.audienceId, 'queued', 0],
        [made[2]!.audienceId, 'queued', 0],
        [made[3]!.audienceId, 'queued', 0],
      ],
    );
    assert.equal(started.length, 2, 'the versions after the stop were not run');
  });

  it('while requests come in, a batch is written in steps (on SQLite), each version drafted once', async () => {
    /** SQLite transactions committed so far (each group commit of src/db/write-transaction.ts). */
    const commits = async () => {
      const metric = await sharedRegistry.getSingleMetric('quire_sqlite_group_commit_writes')!.get();
      return (
        metric.values.find(
          (v) => (v as { metricName?: string }).metricName === 'quire_sqlite_group_commit_writes_count',
        )?.value ?? 0
      );
    };
    const drainBatch = async (requests: boolean) => {
      const tenant = await makeTenant(ctx);
      await audiences(tenant, 6);
      // Requests as they come under load: one every millisecond.
      const traffic = requests ? setInterval(() => backgroundShare.noteRequest(), 1) : undefined;
      const before = await commits();
      try {
        assert.equal(
          await drain(makeWorker(ctx, tenant, new InProcessAgent(), { batchSize: 6 })),
          1,
          'one claim',
        );
      } finally {
        clearInterval(traffic);
      }
      const after = await versions(tenant);
      assert.deepEqual(
        after.map((v) => [v.status, v.attempts]),
        Array.from({ length: 6 }, () => ['draft', 1]),
      );
      return (await commits()) - before;
    };
    const quiet = await drainBatch(false);
    const busy = await drainBatch(true);
    if (ctx.dialect === 'sqlite') {
      // The first step under load writes one outcome (nothing measured yet), so at least one more.
      assert.ok(busy > quiet, `${busy} commits with requests coming in, ${quiet} without`);
    }
  });
});
