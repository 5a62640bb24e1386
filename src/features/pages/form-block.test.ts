import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { FULL_FORM } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { blockTextFields } from '../../domain/page-blocks.js';
import { DEMO_PAGE } from '../../seed/pages.js';

describeEachDatabase('the form block of a page body', (ctx) => {
  const create = (blocks: unknown[]) =>
    ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenantId}/pages`,
      body: { ...DEMO_PAGE, body: { headline: 'Hi', subheadline: '', blocks } },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  let tenantId = '';
  const pointers = (body: { errors?: { pointer: string }[] }) =>
    (body.errors ?? []).map((e) => e.pointer).sort();

  it('accepts a form asking for every field, with consent and a thank-you message', async () => {
    tenantId = (await makeTenant(ctx)).tenantId;
    const created = await create([FULL_FORM]);
    assert.equal(created.status, 201, created.raw);
    assert.deepEqual(created.body.body.blocks[0], FULL_FORM);
  });

  it('refuses a form without email, a field asked twice, a choice without kind or options and a bad redirect', async () => {
    tenantId = (await makeTenant(ctx)).tenantId;
    const created = await create([
      {
        blockId: 'a',
        type: 'form',
        fields: [
          { field: 'name', label: 'Name' },
          { field: 'name', label: 'Name again' },
          { field: 'choice', label: 'Pick' },
        ],
        buttonText: 'Go',
        redirectUrl: 'javascript:alert(1)',
        consentRequired: true,
      },
      {
        blockId: 'b',
        type: 'form',
        fields: [
          { field: 'email', label: 'Email', kind: 'select' },
          { field: 'choice', label: 'Pick', kind: 'select' },
        ],
        buttonText: 'Go',
      },
    ]);
    assert.equal(created.status, 400, created.raw);
    assert.deepEqual(pointers(created.body), [
      '/body/blocks/0/consentRequired',
      '/body/blocks/0/fields',
      '/body/blocks/0/fields/1/field',
      '/body/blocks/0/fields/2/kind',
      '/body/blocks/0/redirectUrl',
      '/body/blocks/1/fields/0/kind',
      '/body/blocks/1/fields/1/options',
    ]);
    assert.match(created.body.detail, /redirectUrl must be an absolute http\(s\) URL/);
  });

  it('refuses members outside the schema at their own pointer', async () => {
    tenantId = (await makeTenant(ctx)).tenantId;
    const created = await create([
      {
        blockId: 'a',
        type: 'form',
        fields: [{ field: 'fax', label: 'Fax' }],
        buttonText: '',
        colour: 'red',
      },
    ]);
    assert.equal(created.status, 400, created.raw);
    const found = pointers(created.body);
    assert.ok(found.includes('/body/blocks/0/buttonText'), found.join());
    assert.ok(found.includes('/body/blocks/0/fields/0/field'), found.join());
  });
});

it('a form block personalises its heading, intro, button, messages, labels and placeholders', () => {
  const paths = blockTextFields(FULL_FORM).map((f) => f.path);
  for (const path of [
    'heading',
    'intro',
    'buttonText',
    'thankYouMessage',
    'consentText',
    'fields/0/label',
    'fields/0/placeholder',
    'fields/6/label',
  ]) {
    assert.ok(paths.includes(path), `${path} in ${paths.join()}`);
  }
});
