import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/audiences/{audienceId}/conversation', (ctx) => {
  it('pages through the conversation oldest first, with each version its changes', async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const base = `/tenants/${tenant.tenantId}/audiences/${s.personal.audienceId}/conversation`;
    const all = await adminGet(ctx, base);
    assert.equal(all.status, 200, all.raw);
    assert.ok(all.body.totalCount >= 2, all.raw);
    const ask = all.body.items.find((m: { content: string }) => m.content === 'title: Hello Grace');
    assert.equal(ask.role, 'user');
    const reply = all.body.items.find(
      (m: { content: string; role: string }) => m.content.includes('Hello Grace') && m.role === 'agent',
    );
    assert.ok(
      reply.changes.some(
        (c: { field: string; newValue: string }) => c.field === 'metaTitle' && c.newValue === 'Hello Grace',
      ),
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await adminGet(ctx, `${base}?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.items.map((m: { messageId: string }) => m.messageId));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(
      seen,
      all.body.items.map((m: { messageId: string }) => m.messageId),
    );
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/audiences/${s.personal.audienceId}/conversation`))
        .status,
      404,
    );
  });

  it('pages backwards from the newest message with from=newest, each page oldest first', async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    for (const message of ['first extra', 'second extra', 'third extra']) {
      const sent = await ctx.request({
        method: 'POST',
        url: `/v0/pages/${s.pageId}/audiences/${s.personal.audienceId}/messages`,
        key: tenant.key,
        body: { message },
      });
      assert.ok(sent.status < 300, sent.raw);
    }
    const base = `/tenants/${tenant.tenantId}/audiences/${s.personal.audienceId}/conversation`;
    const ids = (page: { body: { items: { messageId: string }[] } }) =>
      page.body.items.map((m) => m.messageId);
    const all = await adminGet(ctx, base);
    assert.ok(all.body.totalCount >= 5, all.raw);

    const newest = await adminGet(ctx, `${base}?from=newest&limit=2`);
    assert.equal(newest.status, 200, newest.raw);
    assert.deepEqual(
      newest.body.items.map((m: { content: string }) => m.content),
      ['second extra', 'third extra'],
      'the newest window, oldest first inside',
    );
    assert.equal(newest.body.totalCount, all.body.totalCount);
    assert.equal(newest.body.hasMore, true);

    const pages: string[][] = [ids(newest)];
    let cursor: string | null = newest.body.nextCursor;
    while (cursor !== null) {
      const page = await adminGet(ctx, `${base}?from=newest&limit=2&cursor=${cursor}`);
      assert.equal(page.status, 200, page.raw);
      pages.push(ids(page));
      cursor = page.body.nextCursor;
    }
    assert.deepEqual(pages.reverse().flat(), ids(all), 'older pages put before newer give the whole, once');

    // A cursor belongs to its direction; a direction that is not one is named.
    const forward = await adminGet(ctx, `${base}?limit=2&cursor=${newest.body.nextCursor}`);
    assert.equal(forward.status, 400, forward.raw);
    assert.equal(forward.body.code, 'invalid_cursor');
    const sideways = await adminGet(ctx, `${base}?from=sideways`);
    assert.equal(sideways.status, 400, sideways.raw);
    assert.match(sideways.raw, /from/);
  });
});
