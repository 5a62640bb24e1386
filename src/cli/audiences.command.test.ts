import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

/** `quire ...` on a data folder of its own (SQLite), parsing the `--json` it prints. */
function cliOnFreshData(prefix: string) {
  const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
  const env = { ...rest, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), prefix)), LOG_LEVEL: 'warn' };
  const quire = async (...args: string[]) =>
    JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
  return { env, quire };
}

// One database is enough here: the verbs call the services the dialect-tested admin suites cover.
describe('quire audiences unarchive|restore|revert', () => {
  it('unarchives an audience, restores its published version, and reports an unknown version on stderr', async () => {
    const { env, quire } = cliOnFreshData('quire-rollback-');
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

  it('lists a conversation from its newest end with --from newest, and refuses an unknown end', async () => {
    const { env, quire } = cliOnFreshData('quire-conversation-');
    const seed = await quire('seed', 'demo', '--json');
    // Restoring version 1 adds "Restored version 2" to the demo's one-message conversation.
    const audience = await quire('audiences', 'show', seed.audienceId, '--tenant', seed.tenantId, '--json');
    await quire(
      'audiences',
      'restore',
      audience.latestVersion.versionId,
      '--tenant',
      seed.tenantId,
      '--json',
    );
    const list = (...args: string[]) =>
      quire(
        'conversation',
        'list',
        '--tenant',
        seed.tenantId,
        '--audience',
        seed.audienceId,
        '--json',
        ...args,
      );
    const all = await list('--limit', '100');
    assert.ok(all.items.length >= 2, `the demo's conversation has messages: ${JSON.stringify(all.items)}`);
    const newest = await list('--from', 'newest', '--limit', '1');
    assert.deepEqual(
      newest.items.map((m: { messageId: string }) => m.messageId),
      [all.items.at(-1).messageId],
      'the first page from the newest end holds the newest message',
    );
    const older = await list('--from', 'newest', '--limit', '1', '--cursor', newest.nextCursor);
    assert.deepEqual(
      older.items.map((m: { messageId: string }) => m.messageId),
      [all.items.at(-2).messageId],
      'its cursor reads the message before it',
    );
    const oldest = await list('--from', 'oldest', '--limit', '1');
    assert.equal(oldest.items[0].messageId, all.items[0].messageId);
    await assert.rejects(
      run(
        process.execPath,
        [
          QUIRE,
          'conversation',
          'list',
          '--tenant',
          seed.tenantId,
          '--audience',
          seed.audienceId,
          '--from',
          'middle',
        ],
        { env },
      ),
      (error: { stderr: string }) => /--from.*middle|Allowed choices are oldest, newest/i.test(error.stderr),
    );
  });
});
