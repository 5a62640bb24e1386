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
describe('quire accounts rename and traits, persons edit and traits, topics rename', () => {
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
    // Traits: an account by its domain (or id), a person by id; --unset removes a key.
    const traited = await quire(
      'accounts',
      'traits',
      account.domain,
      '--set',
      'industry=retail',
      '--set',
      'tier=1',
      ...t,
    );
    assert.equal(traited.accountId, seed.accountId);
    assert.equal(traited.traits.industry, 'retail');
    assert.equal(traited.traits.tier, '1');
    const untraited = await quire('accounts', 'traits', seed.accountId, '--unset', 'tier', ...t);
    assert.equal(untraited.traits.tier, undefined);
    assert.equal(untraited.traits.industry, 'retail');
    const region = await quire('persons', 'traits', seed.personId, '--set', 'region=EMEA', ...t);
    assert.equal(region.traits.region, 'EMEA');
    await assert.rejects(
      run(process.execPath, [QUIRE, 'accounts', 'traits', seed.accountId, '--set', 'bad key=1', ...t], {
        env,
      }),
      (error: { code: number; stderr: string }) => error.code !== 0 && /traits/.test(error.stderr),
    );
    await assert.rejects(
      run(process.execPath, [QUIRE, 'accounts', 'traits', 'nowhere.example', '--set', 'a=1', ...t], { env }),
      (error: { code: number; stderr: string }) => error.code !== 0 && /not found/i.test(error.stderr),
    );
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
