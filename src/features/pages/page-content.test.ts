import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeAsset } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { DEMO_PAGE } from '../../seed/pages.js';

const action = (actionId: string, url: string, buttonTitle = 'Go') => ({
  actionId,
  actionIndex: 0,
  purpose: '',
  buttonTitle,
  actionType: 'link',
  url,
});
const logo = (url: string, assetId = '') => ({ image: { altText: 'Logo', url, fileId: '', assetId } });

describeEachDatabase('page content is checked when a page is written', (ctx) => {
  const admin = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  const pointers = (body: { errors?: { pointer: string }[] }) =>
    (body.errors ?? []).map((e) => e.pointer).sort();

  it('refuses every problem at once, naming each member, and writes nothing', async () => {
    const tenant = await makeTenant(ctx);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      body: undefined,
      actions: [
        action('demo', 'javascript:alert(1)'),
        action('demo', 'https://example.com/b', '   '),
        action('docs', 'docs page'),
      ],
      headerActionId: 'nope',
      actionCardWidgets: [
        {
          type: 'logos',
          title: 'Logos',
          logos: [logo('logo.png'), logo(''), logo('', 'asset_01jdq8m3k4e8v9t6w5x2y1z0ab')],
        },
      ],
    });
    assert.equal(created.status, 400, created.raw);
    assert.equal(created.body.code, 'validation_failed');
    assert.match(created.headers['content-type'] as string, /application\/problem\+json/);
    assert.deepEqual(pointers(created.body), [
      '/actionCardWidgets/0/logos/0/image/url',
      '/actionCardWidgets/0/logos/1/image',
      '/actionCardWidgets/0/logos/2/image/assetId',
      '/actions/0/url',
      '/actions/1/actionId',
      '/actions/1/buttonTitle',
      '/actions/2/url',
      '/headerActionId',
    ]);
    assert.match(created.body.detail, /actions\/0\/url: url must be an absolute http\(s\) URL/);
    const count = await ctx.database.db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0, 'nothing was written');
  });

  it('refuses a fractional actionIndex and an empty button title by schema', async () => {
    const tenant = await makeTenant(ctx);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      actions: [{ ...action('demo', 'https://example.com/a', ''), actionIndex: 0.5 }],
      headerActionId: 'demo',
    });
    assert.equal(created.status, 400, created.raw);
    assert.deepEqual(pointers(created.body), ['/actions/0/actionIndex', '/actions/0/buttonTitle']);
  });

  it("accepts a logo naming the tenant's asset and refuses another tenant's", async () => {
    const tenant = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const own = await makeAsset(ctx, tenant);
    const foreign = await makeAsset(ctx, other);
    const widgets = (assetId: string) => [{ type: 'logos', title: 'Logos', logos: [logo('', assetId)] }];
    const ok = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      actionCardWidgets: widgets(own.id),
    });
    assert.equal(ok.status, 201, ok.raw);
    const refused = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      actionCardWidgets: widgets(foreign.id),
    });
    assert.equal(refused.status, 400, refused.raw);
    assert.deepEqual(pointers(refused.body), ['/actionCardWidgets/0/logos/0/image/assetId']);
  });

  it('checks an update the same way and leaves the page as it was', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const patched = await admin('PATCH', `/tenants/${tenant.tenantId}/pages/${page.id}`, {
      actions: [action('book-demo', 'ftp://example.com/x')],
    });
    assert.equal(patched.status, 400, patched.raw);
    // The new actions drop the one the stored call-to-action banner names: checked the same way too.
    assert.deepEqual(pointers(patched.body), ['/actions/0/url', '/body/blocks/11/actionIds/1']);
    const read = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}`, key: tenant.key });
    assert.deepEqual(read.body.actions, DEMO_PAGE.actions);
  });
});
