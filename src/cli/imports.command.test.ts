import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

// SQLite only: the verb calls the service the dialect-tested admin suite (import-engagement.admin.test.ts) covers.
describe('quire imports engagement', () => {
  it("prints an import's audiences with their activity and totals, as a table, as JSON and as a CSV file", async () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, ...rest } = process.env;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-imports-'));
    const env = { ...rest, DATA_DIR: dir, LOG_LEVEL: 'warn', PUBLIC_BASE_URL: 'https://pages.example.com' };
    const quire = async (...args: string[]) =>
      (await run(process.execPath, [QUIRE, ...args], { env })).stdout;
    const seed = JSON.parse(await quire('seed', 'demo', '--json'));
    const file = path.join(dir, 'targets.csv');
    fs.writeFileSync(
      file,
      'email,name,company,domain\nwin@wayne.example,Win Wayne,Wayne Works,wayne.example\n,,Kent Farms,kent.example\n',
    );
    const job = JSON.parse(
      (await quire('import', '--tenant', seed.tenantId, '--page', seed.pageId, file, '--json')).trim(),
    );
    assert.equal(job.audiencesCreated, 2);
    const t = ['--tenant', seed.tenantId];

    const page = JSON.parse(await quire('imports', 'engagement', job.importId, ...t, '--json'));
    assert.equal(page.importId, job.importId);
    assert.deepEqual(
      page.items.map((i: { personName: string | null; accountName: string }) => [
        i.personName,
        i.accountName,
      ]),
      [
        ['Win Wayne', 'Wayne Works'],
        [null, 'Kent Farms'],
      ],
    );
    assert.match(page.items[0].publicUrl, /^https:\/\/pages\.example\.com\/p\/[^/]+\/[^/]+\/[^/]+$/);
    assert.equal(page.totals.audiences, 2);
    assert.equal(page.totals.accounts, 2);
    assert.equal(page.totals.accountsVisited, 0);
    const second = JSON.parse(
      await quire('imports', 'engagement', job.importId, ...t, '--limit', '1', '--cursor', '2', '--json'),
    );
    assert.deepEqual(
      second.items.map((i: { line: number }) => i.line),
      [3],
    );
    assert.equal(second.totals, null);

    const table = await quire('imports', 'engagement', job.importId, ...t);
    assert.match(table, /^2 audiences of 2 accounts: visited 0 \(0 accounts\)/);
    assert.match(table, /Win Wayne/);
    assert.match(table, /2 shown\n$/);

    const csv = path.join(dir, 'engagement.csv');
    await quire('imports', 'engagement', job.importId, ...t, '--csv', csv);
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\r\n');
    assert.equal(lines.length, 3);
    assert.match(
      lines[1]!,
      /,Win Wayne,win@wayne\.example,Wayne Works,wayne\.example,https:\/\/pages\.example\.com\/p\/.+,0,0,0,0,$/,
    );

    await assert.rejects(
      run(process.execPath, [QUIRE, 'imports', 'engagement', job.importId, ...t, '--cursor', 'x'], { env }),
      (error: { code: number; stderr: string }) => error.code === 1 && /cursor/.test(error.stderr),
    );
    const other = JSON.parse(await quire('tenants', 'create', 'other-tenant', '--json'));
    await assert.rejects(
      run(process.execPath, [QUIRE, 'imports', 'engagement', job.importId, '--tenant', other.tenantId], {
        env,
      }),
      (error: { code: number; stderr: string }) => error.code === 1 && /not found/i.test(error.stderr),
    );
  });
});
