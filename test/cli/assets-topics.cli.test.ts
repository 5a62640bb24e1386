import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DIALECTS } from '../harness.js';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

function envFor(dialect: string): NodeJS.ProcessEnv {
  const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
  return {
    ...rest,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-')),
    LOG_LEVEL: 'warn',
    ...(dialect === 'postgres' ? { DATABASE_URL: QUIRE_TEST_PG_URL } : {}),
  };
}

for (const dialect of DIALECTS) {
  describe(`quire assets and quire topics [${dialect}]`, () => {
    it('creates, trashes and edits assets, and builds an ordered topic', async () => {
      const env = envFor(dialect);
      const quire = async (...args: string[]) =>
        JSON.parse((await run(process.execPath, [QUIRE, ...args], { env })).stdout);
      const tenant = `cli-${Date.now()}`;
      await quire('tenants', 'create', tenant, '--json');
      const asset = await quire(
        'assets',
        'create',
        '--tenant',
        tenant,
        '--type',
        'video',
        '--name',
        'Tour',
        '--file-id',
        'f1',
        '--tag',
        'onboarding',
        '--ai-description',
        'Narrated walkthrough',
        '--json',
      );
      assert.equal(asset.data.type, 'video');
      assert.deepEqual(asset.tags, ['onboarding']);
      const trashed = await quire('assets', 'trash', asset.assetId, '--tenant', tenant, '--json');
      assert.equal(trashed.lifecycleState, 'trashed');
      const edited = await quire(
        'assets',
        'edit',
        asset.assetId,
        '--tenant',
        tenant,
        '--tag',
        'tour',
        '--json',
      );
      assert.deepEqual(edited.tags, ['tour']);
      await assert.rejects(
        run(
          process.execPath,
          [QUIRE, 'assets', 'create', '--tenant', tenant, '--type', 'pdf', '--name', 'x', '--file-id', 'f'],
          { env },
        ),
        (error: { code: number; stderr: string }) => {
          assert.equal(error.code, 1);
          assert.match(error.stderr, /assetType must be one of/);
          return true;
        },
      );

      const topic = await quire('topics', 'create', 'FAQ', '--tenant', tenant, '--json');
      const second = await quire(
        'topics',
        'add-entry',
        topic.topicId,
        '--tenant',
        tenant,
        '--content',
        'b',
        '--sort-order',
        '2',
        '--json',
      );
      const first = await quire(
        'topics',
        'add-entry',
        topic.topicId,
        '--tenant',
        tenant,
        '--type',
        'markdown',
        '--content',
        '*a*',
        '--sort-order',
        '1',
        '--json',
      );
      assert.equal(first.content.type, 'markdown');
      assert.equal(second.sortOrder, 2);
      // The same schema as the admin API's PATCH: a change must change something.
      await assert.rejects(
        run(
          process.execPath,
          [QUIRE, 'topics', 'update-entry', topic.topicId, second.topicEntryId, '--tenant', tenant],
          { env },
        ),
        (error: { code: number; stderr: string }) => {
          assert.equal(error.code, 1);
          assert.match(error.stderr, /^quire: the body must NOT have fewer than 1 properties/m);
          return true;
        },
      );
    });
  });
}
