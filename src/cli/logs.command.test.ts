import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

// One database is enough here: the verbs call the same services the dialect-tested suites cover.
describe('quire logs', () => {
  it('adds a person log, deletes and restores it, and reports bad input on stderr', async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
    const env = {
      ...rest,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-logs-')),
      LOG_LEVEL: 'warn',
    };
    const quire = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
    const seed = await quire('seed', 'demo', '--json');
    const log = await quire(
      'logs',
      'add-person-log',
      '--tenant',
      seed.tenantId,
      '--person',
      seed.personId,
      '--source',
      'user',
      '--type',
      'note',
      '--payload',
      '{"text":"from the CLI","n":1}',
      '--json',
    );
    assert.match(log.personLogId, /^personlog_/);
    assert.deepEqual(log.payload, { text: 'from the CLI', n: 1 });
    assert.equal(log.accountId, seed.accountId);
    assert.deepEqual(await quire('logs', 'delete', log.personLogId, '--tenant', seed.tenantId, '--json'), {
      logId: log.personLogId,
      outcome: 'deleted',
    });
    assert.equal(
      (await quire('logs', 'undelete', log.personLogId, '--tenant', seed.tenantId, '--json')).outcome,
      'restored',
    );
    assert.equal(
      (await quire('logs', 'delete', seed.accountLogId, '--tenant', seed.tenantId, '--json')).outcome,
      'deleted',
    );
    await assert.rejects(
      run(
        process.execPath,
        [
          QUIRE,
          'logs',
          'add-person-log',
          '--tenant',
          seed.tenantId,
          '--person',
          seed.personId,
          '--source',
          'user',
          '--payload',
          '[1]',
        ],
        { env },
      ),
      (error: { code: number; stderr: string }) => error.code === 2 && /JSON object/.test(error.stderr),
    );
    await assert.rejects(
      run(
        process.execPath,
        [
          QUIRE,
          'logs',
          'add-person-log',
          '--tenant',
          seed.tenantId,
          '--person',
          seed.personId,
          '--source',
          'Not Kebab',
        ],
        { env },
      ),
      (error: { code: number; stderr: string }) =>
        error.code === 1 && /source must match the pattern/.test(error.stderr),
    );
    await assert.rejects(
      run(
        process.execPath,
        [QUIRE, 'logs', 'delete', 'personlog_01jdq8m3k4e8v9t6w5x2y1z0ab', '--tenant', seed.tenantId],
        { env },
      ),
      (error: { code: number; stderr: string }) => error.code === 1 && /not found/.test(error.stderr),
    );
  });
});
