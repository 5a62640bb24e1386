import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../test/harness.js';

describeEachDatabase('GET /docs', (ctx) => {
  it('renders every operation of the OpenAPI document, with examples, on one self-contained page', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    const page = await ctx.request({ method: 'GET', url: '/docs' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    const html = page.raw;
    let operations = 0;
    for (const item of Object.values(doc.paths) as Record<string, { operationId: string }>[]) {
      for (const op of Object.values(item)) {
        operations++;
        assert.ok(html.includes(`id="${op.operationId}"`), `the page documents ${op.operationId}`);
      }
    }
    assert.ok(operations >= 3);
    assert.equal(
      html.split('<h3>Example request</h3>').length - 1,
      operations,
      'an example request per operation',
    );
    assert.equal(
      (html.match(/<h3>Example response/g) ?? []).length,
      operations,
      'an example response per operation',
    );
    for (const section of ['id="authentication"', 'id="errors"', 'validation_failed', 'x-api-key'])
      assert.ok(html.includes(section), section);
    assert.doesNotMatch(
      html,
      /<script|https?:\/\/(?!127\.0\.0\.1|example\.com)[^"'<\s]+\.(js|css|woff2?)/,
      'nothing loaded from another host',
    );
  });
});
