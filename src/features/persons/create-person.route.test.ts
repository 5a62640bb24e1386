import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('POST /v0/persons', (ctx) => {
  authSuite(ctx, {
    request: async () => ({ method: 'POST', url: '/v0/persons', body: { name: 'Auth Case' } }),
    okStatus: 201,
  });

  it('creates a person with every field, nulls for the absent ones, and a Location', async () => {
    const tenant = await makeTenant(ctx);
    const full = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: {
        name: 'Ada Lovelace',
        email: 'ada@acme.com',
        domain: 'https://WWW.Acme.com:443/about',
        phoneNumber: '+442071234567',
        linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
      },
    });
    assert.equal(full.status, 201, full.raw);
    assert.equal(full.headers.location, `/v0/persons/${full.body.personId}`);
    assert.match(full.body.personId, /^person_[a-z0-9]{26}$/);
    assert.deepEqual(
      { ...full.body, personId: undefined, createdAt: undefined, updatedAt: undefined },
      {
        personId: undefined,
        name: 'Ada Lovelace',
        email: 'ada@acme.com',
        domain: 'acme.com',
        slug: 'ada-lovelace',
        phoneNumber: '+442071234567',
        linkedinProfileUrl: 'https://www.linkedin.com/in/ada',
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    assert.match(full.body.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const minimal = await makePerson(ctx, tenant, { name: 'Grace' });
    assert.equal(minimal.email, null);
    assert.equal(minimal.domain, null);
    assert.equal(minimal.phoneNumber, null);
    assert.equal(minimal.linkedinProfileUrl, null);
  });

  it('gives unique kebab-case ASCII slugs within a tenant', async () => {
    const tenant = await makeTenant(ctx);
    const slugs = [];
    for (const name of ['Zoë Martín-Ortega', 'Zoë Martín-Ortega', 'zoe martin ortega', '李雷', '!!!']) {
      slugs.push((await makePerson(ctx, tenant, { name })).slug);
    }
    assert.deepEqual(slugs, [
      'zoe-martin-ortega',
      'zoe-martin-ortega-2',
      'zoe-martin-ortega-3',
      'person',
      'person-2',
    ]);
    // Slugs are unique per tenant, not globally.
    assert.equal(
      (await makePerson(ctx, await makeTenant(ctx), { name: 'Zoë Martín-Ortega' })).slug,
      'zoe-martin-ortega',
    );
  });

  it('keeps slugs unique under concurrent creates of one name', async () => {
    const tenant = await makeTenant(ctx);
    const created = await Promise.all(
      Array.from({ length: 12 }, () => makePerson(ctx, tenant, { name: 'Same Name' })),
    );
    assert.equal(new Set(created.map((p) => p.slug)).size, 12);
  });

  it('answers 400 naming the field for each bound of the interface', async () => {
    const tenant = await makeTenant(ctx);
    const cases: [unknown, string, string][] = [
      [{ name: '' }, '/name', 'too_short'],
      [{ name: 'x'.repeat(256) }, '/name', 'too_long'],
      [{ name: 42 }, '/name', 'invalid_type'],
      [{}, '/name', 'required'],
      [{ name: 'x', extra: 1 }, '/extra', 'unknown_field'],
      [{ name: 'x', phoneNumber: '0044 20 7123' }, '/phoneNumber', 'invalid_format'],
      [{ name: 'x', phoneNumber: '+0123' }, '/phoneNumber', 'invalid_format'],
      [{ name: 'x', domain: '' }, '/domain', 'too_short'],
      [{ name: 'x', domain: 'not a domain' }, '/domain', 'invalid_format'],
      [{ name: 'x', email: 'email text' }, '/email', 'invalid_format'],
      [{ name: 'x', email: 'ada@' }, '/email', 'invalid_format'],
      [{ name: 'x', linkedinProfileUrl: '' }, '/linkedinProfileUrl', 'too_short'],
      [{ name: 'x', email: null }, '/email', 'invalid_type'],
      [[{ name: 'x' }], '', 'invalid_type'],
    ];
    for (const [body, pointer, code] of cases) {
      const response = await ctx.request({ method: 'POST', url: '/v0/persons', key: tenant.key, body });
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.raw}`);
      assert.equal(response.body.code, 'validation_failed');
      assert.ok(
        response.body.errors.some(
          (e: { pointer: string; code: string }) => e.pointer === pointer && e.code === code,
        ),
        `${JSON.stringify(body)} should name ${pointer} (${code}): ${response.raw}`,
      );
    }
    const list = await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key });
    assert.equal(list.body.totalCount, 0, 'a rejected request writes nothing');
  });

  it('lists every problem of a body at once', async () => {
    const tenant = await makeTenant(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: tenant.key,
      body: { name: '', phoneNumber: 'x', email: 'email text', domain: 'not a domain', extra: true },
    });
    assert.equal(response.status, 400);
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    assert.deepEqual(Object.keys(response.body).sort(), [
      'code',
      'detail',
      'errors',
      'requestId',
      'status',
      'title',
      'type',
    ]);
    const found = response.body.errors.map(
      (e: { pointer: string; code: string }) => `${e.pointer} ${e.code}`,
    );
    assert.deepEqual(found.sort(), [
      '/domain invalid_format',
      '/email invalid_format',
      '/extra unknown_field',
      '/name too_short',
      '/phoneNumber invalid_format',
    ]);
    for (const error of response.body.errors) assert.equal(typeof error.detail, 'string');
    assert.match(response.body.detail, /email must be an email address/);
    assert.match(response.body.detail, /domain must be a hostname/);
  });
});
