import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { findImport, findImportSource, listImports } from './imports.repository.js';
import { applyImport, startImport } from './imports.service.js';

describeEachDatabase('an import job read without its file', (ctx) => {
  it('the job reads leave the file out; the run reads it once, and it is gone when the job ends', async () => {
    const { db } = ctx.database;
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const csv = 'email,name,company\nada@acme.example,Ada,Acme\n';
    const started = await startImport(db, tenant.tenantId, page.id, {
      bytes: Buffer.from(csv),
      fileName: 't.csv',
    });

    // Every read of the job (after each batch, and the console's once a second) skips the file.
    const job = await findImport(db, tenant.tenantId, started.id);
    assert.equal(job?.status, 'running');
    assert.equal(job?.rows_total, 1);
    assert.ok(!('source' in job!), 'findImport reads no file');
    const [listed] = await listImports(db, tenant.tenantId, page.id, null, 10);
    assert.ok(listed !== undefined && !('source' in listed), 'listImports reads no file');
    assert.equal(await findImportSource(db, tenant.tenantId, started.id), csv);

    const finished = await applyImport(db, tenant.tenantId, started.id, 'test-run');
    assert.equal(finished?.status, 'done');
    assert.equal(finished?.audiences_created, 1);
    assert.equal(
      await findImportSource(db, tenant.tenantId, started.id),
      null,
      'the file goes when the job ends',
    );
    const otherTenant = await makeTenant(ctx);
    assert.equal(await findImportSource(db, otherTenant.tenantId, started.id), undefined);
  });
});
