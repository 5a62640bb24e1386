import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

// One database is enough here: the verbs call the services the dialect-tested admin suites cover.
describe('quire tenants|persons|accounts delete', () => {
  it('refuses without --yes and a terminal (exit 2, printing what it would remove); deletes with --yes', async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
    const env = {
      ...rest,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-delete-')),
      LOG_LEVEL: 'warn',
    };
    const quire = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
    const seed = await quire('seed', 'demo', '--json');
    const t = ['--tenant', seed.tenantId];

    await assert.rejects(
      run(process.execPath, [QUIRE, 'tenants', 'delete', seed.tenantId], { env }),
      (error: { code: number; stdout: string; stderr: string }) => {
        assert.equal(error.code, 2);
        assert.match(error.stdout, /would remove: .*persons \d+/);
        assert.match(error.stderr, /without --yes/);
        return true;
      },
    );
    const dry = await quire('tenants', 'delete', seed.tenantId, '--dry-run', '--json');
    assert.equal(dry.dryRun, true);
    assert.equal(dry.removed.tenants, 1);

    const person = await quire('persons', 'delete', seed.personId, ...t, '--yes', '--json');
    assert.equal(person.dryRun, false);
    assert.equal(person.removed.persons, 1);
    const account = await quire('accounts', 'delete', seed.accountId, ...t, '--yes', '--json');
    assert.equal(account.removed.accounts, 1);
    await assert.rejects(
      run(process.execPath, [QUIRE, 'persons', 'delete', seed.personId, ...t, '--yes'], { env }),
      (error: { code: number; stderr: string }) => error.code === 1 && /not found/i.test(error.stderr),
    );

    const tenant = await quire('tenants', 'delete', seed.tenantId, '--yes', '--json');
    assert.equal(tenant.removed.tenants, 1);
    assert.deepEqual(tenant.removed.apiKeys, dry.removed.apiKeys);
    const listed = await quire('tenants', 'list', '--json');
    assert.ok(!listed.some((t: { tenantId: string }) => t.tenantId === seed.tenantId));
    const audit = await quire('audit', 'list', '--instance', '--json');
    const actions = audit.items.map((e: { action: string }) => e.action);
    assert.ok(actions.includes('cli.tenants.delete'), actions.join(', '));
  });
});
