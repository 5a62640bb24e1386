import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeAsset } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/assets', (ctx) => {
  it('lists active assets (hidden ones too); trashed and deleted ones on request', async () => {
    const tenant = await makeTenant(ctx);
    const active = await makeAsset(ctx, tenant, { hidden: true });
    const trashed = await makeAsset(ctx, tenant, { state: 'trashed' });
    const deleted = await makeAsset(ctx, tenant, { state: 'deleted', assetType: 'logo' });
    const ids = async (query: string) => {
      const response = await adminGet(ctx, `/tenants/${tenant.tenantId}/assets${query}`);
      assert.equal(response.status, 200, response.raw);
      assert.equal(response.body.totalCount, response.body.items.length);
      return response.body.items.map((a: { assetId: string }) => a.assetId).sort();
    };
    assert.deepEqual(await ids(''), [active.id]);
    assert.deepEqual(await ids('?includeTrashed=true'), [active.id, trashed.id].sort());
    assert.deepEqual(
      await ids('?includeTrashed=1&includeDeleted=1'),
      [active.id, trashed.id, deleted.id].sort(),
    );
    assert.deepEqual(await ids('?includeDeleted=true&assetType=logo'), [deleted.id]);
  });

  it('narrows the list to a part of the name, any case, wildcards taken literally', async () => {
    const tenant = await makeTenant(ctx);
    const hero = await makeAsset(ctx, tenant, { name: 'Spring hero 50%' });
    await makeAsset(ctx, tenant, { name: 'Autumn banner' });
    const names = async (search: string) => {
      const response = await adminGet(
        ctx,
        `/tenants/${tenant.tenantId}/assets?search=${encodeURIComponent(search)}`,
      );
      assert.equal(response.status, 200, response.raw);
      assert.equal(response.body.totalCount, response.body.items.length);
      return response.body.items.map((a: { assetId: string }) => a.assetId);
    };
    assert.deepEqual(await names('HERO'), [hero.id]);
    assert.deepEqual(await names('0%'), [hero.id]);
    assert.deepEqual(await names('_'), []);
    assert.equal((await names('N')).length, 2);
  });
});
