import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../test/harness.js';
import { seedDemo } from './demo.js';

describeEachDatabase('demo seed: topics and assets', (ctx) => {
  it('names a topic whose entries list in sortOrder, and seeds searchable assets', async () => {
    const seed = await seedDemo(ctx.database.db);
    const entries = await ctx.request({
      method: 'GET',
      url: `/v0/topics/${seed.topicId}/entries`,
      key: seed.apiKey,
    });
    assert.equal(entries.status, 200, entries.raw);
    assert.ok(entries.body.totalCount >= 3);
    const orders = entries.body.items.map((e: { sortOrder: number }) => e.sortOrder);
    assert.deepEqual(
      orders,
      [...orders].sort((a, b) => a - b),
    );
    assert.deepEqual(
      new Set(entries.body.items.map((e: { content: { type: string } }) => e.content.type)),
      new Set(['text', 'markdown', 'url']),
    );

    const pricing = await ctx.request({
      method: 'GET',
      url: '/v0/assets/search?query=pricing',
      key: seed.apiKey,
    });
    assert.deepEqual(
      pricing.body.items.map((a: { name: string }) => a.name),
      ['Pricing page hero', 'ROI calculator'],
      'the hidden and the trashed assets stay out',
    );
    const byAi = await ctx.request({ method: 'GET', url: '/v0/assets/search?query=gears', key: seed.apiKey });
    assert.equal(byAi.body.items[0].assetId !== undefined, true);
    const all = await ctx.request({ method: 'GET', url: '/v0/assets/search', key: seed.apiKey });
    assert.equal(all.body.totalCount, 5);
  });
});
