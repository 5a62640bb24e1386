import assert from 'node:assert/strict';
import { it } from 'node:test';
import { MAX_PATH_SEGMENT, MAX_URL_LENGTH } from '../../src/http/malformed-url.js';
import { makeTenant } from '../factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../harness.js';

describeEachDatabase('malformed and over-long URLs', (ctx) => {
  const long = 'x'.repeat(5000);
  const cases: [string, number, string][] = [
    ['/v0/persons/%ff', 400, 'bad_request'],
    ['/v0/persons/%zz', 400, 'bad_request'],
    ['/v0/accounts/%e0%a4/logs/x', 400, 'bad_request'],
    [`/v0/persons/${long}`, 404, 'not_found'],
    [`/v0/persons/${'y'.repeat(MAX_PATH_SEGMENT + 1)}`, 404, 'not_found'],
    [`/v0/persons?cursor=${'z'.repeat(MAX_URL_LENGTH)}`, 414, 'uri_too_long'],
  ];

  it('answer problem+json with the request id and security headers, after the key check', async () => {
    const tenant = await makeTenant(ctx);
    for (const [url, status, code] of cases) {
      const anonymous = await ctx.request({ method: 'GET', url });
      assert.equal(
        anonymous.status,
        401,
        `${url.slice(0, 40)} without a key: ${anonymous.raw.slice(0, 200)}`,
      );
      const response = await ctx.request({ method: 'GET', url, key: tenant.key });
      const label = url.slice(0, 40);
      assert.equal(response.status, status, `${label}: ${response.raw.slice(0, 300)}`);
      assert.equal(response.body.code, code, label);
      assert.match(String(response.headers['content-type']), /^application\/problem\+json/, label);
      assert.equal(response.body.requestId, response.headers['request-id'], label);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', label);
      assert.equal(response.headers['cache-control'], 'no-store', label);
      assert.ok(response.raw.length < 600, `${label}: the answer does not echo the URL`);
    }
  });

  it('are answered the same way on the admin API and outside any API, and a normal id still works', async () => {
    const admin = await ctx.request({
      method: 'GET',
      url: '/admin/v0/tenants/%zz',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(admin.status, 400, admin.raw);
    assert.equal(admin.body.code, 'bad_request');
    const adminAnonymous = await ctx.request({ method: 'GET', url: '/admin/v0/tenants/%zz' });
    assert.equal(adminAnonymous.status, 401);
    const root = await ctx.request({ method: 'GET', url: `/${long}` });
    assert.equal(root.status, 404);
    assert.ok(root.raw.length < 600);
    assert.equal(root.headers['x-frame-options'], 'DENY');
    const tenant = await makeTenant(ctx);
    const missing = await ctx.request({
      method: 'GET',
      url: `/v0/persons/${'p'.repeat(MAX_PATH_SEGMENT)}`,
      key: tenant.key,
    });
    assert.notEqual(missing.status, 500);
    assert.ok([400, 404].includes(missing.status), missing.raw);
  });
});
