import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { BuiltinAgent } from '../../agent/builtin-agent.js';
import { archiveAudience } from './audiences.service.js';
import { publishVersion } from './versions.service.js';

describeEachDatabase('GET /v0/pages/{page_id}/audiences/{audience_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const { pageId, audienceId } = await makeAudience(ctx, owner);
      return { method: 'GET', url: `/v0/pages/${pageId}/audiences/${audienceId}` };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('shows the person-derived names, the queued version 1 and no published version', async () => {
    const tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant, { name: 'Ada Lovelace', domain: 'acme.com' });
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant, undefined, {
      personId: person.personId,
      supplementaryContext: 'Met at a conference',
      metadataOverride: { title: 'For Ada' },
    });
    const response = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.equal(response.status, 200, response.raw);
    const a = response.body;
    assert.equal(a.computedName, 'Ada Lovelace at acme.com');
    assert.equal(a.customName, null);
    assert.equal(a.effectiveName, 'Ada Lovelace at acme.com');
    assert.equal(a.personId, person.personId);
    assert.equal(a.personRouteKey, 'ada-lovelace');
    assert.equal(a.status, 'queued');
    assert.equal(a.latestVersion.versionId, versionId);
    assert.equal(a.latestVersion.versionNumber, 1);
    assert.equal(a.latestVersion.status, 'queued');
    assert.match(a.latestVersion.queuedAt, /Z$/);
    assert.equal(a.publishedVersion, null);
    assert.equal(a.supplementaryContext, 'Met at a conference');
    assert.equal(a.metadataOverride.title, 'For Ada');
    assert.equal(a.effectiveMetadata.title, 'For Ada');
    assert.equal(a.effectiveMetadata.ogSiteName, 'Loomwork', 'page metadata shows through the override');
    assert.equal(a.archivedAt, null);
  });

  it('names a general audience after the page; customName wins', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, { name: 'Spring launch' });
    const general = await makeAudience(ctx, tenant, page.id);
    const named = await makeAudience(ctx, tenant, page.id, { customName: 'Board members' });
    const g = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${page.id}/audiences/${general.audienceId}`,
      key: tenant.key,
    });
    assert.equal(g.body.computedName, 'Spring launch');
    assert.equal(g.body.personRouteKey, null);
    const n = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${page.id}/audiences/${named.audienceId}`,
      key: tenant.key,
    });
    assert.equal(n.body.effectiveName, 'Board members');
    assert.equal(n.body.computedName, 'Spring launch');
  });

  it('follows the latest version, shows the published one, and says archived when archived', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant);
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    await publishVersion(ctx.database.db, tenant.tenantId, versionId);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}`;
    const published = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(published.body.status, 'published');
    assert.equal(published.body.publishedVersion.versionId, versionId);
    assert.match(published.body.publishedVersion.publishedAt, /Z$/);
    await archiveAudience(ctx.database.db, tenant.tenantId, audienceId);
    const archived = await ctx.request({ method: 'GET', url, key: tenant.key });
    assert.equal(archived.body.status, 'archived');
    assert.match(archived.body.archivedAt, /Z$/);
  });

  it('carries a renamed button into the published version and the effective content', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const url = `/v0/pages/${pageId}/audiences/${audienceId}`;
    const before = (await ctx.request({ method: 'GET', url, key: tenant.key })).body;
    assert.equal(before.effectiveContent.versionId, null, 'nothing published: the page itself');
    assert.equal(before.effectiveContent.buttonTitles['book-demo'], 'Book a demo');
    assert.equal(before.latestVersion.content, null, 'the agent has not written version 1 yet');

    const worker = makeWorker(ctx, tenant, new BuiltinAgent());
    await drain(worker);
    const sent = await ctx.request({
      method: 'POST',
      url: `${url}/messages`,
      key: tenant.key,
      body: { message: 'Rename the Book a demo button to Talk to sales' },
    });
    assert.equal(sent.status, 202, sent.raw);
    await drain(worker);
    await publishVersion(ctx.database.db, tenant.tenantId, sent.body.versionId);

    const after = (await ctx.request({ method: 'GET', url, key: tenant.key })).body;
    assert.equal(after.publishedVersion.versionId, sent.body.versionId);
    assert.equal(after.publishedVersion.content.buttonTitles['book-demo'], 'Talk to sales');
    assert.equal(after.publishedVersion.content.actionUrl, 'https://loomwork.example.com/demo');
    const effective = after.effectiveContent;
    assert.equal(effective.versionId, sent.body.versionId);
    assert.equal(effective.buttonTitles['book-demo'], 'Talk to sales');
    assert.equal(effective.buttonTitles['roi-calculator'], 'Calculate your savings');
    assert.deepEqual(
      effective.actions.map((a: { buttonTitle: string; url: string }) => [a.buttonTitle, a.url]),
      [
        ['Talk to sales', 'https://loomwork.example.com/demo'],
        ['Calculate your savings', 'https://loomwork.example.com/roi'],
      ],
    );
    assert.equal(effective.metaTitle, after.publishedVersion.content.metaTitle);
    const conversation = (await ctx.request({ method: 'GET', url: `${url}/messages`, key: tenant.key })).body;
    assert.equal(conversation.context.currentMetaTitle, effective.metaTitle);
    assert.equal(conversation.context.currentSupplementaryContext, effective.supplementaryContext);
  });

  it("answers 404 for an audience under another page's id", async () => {
    const tenant = await makeTenant(ctx);
    const { audienceId } = await makeAudience(ctx, tenant);
    const other = await makePage(ctx, tenant);
    for (const path of ['', '/messages']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/v0/pages/${other.id}/audiences/${audienceId}${path}`,
        key: tenant.key,
      });
      assert.equal(response.status, 404, path);
    }
    const post = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${other.id}/audiences/${audienceId}/messages`,
      key: tenant.key,
      body: { message: 'hi' },
    });
    assert.equal(post.status, 404);
    const version = await ctx.request({
      method: 'POST',
      url: `/v0/pages/${other.id}/audiences/${audienceId}/versions`,
      key: tenant.key,
      body: {},
    });
    assert.equal(version.status, 404);
  });
});
