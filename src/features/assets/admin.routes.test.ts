import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: assets', (ctx) => {
  const admin = (method: 'POST' | 'PATCH', url: string, body?: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('creates assets of every type with tags and aiDescription; they are searchable', async () => {
    const tenant = await makeTenant(ctx);
    for (const assetType of ['logo', 'icon', 'video', 'custom-component', 'image']) {
      const created = await admin('POST', `/tenants/${tenant.tenantId}/assets`, {
        assetType,
        name: `Brand ${assetType}`,
        fileId: `f-${assetType}`,
        tags: ['Brand kit'],
        aiDescription: 'Seen from above',
      });
      assert.equal(created.status, 201, created.raw);
      assert.equal(created.body.data.type, assetType);
      assert.deepEqual(created.body.tags, ['Brand kit']);
      assert.equal(created.body.aiDescription, 'Seen from above');
    }
    const search = await ctx.request({
      method: 'GET',
      url: '/v0/assets/search?query=kit%20above',
      key: tenant.key,
    });
    assert.equal(search.body.totalCount, 5);
    const unauthenticated = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/assets`,
      body: { assetType: 'logo', name: 'x', fileId: 'f' },
    });
    assert.equal(unauthenticated.status, 401);
    const badType = await admin('POST', `/tenants/${tenant.tenantId}/assets`, {
      assetType: 'pdf',
      name: 'x',
      fileId: 'f',
    });
    assert.equal(badType.status, 400);
    const noTenant = await admin('POST', '/tenants/nobody/assets', {
      assetType: 'logo',
      name: 'x',
      fileId: 'f',
    });
    assert.equal(noTenant.status, 404);
  });

  it('trashes, restores, deletes and edits with the documented transitions', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/tenants/${tenant.tenantId}/assets`;
    const asset = (await admin('POST', base, { assetType: 'icon', name: 'Gear', fileId: 'f' })).body;
    const count = async () =>
      (await ctx.request({ method: 'GET', url: '/v0/assets/search', key: tenant.key })).body.totalCount;

    const trashed = await admin('POST', `${base}/${asset.assetId}/trash`);
    assert.equal(trashed.status, 200, trashed.raw);
    assert.equal(trashed.body.lifecycleState, 'trashed');
    assert.notEqual(trashed.body.trashedAt, null);
    assert.equal(await count(), 0);
    assert.equal(
      (await admin('POST', `${base}/${asset.assetId}/trash`)).body.trashedAt,
      trashed.body.trashedAt,
    );
    assert.equal(await count(), 0, 'trashing twice changes nothing');

    const restored = await admin('POST', `${base}/${asset.assetId}/restore`);
    assert.equal(restored.body.lifecycleState, 'active');
    assert.equal(restored.body.trashedAt, null);
    assert.equal(await count(), 1);

    const edited = await admin('PATCH', `${base}/${asset.assetId}`, {
      tags: ['settings'],
      aiDescription: 'A cog',
    });
    assert.equal(edited.status, 200, edited.raw);
    assert.deepEqual(edited.body.tags, ['settings']);
    const found = await ctx.request({ method: 'GET', url: '/v0/assets/search?query=cog', key: tenant.key });
    assert.equal(found.body.items[0].assetId, asset.assetId);
    assert.equal(
      (await admin('PATCH', `${base}/${asset.assetId}`, {})).status,
      400,
      'an empty edit is a 400',
    );

    const deleted = await admin('POST', `${base}/${asset.assetId}/delete`);
    assert.equal(deleted.body.lifecycleState, 'deleted');
    assert.notEqual(deleted.body.deletedAt, null);
    assert.equal(await count(), 0);
    for (const action of ['trash', 'restore']) {
      const response = await admin('POST', `${base}/${asset.assetId}/${action}`);
      assert.equal(response.status, 409, `${action} of a deleted asset`);
    }
    assert.equal((await admin('PATCH', `${base}/${asset.assetId}`, { tags: [] })).status, 409);
    assert.equal(
      (await admin('POST', `${base}/${asset.assetId}/delete`)).status,
      200,
      'deleting twice is fine',
    );
    assert.equal((await admin('POST', `${base}/asset_00000000000000000000000000/trash`)).status, 404);
    const stranger = await makeTenant(ctx);
    assert.equal(
      (await admin('POST', `/tenants/${stranger.tenantId}/assets/${asset.assetId}/trash`)).status,
      404,
    );
  });
});
