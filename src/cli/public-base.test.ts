import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { envFor, QUIRE, serve, stop } from '../../test/processes.js';

const run = promisify(execFile);

/**
 * The CLI's public URLs: PUBLIC_BASE_URL, else the address a running server of the same DATA_DIR
 * recorded, else its own HOST:PORT, saying it is guessing. `seed demo` prints them (consoleUrl,
 * publicUrl).
 */
describe('the public URLs the CLI prints', () => {
  const seed = async (env: NodeJS.ProcessEnv) => {
    const { stdout, stderr } = await run(process.execPath, [QUIRE, 'seed', 'demo', '--json'], { env });
    return { seeded: JSON.parse(stdout) as { consoleUrl: string; publicUrl: string }, stderr };
  };
  const guessing = /^quire: warning: guessing that the server answers at (\S+) /m;

  it('PUBLIC_BASE_URL first, with no guess said', async () => {
    const env = { ...envFor('sqlite'), PUBLIC_BASE_URL: 'https://pages.example.com/' };
    const { seeded, stderr } = await seed(env);
    assert.equal(seeded.consoleUrl, 'https://pages.example.com/console');
    assert.ok(seeded.publicUrl.startsWith('https://pages.example.com/p/'), seeded.publicUrl);
    assert.doesNotMatch(stderr, guessing);
  });

  it('nothing to go by: its own HOST:PORT, and it says it is guessing', async () => {
    const env: NodeJS.ProcessEnv = { ...envFor('sqlite'), PORT: '3999' };
    const { seeded, stderr } = await seed(env);
    assert.equal(seeded.consoleUrl, 'http://127.0.0.1:3999/console');
    assert.equal(guessing.exec(stderr)?.[1], 'http://127.0.0.1:3999');
    assert.equal(stderr.match(/guessing/g)?.length, 1, 'said once');
  });

  it("a running server's recorded address while it runs, not after it stopped", async () => {
    const env: NodeJS.ProcessEnv = { ...envFor('sqlite'), PORT: '3999' };
    const record = path.join(env.DATA_DIR!, 'server.json');
    const { child, base } = await serve(env); // on a port of its own (PORT=0)
    let stopped = false;
    try {
      assert.notEqual(base, 'http://127.0.0.1:3999');
      assert.equal(JSON.parse(fs.readFileSync(record, 'utf8')).url, base);
      const { seeded, stderr } = await seed(env);
      assert.equal(seeded.consoleUrl, `${base}/console`);
      assert.ok(seeded.publicUrl.startsWith(`${base}/p/`), seeded.publicUrl);
      assert.doesNotMatch(stderr, guessing);
      const page = await fetch(seeded.publicUrl);
      assert.equal(page.status, 200, 'the printed URL is the running server');

      assert.equal(await stop(child), 0);
      stopped = true;
      assert.equal(fs.existsSync(record), false, 'the server removes its record when it stops');
      const after = await seed(env);
      assert.equal(after.seeded.consoleUrl, 'http://127.0.0.1:3999/console');
      assert.match(after.stderr, guessing);
    } finally {
      if (!stopped) await stop(child);
    }
  });

  it('a record left by a server that died (no such process) is not believed', async () => {
    const env: NodeJS.ProcessEnv = { ...envFor('sqlite'), PORT: '3999' };
    // A process that has exited: its pid names no running process (until reused, long after).
    const dead = await new Promise<number>((resolve) => {
      const child = execFile(process.execPath, ['-e', '0'], () => resolve(child.pid!));
    });
    fs.writeFileSync(
      path.join(env.DATA_DIR!, 'server.json'),
      JSON.stringify({
        url: 'http://127.0.0.1:4321',
        publicBaseUrl: 'http://127.0.0.1:4321',
        pid: dead,
        startedAt: new Date().toISOString(),
      }),
    );
    const { seeded, stderr } = await seed(env);
    assert.equal(seeded.consoleUrl, 'http://127.0.0.1:3999/console');
    assert.match(stderr, guessing);
  });
});
