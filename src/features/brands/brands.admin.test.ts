import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { it } from 'node:test';
import { adminGet } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { localFilesConfig, pngOf, uploadFile, woff2Font } from '../../../test/file-factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { DEMO_BRAND_ID } from '../../seed/brand.js';
import { seedDemo } from '../../seed/demo.js';
import { useFileBase } from '../files/file-urls.js';
import { storageFromConfig } from '../files/storage-from-config.js';
import { brandTheme } from './brand-theme.js';
import { loadPageBrand } from './brands.service.js';
import { contrastRatio } from './contrast.js';

const COLORS = { primary: '#1d4ed8', accent: '#0e7490', background: '#ffffff', text: '#111827' };

describeEachDatabase(
  'admin API: /tenants/{tenant}/brands',
  (ctx) => {
    it('creates, reads, updates and deletes a brand with its logo; pages load it by brandId', async () => {
      const tenant = await makeTenant(ctx);
      const logo = await uploadFile(ctx, tenant.tenantId, 'logo.png', await pngOf(200, 60));
      const created = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        brandId: 'brand-loomwork',
        name: 'Loomwork',
        logoFileId: logo.body.fileId,
        colors: COLORS,
        font: { kind: 'system', stack: 'humanist' },
        buttonRadius: 12,
      });
      assert.equal(created.status, 201, created.raw);
      assert.equal(created.body.brandId, 'brand-loomwork');
      assert.equal(created.body.colors.primaryText, '#ffffff');
      assert.equal(
        (await adminGet(ctx, `/tenants/${tenant.tenantId}/brands/brand-loomwork`)).body.name,
        'Loomwork',
      );
      assert.equal((await adminGet(ctx, `/tenants/${tenant.tenantId}/brands`)).body.items.length, 1);

      const brand = await loadPageBrand(ctx.database.db, tenant.tenantId, 'brand-loomwork');
      const theme = brandTheme(brand);
      assert.equal(theme.name, 'Loomwork');
      assert.equal(theme.logoUrl, `/files/${logo.body.fileId}`);
      assert.equal(theme.cssVariables['--brand-radius'], '12px');
      assert.match(theme.fontStack, /Seravek/);

      const renamed = await send(ctx, 'PATCH', `/tenants/${tenant.tenantId}/brands/brand-loomwork`, {
        name: 'Loomwork Ltd',
        buttonRadius: 999,
      });
      assert.equal(renamed.status, 200, renamed.raw);
      assert.equal(renamed.body.name, 'Loomwork Ltd');
      assert.equal(renamed.body.logoFileId, logo.body.fileId);
      assert.equal(renamed.body.buttonRadius, 999);

      const taken = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        brandId: 'brand-loomwork',
        name: 'Again',
        colors: COLORS,
      });
      assert.equal(taken.status, 400);
      assert.equal(taken.body.errors[0].pointer, '/brandId');

      assert.equal(
        (await send(ctx, 'DELETE', `/tenants/${tenant.tenantId}/brands/brand-loomwork`)).status,
        204,
      );
      assert.equal(await loadPageBrand(ctx.database.db, tenant.tenantId, 'brand-loomwork'), null);
    });

    it('refuses colour pairs below WCAG AA, naming the pair', async () => {
      const tenant = await makeTenant(ctx);
      const pale = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'Pale',
        colors: { ...COLORS, text: '#aaaaaa' },
      });
      assert.equal(pale.status, 400, pale.raw);
      assert.equal(pale.body.errors.length, 1);
      assert.equal(pale.body.errors[0].pointer, '/colors/text');
      assert.match(
        pale.body.errors[0].detail,
        /text on background: #aaaaaa on #ffffff has a contrast of 2\.32:1; WCAG AA needs at least 4\.5:1/,
      );

      const button = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'Yellow buttons',
        colors: { ...COLORS, primary: '#facc15', primaryText: '#ffffff', accent: '#ffe066' },
      });
      assert.equal(button.status, 400);
      assert.deepEqual(
        button.body.errors.map((e: { pointer: string }) => e.pointer),
        ['/colors/primaryText', '/colors/accent'],
      );
      assert.match(button.body.errors[0].detail, /primaryText on primary/);

      // Without primaryText, the readable one of white and near-black is chosen.
      const yellow = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'Yellow',
        colors: { ...COLORS, primary: '#facc15' },
      });
      assert.equal(yellow.status, 201, yellow.raw);
      assert.equal(yellow.body.colors.primaryText, '#111827');

      const badHex = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'X',
        colors: { ...COLORS, text: 'red' },
      });
      assert.equal(badHex.status, 400);
      assert.equal(badHex.body.errors[0].pointer, '/colors/text');
    });

    it("refers only to the tenant's own files, of the right kind; another tenant's brand is a 404", async () => {
      const tenant = await makeTenant(ctx);
      const other = await makeTenant(ctx);
      const foreign = await uploadFile(ctx, other.tenantId, 'logo.png', await pngOf(20, 20));
      const own = await uploadFile(ctx, tenant.tenantId, 'logo.png', await pngOf(20, 20));
      const stolen = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'A',
        colors: COLORS,
        logoFileId: foreign.body.fileId,
      });
      assert.equal(stolen.status, 400);
      assert.equal(stolen.body.errors[0].pointer, '/logoFileId');
      const notFont = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'A',
        colors: COLORS,
        font: { kind: 'file', family: 'Brand Sans', fileId: own.body.fileId },
      });
      assert.equal(notFont.status, 400);
      assert.equal(notFont.body.errors[0].pointer, '/font/fileId');

      const created = await send(ctx, 'POST', `/tenants/${tenant.tenantId}/brands`, {
        name: 'Mine',
        colors: COLORS,
      });
      const id = created.body.brandId as string;
      assert.match(id, /^brand_/);
      assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/brands/${id}`)).status, 404);
      assert.equal(
        (await send(ctx, 'PATCH', `/tenants/${other.tenantId}/brands/${id}`, { name: 'x' })).status,
        404,
      );
      assert.equal((await send(ctx, 'DELETE', `/tenants/${other.tenantId}/brands/${id}`)).status, 404);
      assert.equal(await loadPageBrand(ctx.database.db, other.tenantId, id), null);
    });

    it("puts a self-hosted font on the hosted page: its @font-face in the hashed stylesheet, font-src 'self'", async () => {
      const files = { storage: storageFromConfig(ctx.app.config), config: ctx.app.config };
      const seed = await seedDemo(ctx.database.db, { baseUrl: '' } as never, undefined, files);
      const before = await ctx.request({ method: 'GET', url: seed.publicUrl! });
      assert.equal(before.status, 200, before.raw);
      assert.doesNotMatch(before.raw, /@font-face/);
      assert.doesNotMatch(
        String(before.headers['content-security-policy']),
        /font-src/,
        'no font, no font-src',
      );

      const font = woff2Font();
      const upload = await uploadFile(ctx, seed.tenantId, 'source-code-pro.woff2', font.bytes);
      assert.equal(upload.status, 201, upload.raw);
      const fileId = upload.body.fileId as string;
      const patched = await send(ctx, 'PATCH', `/tenants/${seed.tenantId}/brands/${DEMO_BRAND_ID}`, {
        font: { kind: 'file', family: font.family, fileId, fallback: 'mono' },
      });
      assert.equal(patched.status, 200, patched.raw);

      // The same URL at once: the page caches' key holds the brand's edit time (docs/hosted-pages.md).
      const after = await ctx.request({ method: 'GET', url: seed.publicUrl! });
      assert.equal(after.status, 200, after.raw);
      const style = /<style>([^<]*)<\/style>/.exec(after.raw)?.[1] ?? '';
      assert.ok(
        style.startsWith(
          `@font-face{font-family:"Source Code Pro";src:url("/files/${fileId}");font-display:swap}`,
        ),
        style.slice(0, 200),
      );
      assert.match(style, /--brand-font:"Source Code Pro", ui-monospace/);
      const csp = String(after.headers['content-security-policy']);
      assert.match(csp, /(^|; )font-src 'self'(;|$)/);
      const hash = createHash('sha256').update(style, 'utf8').digest('base64');
      assert.ok(
        csp.includes(`style-src 'sha256-${hash}'`),
        'the hash covers the stylesheet with its @font-face',
      );
      const served = await ctx.request({ method: 'GET', url: `/files/${fileId}` });
      assert.equal(served.status, 200);
      assert.equal(served.headers['content-type'], 'font/woff2');
      assert.equal(
        served.headers['access-control-allow-origin'],
        '*',
        'the sandboxed page (origin null) may read it',
      );

      // Under PUBLIC_FILE_BASE_URL the font comes from the file base: its origin, and only it.
      useFileBase('https://cdn.example.com/quire/files', ctx.app.config.publicBaseUrl);
      try {
        const again = await send(ctx, 'PATCH', `/tenants/${seed.tenantId}/brands/${DEMO_BRAND_ID}`, {
          font: { kind: 'file', family: font.family, fileId, fallback: 'sans' },
        });
        assert.equal(again.status, 200, again.raw);
        const cdn = await ctx.request({ method: 'GET', url: seed.publicUrl! });
        assert.ok(cdn.raw.includes(`src:url("https://cdn.example.com/quire/files/${fileId}")`));
        assert.match(
          String(cdn.headers['content-security-policy']),
          /(^|; )font-src https:\/\/cdn\.example\.com(;|$)/,
        );
      } finally {
        useFileBase(ctx.app.config.publicFileBaseUrl, ctx.app.config.publicBaseUrl);
      }
    });
  },
  { config: localFilesConfig() },
);

describeEachDatabase('brandTheme', () => {
  it('gives defaults for no brand whose every pair passes AA, and exactly the documented variables', () => {
    const theme = brandTheme(null);
    assert.deepEqual(Object.keys(theme.cssVariables).sort(), [
      '--brand-accent',
      '--brand-background',
      '--brand-font',
      '--brand-muted',
      '--brand-primary',
      '--brand-primary-text',
      '--brand-radius',
      '--brand-text',
    ]);
    const v = theme.cssVariables;
    assert.ok(contrastRatio(v['--brand-text'], v['--brand-background']) >= 4.5);
    assert.ok(contrastRatio(v['--brand-muted'], v['--brand-background']) >= 4.5);
    assert.ok(contrastRatio(v['--brand-primary-text'], v['--brand-primary']) >= 4.5);
    assert.notEqual(v['--brand-muted'], v['--brand-text']);
    assert.equal(theme.logoUrl, null);
    assert.equal(theme.name, null);
    assert.equal(theme.fontFaceCss, '');
  });
});

function send(ctx: TestContext, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return ctx.request({
    method,
    url: `/admin/v0${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    body,
  });
}
