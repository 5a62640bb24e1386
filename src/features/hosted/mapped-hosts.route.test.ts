import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describeEachDatabase("hosted pages on a tenant's own host", (ctx) => {
  it("serves /{slug}/{routeKey} on a mapped host, and only that tenant's pages", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const other = await makeTenant(ctx);
    const o = await hostedFixture(ctx, other);
    const host = `pages-${tenant.tenantId.slice(-12)}.example.com`;
    const mapped = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/hosts`,
      body: { host },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(mapped.status, 201, mapped.raw);
    const onHost = (url: string, method: 'GET' | 'POST' = 'GET', h = host) =>
      ctx.request({
        method,
        url,
        headers: { host: h, 'user-agent': BROWSER },
        ...(method === 'POST' ? { body: {} } : {}),
      });
    const routeKey = f.personUrl.split('/').at(-1)!;
    const personal = await onHost(`/${f.page.slug}/${routeKey}`);
    assert.equal(personal.status, 200, personal.raw);
    assert.match(personal.raw, /for Grace Hopper/);
    assert.match(personal.raw, new RegExp(`href="/${f.page.slug}/${routeKey}/go/book-demo"`));
    assert.match(personal.raw, new RegExp(`<link rel="canonical" href="http://${host}/${f.page.slug}"`));
    assert.equal((await onHost(`/${f.page.slug}`)).status, 200);
    const go = await onHost(`/${f.page.slug}/${routeKey}/go/book-demo`);
    assert.equal(go.status, 302);
    assert.equal((await onHost(`/${f.page.slug}/${routeKey}/view`, 'POST')).status, 204);

    // The other tenant's route key on this host is not found as an audience: this tenant's page only.
    const otherKey = o.personUrl.split('/').at(-1)!;
    const crossed = await onHost(`/${o.page.slug}/${otherKey}`);
    assert.equal(crossed.headers['quire-page-fallback'], 'unknown-route-key');
    assert.doesNotMatch(crossed.raw, new RegExp(o.personal.audienceId));
    assert.equal((await onHost('/no-such-page')).status, 404);
    assert.match((await onHost('/no-such-page')).raw, /Page not found/);

    // An unmapped host keeps the API's JSON 404.
    const unmapped = await onHost(`/${f.page.slug}/${routeKey}`, 'GET', 'unmapped.example.com');
    assert.equal(unmapped.status, 404);
    assert.equal(unmapped.body.code, 'not_found');
  });
});
