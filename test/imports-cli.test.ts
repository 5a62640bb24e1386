/**
 * Acceptance of target-list imports (issue 34) through real processes: `quire import` with a
 * 1,000-row CSV holding 20 bad rows, drafted by a `quire worker`; the same file again changes
 * nothing; a worker killed with SIGKILL during the drafts leaves, after a restart, exactly one
 * draft per audience.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { promisify } from 'node:util';
import { makeTenant, type TestTenant } from './factories.js';
import { describeEachDatabase, type TestContext } from './harness.js';
import { makePage } from './pages-factories.js';

const run = promisify(execFile);

function databaseEnv(ctx: TestContext): Record<string, string> {
  return ctx.dialect === 'postgres'
    ? { DATABASE_URL: process.env.QUIRE_TEST_PG_URL! }
    : { DATA_DIR: path.dirname(ctx.database.location) };
}

function envOf(ctx: TestContext, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  return { ...rest, ...databaseEnv(ctx), LOG_LEVEL: 'warn', WORKER_POLL_MS: '25', ...extra };
}

function startWorker(ctx: TestContext, tenant: TestTenant, extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['bin/quire.mjs', 'worker', '--tenant', tenant.tenantId], {
    env: envOf(ctx, extra),
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

async function quireImport(
  ctx: TestContext,
  tenant: TestTenant,
  pageId: string,
  file: string,
  ...more: string[]
) {
  const { stdout, stderr } = await run(
    process.execPath,
    ['bin/quire.mjs', 'import', '--tenant', tenant.tenantId, '--page', pageId, file, '--json', ...more],
    { env: envOf(ctx), maxBuffer: 16 * 1024 * 1024 },
  );
  return { job: JSON.parse(stdout.trim().split('\n').at(-1)!), stderr };
}

/** 1,000 rows: 980 good, 20 bad (4 each of five faults), at known lines. */
function targetList(): { csv: string; badLines: Map<number, RegExp> } {
  const rows = ['email,name,company,domain,title,phone,industry,tier'];
  const badLines = new Map<number, RegExp>();
  for (let i = 0; i < 1000; i++) {
    const line = i + 2;
    const account = i % 150;
    const good = [
      `p${i}@acct${account}.example`,
      `Person ${i}`,
      `Account ${account}`,
      `acct${account}.example`,
      'Buyer',
      `+1415555${String(1000 + i).padStart(4, '0')}`,
      ['software', 'finance', 'manufacturing'][account % 3],
      String((account % 3) + 1),
    ];
    const fault = i % 50 === 7 ? Math.floor(i / 50) % 5 : -1;
    if (fault === 0) {
      good[0] = '';
      good[3] = '';
      badLines.set(line, /neither an email nor a domain/);
    } else if (fault === 1) {
      good[5] = '555-0100';
      badLines.set(line, /E\.164/);
    } else if (fault === 2) {
      good[1] = 'N'.repeat(300);
      badLines.set(line, /255/);
    } else if (fault === 3) {
      good[0] = `p${i - 1}@acct${(i - 1) % 150}.example`.toUpperCase();
      badLines.set(line, new RegExp(`also on line ${line - 1}`));
    } else if (fault === 4) {
      good[1] = '"=HYPERLINK(""http://evil.example"",""click"")"';
      badLines.set(line, /formula/);
    }
    rows.push(good.join(','));
  }
  return { csv: `${rows.join('\n')}\n`, badLines };
}

async function counts(ctx: TestContext, tenantId: string) {
  const n = async (table: 'persons' | 'accounts' | 'audiences' | 'audience_versions') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    persons: await n('persons'),
    accounts: await n('accounts'),
    audiences: await n('audiences'),
    versions: await n('audience_versions'),
  };
}

/** Per audience of the tenant: how many versions, and how many drafts. */
async function versionsPerAudience(ctx: TestContext, tenantId: string) {
  return ctx.database.db
    .selectFrom('audiences as a')
    .leftJoin('audience_versions as v', (j) =>
      j.onRef('v.tenant_id', '=', 'a.tenant_id').onRef('v.audience_id', '=', 'a.id'),
    )
    .select((eb) => [
      'a.id',
      eb.fn.count<number>('v.id').as('versions'),
      eb.fn.sum<number>(eb.case().when('v.status', '=', 'draft').then(1).else(0).end()).as('drafts'),
    ])
    .where('a.tenant_id', '=', tenantId)
    .groupBy('a.id')
    .execute();
}

// SQLite only: on the 2-core CI machine the PostgreSQL run of this file took about 3 minutes (it
// passed); PostgreSQL is covered by src/features/imports/imports.admin.test.ts on a smaller file.
describeEachDatabase(
  'quire import, the acceptance of issue 34',
  (ctx) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-'));
    const { csv, badLines } = targetList();
    const file = path.join(dir, 'targets.csv');
    fs.writeFileSync(file, csv);

    it('1,000 rows with 20 bad: 980 audiences, 980 drafts, 20 rejects with line and reason; again: nothing changes', {
      timeout: 240_000,
    }, async () => {
      const tenant = await makeTenant(ctx);
      const page = await makePage(ctx, tenant);
      const worker = startWorker(ctx, tenant);
      try {
        const { job, stderr } = await quireImport(
          ctx,
          tenant,
          page.id,
          file,
          '--wait-drafts',
          '--timeout',
          '180',
        );
        assert.match(stderr, /rows {3}\[/, 'a progress bar on stderr');
        assert.equal(job.status, 'done', JSON.stringify(job));
        assert.equal(job.rowsRead, 1000);
        assert.equal(job.audiencesCreated, 980);
        assert.equal(job.personsCreated, 980);
        // Accounts 7, 57 and 107 appear only on bad rows (every i ≡ 7 mod 50 is one).
        assert.equal(job.accountsCreated, 147);
        assert.equal(job.rejects, 20);
        assert.deepEqual(job.drafts, { queued: 0, done: 980, failed: 0 });
        assert.equal(job.rejectsFile, `${file}.rejects.csv`);
        const rejects = fs.readFileSync(job.rejectsFile, 'utf8').trim().split('\r\n');
        assert.equal(rejects[0], 'line,column,reason');
        const byLine = new Map(rejects.slice(1).map((l) => [Number(l.split(',')[0]), l]));
        assert.deepEqual(
          [...byLine.keys()].sort((a, b) => a - b),
          [...badLines.keys()].sort((a, b) => a - b),
        );
        for (const [line, reason] of badLines) assert.match(byLine.get(line)!, reason, `line ${line}`);
        const perAudience = await versionsPerAudience(ctx, tenant.tenantId);
        assert.equal(perAudience.length, 980);
        assert.ok(perAudience.every((a) => Number(a.versions) === 1 && Number(a.drafts) === 1));

        const before = await counts(ctx, tenant.tenantId);
        const again = await quireImport(ctx, tenant, page.id, file);
        assert.equal(again.job.audiencesCreated, 0);
        assert.equal(again.job.rowsUnchanged, 980);
        assert.equal(again.job.rejects, 20);
        assert.equal(
          again.job.personsCreated +
            again.job.personsUpdated +
            again.job.accountsCreated +
            again.job.accountsUpdated,
          0,
        );
        assert.deepEqual(await counts(ctx, tenant.tenantId), before);
      } finally {
        worker.kill('SIGTERM');
        await exited(worker);
      }
    });

    it('a worker killed with SIGKILL during the drafts: after a restart every audience has exactly one draft', {
      timeout: 240_000,
    }, async () => {
      const tenant = await makeTenant(ctx);
      const page = await makePage(ctx, tenant);
      const { job } = await quireImport(ctx, tenant, page.id, file);
      assert.equal(job.audiencesCreated, 980);
      const lease = { WORKER_LEASE_MS: '1000' };
      const first = startWorker(ctx, tenant, lease);
      const drafted = async () =>
        (await versionsPerAudience(ctx, tenant.tenantId)).filter((a) => Number(a.drafts) > 0).length;
      const deadline = Date.now() + 120_000;
      while ((await drafted()) < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      first.kill('SIGKILL');
      await exited(first);
      const atKill = await drafted();
      assert.ok(atKill >= 100 && atKill < 980, `killed during the drafts (${atKill} of 980 drafted)`);
      const second = startWorker(ctx, tenant, lease);
      try {
        while ((await drafted()) < 980 && Date.now() < deadline + 60_000)
          await new Promise((r) => setTimeout(r, 100));
        const perAudience = await versionsPerAudience(ctx, tenant.tenantId);
        assert.equal(perAudience.length, 980);
        const wrong = perAudience.filter((a) => Number(a.versions) !== 1 || Number(a.drafts) !== 1);
        assert.deepEqual(wrong, [], `${wrong.length} audiences without exactly one draft`);
      } finally {
        second.kill('SIGTERM');
        await exited(second);
      }
    });
  },
  { only: ['sqlite'] },
);
