import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { openEventStream } from '../../../test/event-stream-client.js';
import { makeAccountLog, makePerson, makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';
import { testEventsConfig } from '../../../test/webhook-factories.js';
import { buildApp } from '../../app.js';
import { importAccountLogs } from '../activity/account-logs.service.js';
import { createApiKey } from '../tenants/tenants.service.js';

function sendMessage(
  ctx: TestContext,
  tenant: TestTenant,
  audience: { pageId: string; audienceId: string },
  text: string,
) {
  return ctx.request({
    method: 'POST',
    url: `/v0/pages/${audience.pageId}/audiences/${audience.audienceId}/messages`,
    key: tenant.key,
    body: { message: text },
  });
}

describeEachDatabase(
  'GET /v0/events',
  (ctx) => {
    let base = '';
    before(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    const open = (tenant: TestTenant, query = '', headers: Record<string, string> = {}) =>
      openEventStream(`${base}/v0/events${query}`, { 'x-api-key': tenant.key, ...headers });

    it('streams a message, its version queued and then drafted, in that order, as they happen', async (t) => {
      const tenant = await makeTenant(ctx);
      const audience = await makeAudience(ctx, tenant);
      const worker = makeWorker(ctx, tenant, new FakeAgent());
      await drain(worker);
      const stream = await open(tenant, `?types=message.created,version.*&audienceId=${audience.audienceId}`);
      t.after(() => stream.close());
      assert.equal(stream.status, 200);
      assert.match(stream.headers.get('content-type')!, /^text\/event-stream/);
      assert.equal(stream.headers.get('cache-control'), 'no-cache');
      const sent = await sendMessage(ctx, tenant, audience, 'title: Streamed');
      assert.equal(sent.status, 202);
      await stream.waitFor((m) => m.length >= 2);
      await drain(worker);
      const messages = await stream.waitFor((m) => m.some((e) => e.event === 'version.drafted'));
      assert.deepEqual(
        messages.map((m) => m.event),
        ['message.created', 'version.queued', 'message.created', 'version.drafted'],
      );
      const [asked, queued, reply, drafted] = messages;
      assert.equal(asked!.data.data.message.content, 'title: Streamed');
      assert.equal(asked!.data.data.message.versionId, sent.body.versionId);
      assert.equal(queued!.data.data.version.versionId, sent.body.versionId);
      assert.equal(queued!.data.data.version.status, 'queued');
      assert.equal(drafted!.data.data.version.status, 'draft');
      assert.equal(drafted!.data.data.replyMessageId, reply!.data.data.message.messageId);
      assert.deepEqual(
        drafted!.data.data.changes.map((c: { field: string; newValue: string }) => [c.field, c.newValue]),
        [['metaTitle', 'Streamed']],
      );
      for (const message of messages) {
        assert.match(message.id, /^event_/);
        assert.equal(message.data.type, message.event);
        assert.ok(Date.parse(message.data.timestamp) > 0);
      }
    });

    it('starts without Last-Event-ID after everything committed before, however many events wait', async (t) => {
      const [tenant, busy] = [await makeTenant(ctx), await makeTenant(ctx)];
      const account = await makeAccountLog(ctx, busy);
      const many = Array.from({ length: 600 }, (_, n) => ({
        source: 'bulk',
        type: 'import',
        payload: { n },
        createdAt: Date.now(),
      }));
      await importAccountLogs(ctx.database.db, busy.tenantId, account.accountId, many);
      await makePerson(ctx, tenant);
      const stream = await open(tenant, '?types=person.created');
      t.after(() => stream.close());
      const later = await makePerson(ctx, tenant);
      await stream.waitFor((m) => m.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(
        stream.messages.map((m) => m.data.data.person.personId),
        [later.personId],
      );
    });

    it('resumes after Last-Event-ID with exactly what was missed, in order', async (t) => {
      const tenant = await makeTenant(ctx);
      const first = await open(tenant, '?types=person.created');
      const p1 = await makePerson(ctx, tenant);
      const [seen] = await first.waitFor((m) => m.length === 1);
      first.close();
      assert.equal(seen!.data.data.person.personId, p1.personId);
      const missed = [await makePerson(ctx, tenant), await makePerson(ctx, tenant)];
      const resumed = await open(tenant, '?types=person.created', { 'last-event-id': seen!.id });
      t.after(() => resumed.close());
      await resumed.waitFor((m) => m.length >= 2);
      const p4 = await makePerson(ctx, tenant);
      const all = await resumed.waitFor((m) => m.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(
        all.map((m) => m.data.data.person.personId),
        [...missed.map((p) => p.personId), p4.personId],
      );
      // `after` does the same for clients that cannot send the header.
      const byQuery = await open(tenant, `?types=person.created&after=${seen!.id}`);
      t.after(() => byQuery.close());
      assert.equal((await byQuery.waitFor((m) => m.length >= 3)).length, 3);
    });

    it('shows a tenant only its own events, and a key only the events of resources it may read', async (t) => {
      const [a, b] = [await makeTenant(ctx), await makeTenant(ctx)];
      const streamB = await open(b);
      t.after(() => streamB.close());
      const pagesOnly = await createApiKey(ctx.database.db, a.tenantId, 'pages', ['pages:read']);
      const streamA = await openEventStream(`${base}/v0/events`, { 'x-api-key': pagesOnly.apiKey });
      t.after(() => streamA.close());
      await makePerson(ctx, a);
      const audience = await makeAudience(ctx, a);
      const personOfB = await makePerson(ctx, b);
      await streamA.waitFor((m) => m.some((e) => e.event === 'version.queued'));
      await streamB.waitFor((m) => m.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(
        streamA.messages.map((m) => m.event),
        ['page.published', 'audience.created', 'version.queued'],
        'no person.created for a pages:read key',
      );
      assert.equal(streamA.messages[1]!.data.data.audience.audienceId, audience.audienceId);
      assert.deepEqual(
        streamB.messages.map((m) => [m.event, m.data.data.person.personId]),
        [['person.created', personOfB.personId]],
      );
      const assetsOnly = await createApiKey(ctx.database.db, a.tenantId, 'assets', ['assets:read']);
      const refused = await openEventStream(`${base}/v0/events`, { 'x-api-key': assetsOnly.apiKey });
      assert.equal(refused.status, 403);
      assert.equal(refused.problem.code, 'forbidden');
    });

    it('refuses bad filters, an unknown Last-Event-ID and a missing key with clear 4xx', async () => {
      const tenant = await makeTenant(ctx);
      const types = await open(tenant, '?types=version.*,person.deleted');
      assert.equal(types.status, 400);
      assert.deepEqual(
        types.problem.errors.map((e: { parameter: string }) => e.parameter),
        ['types'],
      );
      assert.match(types.problem.detail, /person\.deleted/);
      const resume = await open(tenant, '', { 'last-event-id': 'event_01jdq8m3k4e8v9t6w5x2y1z0ab' });
      assert.equal(resume.status, 400);
      assert.equal(resume.problem.errors[0].header, 'Last-Event-ID');
      const anonymous = await openEventStream(`${base}/v0/events`, {});
      assert.equal(anonymous.status, 401);
    });

    it('ends its streams when the server closes, so a graceful shutdown does not wait for them', async () => {
      const tenant = await makeTenant(ctx);
      const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
      const address = await second.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openEventStream(`${address}/v0/events`, { 'x-api-key': tenant.key });
      assert.equal(stream.status, 200);
      const started = Date.now();
      await second.close();
      await stream.ended;
      assert.ok(Date.now() - started < 5_000, 'closed at once');
    });

    it('bounds the open streams of a tenant and sends heartbeats', async (t) => {
      const tenant = await makeTenant(ctx);
      const streams = [await open(tenant), await open(tenant)];
      t.after(() => {
        for (const stream of streams) stream.close();
      });
      const third = await open(tenant);
      assert.equal(third.status, 429);
      assert.equal(third.headers.get('retry-after'), '5');
      const other = await open(await makeTenant(ctx));
      assert.equal(other.status, 200, 'another tenant has its own bound');
      other.close();
      await new Promise((resolve) => setTimeout(resolve, 250));
      assert.ok(streams[0]!.comments.includes('heartbeat'), streams[0]!.comments.join());
      streams[1]!.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open(tenant);
      assert.equal(again.status, 200, 'a closed stream frees its place');
      again.close();
    });
  },
  { config: { events: { ...testEventsConfig(), heartbeatMs: 100, maxStreamsPerTenant: 2 } } },
);
