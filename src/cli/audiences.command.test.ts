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
describe('quire audiences unarchive|restore|revert', () => {
  it('unarchives an audience and reports a version it cannot restore on stderr', async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
    const env = {
      ...rest,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-rollback-')),
      LOG_LEVEL: 'warn',
    };
    const quire = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
    const seed = await quire('seed', 'demo', '--json');
    const archived = await quire(
      'audiences',
      'archive',
      seed.audienceId,
      '--tenant',
      seed.tenantId,
      '--json',
    );
    assert.match(archived.archivedAt, /Z$/);
    const back = await quire('audiences', 'unarchive', seed.audienceId, '--tenant', seed.tenantId, '--json');
    assert.equal(back.archivedAt, null);
    assert.equal(back.audienceId, seed.audienceId);

    const cancelled = back.latestVersion.versionId;
    await assert.rejects(
      run(
        process.execPath,
        [QUIRE, 'audiences', 'restore', cancelled, '--tenant', seed.tenantId, '--publish'],
        {
          env,
        },
      ),
      (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr, /Version 1 holds no content to restore \(it is cancelled\)/);
        return true;
      },
    );
    await assert.rejects(
      run(
        process.execPath,
        [QUIRE, 'audiences', 'revert', 'message_01jdq8m3k4e8v9t6w5x2y1z0ab', '--tenant', seed.tenantId],
        {
          env,
        },
      ),
      (error: { stderr: string }) => /Message not found|not found/i.test(error.stderr),
    );
  });
});
