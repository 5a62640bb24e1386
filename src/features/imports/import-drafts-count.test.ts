import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { importTargets, TARGET_ROWS } from '../../../test/import-factories.js';
import { drain, FakeAgent, makePage, makeWorker } from '../../../test/pages-factories.js';
import { getImport, presentImport } from './imports.service.js';

const FILE = TARGET_ROWS.join('\n');

describeEachDatabase('an import’s drafts, counted in steps of its lines', (ctx) => {
  it('counts every line once, whatever the step, as the drafts move', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    const { importId } = await importTargets(ctx, tenant, page.id, FILE);
    const counts = async () => {
      const job = await getImport(ctx.database.db, tenant.tenantId, importId);
      // Steps of one line, of lines that end inside and at the job's last line, and the default.
      const each = await Promise.all(
        [1, 2, 3, 4, undefined].map((step) => presentImport(ctx.database.db, job, step)),
      );
      for (const presented of each.slice(1)) assert.deepEqual(presented.drafts, each[0]!.drafts);
      return each[0]!.drafts;
    };
    assert.deepEqual(await counts(), { queued: 4, done: 0, failed: 0 });

    // Grace's draft (line 4 of the file) is cancelled; the worker drafts the other three.
    const grace = await ctx.database.db
      .selectFrom('import_rows')
      .select('audience_id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('import_id', '=', importId)
      .where('line', '=', 4)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('audience_versions')
      .set({ status: 'cancelled' })
      .where('tenant_id', '=', tenant.tenantId)
      .where('audience_id', '=', grace.audience_id)
      .execute();
    assert.deepEqual(await counts(), { queued: 3, done: 0, failed: 1 });
    assert.equal(await drain(worker), 3);
    assert.deepEqual(await counts(), { queued: 0, done: 3, failed: 1 });
  });
});
