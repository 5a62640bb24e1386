import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN_FAILURE_BURST } from '../../src/http/admin-auth.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../harness.js';

describeEachDatabase('admin authentication', (ctx) => {
  const tenants = (token: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/admin/v0/tenants',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });

  it('throttles an address after repeated failures, before comparing its token', async () => {
    for (let i = 0; i < ADMIN_FAILURE_BURST; i++) {
      const guess = await tenants(`guess-${i}`, '203.0.113.7');
      assert.equal(guess.statusCode, 401, `guess ${i + 1}`);
    }
    const throttled = await tenants('one-more-guess', '203.0.113.7');
    assert.equal(throttled.statusCode, 429, throttled.body);
    assert.equal(throttled.json().code, 'rate_limited');
    assert.ok(Number(throttled.headers['retry-after']) >= 1);
    assert.match(String(throttled.headers['content-type']), /problem\+json/);
    const rightTokenTooLate = await tenants(ADMIN_TOKEN, '203.0.113.7');
    assert.equal(rightTokenTooLate.statusCode, 429, 'a blocked address learns nothing, even with the token');
    const elsewhere = await tenants(ADMIN_TOKEN, '198.51.100.2');
    assert.equal(elsewhere.statusCode, 200, 'other addresses are not affected');
  });
});

describeEachDatabase('admin authentication scheme', (ctx) => {
  it('takes the Bearer scheme in any case (RFC 9110, section 11.1)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/admin/v0/tenants',
        headers: { authorization: `${scheme} ${ADMIN_TOKEN}` },
      });
      assert.equal(response.statusCode, 200, `${scheme}: ${response.body}`);
    }
    const basic = await ctx.app.inject({
      method: 'GET',
      url: '/admin/v0/tenants',
      headers: { authorization: `Basic ${ADMIN_TOKEN}` },
    });
    assert.equal(basic.statusCode, 401, 'another scheme is still refused');
  });
});
