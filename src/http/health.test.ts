import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../test/harness.js';

describeEachDatabase('GET /, /healthz and /readyz', (ctx) => {
  it('/ sends a person who opened the address to the console', async () => {
    const response = await ctx.request({ method: 'GET', url: '/' });
    assert.equal(response.status, 302);
    assert.equal(response.headers.location, '/console');
  });

  it('/healthz and /readyz answer', async () => {
    assert.deepEqual((await ctx.request({ method: 'GET', url: '/healthz' })).body, { status: 'ok' });
    assert.deepEqual((await ctx.request({ method: 'GET', url: '/readyz' })).body, { status: 'ready' });
  });
});
