import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { openEventStream } from './event-stream-client.js';
import { DIALECTS } from './harness.js';
import { isolatedEnvFor, quire, serve, spawnQuire, stop } from './processes.js';
import { startReceiver, type WebhookReceiver } from './webhook-receiver.js';

/**
 * Events across real processes: `quire serve` (API only) and `quire worker` processes on one
 * database, a webhook receiver that verifies every delivery with the official library, and event
 * streams on the API processes.
 */
const EVENTS_ENV = {
  WORKERS: '0',
  WEBHOOK_ALLOW_HTTP_LOCALHOST: 'true',
  EVENTS_POLL_MS: '50',
  WEBHOOK_RETRY_BASE_MS: '100',
  WORKER_POLL_MS: '50',
};

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawnQuire(['worker'], { env, stdio: ['ignore', 'ignore', 'ignore'] });
}

async function seedWithWebhook(env: NodeJS.ProcessEnv, url: string, events: string[]) {
  const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
  const args = ['webhooks', 'create', '--tenant', seed.tenantId, '--url', url, '--json'];
  for (const type of events) args.push('--events', type);
  const hook = JSON.parse((await quire(env, ...args)).stdout);
  return { seed, secret: hook.secret as string, webhookId: hook.webhookId as string };
}

const post = (base: string, key: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

for (const dialect of DIALECTS) {
  describe(`events across processes [${dialect}]`, () => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('a message yields message.created, version.queued, version.drafted, in order, at the endpoint and on the stream', {
      timeout: 120_000,
    }, async (t) => {
      const { env: base, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const env = { ...base, ...EVENTS_ENV };
      const path = `${receiver.url}/flow-${dialect}`;
      const { seed, secret } = await seedWithWebhook(env, path, ['message.*', 'version.*']);
      const server = await serve(env);
      t.after(() => stop(server.child).then(() => undefined));
      const audience = `/v0/pages/${seed.pageId}/audiences/${seed.audienceId}`;
      const stream = await openEventStream(
        `${server.base}/v0/events?types=message.*,version.*&audienceId=${seed.audienceId}`,
        { 'x-api-key': seed.apiKey },
      );
      t.after(() => stream.close());
      assert.equal(stream.status, 200);
      // The version is drafted by another process: the stream and the webhooks see it all the same.
      const worker = startWorker(env);
      t.after(() => void worker.kill('SIGTERM'));
      const sent = await post(server.base, seed.apiKey, `${audience}/messages`, {
        message: 'Change the title to "A two-day close"',
      });
      assert.equal(sent.status, 202);
      const { versionId } = (await sent.json()) as { versionId: string };
      const mine = (data: { version?: { versionId: string }; message?: { versionId: string } }) =>
        (data.version?.versionId ?? data.message?.versionId) === versionId;
      const flow = ['message.created', 'version.queued', 'message.created', 'version.drafted'];

      const streamed = await stream.waitFor(
        (m) => m.some((e) => e.event === 'version.drafted' && e.data.data.version.versionId === versionId),
        60_000,
      );
      const ofVersion = streamed.filter((e) => mine(e.data.data));
      assert.deepEqual(
        ofVersion.map((e) => e.event),
        flow,
      );
      const delivered = (
        await receiver.waitFor(
          (all) =>
            all.some(
              (r) =>
                r.path === `/hooks/flow-${dialect}` &&
                r.payload.type === 'version.drafted' &&
                r.payload.data.version.versionId === versionId,
            ),
          60_000,
        )
      ).filter((r) => r.path === `/hooks/flow-${dialect}` && mine(r.payload.data));
      assert.deepEqual(
        delivered.map((r) => r.payload.type),
        flow,
      );
      for (const request of delivered) new Webhook(secret).verify(request.body, request.headers);
      assert.deepEqual(
        delivered.map((r) => r.headers['webhook-id']),
        ofVersion.map((e) => e.id),
        'the same events, by id, on both',
      );
    });

    it('a worker killed mid-delivery (SIGKILL) loses no event: another delivers it with the same webhook-id', {
      timeout: 120_000,
    }, async (t) => {
      const { env: base, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const env = { ...base, ...EVENTS_ENV, WEBHOOK_TIMEOUT_MS: '1500' };
      const path = `/hooks/kill-${dialect}`;
      const { seed, secret, webhookId } = await seedWithWebhook(env, `${receiver.url}/kill-${dialect}`, [
        'person.created',
      ]);
      const server = await serve(env);
      t.after(() => stop(server.child).then(() => undefined));
      const first = startWorker(env);
      const killed = new Promise<string>((resolve) =>
        receiver.answers.push((request) => {
          // The worker dies while its attempt waits for this answer.
          first.kill('SIGKILL');
          resolve(request.headers['webhook-id']!);
          return new Promise((answer) => setTimeout(() => answer(200), 5_000));
        }),
      );
      const persons: string[] = [];
      for (let i = 0; i < 5; i++) {
        const created = await post(server.base, seed.apiKey, '/v0/persons', { name: `Killed ${i}` });
        persons.push(((await created.json()) as { personId: string }).personId);
      }
      const cutShort = await killed;
      await new Promise((resolve) => first.once('exit', resolve));
      const second = startWorker(env);
      t.after(() => void second.kill('SIGTERM'));
      const ours = (all: WebhookReceiver['received']) => all.filter((r) => r.path === path);
      await receiver.waitFor(
        (all) =>
          persons.every((id) =>
            ours(all).some((r) => r.payload.data.person.personId === id && r !== ours(all)[0]),
          ),
        60_000,
      );
      const requests = ours(receiver.received);
      for (const request of requests) new Webhook(secret).verify(request.body, request.headers);
      assert.ok(
        requests.filter((r) => r.headers['webhook-id'] === cutShort).length >= 2,
        'the attempt cut short was made again, with the same webhook-id',
      );
      const log = JSON.parse(
        (await quire(env, 'webhooks', 'deliveries', webhookId, '--tenant', seed.tenantId, '--json')).stdout,
      );
      const ofPersons = log.items.filter((d: { eventType: string }) => d.eventType === 'person.created');
      assert.equal(ofPersons.length, 5, 'one delivery per event');
      for (let i = 0; i < 100 && ofPersons.some((d: { status: string }) => d.status !== 'succeeded'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const again = JSON.parse(
          (await quire(env, 'webhooks', 'deliveries', webhookId, '--tenant', seed.tenantId, '--json')).stdout,
        );
        ofPersons.splice(
          0,
          ofPersons.length,
          ...again.items.filter((d: { eventType: string }) => d.eventType === 'person.created'),
        );
      }
      assert.ok(ofPersons.every((d: { status: string }) => d.status === 'succeeded'));
    });
  });
}
