import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
import { drain, makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { BuiltinAgent } from '../../agent/builtin-agent.js';
import { publishVersion } from '../audiences/versions.service.js';
import { archivePage } from '../pages/pages.service.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describeEachDatabase('hosted pages: GET /p/{handle}/{slug}[/{routeKey}]', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });

  it("serves the person audience's published version, personalised, noindex, with a strict CSP", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const response = await get(f.personUrl);
    assert.equal(response.status, 200, response.raw);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    // The fake agent appends the audience's name to the title.
    assert.match(
      response.raw,
      /<title>Loomwork: close your books in two days for Grace Hopper[^<]*<\/title>/,
    );
    assert.match(response.raw, /<meta name="robots" content="noindex, nofollow"\/?>/);
    assert.match(response.raw, new RegExp(`<link rel="canonical" href="http://127.0.0.1:3000${f.pageUrl}"`));
    assert.match(response.raw, /Book a demo/);
    assert.match(response.raw, new RegExp(`href="${f.personUrl}/go/book-demo"`));
    assert.match(response.raw, /<h1>Close in two days<\/h1>/);
    assert.match(response.raw, /data-block="richText" data-block-id="section-1"/);
    assert.match(response.raw, /Privacy policy/);
    assert.match(response.raw, /property="og:title" content="Close your books in two days"/);
    assert.match(response.raw, /name="twitter:site" content="@loomwork"/);
    assert.match(response.raw, /name="theme-color" content="#1f6feb"/);
    // Never the supplementary context the agent was given.
    assert.doesNotMatch(response.raw, /FinOps|supplementary/i);
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /script-src [^;]*'sha256-[^']+'/);
    assert.match(csp, /script-src [^;]*https:\/\/plausible\.io\/js\/script\.js/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(response.headers['quire-page-fallback'], undefined);
    assert.match(String(response.headers['cache-control']), /s-maxage=60/);

    // HTML and inline CSS of the demo page stay well under 30 KB.
    assert.ok(Buffer.byteLength(response.raw) < 30_000, `${Buffer.byteLength(response.raw)} bytes`);
    const etag = String(response.headers.etag);
    const again = await get(f.personUrl, { 'if-none-match': etag });
    assert.equal(again.status, 304);
  });

  it("shows the version's personalised headline and subheadline over the page's, in previews too", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const person = await makePerson(ctx, tenant, { name: 'Ada Lovelace', domain: 'acme.example' });
    const ada = await makeAudience(ctx, tenant, f.page.id, { personId: person.personId });
    await drain(makeWorker(ctx, tenant, new BuiltinAgent()));
    await publishVersion(ctx.database.db, tenant.tenantId, ada.versionId);
    const audience = (
      await ctx.request({
        method: 'GET',
        url: `/v0/pages/${f.page.id}/audiences/${ada.audienceId}`,
        key: tenant.key,
      })
    ).body;
    const hero = [
      'Close in two days for acme.example',
      'For Ada Lovelace at acme.example: Finance automation',
    ];
    assert.deepEqual([audience.effectiveContent.headline, audience.effectiveContent.subheadline], hero);
    assert.deepEqual(
      [audience.publishedVersion.content.headline, audience.publishedVersion.content.subheadline],
      hero,
    );
    const personal = await get(audience.publicUrl.replace('http://127.0.0.1:3000', ''));
    assert.equal(personal.status, 200, personal.raw);
    assert.match(personal.raw, /<h1>Close in two days for acme\.example<\/h1>/);
    assert.match(personal.raw, /<p class="sub">For Ada Lovelace at acme\.example: Finance automation<\/p>/);
    const preview = await get(audience.publishedVersion.previewUrl.replace('http://127.0.0.1:3000', ''));
    assert.match(preview.raw, /<h1>Close in two days for acme\.example<\/h1>/);
    // The page itself keeps the operator's hero.
    const own = await get(f.pageUrl);
    assert.match(own.raw, /<h1>Close in two days<\/h1>/);
    assert.match(own.raw, /<p class="sub">Finance automation<\/p>/);
  });

  it('falls back to the page itself for an unknown route key or an unpublished audience, and says so', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const page = await get(f.pageUrl);
    assert.equal(page.status, 200);
    assert.match(page.raw, /<title>Loomwork: close your books in two days<\/title>/);
    // The guessable form of the person's key finds nothing personal.
    const guessed = await get(`${f.pageUrl}/grace-hopper`);
    assert.equal(guessed.status, 200);
    assert.equal(guessed.headers['quire-page-fallback'], 'unknown-route-key');
    assert.doesNotMatch(guessed.raw, /Grace Hopper/);
    const unpublished = await get(`${f.pageUrl}/general-visitors`);
    assert.equal(unpublished.headers['quire-page-fallback'], 'no-published-version');
  });

  it('answers an HTML 404 for unknown tenants and pages, drafts and archived pages', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    for (const url of ['/p/no-such-tenant/x', `/p/${f.handle}/no-such-page`]) {
      const response = await get(url);
      assert.equal(response.status, 404, url);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.match(response.raw, /Page not found/);
    }
    const draft = await makePage(ctx, tenant, { name: 'Draft page', status: 'draft' });
    assert.equal((await get(`/p/${f.handle}/${draft.slug}`)).status, 404);
    await archivePage(ctx.database.db, tenant.tenantId, f.page.id);
    assert.equal((await get(f.personUrl)).status, 404);
  });

  it("never serves a page under another tenant's handle", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const other = await makeTenant(ctx);
    const o = await hostedFixture(ctx, other);
    const crossed = f.personUrl.replace(`/p/${f.handle}/`, `/p/${o.handle}/`);
    const response = await get(crossed);
    // The other tenant has a page with the same slug: its own page, never this tenant's audience.
    assert.doesNotMatch(response.raw, new RegExp(f.personal.audienceId));
    assert.equal(response.headers['quire-page-fallback'], 'unknown-route-key');
  });

  it('redirects a button through /go/{actionId} to its own URL only, recording the click', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const go = await get(`${f.personUrl}/go/book-demo`);
    assert.equal(go.status, 302);
    assert.equal(go.headers.location, 'https://loomwork.example.com/demo');
    const unknown = await get(`${f.personUrl}/go/https%3A%2F%2Fevil.example`);
    assert.equal(unknown.status, 404);
    const clicks = await ctx.database.db
      .selectFrom('page_events')
      .select(['kind', 'action_id'])
      .where('tenant_id', '=', tenant.tenantId)
      .execute();
    assert.deepEqual(clicks, [{ kind: 'click', action_id: 'book-demo' }]);
  });

  it("records one view per visitor per 30 minutes as the person's activity, none for bots or DNT", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const beacon = (headers: Record<string, string> = {}) =>
      ctx.request({
        method: 'POST',
        url: `${f.personUrl}/view`,
        body: { referrer: 'https://mail.example.com/inbox', query: '?utm_source=email&utm_campaign=q4' },
        headers: { 'user-agent': BROWSER, ...headers },
      });
    // The sandboxed page sends its beacon as text/plain (no CORS preflight); JSON works too.
    assert.equal((await beacon({ 'content-type': 'text/plain;charset=UTF-8' })).status, 204);
    assert.equal((await beacon()).status, 204);
    assert.equal((await beacon({ dnt: '1', 'user-agent': `${BROWSER} x` })).status, 204);
    assert.equal(
      (await beacon({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status,
      204,
    );
    await get(`${f.personUrl}/go/roi-calculator`, {
      referer: `http://127.0.0.1:3000${f.personUrl}?utm_source=ad`,
    });
    const { account_id: accountId } = await ctx.database.db
      .selectFrom('persons')
      .select('account_id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', f.person.personId)
      .executeTakeFirstOrThrow();
    assert.ok(accountId);
    const logs = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages/${f.page.id}/engagement`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(logs.status, 200, logs.raw);
    const row = logs.body.items.find((i: { audienceId: string }) => i.audienceId === f.personal.audienceId);
    assert.deepEqual(
      { views: row.views, uniqueVisitors: row.uniqueVisitors, clicks: row.clicks, ctr: row.clickThroughRate },
      { views: 1, uniqueVisitors: 1, clicks: 1, ctr: 1 },
    );
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${accountId}/activity?includePersonActivity=true`,
      key: tenant.key,
    });
    const quire = activity.body.items.filter((l: { source: string }) => l.source === 'quire');
    assert.deepEqual(quire.map((l: { type: string }) => l.type).sort(), ['cta-clicked', 'page-viewed']);
    const viewed = quire.find((l: { type: string }) => l.type === 'page-viewed');
    assert.equal(viewed.payload.referrerHost, 'mail.example.com');
    assert.deepEqual(viewed.payload.utm, { source: 'email', campaign: 'q4' });
    assert.equal(viewed.payload.audienceId, f.personal.audienceId);
    assert.equal(viewed.payload.versionId, f.personal.versionId);
    const clicked = quire.find((l: { type: string }) => l.type === 'cta-clicked');
    assert.equal(clicked.payload.actionId, 'roi-calculator');
    assert.deepEqual(clicked.payload.utm, { source: 'ad' });
  });
});

describeEachDatabase('hosted pages: the render cache follows the assets a page shows', (ctx) => {
  it("an image asset's new description is served at once, with a new ETag", async () => {
    const tenant = await makeTenant(ctx);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const asset = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/assets`,
      headers: admin,
      body: {
        fileId: 'file_checklist',
        name: 'Checklist',
        assetType: 'image',
        aiDescription: 'A month-end checklist',
      },
    });
    assert.equal(asset.status, 201, asset.raw);
    const page = await makePage(ctx, tenant, {
      body: {
        headline: 'Close in two days',
        subheadline: 'Finance automation',
        blocks: [
          { blockId: 'hero', type: 'hero' },
          { blockId: 'shot', type: 'image', image: { assetId: asset.body.assetId, alt: '' } },
        ],
      },
    });
    const tenants = await ctx.request({ method: 'GET', url: '/admin/v0/tenants', headers: admin });
    const handle = tenants.body.items.find(
      (t: { tenantId: string }) => t.tenantId === tenant.tenantId,
    ).handle;
    const url = `/p/${handle}/${page.slug}`;
    const first = await ctx.request({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    assert.equal(first.status, 200, first.raw);
    assert.match(first.raw, /alt="A month-end checklist"/);
    const changed = await ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${tenant.tenantId}/assets/${asset.body.assetId}`,
      headers: admin,
      body: { aiDescription: 'Every box of the close ticked' },
    });
    assert.equal(changed.status, 200, changed.raw);
    const second = await ctx.request({
      method: 'GET',
      url,
      headers: { 'user-agent': BROWSER, 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(second.status, 200, 'not a 304: the page changed');
    assert.match(second.raw, /alt="Every box of the close ticked"/);
    assert.notEqual(second.headers.etag, first.headers.etag);
  });
});
