import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { personsWindowEnd, searchPersons } from './persons.repository.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/persons', (ctx) => {
  it("lists the tenant's persons newest first, a page at a time", async () => {
    const tenant = await makeTenant(ctx);
    const ada = await makePerson(ctx, tenant, { name: 'Ada' });
    const grace = await makePerson(ctx, tenant, { name: 'Grace' });
    await makePerson(ctx, await makeTenant(ctx), { name: 'Elsewhere' });
    const first = await adminGet(ctx, `/tenants/${tenant.tenantId}/persons?limit=1`);
    assert.equal(first.status, 200, first.raw);
    assert.equal(first.body.totalCount, 2);
    const second = await adminGet(
      ctx,
      `/tenants/${tenant.tenantId}/persons?limit=1&cursor=${first.body.nextCursor}`,
    );
    assert.deepEqual(
      [...first.body.items, ...second.body.items].map((p: { personId: string }) => p.personId).sort(),
      [ada.personId, grace.personId].sort(),
    );
  });

  it('searches by a part of the name, email or domain, any case, in the tenant only (q)', async () => {
    const tenant = await makeTenant(ctx);
    const ada = await makePerson(ctx, tenant, { name: 'Ada Lovelace', email: 'ada@analytical.example' });
    const grace = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'navy.example' });
    await makePerson(ctx, tenant, { name: 'Alan Turing', email: 'alan@bletchley.example' });
    await makePerson(ctx, tenant, { name: '100% real' });
    await makePerson(ctx, await makeTenant(ctx), { name: 'Ada Elsewhere' });
    const search = async (q: string, extra = '') => {
      const answer = await adminGet(
        ctx,
        `/tenants/${tenant.tenantId}/persons?q=${encodeURIComponent(q)}${extra}`,
      );
      assert.equal(answer.status, 200, answer.raw);
      return answer.body;
    };
    const names = async (q: string) => (await search(q)).items.map((p: { name: string }) => p.name).sort();
    assert.deepEqual(await names('ADA'), ['Ada Lovelace'], 'by name, any case, not another tenant');
    assert.deepEqual(await names('analytical'), ['Ada Lovelace'], 'by email');
    assert.deepEqual(await names('NAVY.ex'), ['Grace Hopper'], 'by domain');
    assert.deepEqual(await names('%'), ['100% real'], 'a LIKE wildcard is a plain character');
    assert.deepEqual(await names('_'), [], 'so is _');
    assert.equal((await search('ada')).totalCount, null);

    // Paged: a cursor follows the last match and carries the search.
    const first = await search('a', '&limit=1');
    assert.equal(first.items.length, 1);
    assert.equal(first.hasMore, true);
    const rest = await search('a', `&limit=100&cursor=${first.nextCursor}`);
    assert.equal(rest.hasMore, false);
    assert.deepEqual(
      [...first.items, ...rest.items].map((p: { personId: string }) => p.personId).includes(ada.personId),
      true,
    );
    const mismatched = await adminGet(
      ctx,
      `/tenants/${tenant.tenantId}/persons?q=grace&cursor=${first.nextCursor}`,
    );
    assert.equal(mismatched.status, 400, 'a cursor of another search is refused');
    assert.equal(grace.name, 'Grace Hopper');
  });

  it('looks through a bounded window of the newest persons per request', async () => {
    const tenant = await makeTenant(ctx);
    const oldest = await makePerson(ctx, tenant, { name: 'Needle' });
    await makePerson(ctx, tenant, { name: 'Hay one' });
    await makePerson(ctx, tenant, { name: 'Hay two' });
    const db = ctx.database.db;
    // A window of the two newest holds no match, and ends at the second newest person...
    assert.deepEqual(await searchPersons(db, tenant.tenantId, '%needle%', null, 2, 10), []);
    const end = await personsWindowEnd(db, tenant.tenantId, null, 2);
    assert.ok(end !== undefined);
    // ...after which the next window finds the oldest, and is not full.
    const next = await searchPersons(db, tenant.tenantId, '%needle%', end, 2, 10);
    assert.deepEqual(
      next.map((p) => p.id),
      [oldest.personId],
    );
    assert.equal(await personsWindowEnd(db, tenant.tenantId, end, 2), undefined);
  });
});
