import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { archiveAudience } from './audiences.service.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/pages/{pageId}/audiences', (ctx) => {
  it('lists the audiences of a page, narrowed by status, person and published', async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const base = `/tenants/${tenant.tenantId}/pages/${s.pageId}/audiences`;
    const ids = async (query: string) => {
      const response = await adminGet(ctx, `${base}${query}`);
      assert.equal(response.status, 200, response.raw);
      assert.equal(response.body.totalCount, response.body.items.length);
      return response.body.items.map((a: { audienceId: string }) => a.audienceId);
    };
    assert.deepEqual(await ids(''), [s.general.audienceId, s.personal.audienceId]);
    assert.deepEqual(await ids('?published=true'), [s.general.audienceId]);
    assert.deepEqual(await ids('?published=false'), [s.personal.audienceId]);
    assert.deepEqual(await ids(`?person=${s.person.personId}`), [s.personal.audienceId]);
    assert.deepEqual(await ids('?status=draft'), [s.personal.audienceId]);
    assert.deepEqual(await ids('?status=published'), [s.general.audienceId]);
    await archiveAudience(ctx.database.db, tenant.tenantId, s.personal.audienceId);
    assert.deepEqual(await ids('?status=archived'), [s.personal.audienceId]);
    assert.deepEqual(await ids('?status=draft'), []);

    const other = await makeTenant(ctx);
    assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/pages/${s.pageId}/audiences`)).status, 404);
  });
});
