import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTopic } from '../../../test/asset-factories.js';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { addEntry, changeEntry, removeEntry } from './topics.service.js';

describeEachDatabase('GET /v0/topics/{topic_id}/entries', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { topic } = await makeTopic(ctx, owner, [{ content: 'Hello' }]);
      return { method: 'GET', url: `/v0/topics/${topic.id}/entries` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('lists entries by sortOrder, then oldest first, with the TopicEntry shape', async () => {
    const tenant = await makeTenant(ctx);
    const { topic, entries } = await makeTopic(ctx, tenant, [
      { content: 'third', sortOrder: 30 },
      { type: 'markdown', content: '# first', sortOrder: 10 },
      { type: 'url', content: 'https://example.com/second', sortOrder: 20 },
      { content: 'second, created later', sortOrder: 20 },
      { content: 'before all', sortOrder: -5 },
    ]);
    const page = await ctx.request({ method: 'GET', url: `/v0/topics/${topic.id}/entries`, key: tenant.key });
    assert.equal(page.status, 200, page.raw);
    assert.equal(page.body.totalCount, 5);
    assert.equal(page.body.hasMore, false);
    assert.equal(page.body.nextCursor, null);
    assert.deepEqual(
      page.body.items.map((e: { content: { content: string } }) => e.content.content),
      ['before all', '# first', 'https://example.com/second', 'second, created later', 'third'],
    );
    const url = page.body.items[2];
    assert.deepEqual(url, {
      topicEntryId: entries[2]!.id,
      topicId: topic.id,
      sortOrder: 20,
      content: { type: 'url', content: 'https://example.com/second' },
      createdAt: new Date(entries[2]!.created_at).toISOString(),
      updatedAt: new Date(entries[2]!.updated_at).toISOString(),
    });
  });

  it('pages with cursors bound to the topic; totalCount follows adds and deletes', async () => {
    const tenant = await makeTenant(ctx);
    const { topic } = await makeTopic(
      ctx,
      tenant,
      Array.from({ length: 7 }, (_, i) => ({ content: `e${i}` })),
    );
    const other = await makeTopic(ctx, tenant, [{ content: 'x' }]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v0/topics/${topic.id}/entries?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await ctx.request({ method: 'GET', url, key: tenant.key });
      assert.equal(page.status, 200, page.raw);
      assert.equal(page.body.totalCount, 7);
      seen.push(...page.body.items.map((e: { content: { content: string } }) => e.content.content));
      if (cursor === null) {
        const foreign = await ctx.request({
          method: 'GET',
          url: `/v0/topics/${other.topic.id}/entries?cursor=${page.body.nextCursor}`,
          key: tenant.key,
        });
        assert.equal(foreign.status, 400);
        assert.equal(foreign.body.code, 'invalid_cursor');
      }
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(seen, ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6'], 'without sortOrder, entries append');

    const extra = await addEntry(ctx.database.db, tenant.tenantId, topic.id, {
      content: { type: 'text', content: 'first now' },
      sortOrder: -1,
    });
    await changeEntry(ctx.database.db, tenant.tenantId, topic.id, extra.id, { sortOrder: 100 });
    const first = (
      await ctx.request({ method: 'GET', url: `/v0/topics/${topic.id}/entries?limit=1`, key: tenant.key })
    ).body;
    await removeEntry(ctx.database.db, tenant.tenantId, topic.id, first.items[0].topicEntryId);
    const after = await ctx.request({
      method: 'GET',
      url: `/v0/topics/${topic.id}/entries`,
      key: tenant.key,
    });
    assert.equal(after.body.totalCount, 7);
    assert.equal(after.body.items.at(-1).content.content, 'first now');
    assert.equal(after.body.items[0].content.content, 'e1');
  });

  it('answers 404 topic_not_found for an unknown or malformed topic id, and 200 for an empty topic', async () => {
    const tenant = await makeTenant(ctx);
    for (const id of ['topic_00000000000000000000000000', 'nope', '%20']) {
      const response = await ctx.request({ method: 'GET', url: `/v0/topics/${id}/entries`, key: tenant.key });
      assert.equal(response.status, 404, response.raw);
      assert.equal(response.body.code, 'topic_not_found');
    }
    const { topic } = await makeTopic(ctx, tenant);
    const empty = await ctx.request({
      method: 'GET',
      url: `/v0/topics/${topic.id}/entries`,
      key: tenant.key,
    });
    assert.deepEqual(empty.body, { items: [], totalCount: 0, hasMore: false, nextCursor: null });
    const bad = await ctx.request({
      method: 'GET',
      url: `/v0/topics/${topic.id}/entries?limit=0`,
      key: tenant.key,
    });
    assert.equal(bad.status, 400);
  });
});
