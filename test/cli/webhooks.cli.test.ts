import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { DIALECTS } from '../harness.js';
import { envFor, quire } from '../processes.js';
import { startReceiver, type WebhookReceiver } from '../webhook-receiver.js';

const json = async (env: NodeJS.ProcessEnv, ...args: string[]) =>
  JSON.parse((await quire(env, ...args, '--json')).stdout);

for (const dialect of DIALECTS) {
  describe(`quire webhooks [${dialect}]`, () => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('creates, lists, shows, tests, rotates, replays, disables and deletes endpoints', async () => {
      const env = { ...envFor(dialect), WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true' };
      const tenant = `hooks-${Date.now()}`;
      await quire(env, 'tenants', 'create', tenant);
      const t = ['--tenant', tenant];
      const created = await json(
        env,
        'webhooks',
        'create',
        ...t,
        '--url',
        `${receiver.url}/cli`,
        '--events',
        'version.*',
        '--events',
        'message.created',
        '--description',
        'from the CLI',
      );
      assert.match(created.secret, /^whsec_/);
      assert.deepEqual(created.events, ['version.*', 'message.created']);
      const id = created.webhookId as string;

      const table = (await quire(env, 'webhooks', 'list', ...t)).stdout;
      assert.match(table, new RegExp(id));
      assert.match(table, /1 shown of 1/);
      assert.doesNotMatch(table, /whsec_[A-Za-z0-9+/]{20}/, 'no secret in the list');
      const shown = await json(env, 'webhooks', 'show', id, ...t);
      assert.equal(shown.secret, undefined);
      assert.equal(shown.description, 'from the CLI');

      const tested = await json(env, 'webhooks', 'test', id, ...t);
      assert.equal(tested.status, 'succeeded');
      const request = receiver.received.find((r) => r.headers['webhook-id'] === tested.eventId)!;
      new Webhook(created.secret).verify(request.body, request.headers);

      const rotated = await json(env, 'webhooks', 'rotate', id, ...t, '--overlap-minutes', '0');
      assert.notEqual(rotated.secret, created.secret);
      receiver.answers.push(500);
      const failed = await json(env, 'webhooks', 'test', id, ...t);
      assert.equal(failed.status, 'failed');
      const replay = await json(env, 'webhooks', 'replay', id, failed.deliveryId, ...t);
      assert.equal(replay.replayOf, failed.deliveryId);
      const log = await json(env, 'webhooks', 'deliveries', id, ...t, '--status', 'failed');
      assert.deepEqual(
        log.items.map((d: { deliveryId: string; replayedBy: string }) => [d.deliveryId, d.replayedBy]),
        [[failed.deliveryId, replay.deliveryId]],
      );
      const again = await json(env, 'webhooks', 'replay-failed', id, ...t, '--since', '2020-01-01T00:00:00Z');
      assert.deepEqual(again, { replayed: 0, hasMore: false });

      const disabled = await json(env, 'webhooks', 'update', id, ...t, '--disable');
      assert.equal(disabled.enabled, false);
      const enabled = await json(env, 'webhooks', 'update', id, ...t, '--enable', '--events', '*');
      assert.deepEqual([enabled.enabled, enabled.events], [true, ['*']]);

      await assert.rejects(
        quire(env, 'webhooks', 'create', ...t, '--url', 'http://example.com/x', '--events', '*'),
        (error: { stderr: string }) => /url must use https/.test(error.stderr),
      );
      await assert.rejects(
        quire(env, 'webhooks', 'create', ...t, '--url', 'https://example.com/x', '--events', 'nope'),
        (error: { stderr: string }) => /Unknown event types: nope/.test(error.stderr),
      );
      await assert.rejects(
        quire(env, 'webhooks', 'deliveries', id, ...t, '--status', 'lost'),
        (error: { stderr: string }) => /pending, succeeded or failed/.test(error.stderr),
      );
      assert.match((await quire(env, 'webhooks', 'delete', id, ...t)).stdout, new RegExp(`deleted ${id}`));
      await assert.rejects(quire(env, 'webhooks', 'show', id, ...t), (error: { stderr: string }) =>
        /not found/.test(error.stderr),
      );
    });
  });
}
