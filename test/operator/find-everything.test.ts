import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN, DIALECTS } from '../harness.js';
import { isolatedEnvFor, quire, serve, stop } from '../processes.js';

/**
 * Acceptance of the operator surface: after the README's pages-and-audiences walkthrough (the demo
 * seed, a message to the agent, its draft published), every created thing is found again from
 * the admin API alone and from the CLI alone, and both tell the same story.
 */
type Seed = Record<
  | 'tenantId'
  | 'apiKey'
  | 'personId'
  | 'accountId'
  | 'accountLogId'
  | 'topicId'
  | 'assetId'
  | 'pageId'
  | 'audienceId'
  | 'archivedPageId',
  string
>;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
}

for (const dialect of DIALECTS) {
  describe(`an operator finds everything again [${dialect}]`, () => {
    it('from the admin API alone and from the CLI alone', async (t) => {
      // Its worker would take other test files' queued versions on the shared database.
      const own = await isolatedEnvFor(dialect);
      t.after(own.drop);
      // One public address for the server and the CLI, as a deployment sets it: the links they
      // answer (public URL, preview links) are then the same.
      const env: NodeJS.ProcessEnv = {
        ...own.env,
        ADMIN_TOKEN,
        PUBLIC_BASE_URL: 'https://pages.example.com',
      };
      const password = env.DATABASE_URL ? decodeURIComponent(new URL(env.DATABASE_URL).password) : '';
      const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout) as Seed;
      const { child, base } = await serve({ ...env, WORKERS: '1' });
      try {
        // The README walkthrough: a message to the agent, its draft published by the operator.
        const audienceUrl = `${base}/v0/pages/${seed.pageId}/audiences/${seed.audienceId}`;
        const client = { 'x-api-key': seed.apiKey, 'content-type': 'application/json' };
        const sent = await fetch(`${audienceUrl}/messages`, {
          method: 'POST',
          headers: client,
          body: JSON.stringify({ message: 'Change the title to "Found again"', clientMessageId: 'find-1' }),
        });
        assert.equal(sent.status, 202);
        const { versionId } = (await sent.json()) as { versionId: string };
        await waitFor(
          async () =>
            (await (await fetch(audienceUrl, { headers: client })).json()) as {
              latestVersion: { status: string };
            },
          (a) => a.latestVersion.status === 'draft',
        );
        await quire(env, 'versions', 'publish', versionId, '--tenant', seed.tenantId);

        // The admin API alone.
        const admin = async (path: string) => {
          const response = await fetch(`${base}/admin/v0/tenants/${seed.tenantId}${path}`, {
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          });
          assert.equal(response.status, 200, `${path}: ${response.status}`);
          // biome-ignore lint/suspicious/noExplicitAny: JSON documents of many shapes, read member by member
          return (await response.json()) as any;
        };
        const ids = (page: { items: Record<string, string>[] }, member: string) =>
          page.items.map((i) => i[member]);
        assert.equal((await admin('')).tenantId, seed.tenantId);
        assert.ok(ids(await admin('/pages?limit=100'), 'pageId').includes(seed.pageId));
        assert.deepEqual(ids(await admin('/pages?status=archived'), 'pageId'), [seed.archivedPageId]);
        assert.ok(
          ids(await admin(`/pages/${seed.pageId}/audiences`), 'audienceId').includes(seed.audienceId),
        );
        const audience = await admin(`/audiences/${seed.audienceId}`);
        assert.equal(audience.publishedVersion.versionId, versionId);
        const versions = await admin(`/audiences/${seed.audienceId}/versions`);
        assert.equal(versions.items[0].versionId, versionId);
        assert.equal(versions.items[0].content.metaTitle, 'Found again');
        assert.equal((await admin(`/versions/${versionId}`)).status, 'published');
        const conversation = await admin(`/audiences/${seed.audienceId}/conversation`);
        assert.ok(
          conversation.items.some((m: { clientMessageId: string }) => m.clientMessageId === 'find-1'),
        );
        assert.equal(conversation.publishedMessageId, versions.items[0].replyMessageId);
        assert.ok(ids(await admin('/persons?limit=100'), 'personId').includes(seed.personId));
        assert.equal((await admin(`/persons/${seed.personId}`)).personId, seed.personId);
        assert.ok(ids(await admin('/accounts?limit=100'), 'accountId').includes(seed.accountId));
        assert.equal((await admin(`/accounts/${seed.accountId}`)).accountId, seed.accountId);
        assert.ok(
          ids(await admin(`/accounts/${seed.accountId}/activity`), 'activityId').includes(seed.accountLogId),
        );
        assert.ok(ids(await admin('/topics'), 'topicId').includes(seed.topicId));
        assert.equal((await admin(`/topics/${seed.topicId}`)).topicId, seed.topicId);
        assert.ok(ids(await admin('/assets?limit=100'), 'assetId').includes(seed.assetId));
        assert.equal((await admin(`/assets/${seed.assetId}`)).assetId, seed.assetId);

        // The CLI alone, with the same answers.
        const cli = async (...args: string[]) => {
          const { stdout, stderr } = await quire(env, ...args, '--tenant', seed.tenantId, '--json');
          assert.match(stderr, /^quire: database (sqlite|postgresql) /m);
          if (password !== '') assert.equal(stderr.includes(password), false, 'never the password');
          const lines = stdout.trim().split('\n');
          assert.equal(lines.length, 1, 'one JSON document');
          return JSON.parse(lines[0]!);
        };
        assert.ok(ids(await cli('pages', 'list', '--limit', '100'), 'pageId').includes(seed.pageId));
        assert.deepEqual(ids(await cli('pages', 'list', '--status', 'archived'), 'pageId'), [
          seed.archivedPageId,
        ]);
        assert.equal((await cli('pages', 'show', seed.pageId)).pageId, seed.pageId);
        assert.ok(
          ids(await cli('audiences', 'list', '--page', seed.pageId), 'audienceId').includes(seed.audienceId),
        );
        // A preview link expires at an hour boundary: read across one, the two answers' links differ there only.
        const sameLinks = (value: unknown) =>
          JSON.parse(JSON.stringify(value).replace(/expires=\d+&signature=[\w-]+/g, 'expires=…'));
        assert.deepEqual(sameLinks(await cli('audiences', 'show', seed.audienceId)), sameLinks(audience));
        assert.deepEqual(
          sameLinks(await cli('versions', 'list', '--audience', seed.audienceId)),
          sameLinks(versions),
        );
        assert.equal((await cli('versions', 'show', versionId)).content.metaTitle, 'Found again');
        assert.deepEqual(await cli('conversation', 'list', '--audience', seed.audienceId), conversation);
        assert.ok(ids(await cli('persons', 'list', '--limit', '100'), 'personId').includes(seed.personId));
        assert.equal((await cli('persons', 'show', seed.personId)).personId, seed.personId);
        assert.ok(ids(await cli('accounts', 'list', '--limit', '100'), 'accountId').includes(seed.accountId));
        assert.equal((await cli('accounts', 'show', seed.accountId)).accountId, seed.accountId);
        assert.ok(
          ids(await cli('accounts', 'activity', seed.accountId), 'activityId').includes(seed.accountLogId),
        );
        assert.ok(ids(await cli('topics', 'list'), 'topicId').includes(seed.topicId));
        assert.equal((await cli('topics', 'show', seed.topicId)).topicId, seed.topicId);
        assert.ok(ids(await cli('assets', 'list', '--limit', '100'), 'assetId').includes(seed.assetId));
        assert.equal((await cli('assets', 'show', seed.assetId)).assetId, seed.assetId);
        const tenant = JSON.parse((await quire(env, 'tenants', 'show', seed.tenantId, '--json')).stdout);
        assert.equal(tenant.tenantId, seed.tenantId);
      } finally {
        assert.equal(await stop(child), 0);
      }
    });
  });
}
