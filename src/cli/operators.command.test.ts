import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { spawnQuire } from '../../test/processes.js';

// One database is enough here: the verbs call the services the dialect-tested suites cover.
describe('quire operators and quire audit', () => {
  it('creates operators (one-time or piped password), lists, changes and audits them as cli', async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ADMIN_TOKEN, ...rest } = process.env;
    const env = {
      ...rest,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-operators-')),
      LOG_LEVEL: 'warn',
    };
    const quire = (args: string[], stdin = '') =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = spawnQuire(args, { env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
        child.stdin.end(stdin);
      });
    const json = async (args: string[], stdin = '') => {
      const result = await quire([...args, '--json'], stdin);
      assert.equal(result.code, 0, result.stderr);
      return JSON.parse(result.stdout);
    };
    assert.equal((await quire(['tenants', 'create', 'acme'])).code, 0);

    const admin = await json(['operators', 'create', '--instance-admin', '--email', 'Root@Example.com']);
    assert.equal(admin.operator.email, 'root@example.com');
    assert.equal(admin.operator.instanceAdmin, true);
    assert.equal(admin.operator.tenantId, null);
    assert.equal(admin.operator.mustChangePassword, true);
    assert.match(admin.oneTimePassword, /^[a-zA-Z2-9]{20}$/);

    const piped = await json(
      [
        'operators',
        'create',
        '--tenant',
        'acme',
        '--email',
        'ada@acme.com',
        '--role',
        'editor',
        '--password-stdin',
      ],
      'a long and private passphrase\n',
    );
    assert.equal(piped.oneTimePassword, null);
    assert.equal(piped.operator.mustChangePassword, false);
    assert.equal(piped.operator.role, 'editor');

    const weak = await quire(
      [
        'operators',
        'create',
        '--tenant',
        'acme',
        '--email',
        'bob@acme.com',
        '--role',
        'viewer',
        '--password-stdin',
      ],
      'short\n',
    );
    assert.equal(weak.code, 1);
    assert.match(weak.stderr, /at least 12 characters/);
    const duplicate = await quire([
      'operators',
      'create',
      '--tenant',
      'acme',
      '--email',
      'ada@acme.com',
      '--role',
      'viewer',
    ]);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /already exists/);
    const noScope = await quire(['operators', 'list']);
    assert.equal(noScope.code, 1);

    const id = piped.operator.operatorId;
    assert.equal(
      (await json(['operators', 'set-role', id, '--tenant', 'acme', '--role', 'publisher'])).role,
      'publisher',
    );
    assert.ok((await json(['operators', 'disable', id, '--tenant', 'acme'])).disabledAt);
    const reset = await json(['operators', 'reset-password', id, '--tenant', 'acme']);
    assert.equal(reset.operator.mustChangePassword, true);
    const list = await json(['operators', 'list', '--tenant', 'acme']);
    assert.deepEqual(
      list.items.map((o: { email: string; role: string }) => [o.email, o.role]),
      [['ada@acme.com', 'publisher']],
    );
    const table = await quire(['operators', 'list', '--tenant', 'acme']);
    assert.match(table.stdout, /ada@acme\.com/);

    const audit = await json(['audit', 'list', '--tenant', 'acme']);
    assert.deepEqual(
      audit.items.map((e: { actor: { label: string }; action: string }) => [e.actor.label, e.action]),
      [
        ['cli', 'operator.reset_password'],
        ['cli', 'operator.disable'],
        ['cli', 'operator.set_role'],
        ['cli', 'operator.create'],
        ['cli', 'cli.tenants.create'],
      ],
    );
    // Any other CLI write is audited once it succeeded; a failed one is not.
    const archived = await quire(['pages', 'archive', 'page_01jd0000000000000000000000', '--tenant', 'acme']);
    assert.equal(archived.code, 1);
    const page = await json([
      'pages',
      'create',
      '--tenant',
      'acme',
      '--data',
      '{"brandId":"acme","name":"Launch","title":"Launch"}',
    ]);
    assert.equal((await quire(['pages', 'archive', page.pageId, '--tenant', 'acme'])).code, 0);
    const writes = await json(['audit', 'list', '--tenant', 'acme', '--actor', 'cli', '--limit', '2']);
    assert.deepEqual(
      writes.items.map((e: { action: string; recordId: string | null }) => [e.action, e.recordId]),
      [
        ['cli.pages.archive', page.pageId],
        ['cli.pages.create', null],
      ],
    );
    assert.deepEqual(audit.items[1 + 1].before, { role: 'editor' });
    assert.ok(!JSON.stringify(audit).includes('private passphrase'));
    const instance = await json(['audit', 'list', '--instance', '--action', 'operator.create']);
    assert.equal(instance.items[0].recordId, admin.operator.operatorId);
  });
});
