import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAsset } from '../../../test/asset-factories.js';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';

const BODY = { assetType: 'image', name: 'Hero image', fileId: 'file_abc' };

async function visibleCount(ctx: TestContext, tenant: TestTenant): Promise<number> {
  const page = await ctx.request({ method: 'GET', url: '/v0/assets/search', key: tenant.key });
  return page.body.totalCount;
}

describeEachDatabase(
  'POST /v0/assets',
  (ctx) => {
    authSuite(ctx, {
      request: async () => ({ method: 'POST', url: '/v0/assets', body: BODY }),
      okStatus: 201,
    });

    it('creates an active image asset with the defaults, download URLs and a Location', async () => {
      const tenant = await makeTenant(ctx);
      const response = await ctx.request({
        method: 'POST',
        url: '/v0/assets',
        key: tenant.key,
        body: { ...BODY, fileId: 'files/hero 1.png' },
      });
      assert.equal(response.status, 201, response.raw);
      const asset = response.body;
      assert.match(asset.assetId, /^asset_[a-z0-9]{26}$/);
      assert.equal(response.headers.location, `/v0/assets/${asset.assetId}`);
      assert.equal(response.headers['idempotent-replayed'], undefined);
      assert.deepEqual(
        { ...asset, assetId: undefined, createdAt: undefined, updatedAt: undefined },
        {
          assetId: undefined,
          tenantId: tenant.tenantId,
          name: 'Hero image',
          purpose: '',
          tags: [],
          aiDescription: null,
          parentAssetId: null,
          hidden: false,
          data: { type: 'image', fileId: 'files/hero 1.png' },
          lifecycleState: 'active',
          createdAt: undefined,
          updatedAt: undefined,
          trashedAt: null,
          deletedAt: null,
          downloadUrl: 'https://files.example.com/quire/files%2Fhero%201.png',
          previewDownloadUrl: 'https://files.example.com/quire/files%2Fhero%201.png/preview',
        },
      );
      assert.equal(asset.createdAt, asset.updatedAt);
      assert.match(asset.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it("takes purpose, hidden and a parent of the tenant; another tenant's parent is a 404", async () => {
      const tenant = await makeTenant(ctx);
      const parent = await makeAsset(ctx, tenant, { assetType: 'logo' });
      const child = await ctx.request({
        method: 'POST',
        url: '/v0/assets',
        key: tenant.key,
        body: { ...BODY, purpose: 'Pricing hero', hidden: true, parentAssetId: parent.id },
      });
      assert.equal(child.status, 201, child.raw);
      assert.equal(child.body.purpose, 'Pricing hero');
      assert.equal(child.body.hidden, true);
      assert.equal(child.body.parentAssetId, parent.id);
      assert.equal(await visibleCount(ctx, tenant), 1, 'a hidden asset is not counted in search');

      const stranger = await makeTenant(ctx);
      const deleted = await makeAsset(ctx, tenant, { state: 'deleted' });
      for (const parentAssetId of [parent.id, 'asset_00000000000000000000000000', 'nope']) {
        const response = await ctx.request({
          method: 'POST',
          url: '/v0/assets',
          key: stranger.key,
          body: { ...BODY, parentAssetId },
        });
        assert.equal(response.status, 404, response.raw);
        assert.equal(response.body.code, 'asset_not_found');
      }
      const toDeleted = await ctx.request({
        method: 'POST',
        url: '/v0/assets',
        key: tenant.key,
        body: { ...BODY, parentAssetId: deleted.id },
      });
      assert.equal(toDeleted.status, 404, 'a deleted asset cannot be a parent');
      assert.equal(await visibleCount(ctx, stranger), 0, 'a 404 writes nothing');
      assert.equal(await visibleCount(ctx, tenant), 1);
    });

    it('replays an idempotent create, rejects another body under the same key with 422', async () => {
      const tenant = await makeTenant(ctx);
      const body = { ...BODY, idempotencyKey: 'import-42' };
      const first = await ctx.request({ method: 'POST', url: '/v0/assets', key: tenant.key, body });
      assert.equal(first.status, 201, first.raw);
      // Key order and an explicit default do not make it another request.
      const again = await ctx.request({
        method: 'POST',
        url: '/v0/assets',
        key: tenant.key,
        body: {
          idempotencyKey: 'import-42',
          fileId: 'file_abc',
          hidden: false,
          purpose: '',
          name: 'Hero image',
          assetType: 'image',
        },
      });
      assert.equal(again.status, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.headers.location, first.headers.location);
      assert.deepEqual(again.body, first.body);

      const other = await ctx.request({
        method: 'POST',
        url: '/v0/assets',
        key: tenant.key,
        body: { ...body, name: 'Another name' },
      });
      assert.equal(other.status, 422, other.raw);
      assert.equal(other.body.code, 'idempotency_key_reused');
      assert.equal(other.body.errors[0].pointer, '/idempotencyKey');

      // Keys are per tenant.
      const stranger = await makeTenant(ctx);
      const theirs = await ctx.request({ method: 'POST', url: '/v0/assets', key: stranger.key, body });
      assert.equal(theirs.status, 201);
      assert.notEqual(theirs.body.assetId, first.body.assetId);
      assert.equal(await visibleCount(ctx, tenant), 1);
    });

    it('creates exactly one asset for 50 concurrent requests with one key', async () => {
      const tenant = await makeTenant(ctx);
      const body = { ...BODY, idempotencyKey: 'burst' };
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          ctx.request({ method: 'POST', url: '/v0/assets', key: tenant.key, body }),
        ),
      );
      for (const response of responses) assert.equal(response.status, 201, response.raw);
      assert.equal(new Set(responses.map((r) => r.body.assetId)).size, 1);
      assert.equal(responses.filter((r) => r.headers['idempotent-replayed'] === undefined).length, 1);
      assert.equal(await visibleCount(ctx, tenant), 1);
    });

    it('answers 400 naming the field for bad bodies and writes nothing', async () => {
      const tenant = await makeTenant(ctx);
      const cases: [unknown, string, string][] = [
        [{ ...BODY, assetType: 'logo' }, '/assetType', 'invalid_value'],
        [{ name: 'x', fileId: 'f' }, '/assetType', 'required'],
        [{ assetType: 'image', fileId: 'f' }, '/name', 'required'],
        [{ assetType: 'image', name: 'x' }, '/fileId', 'required'],
        [{ ...BODY, name: 42 }, '/name', 'invalid_type'],
        [{ ...BODY, hidden: 'yes' }, '/hidden', 'invalid_type'],
        [{ ...BODY, idempotencyKey: '' }, '/idempotencyKey', 'too_short'],
        [{ ...BODY, idempotencyKey: 'k'.repeat(256) }, '/idempotencyKey', 'too_long'],
        [{ ...BODY, name: 'n'.repeat(1001) }, '/name', 'too_long'],
        [{ ...BODY, tags: ['a'] }, '/tags', 'unknown_field'],
        [{ ...BODY, purpose: null }, '/purpose', 'invalid_type'],
        [{ ...BODY, name: 'a\u0000b' }, '/name', 'invalid_value'],
        [{ ...BODY, parentAssetId: 'asset_\u0000' }, '/parentAssetId', 'invalid_value'],
      ];
      for (const [body, pointer, code] of cases) {
        const response = await ctx.request({ method: 'POST', url: '/v0/assets', key: tenant.key, body });
        assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.raw}`);
        assert.ok(
          response.body.errors.some(
            (e: { pointer: string; code: string }) => e.pointer === pointer && e.code === code,
          ),
          `${JSON.stringify(body)} should name ${pointer} (${code}): ${response.raw}`,
        );
      }
      assert.equal(await visibleCount(ctx, tenant), 0);
    });
  },
  { config: { publicFileBaseUrl: 'https://files.example.com/quire/' } },
);

describeEachDatabase('POST /v0/assets without PUBLIC_FILE_BASE_URL', (ctx) => {
  it("gives download URLs under Quire's own /files/", async () => {
    const tenant = await makeTenant(ctx);
    const response = await ctx.request({ method: 'POST', url: '/v0/assets', key: tenant.key, body: BODY });
    assert.equal(response.status, 201);
    const file = `${ctx.config.publicBaseUrl}/files/${encodeURIComponent(BODY.fileId)}`;
    assert.equal(response.body.downloadUrl, file);
    assert.equal(response.body.previewDownloadUrl, `${file}/preview`);
  });
});
