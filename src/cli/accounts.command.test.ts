import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

// One database is enough here: the verbs call the functions the dialect-tested admin suites cover.
describe('quire accounts rename, persons edit, topics rename', () => {
  it('renames and edits, and reports bad input on stderr', async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
    const env = {
      ...rest,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-edits-')),
      LOG_LEVEL: 'warn',
    };
    const quire = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
    const seed = await quire('seed', 'demo', '--json');
    const t = ['--tenant', seed.tenantId, '--json'];
    const account = await quire('accounts', 'rename', seed.accountId, '--name', 'Contoso Group', ...t);
    assert.equal(account.name, 'Contoso Group');
    assert.equal(account.accountId, seed.accountId);
    const person = await quire(
      'persons',
      'edit',
      seed.personId,
      '--data',
      '{"email": "ada@example.com"}',
      ...t,
    );
    assert.equal(person.email, 'ada@example.com');
    const topic = await quire('topics', 'rename', seed.topicId, '--name', 'Objections', ...t);
    assert.equal(topic.name, 'Objections');
    await assert.rejects(
      run(
        process.execPath,
        [QUIRE, 'persons', 'edit', seed.personId, '--data', '{"email": "email text"}', ...t],
        {
          env,
        },
      ),
      (error: { code: number; stderr: string }) => error.code !== 0 && /email/.test(error.stderr),
    );
  });
});
