import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite, SEES_AN_EMPTY_LIST } from '../../../test/auth-suite.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { createPerson } from './persons.service.js';

describeEachDatabase('GET /v0/persons', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      await makePerson(ctx, owner);
      return { method: 'GET', url: '/v0/persons' };
    },
    okStatus: 200,
    otherTenant: SEES_AN_EMPTY_LIST,
  });

  it('lists newest first with the envelope and default limit 20', async () => {
    const tenant = await makeTenant(ctx);
    const created = [];
    for (let i = 0; i < 23; i++) created.push(await makePerson(ctx, tenant, { name: `P ${i}` }));
    const first = await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key });
    assert.equal(first.status, 200);
    assert.equal(first.body.items.length, 20);
    assert.equal(first.body.totalCount, 23);
    assert.equal(first.body.hasMore, true);
    assert.equal(typeof first.body.nextCursor, 'string');
    assert.deepEqual(
      first.body.items.map((p: { personId: string }) => p.personId),
      created
        .reverse()
        .slice(0, 20)
        .map((p) => p.personId),
    );
    const second = await ctx.request({
      method: 'GET',
      url: `/v0/persons?cursor=${first.body.nextCursor}`,
      key: tenant.key,
    });
    assert.equal(second.body.items.length, 3);
    assert.equal(second.body.hasMore, false);
    assert.equal(second.body.nextCursor, null);
  });

  it('applies the limit rules: clamp above 100, 400 for 0, negative, fractional or text', async () => {
    const tenant = await makeTenant(ctx);
    for (let i = 0; i < 3; i++) await makePerson(ctx, tenant);
    const clamped = await ctx.request({ method: 'GET', url: '/v0/persons?limit=1000', key: tenant.key });
    assert.equal(clamped.status, 200);
    assert.equal(clamped.body.items.length, 3);
    for (const limit of ['0', '-1', '1.5', 'abc', '']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/persons?limit=${limit}`,
        key: tenant.key,
      });
      assert.equal(response.status, 400, `limit=${limit}: ${response.raw}`);
      assert.equal(response.body.errors[0].parameter, 'limit');
    }
    const ignored = await ctx.request({ method: 'GET', url: '/v0/persons?unknown=1', key: tenant.key });
    assert.equal(ignored.status, 200, 'unknown query parameters are ignored');
  });

  it('rejects garbled and foreign cursors with 400 invalid_cursor', async () => {
    const tenant = await makeTenant(ctx);
    const forged = Buffer.from(JSON.stringify({ k: ['1; drop', 5], f: 'x' })).toString('base64url');
    for (const cursor of ['garbage', '%%%', forged, Buffer.from('[]').toString('base64url')]) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/persons?cursor=${cursor}`,
        key: tenant.key,
      });
      assert.equal(response.status, 400, cursor);
      assert.equal(response.body.code, 'invalid_cursor');
      assert.equal(response.body.errors[0].parameter, 'cursor');
    }
  });

  it('pages through 1,000 persons with limit=7 while others are created: each exactly once', async () => {
    const tenant = await makeTenant(ctx);
    const existing = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      existing.add((await createPerson(ctx.database.db, tenant.tenantId, { name: `Existing ${i}` })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let created = 0;
    do {
      const url: string = `/v0/persons?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await ctx.request({ method: 'GET', url, key: tenant.key });
      assert.equal(page.status, 200, page.raw);
      assert.equal(page.body.totalCount, 1000 + created, 'totalCount is exact on every page');
      for (const person of page.body.items) seen.push(person.personId);
      cursor = page.body.nextCursor;
      // Someone else keeps creating persons while we page.
      await makePerson(ctx, tenant, { name: `Concurrent ${created}` });
      created++;
    } while (cursor !== null);
    const seenExisting = seen.filter((id) => existing.has(id));
    assert.equal(seenExisting.length, 1000, 'every pre-existing person is returned');
    assert.equal(new Set(seenExisting).size, 1000, 'no pre-existing person is returned twice');
    assert.equal(new Set(seen).size, seen.length, 'no duplicates at all');
  });
});
