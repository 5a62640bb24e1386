import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makeTenant } from '../../../test/factories.js';
import { formFixture, postForm } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { createApiKey } from '../tenants/tenants.service.js';

describeEachDatabase('GET /v0/pages/{page_id}/form-submissions (extension)', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const page = await makePage(ctx, owner);
      return { method: 'GET', url: `/v0/pages/${page.id}/form-submissions` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it("answers the operator API's read; a key that only reads pages may not read leads", async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    for (const [n, audience] of [
      [1, false],
      [2, true],
    ] as const) {
      const sent = await postForm(ctx, audience ? f.personUrl : f.pageUrl, {
        _form: 'contact',
        _token: f.token(audience, 10_000 + n),
        email: `lead${n}@lovelace.example`,
        name: `Lead ${n}`,
        consent: 'yes',
      });
      assert.equal(sent.statusCode, 303, sent.body);
    }
    const url = `/v0/pages/${f.page.id}/form-submissions`;
    const leads = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(leads.status, 200, leads.raw);
    assert.deepEqual(
      leads.body.items.map((s: { email: string }) => s.email),
      ['lead2@lovelace.example', 'lead1@lovelace.example'],
    );
    const admin = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages/${f.page.id}/form-submissions`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.deepEqual(leads.body, admin.body, 'the same read as the operator API');
    const personal = await ctx.request({ method: 'GET', url: `${url}?audienceId=page`, key: tenant.key });
    assert.deepEqual(
      personal.body.items.map((s: { email: string }) => s.email),
      ['lead1@lovelace.example'],
    );

    const pagesOnly = await createApiKey(ctx.database.db, tenant.tenantId, 'pages only', ['pages:read']);
    const refused = await ctx.request({ method: 'GET', url, key: pagesOnly.apiKey });
    assert.equal(refused.status, 403, refused.raw);
    assert.match(refused.body.detail, /persons:read/);
    const reader = await createApiKey(ctx.database.db, tenant.tenantId, 'persons', ['persons:read']);
    assert.equal((await ctx.request({ method: 'GET', url, key: reader.apiKey })).status, 200);
  });
});
