import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, it } from 'node:test';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('GET /console', (ctx) => {
  before(() => ensureConsoleBuilt());

  it('serves the app: index.html revalidated, deep links answered with it, a CSP that allows only this server', async () => {
    const redirect = await ctx.request({ method: 'GET', url: '/console' });
    assert.equal(redirect.status, 308);
    assert.equal(redirect.headers.location, '/console/');
    for (const url of [
      '/console/',
      '/console/t/acme/pages/page_01jd0000000000000000000000',
      '/console/sign-in',
    ]) {
      const response = await ctx.request({ method: 'GET', url });
      assert.equal(response.status, 200, url);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.match(response.raw, /<div id="root"><\/div>/);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /frame-ancestors 'none'/);
      // Every script and stylesheet the page names is one of this server's.
      for (const [, src] of response.raw.matchAll(/(?:src|href)="([^"]+)"/g))
        assert.match(src as string, /^\/console\//);
    }
  });

  it('serves hashed assets as immutable for a year, and 404s an unknown asset', async () => {
    const asset = fs.readdirSync('dist/console/assets').find((f) => f.endsWith('.js')) as string;
    const response = await ctx.request({ method: 'GET', url: `/console/assets/${asset}` });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    const missing = await ctx.request({ method: 'GET', url: '/console/assets/index-AAAAAAAA.js' });
    assert.equal(missing.status, 404);
    const traversal = await ctx.request({ method: 'GET', url: '/console/assets/..%2F..%2Fpackage.json' });
    assert.notEqual(traversal.status, 200);
  });
});
