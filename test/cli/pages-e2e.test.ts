import assert from 'node:assert/strict';
import { type ChildProcess, execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { spawnQuire } from '../processes.js';

/**
 * The acceptance flow with real processes, as the README shows it: `quire serve` with its
 * in-process worker and the built-in agent, `quire seed demo`, a message over HTTP, the agent's
 * reply and draft, then `quire versions publish`. SQLite only: on the shared PostgreSQL test
 * database a server's worker would take other test files' versions (test/worker-process.test.ts
 * covers PostgreSQL workers).
 */
const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');
const { QUIRE_TEST_PG_URL, DATABASE_URL, ...baseEnv } = process.env;
const env = { ...baseEnv, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-')), LOG_LEVEL: 'warn' };

async function quire(...args: string[]) {
  return (await run(process.execPath, [QUIRE, ...args], { env })).stdout;
}

describe('end to end: message -> agent draft -> publish with the CLI [sqlite]', () => {
  let server: ChildProcess | undefined;
  after(() => void server?.kill('SIGTERM'));

  it('works as the README says', async () => {
    const seed = JSON.parse((await quire('seed', 'demo', '--json')).trim());
    for (const member of ['pageId', 'audienceId', 'archivedPageId'])
      assert.equal(typeof seed[member], 'string');
    server = spawnQuire(['serve'], {
      env: { ...env, PORT: '0', LOG_LEVEL: 'info', WORKER_POLL_MS: '50' },
    });
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server!.stdout!.on('data', (chunk) => {
        out += chunk;
        const match = /Quire is serving (http:\/\/[^"\s]+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      server!.on('exit', (code) => reject(new Error(`quire serve exited with ${code}`)));
    });
    const headers = { 'x-api-key': seed.apiKey, 'content-type': 'application/json' };
    const audienceUrl = `${base}/v0/pages/${seed.pageId}/audiences/${seed.audienceId}`;
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    const get = async (url: string): Promise<any> => (await fetch(url, { headers })).json();

    const archived = await get(`${base}/v0/pages/${seed.archivedPageId}`);
    assert.equal(archived.status, 'archived');
    const before = await get(audienceUrl);
    // The seed's hosted URLs (under the default PUBLIC_BASE_URL; this server listens on a free port).
    assert.equal(new URL(seed.publicUrl).pathname, new URL(before.publicUrl).pathname);
    for (const url of [seed.publicUrl, seed.pagePublicUrl]) {
      const hosted = await fetch(`${base}${new URL(url).pathname}`);
      assert.equal(hosted.status, 200, url);
      const html = await hosted.text();
      assert.match(html, /<title>[^<]+<\/title>/);
      assert.match(html, /Book a demo|Calculate your savings/);
    }
    assert.equal(before.pageId, seed.pageId);
    assert.equal(before.archivedAt, null);

    const sent = await fetch(`${audienceUrl}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        message: 'Change the title to "A two-day close for Ada"',
        clientMessageId: 'e2e-1',
      }),
    });
    assert.equal(sent.status, 202);
    const { versionId } = (await sent.json()) as { versionId: string };
    const atOnce = await get(`${audienceUrl}/messages`);
    assert.ok(
      atOnce.messages.some((m: { content: string }) => m.content.includes('A two-day close for Ada')),
    );

    const deadline = Date.now() + 20_000;
    let audience = await get(audienceUrl);
    while (audience.latestVersion.versionId !== versionId || audience.latestVersion.status !== 'draft') {
      assert.ok(Date.now() < deadline, `no draft in time: ${JSON.stringify(audience.latestVersion)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      audience = await get(audienceUrl);
    }
    const conversation = await get(`${audienceUrl}/messages`);
    const reply = conversation.messages.at(-1);
    assert.equal(reply.role, 'agent');
    assert.equal(reply.versionId, versionId);
    assert.ok(
      reply.changes.some(
        (c: { field: string; newValue: string }) =>
          c.field === 'metaTitle' && c.newValue === 'A two-day close for Ada',
      ),
    );
    assert.equal(conversation.context.currentMetaTitle, 'A two-day close for Ada');

    // The seed publishes the first draft (its hosted page shows at once).
    const firstDraft = conversation.messages[0].versionId;
    assert.equal(before.publishedVersion.versionId, firstDraft);
    const published = JSON.parse(
      await quire('versions', 'publish', versionId, '--tenant', seed.tenantId, '--json'),
    );
    assert.equal(published.status, 'published');
    audience = await get(audienceUrl);
    assert.equal(audience.publishedVersion.versionId, versionId);
    assert.equal(audience.effectiveMetadata.title, 'A two-day close for Ada');
    const after = await get(`${audienceUrl}/messages`);
    assert.equal(after.conversation.publishedMessageId, reply.messageId);
    assert.deepEqual(after.pendingChanges, []);
    await assert.rejects(quire('versions', 'publish', firstDraft, '--tenant', seed.tenantId), /Only a draft/);
    // SIGTERM: the in-process worker stops, requests finish, the process exits cleanly.
    const exit = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    assert.equal(await exit, 0);
  });
});
