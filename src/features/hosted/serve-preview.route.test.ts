import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
import { linksOf, previewUrl, verifyPreview } from '../../domain/public-links.js';

describeEachDatabase('hosted pages: signed previews and public URLs', (ctx) => {
  const path = (url: string) => url.replace('http://127.0.0.1:3000', '');

  it('shows publicUrl on the audience and a working previewUrl on versions with content', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const audience = (
      await ctx.request({
        method: 'GET',
        url: `/v0/pages/${f.page.id}/audiences/${f.personal.audienceId}`,
        key: tenant.key,
      })
    ).body;
    assert.equal(audience.publicUrl, `http://127.0.0.1:3000${f.personUrl}`);
    const preview = await ctx.request({ method: 'GET', url: path(audience.publishedVersion.previewUrl) });
    assert.equal(preview.status, 200, preview.raw);
    assert.match(preview.raw, /for Grace Hopper/);
    assert.match(preview.raw, /<meta name="robots" content="noindex, nofollow"/);
    assert.equal(preview.headers['cache-control'], 'private, no-store');
    // A preview runs no scripts and records nothing.
    assert.match(String(preview.headers['content-security-policy']), /script-src 'none'/);
    // The console shows it in an iframe of the same origin; no other site may frame it.
    assert.match(String(preview.headers['content-security-policy']), /frame-ancestors 'self'/);
    assert.equal(preview.headers['x-frame-options'], 'SAMEORIGIN');
    const page = await ctx.request({ method: 'GET', url: f.personUrl });
    assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
    // A visitor's page runs in an opaque origin (docs/security.md); a preview, which runs no
    // script and which the console's element picker reads, keeps its own.
    assert.match(String(page.headers['content-security-policy']), /; sandbox allow-scripts allow-forms /);
    assert.doesNotMatch(String(page.headers['content-security-policy']), /allow-same-origin/);
    assert.doesNotMatch(String(preview.headers['content-security-policy']), /sandbox/);

    // The general audience's version 1 is a draft: previewable, though not public.
    const general = (
      await ctx.request({
        method: 'GET',
        url: `/v0/pages/${f.page.id}/audiences/${f.general.audienceId}`,
        key: tenant.key,
      })
    ).body;
    assert.equal(general.latestVersion.status, 'draft');
    assert.equal(
      (await ctx.request({ method: 'GET', url: path(general.latestVersion.previewUrl) })).status,
      200,
    );

    const admin = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/versions/${f.general.versionId}/preview`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(admin.status, 200, admin.raw);
    assert.equal((await ctx.request({ method: 'GET', url: path(admin.body.previewUrl) })).status, 200);
  });

  it('answers 404 to a tampered, expired, rebound or foreign preview link', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const good = path(previewUrl(linksOf(ctx.app.config), tenant.tenantId, f.handle, f.personal.versionId));
    assert.equal((await ctx.request({ method: 'GET', url: good })).status, 200);
    const tampered = good.replace(/signature=(.)/, (_, c) => `signature=${c === 'A' ? 'B' : 'A'}`);
    const later = good.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 3600}`);
    const otherVersion = good.replace(f.personal.versionId, f.general.versionId);
    const other = await makeTenant(ctx);
    const o = await hostedFixture(ctx, other);
    const foreignHandle = good.replace(`/p/${f.handle}/`, `/p/${o.handle}/`);
    const expired = path(
      previewUrl(
        linksOf(ctx.app.config),
        tenant.tenantId,
        f.handle,
        f.personal.versionId,
        Date.now() - 2 * 86_400_000,
      ),
    );
    for (const url of [tampered, later, otherVersion, foreignHandle, expired, good.split('?')[0]!]) {
      const response = await ctx.request({ method: 'GET', url });
      assert.equal(response.status, 404, url);
      assert.match(response.raw, /Page not found/);
    }
    assert.ok(!verifyPreview('x'.repeat(32), tenant.tenantId, f.personal.versionId, '1', 'abc', 86_400));
  });

  it('have a maximum lifetime: a longer one is a 400 naming expiresIn, and is not honoured', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const url = `/admin/v0/tenants/${tenant.tenantId}/versions/${f.personal.versionId}/preview`;
    const max = ctx.app.config.previewLinkMaxTtlSeconds;
    assert.equal(max, 30 * 86_400, 'the default maximum');

    const hour = await ctx.request({ method: 'GET', url: `${url}?expiresIn=3600`, headers: admin });
    assert.equal(hour.status, 200, hour.raw);
    const expires = Number(new URL(hour.body.previewUrl).searchParams.get('expires'));
    assert.ok(
      expires * 1000 <= Date.now() + 2 * 3_600_000 && expires * 1000 > Date.now() + 3_600_000 - 60_000,
    );
    assert.equal((await ctx.request({ method: 'GET', url: path(hour.body.previewUrl) })).status, 200);
    const longest = await ctx.request({ method: 'GET', url: `${url}?expiresIn=${max}`, headers: admin });
    assert.equal(longest.status, 200, longest.raw);

    const tooLong = await ctx.request({ method: 'GET', url: `${url}?expiresIn=${max + 1}`, headers: admin });
    assert.equal(tooLong.status, 400, tooLong.raw);
    assert.equal(tooLong.body.errors[0].parameter, 'expiresIn');
    assert.match(tooLong.body.detail, /PREVIEW_LINK_MAX_TTL_SECONDS/);

    // A link signed for longer (made before the maximum was lowered, or with a leaked secret) is a 404.
    const links = { ...linksOf(ctx.app.config), previewMaxTtlSeconds: 365 * 86_400 };
    const year = path(
      previewUrl(links, tenant.tenantId, f.handle, f.personal.versionId, Date.now(), 60 * 86_400),
    );
    const response = await ctx.request({ method: 'GET', url: year });
    assert.equal(response.status, 404);
    assert.match(response.raw, /Page not found/);
  });
});
