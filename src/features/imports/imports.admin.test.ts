import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { adminCall, uploadTargets, waitForImport } from '../../../test/import-factories.js';
import { drain, makePage, makeWorker } from '../../../test/pages-factories.js';
import { BuiltinAgent } from '../../agent/builtin-agent.js';
import { resumeImports, startImport } from './imports.service.js';

const HEADER = 'email,name,company,domain,title,phone,industry,tier,lead source';

const GOOD = [
  'ada@analytical.example,Ada Lovelace,Analytical Engines,analytical.example,CTO,+14155550100,manufacturing,1,webinar',
  'grace@cobol.example,Grace Hopper,Cobol Corp,cobol.example,Admiral,,software,2,event',
  ',,Babbage Works,babbage.example,,,finance,1,list',
];
const BAD = [
  ',No Address,Nowhere Ltd,,,,,,', // line 5: neither email nor domain
  'bad@phone.example,Bad Phone,Phone Co,phone.example,,555-1234,,,', // line 6: not E.164
  `long@name.example,${'x'.repeat(300)},Long Co,long.example,,,,,`, // line 7: 300-char name
  'ADA@analytical.example,Ada Again,Analytical Engines,analytical.example,,,,,', // line 8: duplicate email
  'evil@formula.example,"=HYPERLINK(""http://evil.example"",""x"")",Evil Co,formula.example,,,,,', // line 9
];
const FILE = `${[HEADER, ...GOOD, ...BAD].join('\n')}\n`;

async function count(
  ctx: TestContext,
  table: 'imports' | 'persons' | 'accounts' | 'audiences',
  tenantId: string,
) {
  const row = await ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('target-list imports (operator API)', (ctx) => {
  it('imports good rows, rejects bad ones with line, column and reason, and a second run changes nothing', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const started = await uploadTargets(ctx, tenant, page.id, FILE, '?fileName=targets.csv');
    assert.equal(started.status, 201, started.raw);
    const job = await waitForImport(ctx, tenant, started.body.importId);
    assert.equal(job.status, 'done', JSON.stringify(job));
    assert.equal(job.rowsTotal, 8);
    assert.equal(job.rowsRead, 8);
    assert.equal(job.rejects, 5);
    assert.equal(job.audiencesCreated, 3);
    assert.equal(job.personsCreated, 2);
    assert.equal(job.accountsCreated, 3);
    assert.equal(job.mapping['lead source'], 'trait:lead_source');

    const rejects = await adminCall(
      ctx,
      'GET',
      `/tenants/${tenant.tenantId}/imports/${job.importId}/rejects`,
    );
    const byLine = new Map(rejects.body.items.map((r: { line: number }) => [r.line, r]));
    assert.deepEqual([...byLine.keys()], [5, 6, 7, 8, 9]);
    assert.match((byLine.get(5) as { reason: string }).reason, /neither an email nor a domain/);
    assert.deepEqual(byLine.get(6), {
      line: 6,
      column: 'phone',
      reason: 'phone must be in E.164 form, e.g. +14155550100',
    });
    assert.equal((byLine.get(7) as { column: string }).column, 'name');
    assert.match((byLine.get(8) as { reason: string }).reason, /also on line 2/);
    assert.match((byLine.get(9) as { reason: string }).reason, /formula/);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/imports/${job.importId}/rejects.csv`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(csv.statusCode, 200);
    assert.match(csv.body, /^line,column,reason\r\n5,/);

    // Traits: the account's from known columns, the person's custom column.
    const person = await ctx.database.db
      .selectFrom('persons')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('email', '=', 'ada@analytical.example')
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(person.traits), { title: 'CTO', lead_source: 'webinar' });
    assert.equal(person.phone_number, '+14155550100');
    const account = await ctx.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('domain', '=', 'analytical.example')
      .executeTakeFirstOrThrow();
    assert.equal(account.name, 'Analytical Engines');
    assert.deepEqual(JSON.parse(account.traits), { industry: 'manufacturing', tier: '1' });

    // Drafts through the ordinary worker and agent.
    assert.equal(await drain(makeWorker(ctx, tenant, new BuiltinAgent())), 3);
    const drafted = await waitForImport(ctx, tenant, job.importId);
    assert.deepEqual(drafted.drafts, { queued: 0, done: 3, failed: 0 });
    const review = await adminCall(
      ctx,
      'GET',
      `/tenants/${tenant.tenantId}/imports/${job.importId}/audiences`,
    );
    assert.equal(review.status, 200, review.raw);
    assert.equal(review.body.items.length, 3);
    assert.ok(
      review.body.items.every(
        (r: { versionStatus: string; grounded: boolean }) => r.versionStatus === 'draft' && r.grounded,
      ),
    );

    // Publish one by id, then all the grounded rest.
    const first = review.body.items[0].audienceId;
    const one = await adminCall(ctx, 'POST', `/tenants/${tenant.tenantId}/imports/${job.importId}/publish`, {
      audienceIds: [first, 'audience_nope'],
    });
    assert.equal(one.status, 200, one.raw);
    assert.deepEqual(one.body.published, [first]);
    assert.deepEqual(one.body.skipped, [
      { audienceId: 'audience_nope', reason: 'not an audience of this import' },
    ]);
    const rest = await adminCall(ctx, 'POST', `/tenants/${tenant.tenantId}/imports/${job.importId}/publish`, {
      allGrounded: true,
    });
    assert.equal(rest.body.published.length, 2);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', tenant.tenantId)
      .where('action', '=', 'import.publish')
      .execute();
    assert.equal(audit.length, 2);

    // The URL export: a URL per audience, formula-looking cells neutralised.
    const urls = await ctx.app.inject({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/imports/${job.importId}/urls.csv`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const lines = urls.body.trim().split('\r\n');
    assert.equal(lines[0], 'audience_id,person,email,account,domain,status,url');
    assert.equal(lines.length, 4);
    assert.ok(
      lines.slice(1).every((l) => /,published,http/.test(l)),
      urls.body,
    );
    assert.ok(lines[1]!.includes('Ada Lovelace,ada@analytical.example,Analytical Engines'), lines[1]);

    // The same file again: nothing new, nothing changed.
    const before = {
      persons: await count(ctx, 'persons', tenant.tenantId),
      accounts: await count(ctx, 'accounts', tenant.tenantId),
      audiences: await count(ctx, 'audiences', tenant.tenantId),
    };
    const again = await uploadTargets(ctx, tenant, page.id, FILE);
    const second = await waitForImport(ctx, tenant, again.body.importId);
    assert.equal(second.audiencesCreated, 0);
    assert.equal(
      second.personsCreated + second.personsUpdated + second.accountsCreated + second.accountsUpdated,
      0,
    );
    assert.equal(second.rowsUnchanged, 3);
    assert.equal(second.draftsRequeued, 0);
    assert.deepEqual(
      {
        persons: await count(ctx, 'persons', tenant.tenantId),
        accounts: await count(ctx, 'accounts', tenant.tenantId),
        audiences: await count(ctx, 'audiences', tenant.tenantId),
      },
      before,
    );
    // A changed row updates traits, and only that.
    const changed = await uploadTargets(ctx, tenant, page.id, FILE.replace(',CTO,', ',CEO,'));
    const third = await waitForImport(ctx, tenant, changed.body.importId);
    assert.equal(third.personsUpdated, 1);
    // Ada's published page was written for a CTO: her audience gets a new draft (import-redraft.test.ts).
    assert.equal(third.draftsRequeued, 1);
    assert.equal(third.rowsUnchanged, 2);
    assert.equal(third.audiencesCreated, 0);
    const updated = await ctx.database.db
      .selectFrom('persons')
      .select('traits')
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(updated.traits).title, 'CEO');
    const list = await adminCall(ctx, 'GET', `/tenants/${tenant.tenantId}/pages/${page.id}/imports?limit=2`);
    assert.equal(list.body.items.length, 2);
    assert.equal(list.body.items[0].importId, changed.body.importId);
    assert.ok(list.body.nextCursor);
  });

  it('refuses, before writing anything, a file that is not CSV, has no email or domain column, or is too big', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const binary = await uploadTargets(
      ctx,
      tenant,
      page.id,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]),
    );
    assert.equal(binary.status, 400, binary.raw);
    assert.equal(binary.body.errors[0].pointer, '/file');
    const pdf = await uploadTargets(ctx, tenant, page.id, '%PDF-1.4', '', 'application/pdf');
    assert.ok(pdf.status === 415 || pdf.status === 400, pdf.raw);
    const noKey = await uploadTargets(ctx, tenant, page.id, 'name,company\nAda,Analytical\n');
    assert.equal(noKey.status, 400, noKey.raw);
    assert.equal(noKey.body.errors[0].pointer, '/mapping');
    const huge = await uploadTargets(
      ctx,
      tenant,
      page.id,
      `email,name\n${'a@b.example,x\n'.repeat(400_000)}`,
    );
    assert.equal(huge.status, 413, huge.raw);
    const badMapping = await uploadTargets(
      ctx,
      tenant,
      page.id,
      FILE,
      `?mapping=${encodeURIComponent('{"email":"nonsense"}')}`,
    );
    assert.equal(badMapping.status, 400, badMapping.raw);
    assert.equal(badMapping.body.errors[0].pointer, '/mapping/email');
    assert.equal(await count(ctx, 'imports', tenant.tenantId), 0);
    assert.equal(await count(ctx, 'persons', tenant.tenantId), 0);
  });

  it('previews a file with dryRun and writes nothing; a mapping renames columns', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const file = 'Work E-mail,Full Name,Website,Segment\nada@a.example,Ada,a.example,gold\n=cmd,x,,\n';
    const preview = await uploadTargets(
      ctx,
      tenant,
      page.id,
      file,
      `?dryRun=true&mapping=${encodeURIComponent('{"Segment":"tier"}')}`,
    );
    assert.equal(preview.status, 200, preview.raw);
    assert.deepEqual(preview.body.mapping, {
      'Work E-mail': 'email',
      'Full Name': 'name',
      Website: 'domain',
      Segment: 'tier',
    });
    assert.equal(preview.body.rowsGood, 1);
    assert.equal(preview.body.rejectsTotal, 1);
    assert.equal(preview.body.rejects[0].line, 3);
    assert.equal(preview.body.sample.length, 2);
    assert.equal(await count(ctx, 'imports', tenant.tenantId), 0);
  });

  it("hides another tenant's import and cancels only a running one", async () => {
    const tenant = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const started = await uploadTargets(ctx, tenant, page.id, FILE);
    const id = started.body.importId;
    assert.equal((await adminCall(ctx, 'GET', `/tenants/${other.tenantId}/imports/${id}`)).status, 404);
    assert.equal(
      (await adminCall(ctx, 'GET', `/tenants/${other.tenantId}/imports/${id}/urls.csv`)).status,
      404,
    );
    assert.equal(
      (await adminCall(ctx, 'POST', `/tenants/${other.tenantId}/imports/${id}/cancel`)).status,
      404,
    );
    await waitForImport(ctx, tenant, id);
    const cancel = await adminCall(ctx, 'POST', `/tenants/${tenant.tenantId}/imports/${id}/cancel`);
    assert.equal(cancel.status, 409, cancel.raw);
  });

  it('a job a stopped process left running is resumed by a worker, and a row applied twice makes nothing twice', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const db = ctx.database.db;
    // Accepted, then the process stopped before applying a row.
    const job = await startImport(db, tenant.tenantId, page.id, {
      bytes: Buffer.from(FILE),
      fileName: 't.csv',
    });
    assert.equal(await resumeImports(db, tenant.tenantId, 0), 1);
    const done = await waitForImport(ctx, tenant, job.id);
    assert.equal(done.status, 'done');
    assert.equal(done.audiencesCreated, 3);
    // As if the process had stopped after line 2: lines 3 on are applied again.
    await db
      .updateTable('imports')
      .set({ status: 'running', source: FILE, finished_at: null, updated_at: 0 })
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', job.id)
      .execute();
    await db
      .deleteFrom('import_rows')
      .where('tenant_id', '=', tenant.tenantId)
      .where('import_id', '=', job.id)
      .where('line', '>', 2)
      .execute();
    await db
      .deleteFrom('import_rejects')
      .where('tenant_id', '=', tenant.tenantId)
      .where('import_id', '=', job.id)
      .execute();
    const before = await count(ctx, 'audiences', tenant.tenantId);
    assert.equal(await resumeImports(db, tenant.tenantId, 0), 1);
    const again = await waitForImport(ctx, tenant, job.id);
    assert.equal(again.status, 'done');
    assert.equal(await count(ctx, 'audiences', tenant.tenantId), before);
    const rows = await db
      .selectFrom('import_rows')
      .select('line')
      .where('tenant_id', '=', tenant.tenantId)
      .where('import_id', '=', job.id)
      .orderBy('line')
      .execute();
    assert.deepEqual(
      rows.map((r) => Number(r.line)),
      [2, 3, 4],
    );
    const rejects = await adminCall(ctx, 'GET', `/tenants/${tenant.tenantId}/imports/${job.id}/rejects`);
    assert.equal(rejects.body.items.length, 5);
  });
});
