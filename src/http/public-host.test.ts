import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeOperator, PASSWORD } from '../../test/console-factories.js';
import { describeEachDatabase } from '../../test/harness.js';

const PUBLIC = 'pages.example.test';
const CONSOLE = 'console.example.test';

describeEachDatabase(
  'a public origin of its own (PUBLIC_BASE_URL with CONSOLE_BASE_URL)',
  (ctx) => {
    it('refuses the console and the operator API on the public host, serves them on the console host', async () => {
      for (const url of [
        '/console',
        '/console/',
        '/console/t/x/pages',
        '/admin/v0/me',
        '/ADMIN/v0/tenants',
      ]) {
        const response = await ctx.request({ method: 'GET', url, headers: { host: PUBLIC } });
        assert.equal(response.status, 404, url);
      }
      const signIn = await ctx.request({
        method: 'POST',
        url: '/admin/v0/session',
        body: { email: 'x@example.com', password: 'wrong one' },
        headers: { host: PUBLIC },
      });
      assert.equal(signIn.status, 404);
      assert.equal(
        (await ctx.request({ method: 'GET', url: '/admin/v0/me', headers: { host: CONSOLE } })).status,
        401,
      );
      assert.equal(
        (await ctx.request({ method: 'GET', url: '/healthz', headers: { host: PUBLIC } })).status,
        200,
      );
    });

    it("accepts a sign-in from the console's origin and refuses one from the public origin", async () => {
      const operator = await makeOperator(ctx, null, 'admin');
      const from = (origin: string) =>
        ctx.request({
          method: 'POST',
          url: '/admin/v0/session',
          body: { email: operator.email, password: PASSWORD },
          headers: { host: CONSOLE, origin },
        });
      assert.equal((await from(`https://${PUBLIC}`)).status, 403);
      assert.equal((await from('null')).status, 403);
      assert.equal((await from(`https://${CONSOLE}`)).status, 200);
    });
  },
  { config: { publicBaseUrl: `https://${PUBLIC}`, consoleBaseUrl: `https://${CONSOLE}` } },
);
