import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../test/admin-client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { storageFromConfig } from '../features/files/storage-from-config.js';
import { DEMO_BRAND_ID } from './brand.js';
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

  it('creates the brand its pages name, with an uploaded logo and favicon: the hosted page renders in it', async () => {
    const files = { storage: storageFromConfig(ctx.app.config), config: ctx.app.config };
    const seed = await seedDemo(ctx.database.db, { baseUrl: '' } as never, undefined, files);
    assert.equal(seed.brandId, DEMO_BRAND_ID);
    const tenant = `/tenants/${seed.tenantId}`;
    const brand = await adminGet(ctx, `${tenant}/brands/${DEMO_BRAND_ID}`);
    assert.equal(brand.status, 200, brand.raw);
    assert.equal(brand.body.name, 'Loomwork');
    assert.equal(brand.body.colors.primary, '#1f6feb');
    assert.match(brand.body.logoFileId, /^file_/);
    assert.match(brand.body.faviconFileId, /^file_/);

    const page = await ctx.request({ method: 'GET', url: seed.pagePublicUrl! });
    assert.equal(page.status, 200, page.raw);
    assert.match(page.raw, /--brand-primary:#1f6feb;/, "the brand's colours, not the stylesheet's defaults");
    assert.match(page.raw, /--brand-radius:10px;/);
    assert.ok(page.raw.includes(`<img src="/files/${brand.body.logoFileId}"`), 'the logo in the header');
    assert.ok(page.raw.includes(`<link rel="icon" href="/files/${brand.body.faviconFileId}"`), 'the favicon');
    for (const id of [brand.body.logoFileId, brand.body.faviconFileId]) {
      const file = await ctx.request({ method: 'GET', url: `/files/${id}` });
      assert.equal(file.status, 200);
      assert.match(String(file.headers['content-type']), /^image\/(svg\+xml|png)$/);
    }

    // Seeding again into the same tenant keeps the brand (no second brand, no error).
    await seedDemo(ctx.database.db, undefined, seed.tenantId, files);
    const brands = await adminGet(ctx, `${tenant}/brands`);
    assert.deepEqual(
      brands.body.items.map((b: { brandId: string; logoFileId: string }) => [b.brandId, b.logoFileId]),
      [[DEMO_BRAND_ID, brand.body.logoFileId]],
    );
  });
});
