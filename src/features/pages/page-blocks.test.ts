import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { DEMO_PAGE } from '../../seed/pages.js';

describeEachDatabase("a page body's blocks, beyond their schema", (ctx) => {
  const admin = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  const pointers = (body: { errors?: { pointer: string }[] }) =>
    (body.errors ?? []).map((e) => e.pointer).sort();

  it('refuses a rule or a group on the hero: it is always shown (it carries the headline)', async () => {
    const tenant = await makeTenant(ctx);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      body: {
        headline: 'Hi',
        subheadline: '',
        blocks: [
          {
            blockId: 'hero',
            type: 'hero',
            showWhen: [{ trait: 'industry', value: 'retail' }],
            group: 'top',
          },
        ],
      },
    });
    assert.equal(created.status, 400, created.raw);
    assert.deepEqual(pointers(created.body), ['/body/blocks/0/group', '/body/blocks/0/showWhen']);
    assert.match(created.body.detail, /the hero is always shown/);
  });
});
