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

  it('refuses new actions that a stored call-to-action banner no longer finds, as a full write would', async () => {
    const tenant = await makeTenant(ctx);
    const action = (actionId: string) => ({
      actionId,
      actionIndex: 0,
      purpose: '',
      buttonTitle: actionId,
      actionType: 'link',
      url: `https://example.com/${actionId}`,
    });
    const blocks = [
      { blockId: 'hero', type: 'hero' },
      { blockId: 'cta', type: 'ctaBanner', heading: 'Talk to us', actionIds: ['demo', 'docs'] },
      { blockId: 'cta-plain', type: 'ctaBanner', heading: 'Go' },
    ];
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      headerActionId: undefined,
      actions: [action('demo'), action('docs')],
      body: { headline: 'Hi', subheadline: '', blocks },
    });
    assert.equal(created.status, 201, created.raw);
    const url = `/tenants/${tenant.tenantId}/pages/${created.body.pageId}`;
    const dropped = await admin('PATCH', url, { actions: [action('demo')] });
    assert.equal(dropped.status, 400, dropped.raw);
    assert.deepEqual(pointers(dropped.body), ['/body/blocks/1/actionIds/1']);
    assert.match(dropped.body.detail, /"docs" must name one of the page's actions/);
    const none = await admin('PATCH', url, { actions: [] });
    assert.equal(none.status, 400, none.raw);
    assert.deepEqual(pointers(none.body), [
      '/body/blocks/1/actionIds/0',
      '/body/blocks/1/actionIds/1',
      '/body/blocks/2',
    ]);
    // Sent together with a body that no longer names it, the change is accepted.
    const both = await admin('PATCH', url, {
      actions: [action('demo')],
      body: {
        headline: 'Hi',
        subheadline: '',
        blocks: blocks.map((b) => (b.blockId === 'cta' ? { ...b, actionIds: ['demo'] } : b)),
      },
    });
    assert.equal(both.status, 200, both.raw);
  });
});
