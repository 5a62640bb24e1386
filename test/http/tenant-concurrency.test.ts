/**
 * Per-tenant concurrency (issue 14, item 5): a tenant with TENANT_CONCURRENCY requests in flight
 * gets 429 with Retry-After for one more; other tenants are not affected. A request stays in flight
 * here because its body never arrives (the key check and the count happen before the body is read).
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { it } from 'node:test';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';

function hangingPost(port: number, key: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /v0/persons HTTP/1.1\r\nHost: quire\r\nx-api-key: ${key}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      );
      // Long enough for the server to have run the onRequest hooks.
      setTimeout(() => resolve(socket), 150);
    });
    socket.on('error', () => {});
  });
}

describeEachDatabase(
  'per-tenant concurrency',
  (ctx) => {
    it('answers 429 with Retry-After past the limit, for that tenant only', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (ctx.app.server.address() as net.AddressInfo).port;
      const busy = await makeTenant(ctx);
      const other = await makeTenant(ctx);
      const hanging = [await hangingPost(port, busy.key), await hangingPost(port, busy.key)];
      try {
        const over = await ctx.request({ method: 'GET', url: '/v0/persons', key: busy.key });
        assert.equal(over.status, 429);
        assert.equal(over.body.code, 'rate_limited');
        assert.equal(over.headers['retry-after'], '1');
        const neighbour = await ctx.request({ method: 'GET', url: '/v0/persons', key: other.key });
        assert.equal(neighbour.status, 200, 'another tenant is served');
        hanging.pop()!.destroy();
        await new Promise((resolve) => setTimeout(resolve, 150));
        const freed = await ctx.request({ method: 'GET', url: '/v0/persons', key: busy.key });
        assert.equal(freed.status, 200, 'a request that ended (here: the client left) frees its place');
      } finally {
        for (const socket of hanging) socket.destroy();
      }
    });
  },
  { config: { tenantConcurrency: 2 } },
);
