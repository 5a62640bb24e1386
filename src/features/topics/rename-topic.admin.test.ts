import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTopic } from '../../../test/asset-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { findTopic } from './topics.repository.js';

describeEachDatabase('PATCH /admin/v0/tenants/{tenant}/topics/{topicId}', (ctx) => {
  const rename = (tenantId: string, topicId: string, body: unknown) =>
    ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${tenantId}/topics/${topicId}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('renames a topic; an empty name is 400; another tenant 404', async () => {
    const tenant = await makeTenant(ctx);
    const { topic } = await makeTopic(ctx, tenant);
    const renamed = await rename(tenant.tenantId, topic.id, { name: 'Objections' });
    assert.equal(renamed.status, 200, renamed.raw);
    assert.equal(renamed.body.name, 'Objections');
    assert.equal(renamed.body.topicId, topic.id);
    assert.equal((await findTopic(ctx.database.db, tenant.tenantId, topic.id))!.name, 'Objections');
    assert.equal((await rename(tenant.tenantId, topic.id, { name: '' })).status, 400);
    const other = await makeTenant(ctx);
    assert.equal((await rename(other.tenantId, topic.id, { name: 'Mine' })).status, 404);
  });
});
