import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';
import { deletePage } from '../pages/pages.service.js';
import { createApiKey } from '../tenants/tenants.service.js';

describeEachDatabase('POST /v0/pages/{page_id}/audiences (extension)', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const page = await makePage(ctx, owner);
      return { method: 'POST', url: `/v0/pages/${page.id}/audiences`, body: { customName: 'Fintech CFOs' } };
    },
    okStatus: 201,
    otherTenant: { status: 404 },
  });

  it("creates a person's audience with an unguessable route key and queues version 1", async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
    const created = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${page.id}/audiences`,
      key: tenant.key,
      body: { personId: person.personId, supplementaryContext: 'Met at the FinOps Summit.' },
    });
    assert.equal(created.status, 201, created.raw);
    assert.equal(created.headers.location, `/v0/pages/${page.id}/audiences/${created.body.audienceId}`);
    assert.equal(created.body.computedName, 'Grace Hopper at contoso.com');
    assert.match(created.body.routeKey, /^grace-hopper-[a-z2-9]{13}$/);
    assert.equal(created.body.latestVersion.versionNumber, 1);
    assert.equal(created.body.latestVersion.status, 'queued');
    assert.equal(created.body.supplementaryContext, 'Met at the FinOps Summit.');
    const read = await ctx.request({
      method: 'GET',
      url: created.headers.location as string,
      key: tenant.key,
    });
    assert.deepEqual(read.body, created.body);
    const page2 = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}`, key: tenant.key });
    assert.equal(page2.body.audiencesCount, 1);
  });

  it('refuses bad input with a 4xx naming the field, and writes nothing', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const post = (body: unknown, pageId = page.id) =>
      ctx.request({ method: 'POST', url: `/v0/pages/${pageId}/audiences`, key: tenant.key, body });
    const unknown = await post({ customName: 'A', nickname: 'B' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.errors[0].code, 'unknown_field');
    const url = await post({ actionUrlOverride: 'javascript:alert(1)' });
    assert.equal(url.status, 400);
    assert.equal(url.body.errors[0].pointer, '/actionUrlOverride');
    const key = await post({ routeKey: 'Not Kebab' });
    assert.equal(key.status, 400);
    assert.equal(key.body.errors[0].pointer, '/routeKey');
    const other = await makeTenant(ctx);
    const stranger = await makePerson(ctx, other, { name: 'Someone Else' });
    assert.equal((await post({ personId: stranger.personId })).status, 404, "another tenant's person");
    assert.equal((await post({ customName: 'A' }, 'page_nope')).status, 404);
    const taken = await post({ routeKey: 'cfos' });
    assert.equal(taken.status, 201);
    assert.equal((await post({ routeKey: 'cfos' })).status, 409, 'a route key is unique per page');
    await deletePage(ctx.database.db, tenant.tenantId, page.id);
    assert.equal((await post({ customName: 'Late' })).status, 409, 'a deleted page takes no audience');
    const list = await ctx.request({ method: 'GET', url: `/v0/pages/${page.id}/audiences`, key: tenant.key });
    assert.equal(list.body.totalCount, 1, 'only the one good request wrote an audience');
  });

  it('needs pages:write', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const reader = await createApiKey(ctx.database.db, tenant.tenantId, null, ['pages:read']);
    const refused = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${page.id}/audiences`,
      key: reader.apiKey,
      body: { customName: 'A' },
    });
    assert.equal(refused.status, 403);
    assert.match(refused.body.detail, /needs the scope pages:write/);
  });
});
