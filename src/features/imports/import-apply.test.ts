import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { claimImportLease } from './imports.repository.js';
import { applyImport, importBatchSize, startImport } from './imports.service.js';

/** A file of `n` persons over 7 accounts (more than one batch when n > importBatchSize). */
function file(n: number, extraHeader = '', extra: (i: number) => string = () => '') {
  const lines = [`email,name,company,domain,tier${extraHeader}`];
  for (let i = 0; i < n; i++)
    lines.push(
      `p${i}@acct${i % 7}.example,Person ${i},Account ${i % 7},acct${i % 7}.example,${(i % 3) + 1}${extra(i)}`,
    );
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function counts(ctx: TestContext, tenantId: string, importId: string) {
  const db = ctx.database.db;
  const n = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);
  return {
    audiences: await n(
      db
        .selectFrom('audiences')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
    ),
    versions: await n(
      db
        .selectFrom('audience_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
    ),
    rows: await n(
      db
        .selectFrom('import_rows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('import_id', '=', importId)
        .executeTakeFirst(),
    ),
  };
}

describeEachDatabase('import batches and leases', (ctx) => {
  it('of two processes resuming the same job at once, one applies it: every line once, one audience and one version each', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const db = ctx.database.db;
    const n = importBatchSize(db) * 2 + 30;
    const job = await startImport(db, tenant.tenantId, page.id, { bytes: file(n), fileName: 't.csv' });
    const [a, b] = await Promise.all([
      applyImport(db, tenant.tenantId, job.id, 'process-a'),
      applyImport(db, tenant.tenantId, job.id, 'process-b'),
    ]);
    // The one that got the lease finished the job; the other returned it as it stood, untouched by it.
    const finished = [a, b].filter((j) => j?.status === 'done');
    assert.ok(finished.length >= 1, JSON.stringify([a?.status, b?.status]));
    const final = (await db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow())!;
    assert.equal(final.status, 'done');
    assert.equal(Number(final.rows_read), n);
    assert.equal(Number(final.audiences_created), n);
    assert.equal(Number(final.persons_created), n);
    assert.equal(Number(final.accounts_created), 7);
    assert.equal(final.lease_owner, null);
    assert.deepEqual(await counts(ctx, tenant.tenantId, job.id), { audiences: n, versions: n, rows: n });
  });

  it('two claims of one lease at once: one gets it; another gets it only once it expired, and the first then stops', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const db = ctx.database.db;
    const job = await startImport(db, tenant.tenantId, page.id, { bytes: file(3), fileName: 't.csv' });
    const now = Date.now();
    const claims = await Promise.all(
      ['a', 'b', 'c'].map((owner) =>
        db
          .transaction()
          .execute((tx) => claimImportLease(tx, tenant.tenantId, job.id, owner, now + 60_000, now)),
      ),
    );
    assert.deepEqual(claims.filter(Boolean).length, 1, `exactly one claim wins: ${JSON.stringify(claims)}`);
    const holder = ['a', 'b', 'c'][claims.indexOf(true)]!;
    // While the lease holds, another process applies nothing.
    const other = await applyImport(db, tenant.tenantId, job.id, 'late');
    assert.equal(other?.status, 'running');
    assert.equal(other?.lease_owner, holder);
    assert.equal((await counts(ctx, tenant.tenantId, job.id)).rows, 0);
    // Expired (its process died): the next claimer takes over and finishes.
    await db
      .updateTable('imports')
      .set({ lease_until: Date.now() - 1 })
      .where('id', '=', job.id)
      .execute();
    const resumed = await applyImport(db, tenant.tenantId, job.id, 'late');
    assert.equal(resumed?.status, 'done');
    assert.deepEqual(await counts(ctx, tenant.tenantId, job.id), { audiences: 3, versions: 3, rows: 3 });
    // The first holder, come back, can no longer claim the finished job.
    const t = Date.now();
    assert.equal(
      await db
        .transaction()
        .execute((tx) => claimImportLease(tx, tenant.tenantId, job.id, holder, t + 60_000, t)),
      false,
    );
  });

  it('announces progress after every batch and the end on the event stream', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const db = ctx.database.db;
    const batch = importBatchSize(db);
    const n = batch + 20;
    const job = await startImport(db, tenant.tenantId, page.id, { bytes: file(n), fileName: 't.csv' });
    await applyImport(db, tenant.tenantId, job.id, 'p');
    const events = await db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('tenant_id', '=', tenant.tenantId)
      .where('type', 'like', 'import.%')
      .orderBy('seq')
      .execute();
    const data: Record<string, unknown>[] = events.map((e) => ({ type: e.type, ...JSON.parse(e.data) }));
    assert.deepEqual(
      data.map((e) => [e.type, e.importId, e.status, e.rowsRead, e.audiencesCreated]),
      [
        ['import.progress', job.id, 'running', batch, batch],
        ['import.progress', job.id, 'running', n, n],
        ['import.finished', job.id, 'done', n, n],
      ],
    );
    // Counters only: no person's name or email on the stream.
    assert.doesNotMatch(JSON.stringify(data), /@acct|Person \d/);
  });

  it('a row the services refuse inside a batch becomes a reject; the rest of its batch is applied', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const db = ctx.database.db;
    // Person 5 exists with 45 traits; the file gives each person 10 more: 55 is over the limit of 50.
    const first = await startImport(db, tenant.tenantId, page.id, { bytes: file(10), fileName: 'a.csv' });
    await applyImport(db, tenant.tenantId, first.id, 'p');
    const traits = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`t${i}`, 'x']));
    await db
      .updateTable('persons')
      .set({ traits: JSON.stringify(traits) })
      .where('tenant_id', '=', tenant.tenantId)
      .where('email', '=', 'p5@acct5.example')
      .execute();
    const header = Array.from({ length: 10 }, (_, i) => `,extra ${i}`).join('');
    const job = await startImport(db, tenant.tenantId, page.id, {
      bytes: file(12, header, () => ',v'.repeat(10)),
      fileName: 'b.csv',
    });
    const done = await applyImport(db, tenant.tenantId, job.id, 'p');
    assert.equal(done?.status, 'done');
    assert.equal(Number(done?.rejects_count), 1);
    assert.equal(Number(done?.rows_read), 12);
    const rejects = await db
      .selectFrom('import_rejects')
      .select(['line', 'reason'])
      .where('tenant_id', '=', tenant.tenantId)
      .where('import_id', '=', job.id)
      .execute();
    assert.deepEqual(
      rejects.map((r) => Number(r.line)),
      [7],
    );
    assert.match(rejects[0]!.reason, /more than 50 traits/);
    assert.equal((await counts(ctx, tenant.tenantId, job.id)).rows, 11);
  });
});
