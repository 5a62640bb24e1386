import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant, type TestTenant } from '../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../test/pages-factories.js';
import type { AgentResult, PageAgent } from '../agent/page-agent.js';
import { writeDraft } from '../features/audiences/version-outcomes.js';
import { claimQueued, findVersion } from '../features/audiences/versions.repository.js';
import { cancelVersion, createVersion, publishVersion } from '../features/audiences/versions.service.js';

async function versionOf(ctx: TestContext, tenant: TestTenant, versionId: string) {
  return (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
}

async function readAudience(ctx: TestContext, tenant: TestTenant, pageId: string, audienceId: string) {
  return (
    await ctx.request({ method: 'GET', url: `/v0/pages/${pageId}/audiences/${audienceId}`, key: tenant.key })
  ).body;
}

describeEachDatabase('version lifecycle and worker', (ctx) => {
  it('processes an audience one version at a time, in order: pending -> queued -> processing -> draft', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId: v1 } = await makeAudience(ctx, tenant);
    const v2 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version;
    const v3 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version;
    assert.deepEqual([v2.status, v3.status], ['pending', 'pending']);
    const agent = new FakeAgent();
    const worker = makeWorker(ctx, tenant, agent);
    assert.equal(await worker.runOnce(), 'processed');
    const first = await versionOf(ctx, tenant, v1);
    assert.equal(first.status, 'draft');
    assert.ok(first.became_draft_at! >= first.queued_at!);
    assert.equal(typeof first.queue_duration_ms, 'number');
    assert.equal(first.attempts, 1);
    const second = await versionOf(ctx, tenant, v2.id);
    assert.equal(second.status, 'queued', 'the next pending version moved up');
    assert.ok(second.queued_at !== null);
    assert.equal((await versionOf(ctx, tenant, v3.id)).status, 'pending');
    await drain(worker);
    assert.equal((await versionOf(ctx, tenant, v3.id)).status, 'draft');
    // Each version builds on the previous one's content.
    assert.equal(
      agent.inputs[1]!.current.metaTitle,
      `${agent.inputs[0]!.current.metaTitle} for ${agent.inputs[0]!.audience.effectiveName}`.slice(0, 70),
    );
  });

  it('publishing archives the previous published version and makes older drafts obsolete', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId: v1 } = await makeAudience(ctx, tenant);
    const v2 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version
      .id;
    const v3 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version
      .id;
    const v4 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version
      .id;
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    await publishVersion(ctx.database.db, tenant.tenantId, v1);
    await publishVersion(ctx.database.db, tenant.tenantId, v3);
    const [a, b, c, d] = await Promise.all([v1, v2, v3, v4].map((id) => versionOf(ctx, tenant, id)));
    assert.equal(a!.status, 'archived');
    assert.ok(a!.archived_at !== null);
    assert.equal(a!.obsolete_at, null, 'a once-published version is archived, not obsolete');
    assert.equal(b!.status, 'archived');
    assert.ok(b!.obsolete_at !== null, 'an older draft is obsolete');
    assert.equal(c!.status, 'published');
    assert.equal(d!.status, 'draft', 'a newer draft stays a draft');
    const audience = await readAudience(ctx, tenant, pageId, audienceId);
    assert.equal(audience.publishedVersion.versionId, v3);
    assert.equal(audience.latestVersion.versionId, v4);
    assert.equal(audience.status, 'draft');
    assert.equal(
      audience.metadataOverride.title,
      JSON.parse(c!.content!).metaTitle,
      "the published content is the audience's",
    );
    await assert.rejects(publishVersion(ctx.database.db, tenant.tenantId, v1), /Only a draft/);
  });

  it('lets an operator cancel a pending or queued version, never a processing or drafted one', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId: v1 } = await makeAudience(ctx, tenant);
    const v2 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version
      .id;
    const v3 = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined)).version
      .id;
    const cancelledPending = await cancelVersion(ctx.database.db, tenant.tenantId, v2);
    assert.equal(cancelledPending.status, 'cancelled');
    assert.ok(cancelledPending.cancelled_at !== null);
    assert.equal((await versionOf(ctx, tenant, v3)).status, 'pending');
    await cancelVersion(ctx.database.db, tenant.tenantId, v1);
    assert.equal(
      (await versionOf(ctx, tenant, v3)).status,
      'queued',
      'cancelling the queued one moves the next up',
    );
    const now = Date.now();
    await ctx.database.db
      .transaction()
      .execute((tx) => claimQueued(tx, 'test', now, now + 60_000, tenant.tenantId, 1));
    await assert.rejects(cancelVersion(ctx.database.db, tenant.tenantId, v3), /pending or queued/);
  });

  it('retries a failing agent, then cancels the version with an interrupted reply', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant);
    const next = (await createVersion(ctx.database.db, tenant.tenantId, pageId, audienceId, undefined))
      .version.id;
    const agent = new FakeAgent();
    agent.failuresLeft = 3;
    await drain(makeWorker(ctx, tenant, agent, { maxAttempts: 3 }));
    const version = await versionOf(ctx, tenant, versionId);
    assert.equal(version.status, 'cancelled');
    assert.equal(version.attempts, 3);
    assert.ok(version.cancelled_at !== null);
    assert.equal((await versionOf(ctx, tenant, next)).status, 'draft', 'the next version went on');
    const read = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
    });
    const interrupted = read.body.messages.filter((m: { isInterrupted: boolean }) => m.isInterrupted);
    assert.equal(interrupted.length, 1);
    assert.equal(interrupted[0].versionId, versionId);
    assert.deepEqual(interrupted[0].changes, []);
  });

  it('refuses invalid agent output, and a hung agent times out', async () => {
    const tenant = await makeTenant(ctx);
    const { versionId } = await makeAudience(ctx, tenant);
    const bad: PageAgent = {
      name: 'bad',
      run: async (input) =>
        ({
          reply: 'ok',
          reasoning: '',
          content: { ...input.current, buttonTitles: { nope: 'x' } },
          changes: [],
        }) as AgentResult,
    };
    await drain(makeWorker(ctx, tenant, bad, { maxAttempts: 1 }));
    const refused = await versionOf(ctx, tenant, versionId);
    assert.equal(refused.status, 'cancelled');
    assert.match(refused.last_error!, /unknown action nope/);

    const other = await makeAudience(ctx, tenant);
    const hung: PageAgent = { name: 'hung', run: () => new Promise(() => {}) };
    await drain(makeWorker(ctx, tenant, hung, { maxAttempts: 1, agentTimeoutMs: 100 }));
    const timedOut = await versionOf(ctx, tenant, other.versionId);
    assert.equal(timedOut.status, 'cancelled');
    assert.match(timedOut.last_error!, /did not answer within 100 ms/);
  });

  it('returns a version whose lease expired to the queue; the dead worker cannot write it', async () => {
    const tenant = await makeTenant(ctx);
    const { versionId } = await makeAudience(ctx, tenant);
    const now = Date.now();
    const [claimed] = await ctx.database.db
      .transaction()
      .execute((tx) => claimQueued(tx, 'dead-worker', now, now + 100, tenant.tenantId, 1));
    assert.equal(claimed!.id, versionId);
    assert.equal(claimed!.status, 'processing');
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    assert.equal(await worker.runOnce(), 'idle', 'a live lease is respected');
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(await worker.runOnce(), 'processed');
    const version = await versionOf(ctx, tenant, versionId);
    assert.equal(version.status, 'draft');
    assert.equal(version.attempts, 2);
    const late = await writeDraft(ctx.database.db, claimed!, 'dead-worker', {
      reply: 'late',
      reasoning: '',
      content: JSON.parse(version.content!),
      changes: [],
    });
    assert.equal(late, false, 'the worker that lost its lease writes nothing');
  });
});
