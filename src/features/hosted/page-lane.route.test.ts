import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { BROWSER_AGENT, formFixture } from '../../../test/form-factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { archiveTestAudience } from '../../../test/pages-factories.js';

/**
 * The fast lane (page-lane.ts) answers before Fastify, so `app.inject` never reaches it: these
 * tests talk to a listening server over real connections and tell the lane's answers by their
 * access log line (`lane: true`).
 */
const lines: Record<string, unknown>[] = [];
const logger = {
  write(line: string) {
    lines.push(JSON.parse(line));
  },
};

/** The access log line of an answer, by its request id (Fastify writes it just after answering). */
async function lineOf(response: Response): Promise<Record<string, unknown>> {
  const id = response.headers.get('request-id');
  for (let waited = 0; waited < 2000; waited += 10) {
    const line = lines.find((l) => l.msg === 'request completed' && l.requestId === id);
    if (line !== undefined) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`no log line for ${id}`);
}

function listen(ctx: TestContext) {
  let base = '';
  before(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return () => base;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { 'user-agent': BROWSER_AGENT, ...headers } });

/** The headers an answer owes, without the ones that differ per request by design. */
function stable(response: Response): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!['request-id', 'date', 'ratelimit'].includes(name)) kept[name] = value;
  }
  return kept;
}

describeEachDatabase(
  'hosted pages: the fast lane',
  (ctx) => {
    const base = listen(ctx);
    after(() => {
      lines.length = 0;
    });

    it("repeats the route's answer byte for byte with its headers, logs it and counts it", async () => {
      const tenant = await makeTenant(ctx);
      const f = await formFixture(ctx, tenant);
      const url = `${base()}${f.personUrl}`;
      const first = await get(url);
      const second = await get(url);
      const third = await get(url);
      assert.equal(first.status, 200);
      const bodies = [await first.text(), await second.text(), await third.text()];
      assert.equal(bodies[1], bodies[0]);
      assert.equal(bodies[2], bodies[0]);
      assert.deepEqual(stable(second), stable(first));
      assert.match(String(second.headers.get('ratelimit')), /^"per-key";r=\d+;t=\d+$/);
      assert.notEqual(second.headers.get('request-id'), first.headers.get('request-id'));
      assert.equal(second.headers.get('content-length'), String(Buffer.byteLength(bodies[0]!)));

      const logged = await Promise.all([first, second, third].map(lineOf));
      assert.deepEqual(
        logged.map((l) => l.lane ?? false),
        [false, true, true],
      );
      // The same line either way: the route key redacted, the status, the request id sent.
      assert.equal(logged[1]!.url, logged[0]!.url);
      assert.match(String(logged[1]!.url), /\[key\]$/);
      assert.equal(logged[1]!.statusCode, 200);
      assert.equal(logged[1]!.requestId, second.headers.get('request-id'));

      const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      const counted =
        /quire_http_requests_total\{[^}]*route="\/p\/:handle\/:slug\/:route_key"[^}]*\} (\d+)/.exec(
          metrics.body,
        );
      assert.ok(counted, 'the page route is counted');
      assert.ok(Number(counted[1]) >= 3, `three GETs counted, got ${counted[1]}`);
    });

    it("never shows a page longer than the route would: an archived audience's URL falls back at once", async () => {
      const tenant = await makeTenant(ctx);
      const f = await formFixture(ctx, tenant);
      const url = `${base()}${f.personUrl}`;
      await get(url);
      assert.equal((await get(url)).status, 200);
      await archiveTestAudience(ctx, tenant, f.personal.audienceId);
      const gone = await get(url);
      await gone.text();
      // The URL now shows the page itself (docs/hosted-pages.md, fallbacks), answered by the route.
      assert.notEqual(
        gone.headers.get('quire-page-fallback'),
        null,
        'the lane did not repeat the archived audience',
      );
      assert.equal((await lineOf(gone)).lane, undefined);
    });

    it('leaves to the route: a cookie, If-None-Match, a query, HEAD', async () => {
      const tenant = await makeTenant(ctx);
      const f = await formFixture(ctx, tenant);
      const url = `${base()}${f.pageUrl}`;
      const first = await get(url);
      await first.text();
      const cookie = await get(url, { cookie: 'something=else' });
      await cookie.text();
      const revalidated = await get(url, { 'if-none-match': String(first.headers.get('etag')) });
      assert.equal(revalidated.status, 304);
      const query = await get(`${url}?utm_source=mail`);
      await query.text();
      const head = await fetch(url, { method: 'HEAD', headers: { 'user-agent': BROWSER_AGENT } });
      assert.equal(head.status, 200);
      const routed = await Promise.all([cookie, revalidated, query, head].map(lineOf));
      assert.deepEqual(
        routed.map((l) => l.lane ?? false),
        [false, false, false, false],
      );
    });
  },
  { config: { logLevel: 'info' }, logger },
);

describeEachDatabase(
  'hosted pages: the fast lane keeps the per-address limit',
  (ctx) => {
    const base = listen(ctx);
    it('refuses past the burst (the route answers the 429)', async () => {
      const tenant = await makeTenant(ctx);
      const f = await formFixture(ctx, tenant);
      const url = `${base()}${f.personUrl}`;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await get(url);
        await response.text();
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    });
  },
  { config: { hostedRateLimitPerSecond: 0.01, hostedRateLimitBurst: 3 } },
);
