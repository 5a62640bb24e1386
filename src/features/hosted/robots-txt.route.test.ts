import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('GET /robots.txt', (ctx) => {
  it('lets crawlers reach hosted pages and keeps them out of the API, the console and previews', async () => {
    const response = await ctx.request({ method: 'GET', url: '/robots.txt' });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    const lines = response.raw.split('\n');
    assert.equal(lines[0], 'User-agent: *');
    for (const path of ['/v0/', '/admin/', '/console/', '/p/*/_preview/'])
      assert.ok(lines.includes(`Disallow: ${path}`), `${path}: ${response.raw}`);
    assert.ok(!lines.includes('Disallow: /p/'), 'hosted pages are crawlable');
  });
});
