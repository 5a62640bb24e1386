import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { signInAs } from '../../../test/console-factories.js';
import { openEventStream } from '../../../test/event-stream-client.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';

describeEachDatabase('GET /admin/v0/tenants/{tenant}/events', (ctx) => {
  let base = '';
  before(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('streams a console session its tenant’s events (every type, to a viewer), filtered by audience', async (t) => {
    const [tenant, other] = [await makeTenant(ctx), await makeTenant(ctx)];
    const audience = await makeAudience(ctx, tenant);
    const elsewhere = await makeAudience(ctx, other);
    const worker = makeWorker(ctx, tenant, new FakeAgent());
    const otherWorker = makeWorker(ctx, other, new FakeAgent());
    await drain(worker);
    await drain(otherWorker);
    const viewer = await signInAs(ctx, tenant.tenantId, 'viewer');
    const url = `${base}/admin/v0/tenants/${tenant.tenantId}/events`;
    const all = await openEventStream(url, { cookie: viewer.cookie });
    const one = await openEventStream(`${url}?audienceId=${audience.audienceId}`, { cookie: viewer.cookie });
    t.after(() => {
      all.close();
      one.close();
    });
    assert.equal(all.status, 200, JSON.stringify(all.problem));
    assert.match(all.headers.get('content-type')!, /^text\/event-stream/);

    const editor = await signInAs(ctx, tenant.tenantId, 'editor');
    const sent = await editor.request(
      'POST',
      `/admin/v0/tenants/${tenant.tenantId}/pages/${audience.pageId}/audiences/${audience.audienceId}/messages`,
      { message: 'title: From the console' },
    );
    assert.equal(sent.status, 202, sent.raw);
    await ctx.request({
      method: 'POST',
      url: `/v0/pages/${elsewhere.pageId}/audiences/${elsewhere.audienceId}/messages`,
      key: other.key,
      body: { message: 'title: Not yours' },
    });
    await drain(worker);
    await drain(otherWorker);
    // A person event: /v0 keys need persons:read for it; a viewer of the console reads everything.
    await makePerson(ctx, tenant);
    const messages = await all.waitFor((m) => m.some((e) => e.event === 'person.created'));
    const types = messages.map((m) => m.event);
    assert.deepEqual(
      types.filter((type) => type !== 'person.created'),
      ['message.created', 'version.queued', 'message.created', 'version.drafted'],
    );
    assert.ok(
      messages.every(
        (m) => m.data.data.audienceId === undefined || m.data.data.audienceId === audience.audienceId,
      ),
      'only its own tenant',
    );
    const drafted = await one.waitFor((m) => m.some((e) => e.event === 'version.drafted'));
    assert.ok(drafted.every((m) => m.data.data.audienceId === audience.audienceId));
    assert.equal(
      drafted.some((m) => m.event === 'person.created'),
      false,
      'the audience filter leaves out what belongs to no audience',
    );
  });

  it('needs a session of the tenant: none is a 401, another tenant a 404', async () => {
    const [tenant, other] = [await makeTenant(ctx), await makeTenant(ctx)];
    const viewer = await signInAs(ctx, tenant.tenantId, 'viewer');
    const anonymous = await openEventStream(`${base}/admin/v0/tenants/${tenant.tenantId}/events`, {});
    assert.equal(anonymous.status, 401);
    const foreign = await openEventStream(`${base}/admin/v0/tenants/${other.tenantId}/events`, {
      cookie: viewer.cookie,
    });
    assert.equal(foreign.status, 404);
    const bad = await openEventStream(`${base}/admin/v0/tenants/${tenant.tenantId}/events?types=nope`, {
      cookie: viewer.cookie,
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.problem.errors[0].parameter, 'types');
  });
});
