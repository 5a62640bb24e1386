import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { importTargets, TARGET_ROWS } from '../../../test/import-factories.js';
import { drain, FakeAgent, makePage, makeWorker } from '../../../test/pages-factories.js';
import { archiveAudience } from '../audiences/audiences.service.js';

const FILE = TARGET_ROWS.join('\n');

/** Every version of the tenant's audiences, by the audience's name (person, else its own). */
async function versionsByTarget(ctx: TestContext, tenant: TestTenant) {
  const rows = await ctx.database.db
    .selectFrom('audience_versions as v')
    .innerJoin('audiences as a', (j) =>
      j.onRef('a.tenant_id', '=', 'v.tenant_id').onRef('a.id', '=', 'v.audience_id'),
    )
    .leftJoin('persons as p', (j) =>
      j.onRef('p.tenant_id', '=', 'a.tenant_id').onRef('p.id', '=', 'a.person_id'),
    )
    .select(['p.name', 'a.custom_name', 'v.status', 'v.version_number'])
    .where('v.tenant_id', '=', tenant.tenantId)
    .orderBy('v.version_number')
    .execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    const name = r.name ?? r.custom_name ?? '?';
    out[name] = [...(out[name] ?? []), r.status];
  }
  return out;
}

async function queuedEvents(ctx: TestContext, tenant: TestTenant) {
  const rows = await ctx.database.db
    .selectFrom('events')
    .select('id')
    .where('tenant_id', '=', tenant.tenantId)
    .where('type', '=', 'version.queued')
    .execute();
  return rows.length;
}

describeEachDatabase('a re-imported row that changes traits re-drafts its audience', (ctx) => {
  it('queues one new version for the changed row’s audience, none for the others, and none for the same file again', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    const first = await importTargets(ctx, tenant, page.id, FILE);
    assert.equal(first.draftsRequeued, 0);
    assert.equal(await drain(worker), 4);
    const drafted = {
      'Ada Lovelace': ['draft'],
      'Charles Babbage': ['draft'],
      'Grace Hopper': ['draft'],
      'Babbage Works': ['draft'],
    };
    assert.deepEqual(await versionsByTarget(ctx, tenant), drafted);

    // The same file again: nothing changes, nothing is queued.
    const same = await importTargets(ctx, tenant, page.id, FILE);
    assert.equal(same.rowsUnchanged, 4);
    assert.equal(same.draftsRequeued, 0);
    assert.deepEqual(await versionsByTarget(ctx, tenant), drafted);

    // Grace's account changes industry: her audience alone gets a new version, queued for the agent.
    const events = await queuedEvents(ctx, tenant);
    const changedFile = FILE.replace('cobol.example,software', 'cobol.example,fintech');
    const changed = await importTargets(ctx, tenant, page.id, changedFile);
    assert.equal(changed.accountsUpdated, 1);
    assert.equal(changed.draftsRequeued, 1);
    assert.equal(changed.drafts.queued, 1);
    assert.deepEqual(await versionsByTarget(ctx, tenant), {
      ...drafted,
      'Grace Hopper': ['draft', 'queued'],
    });
    assert.equal(await queuedEvents(ctx, tenant), events + 1);

    // The changed file again: nothing.
    const again = await importTargets(ctx, tenant, page.id, changedFile);
    assert.equal(again.rowsUnchanged, 4);
    assert.equal(again.draftsRequeued, 0);
    assert.deepEqual(await versionsByTarget(ctx, tenant), {
      ...drafted,
      'Grace Hopper': ['draft', 'queued'],
    });

    // A version still waiting for the agent reads the traits when drafted: another change queues none.
    const waiting = await importTargets(ctx, tenant, page.id, changedFile.replace(',fintech', ',banking'));
    assert.equal(waiting.accountsUpdated, 1);
    assert.equal(waiting.draftsRequeued, 0);
    assert.deepEqual(await versionsByTarget(ctx, tenant), {
      ...drafted,
      'Grace Hopper': ['draft', 'queued'],
    });
    assert.equal(await drain(worker), 1);
  });

  it('re-drafts every audience of an account a row changed, once each, and leaves an archived one archived', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    await importTargets(ctx, tenant, page.id, FILE);
    assert.equal(await drain(worker), 4);
    const babbage = await ctx.database.db
      .selectFrom('audiences')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('custom_name', '=', 'Babbage Works')
      .executeTakeFirstOrThrow();
    await archiveAudience(ctx.database.db, tenant.tenantId, babbage.id);

    // Both rows of Analytical Engines carry its new industry: the first row changes the account,
    // the second finds it changed, yet Charles's draft was written from the old industry too.
    const file = FILE.replaceAll('analytical.example,manufacturing', 'analytical.example,robotics').replace(
      'babbage.example,finance',
      'babbage.example,insurance',
    );
    const job = await importTargets(ctx, tenant, page.id, file);
    assert.equal(job.accountsUpdated, 2);
    assert.equal(job.draftsRequeued, 2);
    const versions = await versionsByTarget(ctx, tenant);
    assert.deepEqual(versions['Ada Lovelace'], ['draft', 'queued']);
    assert.deepEqual(versions['Charles Babbage'], ['draft', 'queued']);
    assert.deepEqual(versions['Grace Hopper'], ['draft']);
    assert.equal(versions['Babbage Works']!.length, 1, 'the archived audience is left as it is');
  });
});
