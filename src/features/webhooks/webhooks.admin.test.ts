import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { admin, makeWebhook, startPump, testEventsConfig } from '../../../test/webhook-factories.js';
import { startReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

describeEachDatabase(
  'webhook endpoints in the admin API',
  (ctx) => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('creates an endpoint and answers its whsec_ secret once; reads never show it', async () => {
      const tenant = await makeTenant(ctx);
      const base = `/tenants/${tenant.tenantId}/webhooks`;
      const created = await admin(ctx, 'POST', base, {
        url: `${receiver.url}/crud`,
        events: ['version.*', 'message.created'],
        description: 'CRM sync',
      });
      assert.equal(created.status, 201, created.raw);
      assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.equal(created.body.secretPrefix, created.body.secret.slice(0, 10));
      assert.equal(created.headers.location, `/admin/v0${base}/${created.body.webhookId}`);
      assert.deepEqual(created.body.events, ['version.*', 'message.created']);
      assert.equal(created.body.enabled, true);
      const shown = await admin(ctx, 'GET', String(created.headers.location).replace('/admin/v0', ''));
      assert.equal(shown.status, 200);
      assert.equal(shown.body.secret, undefined);
      const { secret: _, ...withoutSecret } = created.body;
      assert.deepEqual(shown.body, withoutSecret);
      const listed = await admin(ctx, 'GET', base);
      assert.equal(listed.body.totalCount, 1);
      assert.deepEqual(listed.body.items, [withoutSecret]);

      const changed = await admin(ctx, 'PATCH', `${base}/${created.body.webhookId}`, {
        events: ['*'],
        description: null,
        enabled: false,
      });
      assert.equal(changed.status, 200, changed.raw);
      assert.deepEqual(
        [changed.body.events, changed.body.description, changed.body.enabled],
        [['*'], null, false],
      );
      assert.equal((await admin(ctx, 'DELETE', `${base}/${created.body.webhookId}`)).status, 204);
      assert.equal((await admin(ctx, 'GET', `${base}/${created.body.webhookId}`)).status, 404);
      assert.equal((await admin(ctx, 'DELETE', `${base}/${created.body.webhookId}`)).status, 404);
    });

    it('refuses unsafe URLs and unknown event types with a 400 naming the member', async () => {
      const tenant = await makeTenant(ctx);
      const base = `/tenants/${tenant.tenantId}/webhooks`;
      const refused = async (body: unknown, pointer: string, detail: RegExp) => {
        const response = await admin(ctx, 'POST', base, body);
        assert.equal(response.status, 400, response.raw);
        assert.equal(response.body.errors[0].pointer, pointer, response.raw);
        assert.match(response.body.errors[0].detail, detail);
      };
      await refused({ url: 'http://example.com/hook', events: ['*'] }, '/url', /https/);
      await refused({ url: 'https://user:pw@example.com/hook', events: ['*'] }, '/url', /password/);
      await refused({ url: 'https://10.1.2.3/hook', events: ['*'] }, '/url', /private/);
      await refused({ url: 'https://169.254.169.254/latest', events: ['*'] }, '/url', /link-local/);
      await refused({ url: 'https://[fd00::1]/hook', events: ['*'] }, '/url', /private/);
      await refused({ url: 'not a url', events: ['*'] }, '/url', /absolute URL/);
      await refused(
        { url: 'https://example.com/hook', events: ['version.*', 'person.deleted'] },
        '/events/1',
        /person\.deleted/,
      );
      await refused({ url: 'https://example.com/hook', events: [] }, '/events', /./);
      await refused({ url: 'https://example.com/hook', events: ['*'], secret: 'mine' }, '/secret', /./);
      assert.equal((await admin(ctx, 'GET', base)).body.totalCount, 0, 'nothing was written');
    });

    it("answers 404 for another tenant's endpoint and deliveries", async () => {
      const [a, b] = [await makeTenant(ctx), await makeTenant(ctx)];
      const { webhookId } = await makeWebhook(ctx, a, `${receiver.url}/isolation`);
      for (const [method, path] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['POST', '/rotate'],
        ['POST', '/test'],
        ['GET', '/deliveries'],
        ['POST', '/replay'],
      ] as const) {
        const body =
          method === 'PATCH'
            ? { enabled: true }
            : path === '/replay'
              ? { since: new Date().toISOString() }
              : path === '/rotate'
                ? {}
                : undefined;
        const response = await admin(
          ctx,
          method,
          `/tenants/${b.tenantId}/webhooks/${webhookId}${path}`,
          body,
        );
        assert.equal(response.status, 404, `${method} ${path}: ${response.raw}`);
      }
      assert.equal((await admin(ctx, 'GET', `/tenants/${a.tenantId}/webhooks/${webhookId}`)).status, 200);
    });

    it('replays the create of an Idempotency-Key without the secret', async () => {
      const tenant = await makeTenant(ctx);
      const send = () =>
        ctx.request({
          method: 'POST',
          url: `/admin/v0/tenants/${tenant.tenantId}/webhooks`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'idempotency-key': `hook-${tenant.tenantId}` },
          body: { url: 'https://example.com/hook', events: ['*'] },
        });
      const first = await send();
      const again = await send();
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body.webhookId, first.body.webhookId);
      assert.ok(first.body.secret);
      assert.equal(again.body.secret, undefined, 'the secret is never stored for replay');
    });

    it('sends a test event now and answers its attempt', async () => {
      const tenant = await makeTenant(ctx);
      const { webhookId, secret } = await makeWebhook(ctx, tenant, `${receiver.url}/test-event`);
      const sent = await admin(ctx, 'POST', `/tenants/${tenant.tenantId}/webhooks/${webhookId}/test`);
      assert.equal(sent.status, 201, sent.raw);
      assert.equal(sent.body.eventType, 'webhook.test');
      assert.equal(sent.body.status, 'succeeded');
      assert.equal(sent.body.attempts.length, 1);
      assert.equal(sent.body.attempts[0].responseStatus, 200);
      const request = receiver.received.find((r) => r.headers['webhook-id'] === sent.body.eventId)!;
      assert.deepEqual((receiver.verify(request, secret) as { data: unknown }).data, {
        webhookId,
        message: 'A test event from Quire.',
      });
      receiver.answers.push(503);
      const failed = await admin(ctx, 'POST', `/tenants/${tenant.tenantId}/webhooks/${webhookId}/test`);
      assert.equal(failed.body.status, 'failed');
      assert.equal(failed.body.attempts[0].responseStatus, 503);
      assert.equal(failed.body.attempts[0].error, 'HTTP 503');
    });

    it('rotates the secret: during the overlap both secrets verify each delivery, after it only the new one', async (t) => {
      const tenant = await makeTenant(ctx);
      const { webhookId, secret: first } = await makeWebhook(ctx, tenant, `${receiver.url}/rotate`, [
        'person.*',
      ]);
      const base = `/tenants/${tenant.tenantId}/webhooks/${webhookId}`;
      const rotated = await admin(ctx, 'POST', `${base}/rotate`, { overlapMinutes: 60 });
      assert.equal(rotated.status, 200, rotated.raw);
      const second = rotated.body.secret as string;
      assert.notEqual(second, first);
      assert.ok(Date.parse(rotated.body.previousSecretExpiresAt) > Date.now() + 59 * 60_000);
      startPump(ctx, tenant, t);
      const person = await makePerson(ctx, tenant);
      const [request] = (
        await receiver.waitFor((all) => all.some((r) => r.payload.data?.person?.personId === person.personId))
      ).filter((r) => r.payload.data?.person?.personId === person.personId);
      receiver.verify(request!, first);
      receiver.verify(request!, second);
      assert.equal(request!.headers['webhook-signature']!.split(' ').length, 2);

      const again = await admin(ctx, 'POST', `${base}/rotate`, { overlapMinutes: 0 });
      assert.equal(again.body.previousSecretExpiresAt, null);
      const test = await admin(ctx, 'POST', `${base}/test`);
      const tested = receiver.received.find((r) => r.headers['webhook-id'] === test.body.eventId)!;
      receiver.verify(tested, again.body.secret);
      assert.throws(() => receiver.verify(tested, second), /No matching signature/);
    });
  },
  { config: { events: testEventsConfig() } },
);
