import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeWorker } from '../../../test/pages-factories.js';
import { DEMO_PAGE } from '../../seed/pages.js';

describeEachDatabase('admin API: pages, audiences, versions', (ctx) => {
  const admin = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, body?: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      ...(body === undefined ? {} : { body }),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  it('creates, updates, archives and deletes pages; clients see each step', async () => {
    const tenant = await makeTenant(ctx);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages`, DEMO_PAGE);
    assert.equal(created.status, 201, created.raw);
    const pageId = created.body.pageId;
    const updated = await admin('PATCH', `/tenants/${tenant.tenantId}/pages/${pageId}`, {
      title: 'New title',
      metadata: null,
    });
    assert.equal(updated.body.title, 'New title');
    assert.equal('metadata' in updated.body, false);
    const badHeader = await admin('PATCH', `/tenants/${tenant.tenantId}/pages/${pageId}`, {
      headerActionId: 'nope',
    });
    assert.equal(badHeader.status, 400);
    const archived = await admin('POST', `/tenants/${tenant.tenantId}/pages/${pageId}/archive`);
    assert.equal(archived.body.status, 'archived');
    const deleted = await admin('DELETE', `/tenants/${tenant.tenantId}/pages/${pageId}`);
    assert.match(deleted.body.deletedAt, /Z$/);
    const seen = await ctx.request({ method: 'GET', url: `/v0/pages/${pageId}`, key: tenant.key });
    assert.equal(seen.body.title, 'New title');
    assert.match(seen.body.deletedAt, /Z$/);
    const restored = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/restore`,
      key: tenant.key,
      body: {},
    });
    assert.equal(restored.body.status, 'published', 'the status before archiving');
  });

  it('creates an audience (version 1 queued), updates and archives it; publishes and cancels versions', async () => {
    const tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'navy.mil' });
    const pageId = (await admin('POST', `/tenants/${tenant.tenantId}/pages`, DEMO_PAGE)).body.pageId;
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages/${pageId}/audiences`, {
      personId: person.personId,
    });
    assert.equal(created.status, 201, created.raw);
    assert.equal(created.body.status, 'queued');
    assert.equal(created.body.latestVersion.versionNumber, 1);
    assert.equal(created.body.effectiveName, 'Grace Hopper at navy.mil');
    const audienceId = created.body.audienceId;
    const renamed = await admin('PATCH', `/tenants/${tenant.tenantId}/audiences/${audienceId}`, {
      customName: 'Admirals',
    });
    assert.equal(renamed.body.effectiveName, 'Admirals');
    const unknownPerson = await admin('POST', `/tenants/${tenant.tenantId}/pages/${pageId}/audiences`, {
      personId: 'person_01jdq8m3k4e8v9t6w5x2y1z0ab',
    });
    assert.equal(unknownPerson.status, 404);

    const v1 = created.body.latestVersion.versionId;
    const early = await admin('POST', `/tenants/${tenant.tenantId}/versions/${v1}/publish`);
    assert.equal(early.status, 409, 'a queued version cannot be published');
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    const published = await admin('POST', `/tenants/${tenant.tenantId}/versions/${v1}/publish`);
    assert.equal(published.status, 200, published.raw);
    assert.equal(published.body.status, 'published');

    const v2 = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${pageId}/audiences/${audienceId}/versions`,
      key: tenant.key,
      body: {},
    });
    const cancelled = await admin('POST', `/tenants/${tenant.tenantId}/versions/${v2.body.versionId}/cancel`);
    assert.equal(cancelled.body.status, 'cancelled');
    assert.equal(
      (await admin('POST', `/tenants/${tenant.tenantId}/versions/${v2.body.versionId}/cancel`)).status,
      409,
    );

    const archived = await admin('POST', `/tenants/${tenant.tenantId}/audiences/${audienceId}/archive`);
    assert.equal(archived.body.status, 'archived');
    const page = await ctx.request({ method: 'GET', url: `/v0/pages/${pageId}`, key: tenant.key });
    assert.equal(page.body.audiencesCount, 0);
  });

  it('needs the admin token, a known tenant and a valid body', async () => {
    const tenant = await makeTenant(ctx);
    const noToken = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages`,
      body: DEMO_PAGE,
    });
    assert.equal(noToken.status, 401);
    assert.equal(
      (await admin('POST', '/tenants/tenant_01jdq8m3k4e8v9t6w5x2y1z0ab/pages', DEMO_PAGE)).status,
      404,
    );
    const invalid = await admin('POST', `/tenants/${tenant.tenantId}/pages`, {
      ...DEMO_PAGE,
      pageType: 'blog',
      extra: 1,
    });
    assert.equal(invalid.status, 400);
    const pointers = invalid.body.errors.map((e: { pointer: string }) => e.pointer).sort();
    assert.deepEqual(pointers, ['/extra', '/pageType']);
  });

  it('refuses an actionUrlOverride that is not an http(s) URL, on create and update', async () => {
    const tenant = await makeTenant(ctx);
    const page = await admin('POST', `/tenants/${tenant.tenantId}/pages`, DEMO_PAGE);
    const created = await admin('POST', `/tenants/${tenant.tenantId}/pages/${page.body.pageId}/audiences`, {
      actionUrlOverride: 'javascript:alert(1)',
    });
    assert.equal(created.status, 400, created.raw);
    assert.deepEqual(
      created.body.errors.map((e: { pointer: string }) => e.pointer),
      ['/actionUrlOverride'],
    );
    const ok = await admin('POST', `/tenants/${tenant.tenantId}/pages/${page.body.pageId}/audiences`, {
      actionUrlOverride: 'https://loomwork.example.com/acme',
    });
    assert.equal(ok.status, 201, ok.raw);
    const updated = await admin('PATCH', `/tenants/${tenant.tenantId}/audiences/${ok.body.audienceId}`, {
      actionUrlOverride: 'book a demo',
    });
    assert.equal(updated.status, 400, updated.raw);
  });
});
