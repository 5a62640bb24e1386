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
  it('unarchives an audience, restores its published version, and reports an unknown version on stderr', async () => {
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

    // The demo publishes its first draft, so version 1 holds content: restoring it makes version 2.
    const first = back.latestVersion.versionId;
    const restored = await quire(
      'audiences',
      'restore',
      first,
      '--tenant',
      seed.tenantId,
      '--publish',
      '--json',
    );
    assert.equal(restored.versionNumber, 2);
    assert.equal(restored.status, 'published');
    await assert.rejects(
      run(
        process.execPath,
        [QUIRE, 'audiences', 'restore', 'version_01jdq8m3k4e8v9t6w5x2y1z0ab', '--tenant', seed.tenantId],
        { env },
      ),
      (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr, /not found/i);
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
