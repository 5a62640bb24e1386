import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

// One database is enough here: the searches are the admin lists' own, tested on both dialects there.
describe('quire persons list --q, accounts list --q', () => {
  it('lists only the matches, any case, and refuses an empty search', async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
    const env = {
      ...rest,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-search-')),
      LOG_LEVEL: 'warn',
    };
    const quire = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
    const seed = await quire('seed', 'demo', '--json');
    const t = ['--tenant', seed.tenantId, '--json'];

    const everyone = await quire('persons', 'list', ...t, '--limit', '100');
    assert.ok(everyone.items.length > 2, 'the demo has several persons');
    const nancy = await quire('persons', 'list', ...t, '--q', 'DAVOLIO');
    assert.deepEqual(
      nancy.items.map((p: { name: string }) => p.name),
      ['Nancy Davolio'],
    );
    assert.equal(nancy.totalCount, null, 'a search has no total, as in the admin API');

    const accounts = await quire('accounts', 'list', ...t, '--q', 'cobol');
    assert.deepEqual(
      accounts.items.map((a: { name: string }) => a.name),
      ['COBOL Foundation'],
    );
    const table = (
      await run(process.execPath, [QUIRE, 'accounts', 'list', '--tenant', seed.tenantId, '--q', 'initech'], {
        env,
      })
    ).stdout;
    assert.match(table, /Initech/);
    assert.doesNotMatch(table, /COBOL/);

    await assert.rejects(
      run(process.execPath, [QUIRE, 'persons', 'list', ...t, '--q', '  '], { env }),
      (error: { code: number; stderr: string }) => error.code !== 0 && /--q/.test(error.stderr),
    );
  });
});
