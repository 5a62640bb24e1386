import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';
import { archiveAudience } from './audiences.service.js';

describeEachDatabase('POST /admin/v0/tenants/{tenant}/audiences/{audienceId}/unarchive', (ctx) => {
  const unarchive = (tenantId: string, audienceId: string) =>
    ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenantId}/audiences/${audienceId}/unarchive`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('brings an archived audience back into the page and its count; idempotent; 404 for another tenant', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    await archiveAudience(ctx.database.db, tenant.tenantId, audienceId);
    const page = () => ctx.request({ method: 'GET', url: `/v0/pages/${pageId}`, key: tenant.key });
    assert.equal((await page()).body.audiencesCount, 0);

    const other = await makeTenant(ctx);
    assert.equal((await unarchive(other.tenantId, audienceId)).status, 404);
    const response = await unarchive(tenant.tenantId, audienceId);
    assert.equal(response.status, 200, response.raw);
    assert.equal(response.body.archivedAt, null);
    assert.equal(response.body.status, 'cancelled', "its latest version's status: the archive cancelled it");
    assert.equal((await page()).body.audiencesCount, 1);
    const again = await unarchive(tenant.tenantId, audienceId);
    assert.equal(again.status, 200);
    assert.equal((await page()).body.audiencesCount, 1, 'counted once');
    const message = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
      key: tenant.key,
      body: { message: 'hello again' },
    });
    assert.equal(message.status, 202, 'the conversation is open again');
  });
});
