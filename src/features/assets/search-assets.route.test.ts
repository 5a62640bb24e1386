import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAsset } from '../../../test/asset-factories.js';
import { authSuite, SEES_AN_EMPTY_LIST } from '../../../test/auth-suite.js';
import { makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { applyAssetAction, editAsset } from './assets-operator.service.js';

describeEachDatabase('GET /v0/assets/search', (ctx) => {
  async function search(tenant: TestTenant, params: Record<string, string> = {}) {
    const url = `/v0/assets/search?${new URLSearchParams(params)}`;
    const response = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(response.status, 200, `${url}: ${response.raw}`);
    return response.body as {
      items: { assetId: string }[];
      totalCount: number;
      hasMore: boolean;
      nextCursor: string | null;
    };
  }
  const ids = (page: { items: { assetId: string }[] }) => page.items.map((a) => a.assetId);

  authSuite(ctx, {
    request: async (ctx, owner) => {
      await makeAsset(ctx, owner, { name: 'Owner secret logo' });
      return { method: 'GET', url: '/v0/assets/search?query=secret' };
    },
    okStatus: 200,
    otherTenant: SEES_AN_EMPTY_LIST,
  });

  it('finds a word in any field: name, purpose, a tag, or only the aiDescription', async () => {
    const tenant = await makeTenant(ctx);
    const byName = await makeAsset(ctx, tenant, { name: 'Zebra banner' });
    const byPurpose = await makeAsset(ctx, tenant, { name: 'a', purpose: 'For the zebra campaign' });
    const byTag = await makeAsset(ctx, tenant, { name: 'b', tags: ['stripes', 'Zebra'] });
    const byAi = await makeAsset(ctx, tenant, { name: 'c', aiDescription: 'A ZEBRA grazing at dusk' });
    await makeAsset(ctx, tenant, { name: 'Horse', tags: ['zebu'], aiDescription: 'not a zebr4' });
    const page = await search(tenant, { query: 'zebra' });
    assert.deepEqual(new Set(ids(page)), new Set([byName.id, byPurpose.id, byTag.id, byAi.id]));
    assert.equal(page.totalCount, 4);
    assert.deepEqual(
      ids(await search(tenant, { query: 'stripes' })),
      [byTag.id],
      'a word found only in a tag',
    );
    assert.deepEqual(ids(await search(tenant, { query: 'grazing' })), [byAi.id], 'only in aiDescription');
  });

  it('needs every word, takes the last one as a prefix, ignores case and accents', async () => {
    const tenant = await makeTenant(ctx);
    const asset = await makeAsset(ctx, tenant, {
      name: 'Café Menu',
      purpose: 'Breakfast specials',
      tags: ['Morning'],
      aiDescription: 'Croissants on a table',
    });
    await makeAsset(ctx, tenant, { name: 'Dinner menu' });
    for (const query of [
      'menu break',
      'CAFE',
      'cafe menu',
      'morning croiss',
      'café  MENU  m',
      'table spec',
      'cr',
    ]) {
      assert.deepEqual(ids(await search(tenant, { query })), [asset.id], query);
    }
    for (const query of ['menu lunch', 'caf menu', 'breakfasts', 'xyz']) {
      assert.deepEqual(ids(await search(tenant, { query })), [], `${query} must not match`);
    }
  });

  it('matches words of any script the same way on both databases', async () => {
    const tenant = await makeTenant(ctx);
    const asset = await makeAsset(ctx, tenant, {
      name: 'Zoë 李雷 Ñandú Straße v2 Ελλάδα',
      tags: ['naïve-café'],
    });
    for (const query of [
      'zoe',
      'ZOË',
      '李雷',
      '李',
      'nandu',
      'ÑAND',
      'straße',
      'v2',
      'ελλαδα',
      'ελλ',
      'naive cafe',
      'café naïve',
    ]) {
      assert.deepEqual(ids(await search(tenant, { query })), [asset.id], query);
    }
    // Every word but the last must be a whole word.
    for (const query of ['李 nandu', 'zo nandu', 'v3', 'nandu stras x']) {
      assert.deepEqual(ids(await search(tenant, { query })), [], query);
    }
  });

  it("never returns hidden, trashed, deleted or other tenants' assets, and counts exactly", async () => {
    const tenant = await makeTenant(ctx);
    const stranger = await makeTenant(ctx);
    const visible = await makeAsset(ctx, tenant, { name: 'Quarterly report' });
    await makeAsset(ctx, tenant, { name: 'Quarterly hidden', hidden: true });
    const trashed = await makeAsset(ctx, tenant, { name: 'Quarterly trashed', state: 'trashed' });
    await makeAsset(ctx, tenant, { name: 'Quarterly deleted', state: 'deleted' });
    await makeAsset(ctx, stranger, { name: 'Quarterly foreign' });
    for (const params of <Record<string, string>[]>[{ query: 'quarterly' }, { query: 'quar' }, {}]) {
      const page = await search(tenant, params);
      assert.deepEqual(ids(page), [visible.id], JSON.stringify(params));
      assert.equal(page.totalCount, 1);
    }
    await applyAssetAction(ctx.database.db, tenant.tenantId, trashed.id, 'restore');
    assert.equal(
      (await search(tenant, { query: 'quarterly' })).totalCount,
      2,
      'a restored asset is found again',
    );
    assert.equal((await search(tenant)).totalCount, 2);
    await editAsset(ctx.database.db, tenant.tenantId, visible.id, { hidden: true });
    assert.deepEqual(ids(await search(tenant, { query: 'quarterly' })), [trashed.id]);
    assert.equal((await search(tenant)).totalCount, 1);
  });

  it('follows tag and aiDescription edits', async () => {
    const tenant = await makeTenant(ctx);
    const asset = await makeAsset(ctx, tenant, { name: 'Plain', tags: ['old'] });
    await editAsset(ctx.database.db, tenant.tenantId, asset.id, {
      tags: ['fresh'],
      aiDescription: 'A lighthouse',
    });
    assert.deepEqual(ids(await search(tenant, { query: 'old' })), []);
    assert.deepEqual(ids(await search(tenant, { query: 'fresh lighthouse' })), [asset.id]);
  });

  it('orders by relevance (name, tags, purpose, aiDescription), then newest', async () => {
    const tenant = await makeTenant(ctx);
    const ai = await makeAsset(ctx, tenant, { name: 'x', aiDescription: 'orange' });
    const purpose = await makeAsset(ctx, tenant, { name: 'x', purpose: 'orange' });
    const tagOld = await makeAsset(ctx, tenant, { name: 'x', tags: ['orange'] });
    const name = await makeAsset(ctx, tenant, { name: 'Orange' });
    const tagNew = await makeAsset(ctx, tenant, { name: 'x', tags: ['orange'] });
    const page = await search(tenant, { query: 'orange' });
    assert.deepEqual(ids(page), [name.id, tagNew.id, tagOld.id, purpose.id, ai.id]);
    const newest = await search(tenant);
    assert.deepEqual(
      ids(newest),
      [tagNew.id, name.id, tagOld.id, purpose.id, ai.id],
      'no query: newest first',
    );
  });

  it('filters on assetType with exact counts, with and without a query', async () => {
    const tenant = await makeTenant(ctx);
    const logo = await makeAsset(ctx, tenant, { assetType: 'logo', name: 'Brand mark' });
    const component = await makeAsset(ctx, tenant, { assetType: 'custom-component', name: 'Brand widget' });
    await makeAsset(ctx, tenant, { assetType: 'image', name: 'Brand photo' });
    await makeAsset(ctx, tenant, { assetType: 'logo', name: 'Old logo', state: 'trashed' });
    assert.deepEqual(ids(await search(tenant, { assetType: 'logo' })), [logo.id]);
    assert.equal((await search(tenant, { assetType: 'logo' })).totalCount, 1);
    assert.deepEqual(ids(await search(tenant, { assetType: 'custom-component', query: 'brand' })), [
      component.id,
    ]);
    assert.equal((await search(tenant, { assetType: 'video' })).totalCount, 0);
    assert.equal((await search(tenant, { query: 'brand' })).totalCount, 3);
    const bad = await ctx.request({ method: 'GET', url: '/v0/assets/search?assetType=pdf', key: tenant.key });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].parameter, 'assetType');
  });

  it('pages through matches with cursors that only fit the same query', async () => {
    const tenant = await makeTenant(ctx);
    const created = [];
    for (let i = 0; i < 25; i++) {
      created.push(
        await makeAsset(
          ctx,
          tenant,
          i % 3 === 0 ? { name: `Sunset ${i}` } : { name: `x ${i}`, tags: ['sunset'] },
        ),
      );
    }
    await makeAsset(ctx, tenant, { name: 'Sunrise' });
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const page = await search(tenant, { query: 'sunset', limit: '4', ...(cursor ? { cursor } : {}) });
      assert.equal(page.totalCount, 25 + added, 'totalCount is exact on every page');
      seen.push(...ids(page));
      cursor = page.nextCursor;
      assert.equal(page.hasMore, cursor !== null);
      // Adding matches while paging moves no existing one: the score depends only on the row.
      await makeAsset(ctx, tenant, { name: 'Sunset late' });
      added++;
    } while (cursor !== null);
    const existing = new Set(created.map((a) => a.id));
    assert.equal(seen.filter((id) => existing.has(id)).length, 25);
    assert.equal(new Set(seen).size, seen.length);

    const first = await search(tenant, { query: 'sunset', limit: '2' });
    for (const params of <Record<string, string>[]>[
      { query: 'sunrise' },
      {},
      { query: 'sunset', assetType: 'logo' },
    ]) {
      const url = `/v0/assets/search?${new URLSearchParams({ ...params, cursor: first.nextCursor! })}`;
      const response = await ctx.request({ method: 'GET', url, key: tenant.key });
      assert.equal(response.status, 400, url);
      assert.equal(response.body.code, 'invalid_cursor');
    }
    const same = await search(tenant, { query: 'SUNSET', limit: '2', cursor: first.nextCursor! });
    assert.equal(same.items.length, 2, 'the same words in another case share cursors');
  });

  it('never answers 5xx to search syntax, quotes, unicode or 2,000 characters', async () => {
    const tenant = await makeTenant(ctx);
    const asset = await makeAsset(ctx, tenant, { name: 'OR near NEAR the "quoted" café', tags: ['50%_off'] });
    const queries = [
      '"',
      '""',
      '"unbalanced',
      '*',
      'caf*',
      ':',
      'name:café',
      "'",
      "o'reilly",
      '-',
      '-near',
      '(',
      ')',
      '((or',
      'OR',
      'AND',
      'NOT',
      'NEAR',
      'NEAR(a b)',
      'a OR b',
      '%',
      '_',
      '50%_off',
      '%_%',
      '\\',
      '\u0000',
      '^',
      '{search_name}:x',
      'tenant_key:x',
      "'; drop table assets; --",
      '😀',
      '李雷',
      'ñandú',
      '\u200b',
      'ﬁ',
      'é'.repeat(2000),
      `${'"*:(-'.repeat(400)}`,
      'x'.repeat(2000),
      'a:* & b | !c <-> d',
      "'a':*",
    ];
    for (const query of queries) {
      const url = `/v0/assets/search?${new URLSearchParams({ query })}`;
      const response = await ctx.request({ method: 'GET', url, key: tenant.key });
      assert.ok(
        response.status === 200,
        `${JSON.stringify(query.slice(0, 40))}: ${response.status} ${response.raw}`,
      );
    }
    for (const query of ['or near', 'NEAR quoted', '"quoted"', 'café OR', '50', '50%_of', 'off']) {
      assert.deepEqual(ids(await search(tenant, { query })), [asset.id], query);
    }
    const tooLong = await ctx.request({
      method: 'GET',
      url: `/v0/assets/search?query=${'x'.repeat(2001)}`,
      key: tenant.key,
    });
    assert.equal(tooLong.status, 400);
    assert.equal(tooLong.body.errors[0].parameter, 'query');
    const manyWords = Array.from({ length: 33 }, (_, i) => `w${i}`).join(' ');
    const tooMany = await ctx.request({
      method: 'GET',
      url: `/v0/assets/search?${new URLSearchParams({ query: manyWords })}`,
      key: tenant.key,
    });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors[0].code, 'too_many_words');
    const thirtyTwo = Array.from({ length: 32 }, (_, i) => `w${i}`).join(' ');
    assert.equal((await search(tenant, { query: thirtyTwo })).totalCount, 0);
    const onlySyntax = await search(tenant, { query: '"*:()-' });
    assert.equal(onlySyntax.totalCount, 1, 'a query without words lists every asset');
  });
});
