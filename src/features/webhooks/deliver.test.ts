import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { eventually } from '../../../test/eventually.js';
import { makePerson, makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';
import { admin, makeWebhook, startPump, testEventsConfig } from '../../../test/webhook-factories.js';
import { startReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

describeEachDatabase(
  'webhook deliveries',
  (ctx) => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    /** A receiver URL of its own per test, so tests sharing the receiver tell their requests apart. */
    const urlFor = (name: string) => `${receiver.url}/${name}`;

    it('signs every delivery so the official library verifies it; a tampered body or an old timestamp fails', async (t) => {
      const tenant = await makeTenant(ctx);
      const { secret } = await makeWebhook(ctx, tenant, urlFor('signed'), ['person.created']);
      startPump(ctx, tenant, t);
      const person = await makePerson(ctx, tenant, { name: 'Ada Lovelace' });
      const [request] = (
        await receiver.waitFor((all) => all.some((r) => r.payload.data?.person?.personId === person.personId))
      ).filter((r) => r.payload.data?.person?.personId === person.personId);
      assert.ok(request);
      const verified = receiver.verify(request, secret) as { type: string; timestamp: string; data: unknown };
      assert.equal(verified.type, 'person.created');
      assert.deepEqual(verified.data, { person });
      assert.match(request.headers['webhook-id']!, /^event_[a-z0-9]{26}$/);
      assert.match(request.headers['content-type']!, /^application\/json/);

      const tampered = request.body.replace('Ada Lovelace', 'Ada Lovelacf');
      assert.throws(() => new Webhook(secret).verify(tampered, request.headers), WebhookVerificationError);
      // Signed correctly, but ten minutes old: refused as a replay.
      const old = new Date(Date.now() - 10 * 60_000);
      const replayed = {
        ...request.headers,
        'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(request.headers['webhook-id']!, old, request.body),
      };
      assert.throws(() => new Webhook(secret).verify(request.body, replayed), /too old/);
      // Another endpoint's secret does not verify it.
      const other = await makeWebhook(ctx, tenant, urlFor('other'), ['version.*']);
      assert.throws(() => receiver.verify(request, other.secret), WebhookVerificationError);
    });

    it('retries a failing endpoint with the same webhook-id: 500 three times, then 200, then nothing more', async (t) => {
      const tenant = await makeTenant(ctx);
      const { webhookId, secret } = await makeWebhook(ctx, tenant, urlFor('retries'), ['person.created']);
      receiver.answers.push(500, 500, 500);
      startPump(ctx, tenant, t);
      const person = await makePerson(ctx, tenant);
      const mine = (all: typeof receiver.received) =>
        all.filter((r) => r.payload.data?.person?.personId === person.personId);
      await receiver.waitFor((all) => mine(all).length >= 4);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const requests = mine(receiver.received);
      assert.equal(requests.length, 4, 'three failed attempts and the one that succeeded');
      assert.equal(new Set(requests.map((r) => r.headers['webhook-id'])).size, 1, 'one webhook-id');
      for (const request of requests) receiver.verify(request, secret);

      const log = await admin(ctx, 'GET', `/tenants/${tenant.tenantId}/webhooks/${webhookId}/deliveries`);
      assert.equal(log.status, 200, log.raw);
      assert.equal(log.body.totalCount, 1);
      const [delivery] = log.body.items;
      assert.equal(delivery.status, 'succeeded');
      assert.equal(delivery.eventId, requests[0]!.headers['webhook-id']);
      assert.equal(delivery.attemptCount, 4);
      assert.deepEqual(
        delivery.attempts.map((a: { responseStatus: number; outcome: string }) => [
          a.responseStatus,
          a.outcome,
        ]),
        [
          [500, 'failed'],
          [500, 'failed'],
          [500, 'failed'],
          [200, 'succeeded'],
        ],
      );
      assert.equal(delivery.attempts[0].responseBody, 'failed with 500');
      assert.equal(delivery.attempts[0].error, 'HTTP 500');
      assert.ok(delivery.attempts.every((a: { durationMs: number }) => a.durationMs >= 0));
      // Each wait is at least its backoff's floor (retry-schedule.ts: base 3^(n-1), jittered down to
      // 0.8 of it). A floor, not a comparison of two waits: a loaded machine lengthens any wait.
      const gaps = requests.slice(1).map((r, i) => r.receivedAt - requests[i]!.receivedAt);
      const floors = gaps.map((_, i) => Math.floor(0.8 * ctx.config.events.webhooks.retryBaseMs * 3 ** i));
      assert.ok(
        gaps.every((gap, i) => gap >= floors[i]!),
        `the waits ${gaps.join(', ')} ms keep their floors ${floors.join(', ')} ms`,
      );
    });

    it("delivers only the tenant's own events, and only the types an endpoint asked for", async (t) => {
      const [a, b] = [await makeTenant(ctx), await makeTenant(ctx)];
      await makeWebhook(ctx, a, urlFor('tenant-a'), ['person.*']);
      await makeWebhook(ctx, b, urlFor('tenant-b'), ['person.*']);
      await makeWebhook(ctx, a, urlFor('tenant-a-versions'), ['version.*']);
      startPump(ctx, a, t);
      startPump(ctx, b, t);
      const [pa, pb] = [await makePerson(ctx, a), await makePerson(ctx, b)];
      await receiver.waitFor(
        (all) =>
          all.some((r) => r.payload.data?.person?.personId === pa.personId) &&
          all.some((r) => r.payload.data?.person?.personId === pb.personId),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const pathsOf = (id: string) =>
        receiver.received.filter((r) => r.payload.data?.person?.personId === id).map((r) => r.path);
      assert.deepEqual(
        pathsOf(pa.personId),
        ['/hooks/tenant-a'],
        "A's person reached A's person endpoint only",
      );
      assert.deepEqual(pathsOf(pb.personId), ['/hooks/tenant-b'], "B's person reached B's endpoint only");
    });

    it('delivers the events of one audience one at a time, in order, even across a retry', async (t) => {
      const tenant = await makeTenant(ctx);
      await makeWebhook(ctx, tenant, urlFor('ordered'), ['audience.*', 'version.*', 'message.*']);
      const { pageId, audienceId } = await makeAudience(ctx, tenant);
      for (const n of [1, 2, 3]) {
        const sent = await ctx.request({
          method: 'POST',
          url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
          key: tenant.key,
          body: { message: `Message ${n}` },
        });
        assert.equal(sent.status, 202, sent.raw);
      }
      receiver.answers.push(500);
      startPump(ctx, tenant, t);
      const ordered = () => receiver.received.filter((r) => r.path === '/hooks/ordered');
      await receiver.waitFor(() => ordered().length >= 6);
      const seen = ordered().map((r) => r.payload.type as string);
      assert.deepEqual(seen, [
        'audience.created',
        'audience.created',
        'version.queued',
        'message.created',
        'message.created',
        'message.created',
      ]);
      assert.equal(ordered()[0]!.headers['webhook-id'], ordered()[1]!.headers['webhook-id']);
      assert.deepEqual(
        ordered()
          .slice(3)
          .map((r) => r.payload.data.message.content),
        ['Message 1', 'Message 2', 'Message 3'],
      );
      assert.ok(
        ordered().every(
          (r) => (r.payload.data.audienceId ?? r.payload.data.audience.audienceId) === audienceId,
        ),
      );
    });
  },
  { config: { events: testEventsConfig() } },
);

/** Creates a person and waits until `receiver` has its `person.created` `count` times. */
async function personDelivered(ctx: TestContext, tenant: TestTenant, receiver: WebhookReceiver, count = 1) {
  const person = await makePerson(ctx, tenant);
  const mine = (all: WebhookReceiver['received']) =>
    all.filter((r) => r.payload.data?.person?.personId === person.personId);
  return mine(await receiver.waitFor((all) => mine(all).length >= count));
}

describeEachDatabase(
  'failed webhook deliveries and replays',
  (ctx) => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('marks a delivery failed after its last attempt; replays one, then all failed since a time', async (t) => {
      const tenant = await makeTenant(ctx);
      const { webhookId } = await makeWebhook(ctx, tenant, `${receiver.url}/replays`, ['person.created']);
      const base = `/tenants/${tenant.tenantId}/webhooks/${webhookId}`;
      startPump(ctx, tenant, t);
      const since = new Date().toISOString();
      // Every attempt fails while `failing` holds, however often a delivery is sent.
      let failing = true;
      receiver.answerFor = () => (failing ? 500 : undefined);
      t.after(() => {
        receiver.answerFor = null;
      });
      const [first] = await personDelivered(ctx, tenant, receiver, 2);
      // What the endpoint's log and the receiver hold, for a wait that gives up.
      const seen = async () => {
        const log = await admin(ctx, 'GET', `${base}/deliveries`);
        const rows = log.body.items.map(
          (d: { status: string; attemptCount: number; replayOf: string | null }) =>
            `${d.status}/${d.attemptCount}${d.replayOf ? '/replay' : ''}`,
        );
        return `deliveries [${rows.join(', ')}], receiver ${receiver.received.length} requests`;
      };
      const failedDeliveries = async (count: number) => {
        try {
          const list = await eventually(
            () => admin(ctx, 'GET', `${base}/deliveries?status=failed`),
            (list) => list.body.items.length === count,
            { describe: (list) => `${list.body.items.length} failed, wanted ${count}` },
          );
          return list.body.items;
        } catch (error) {
          throw new Error(`${(error as Error).message}; ${await seen()}`);
        }
      };
      // Items and count are read side by side: wait for the item itself.
      const [failed] = await failedDeliveries(1);
      assert.equal(failed.attemptCount, 2);
      assert.equal(failed.lastError, 'HTTP 500');
      assert.equal(failed.nextAttemptAt, null);

      failing = false;
      const replay = await admin(ctx, 'POST', `${base}/deliveries/${failed.deliveryId}/replay`);
      assert.equal(replay.status, 201, replay.raw);
      assert.equal(replay.body.replayOf, failed.deliveryId);
      const again = await receiver.waitFor((all) =>
        all.some(
          (r) =>
            r !== first && r.headers['webhook-id'] === first!.headers['webhook-id'] && all.indexOf(r) > 1,
        ),
      );
      assert.ok(again.filter((r) => r.headers['webhook-id'] === first!.headers['webhook-id']).length >= 3);
      const original = await admin(ctx, 'GET', `${base}/deliveries/${failed.deliveryId}`);
      assert.equal(original.body.replayedBy, replay.body.deliveryId);

      // Two more fail; replaying every failed one since the start replays those two only.
      failing = true;
      await personDelivered(ctx, tenant, receiver, 2);
      await personDelivered(ctx, tenant, receiver, 2);
      await failedDeliveries(3);
      failing = false;
      const before = receiver.received.length;
      const replayed = await admin(ctx, 'POST', `${base}/replay`, { since });
      assert.deepEqual(replayed.body, { replayed: 2, hasMore: false });
      await receiver.waitFor((all) => all.length >= before + 2);
      const repeated = await admin(ctx, 'POST', `${base}/replay`, { since });
      assert.deepEqual(
        repeated.body,
        { replayed: 0, hasMore: false },
        'a replayed delivery is not replayed twice',
      );
      const bad = await admin(ctx, 'POST', `${base}/replay`, { since: 'yesterday' });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.errors[0].pointer, '/since');
    });
  },
  // Its own database: another file's pump, fanning out every tenant's events with 12 attempts,
  // once made this delivery retry for 20 s instead of failing after its second attempt.
  { config: { events: testEventsConfig({ maxAttempts: 2, disableAfterMs: 0 }) }, ownDatabase: true },
);

describeEachDatabase(
  'an endpoint that keeps failing',
  (ctx) => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('is disabled with the reason, its pending deliveries fail, and enabling it again starts afresh', async (t) => {
      const tenant = await makeTenant(ctx);
      const { webhookId } = await makeWebhook(ctx, tenant, `${receiver.url}/failing`, ['person.created']);
      const base = `/tenants/${tenant.tenantId}/webhooks/${webhookId}`;
      receiver.answers.push(...Array<number>(200).fill(500));
      startPump(ctx, tenant, t);
      await makePerson(ctx, tenant);
      let endpoint = (await admin(ctx, 'GET', base)).body;
      for (const deadline = Date.now() + 15_000; endpoint.enabled && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        endpoint = (await admin(ctx, 'GET', base)).body;
      }
      assert.equal(endpoint.enabled, false);
      assert.match(
        endpoint.disabledReason,
        /^Every delivery attempt failed from .* to .*; the last: HTTP 500$/,
      );
      assert.ok(endpoint.disabledAt);
      const log = await admin(ctx, 'GET', `${base}/deliveries`);
      assert.equal(log.body.items[0].status, 'failed');
      assert.ok(log.body.items[0].attemptCount >= 2);
      const attempts = receiver.received.length;
      await makePerson(ctx, tenant);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(receiver.received.length, attempts, 'nothing is sent to a disabled endpoint');

      receiver.answers.length = 0;
      const enabled = await admin(ctx, 'PATCH', base, { enabled: true });
      assert.deepEqual(
        [enabled.body.enabled, enabled.body.disabledReason, enabled.body.failingSince],
        [true, null, null],
      );
      await personDelivered(ctx, tenant, receiver);
    });
  },
  { config: { events: testEventsConfig({ maxAttempts: 50, disableAfterMs: 300 }) }, ownDatabase: true },
);
