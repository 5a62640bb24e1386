import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';

describeEachDatabase('HTTP conventions', (ctx) => {
  it('answers malformed, truncated and empty JSON with 400 malformed_json', async () => {
    const tenant = await makeTenant(ctx);
    for (const payload of ['{"name": "x"', '{name: 1}', 'null x', '']) {
      const response = await ctx.request({
        method: 'POST',
        url: '/v0/persons',
        key: tenant.key,
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
      assert.equal(response.status, 400, `${JSON.stringify(payload)}: ${response.raw}`);
      assert.equal(response.body.code, 'malformed_json');
      assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    }
  });

  it('refuses deeply nested bodies quickly with 400, and accepts reasonable nesting', async () => {
    const tenant = await makeTenant(ctx);
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const started = performance.now();
    const refused = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: `{"name":"x","email":${deep(150_000)}}`,
    });
    assert.equal(refused.status, 400, refused.raw);
    assert.equal(refused.body.code, 'malformed_json');
    assert.ok(performance.now() - started < 2000, 'refused quickly');
    const fine = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: `{"name":"x","email":${deep(10)}}`,
    });
    assert.equal(fine.status, 400, 'parsed, then refused by validation (email must be a string)');
    assert.equal(fine.body.code, 'validation_failed');
  });

  it('rejects prototype poisoning with 400', async () => {
    const tenant = await makeTenant(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: '{"name":"x","__proto__":{"admin":true}}',
    });
    assert.equal(response.status, 400);
  });

  it('answers 415 for a body that is not JSON and 413 above the body limit', async () => {
    const tenant = await makeTenant(ctx);
    const text = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
    });
    assert.equal(text.status, 415);
    assert.equal(text.body.code, 'unsupported_media_type');
    const huge = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: { name: 'x', email: 'y'.repeat(ctx.config.bodyLimitBytes) },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.code, 'payload_too_large');
  });

  it('checks the API key before the body: no key and a bad body is a 401', async () => {
    const response = await ctx.request({ method: 'POST', url: '/v0/persons', body: '{bad json' });
    assert.equal(response.status, 401);
  });

  it('sets Request-Id on every response, reusing a sane X-Request-Id', async () => {
    const tenant = await makeTenant(ctx);
    const reused = await ctx.request({
      method: 'GET',
      url: '/v0/persons',
      key: tenant.key,
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    assert.equal(reused.headers['request-id'], 'trace-abc.123');
    const insane = await ctx.request({
      method: 'GET',
      url: '/v0/persons/nope',
      key: tenant.key,
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    assert.match(String(insane.headers['request-id']), /^req_[0-9a-f]{12}[0-9a-z]{8,}$/);
    assert.equal(insane.body.requestId, insane.headers['request-id']);
  });

  it('answers unknown routes with a problem+json 404', async () => {
    for (const url of ['/v0/nothing-here', '/nothing-here']) {
      const response = await ctx.request({ method: 'GET', url });
      assert.equal(response.status, 404);
      assert.equal(response.body.code, 'not_found');
      assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    }
  });

  it('serves health and readiness', async () => {
    assert.equal((await ctx.request({ method: 'GET', url: '/healthz' })).status, 200);
    const ready = await ctx.request({ method: 'GET', url: '/readyz' });
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, 'ready');
  });

  it('sends the security headers of a JSON API and no-store on API responses, and the document ones elsewhere', async () => {
    const tenant = await makeTenant(ctx);
    for (const response of [
      await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key }),
      await ctx.request({ method: 'GET', url: '/v0/persons' }),
    ]) {
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['x-frame-options'], 'DENY');
      assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.equal(response.headers['cross-origin-resource-policy'], 'same-origin');
      assert.equal(response.headers['cache-control'], 'no-store');
      // Headers only a document uses are left out of JSON answers (src/http/security-headers.ts).
      assert.equal(response.headers['cross-origin-opener-policy'], undefined);
      assert.equal(response.headers['referrer-policy'], undefined);
    }
    const page = await ctx.request({ method: 'GET', url: '/healthz' });
    assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    assert.equal(page.headers['x-frame-options'], 'DENY');
  });
});
