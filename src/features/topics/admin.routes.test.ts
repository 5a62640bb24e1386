import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: topics and entries', (ctx) => {
  const admin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('creates a topic and entries, updates, reorders and deletes them', async () => {
    const tenant = await makeTenant(ctx);
    const topic = await admin('POST', `/tenants/${tenant.tenantId}/topics`, { name: 'Objections' });
    assert.equal(topic.status, 201, topic.raw);
    assert.match(topic.body.topicId, /^topic_[a-z0-9]{26}$/);
    const base = `/tenants/${tenant.tenantId}/topics/${topic.body.topicId}/entries`;
    const ids: string[] = [];
    for (const content of [
      { type: 'text', content: 'Too expensive' },
      { type: 'markdown', content: '**No time**' },
      { type: 'url', content: 'https://example.com/faq' },
    ]) {
      const entry = await admin('POST', base, { content });
      assert.equal(entry.status, 201, entry.raw);
      ids.push(entry.body.topicEntryId);
    }
    const list = async () =>
      (await ctx.request({ method: 'GET', url: `/v0/topics/${topic.body.topicId}/entries`, key: tenant.key }))
        .body;
    assert.deepEqual(
      (await list()).items.map((e: { sortOrder: number }) => e.sortOrder),
      [0, 1, 2],
    );

    const reordered = await admin('POST', `${base}/reorder`, { topicEntryIds: [ids[2], ids[0], ids[1]] });
    assert.equal(reordered.status, 200, reordered.raw);
    assert.deepEqual(
      (await list()).items.map((e: { topicEntryId: string }) => e.topicEntryId),
      [ids[2], ids[0], ids[1]],
    );
    for (const topicEntryIds of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...ids, 'topicentry_x'],
    ]) {
      assert.equal((await admin('POST', `${base}/reorder`, { topicEntryIds })).status, 400);
    }

    const updated = await admin('PATCH', `${base}/${ids[1]}`, { content: { type: 'text', content: 'Busy' } });
    assert.equal(updated.status, 200, updated.raw);
    assert.deepEqual(updated.body.content, { type: 'text', content: 'Busy' });
    assert.equal(updated.body.sortOrder, 2);

    assert.equal((await admin('DELETE', `${base}/${ids[0]}`)).status, 204);
    assert.equal((await admin('DELETE', `${base}/${ids[0]}`)).status, 404);
    const after = await list();
    assert.equal(after.totalCount, 2);
    assert.deepEqual(
      after.items.map((e: { topicEntryId: string }) => e.topicEntryId),
      [ids[2], ids[1]],
    );
  });

  it('rejects bad entries: unknown type, a url that is not http(s), unknown topic', async () => {
    const tenant = await makeTenant(ctx);
    const topic = (await admin('POST', `/tenants/${tenant.tenantId}/topics`, { name: 'T' })).body;
    const base = `/tenants/${tenant.tenantId}/topics/${topic.topicId}/entries`;
    assert.equal((await admin('POST', base, { content: { type: 'html', content: '<b>' } })).status, 400);
    assert.equal(
      (await admin('POST', base, { content: { type: 'url', content: 'javascript:alert(1)' } })).status,
      400,
    );
    assert.equal((await admin('POST', base, { content: { type: 'url', content: 'not a url' } })).status, 400);
    assert.equal(
      (await admin('POST', base, { content: { type: 'text', content: 'x' }, sortOrder: 1.5 })).status,
      400,
    );
    const missing = await admin(
      'POST',
      `/tenants/${tenant.tenantId}/topics/topic_00000000000000000000000000/entries`,
      {
        content: { type: 'text', content: 'x' },
      },
    );
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'topic_not_found');
    const listed = await ctx.request({
      method: 'GET',
      url: `/v0/topics/${topic.topicId}/entries`,
      key: tenant.key,
    });
    assert.equal(listed.body.totalCount, 0, 'rejected entries write nothing');
  });
});
