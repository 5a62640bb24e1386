import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import sharp from 'sharp';
import { adminGet } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import {
  getServed,
  jpegWithGps,
  localFilesConfig,
  pngBomb,
  pngOf,
  SVG_WITH_SCRIPT,
  startS3,
  uploadFile,
} from '../../../test/file-factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { IMAGE_WIDTHS } from './file-urls.js';

const s3 = await startS3();
after(() => s3.stop());

/** The same suite on local disk and on an S3-protocol server (s3rver, started above). */
for (const [storage, config] of [
  ['local', localFilesConfig()],
  ['s3', { dataDir: s3.dataDir, files: s3.files }],
] as const) {
  describeEachDatabase(
    `admin API: POST /tenants/{tenant}/files, ${storage} storage`,
    (ctx) => {
      it('stores a PNG with WebP and AVIF variants, served by Quire with immutable caching', async () => {
        const tenant = await makeTenant(ctx);
        const png = await pngOf(800, 600);
        const uploaded = await uploadFile(ctx, tenant.tenantId, 'hero.png', png, 'image/png');
        assert.equal(uploaded.status, 201, uploaded.raw);
        const file = uploaded.body;
        assert.match(file.fileId, /^file_[0-9a-z]{26}$/);
        assert.equal(file.contentType, 'image/png');
        assert.equal(file.width, 800);
        assert.equal(file.height, 600);
        assert.ok(file.bytes > 0);
        assert.equal(file.url, `${ctx.config.publicBaseUrl}/files/${file.fileId}`);
        // 320 and 640 below its width; 960, 1280 and 1920 are its own 800 pixels.
        assert.deepEqual(file.variants.sort(), [
          'w320.avif',
          'w320.webp',
          'w640.avif',
          'w640.webp',
          'w800.avif',
          'w800.webp',
        ]);

        const original = await getServed(ctx, `/files/${file.fileId}`);
        assert.equal(original.status, 200);
        assert.equal(original.headers['content-type'], 'image/png');
        assert.equal(original.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(original.headers['x-content-type-options'], 'nosniff');
        assert.deepEqual(await size(original.bytes), { width: 800, height: 600, format: 'png' });
        for (const width of IMAGE_WIDTHS) {
          for (const format of ['webp', 'avif'] as const) {
            const variant = await getServed(ctx, `/files/${file.fileId}/w${width}.${format}`);
            assert.equal(variant.status, 200, `w${width}.${format}`);
            assert.equal(variant.headers['content-type'], `image/${format}`);
            const served = await size(variant.bytes);
            assert.equal(served.width, Math.min(width, 800));
            assert.equal(served.format, format === 'avif' ? 'heif' : 'webp');
          }
        }
        const preview = await getServed(ctx, `/files/${file.fileId}/preview`);
        assert.equal((await size(preview.bytes)).width, 640);
        assert.equal((await getServed(ctx, `/files/${file.fileId}/w500.webp`)).status, 404);
      });

      it('strips EXIF and GPS from the original and every variant of a JPEG', async () => {
        const tenant = await makeTenant(ctx);
        const jpeg = await jpegWithGps();
        assert.ok((await sharp(jpeg).metadata()).exif !== undefined, 'the fixture carries EXIF');
        assert.ok(jpeg.includes('QuireTestCam'));
        const uploaded = await uploadFile(ctx, tenant.tenantId, 'team.jpg', jpeg, 'image/jpeg');
        assert.equal(uploaded.status, 201, uploaded.raw);
        const urls = [
          `/files/${uploaded.body.fileId}`,
          `/files/${uploaded.body.fileId}/preview`,
          ...IMAGE_WIDTHS.flatMap((w) => [
            `/files/${uploaded.body.fileId}/w${w}.webp`,
            `/files/${uploaded.body.fileId}/w${w}.avif`,
          ]),
        ];
        for (const url of urls) {
          const served = await getServed(ctx, url);
          assert.equal(served.status, 200, url);
          const meta = await sharp(served.bytes).metadata();
          assert.equal(meta.exif, undefined, `${url} has no EXIF`);
          assert.equal(meta.xmp, undefined, `${url} has no XMP`);
          assert.ok(!served.bytes.includes('QuireTestCam'), `${url} has no camera make`);
          assert.ok(!served.bytes.includes('GPS'), `${url} has no GPS tag`);
        }
      });

      it('sanitises an SVG: no script, no event handler, no external reference; served with a script-blocking CSP', async () => {
        const tenant = await makeTenant(ctx);
        const uploaded = await uploadFile(ctx, tenant.tenantId, 'logo.svg', SVG_WITH_SCRIPT, 'image/svg+xml');
        assert.equal(uploaded.status, 201, uploaded.raw);
        assert.equal(uploaded.body.contentType, 'image/svg+xml');
        assert.equal(uploaded.body.width, 120);
        const served = await getServed(ctx, `/files/${uploaded.body.fileId}`);
        assert.equal(served.status, 200);
        assert.equal(served.headers['content-type'], 'image/svg+xml');
        assert.match(String(served.headers['content-security-policy']), /default-src 'none'.*sandbox/);
        const text = served.bytes.toString('utf8');
        for (const banned of [
          '<script',
          'alert',
          'onload',
          'onclick',
          'javascript:',
          'tracker.example',
          '<style',
          '@import',
        ]) {
          assert.ok(!text.includes(banned), `the served SVG has no ${banned}: ${text}`);
        }
        assert.match(text, /<circle/);
        // WebP variants are drawn from the sanitised SVG up to three times its width (120 → 320 and
        // 640): what a page's srcset loads instead of a document the browser lays out and paints
        // itself. A wider request gets the widest; AVIF is not drawn, so it answers the SVG.
        for (const [requested, width, type] of [
          ['w320.webp', 320, 'image/webp'],
          ['w640.webp', 640, 'image/webp'],
          ['w1920.webp', 640, 'image/webp'],
          ['preview', 640, 'image/webp'],
          ['w640.avif', 120, 'image/svg+xml'],
        ] as const) {
          const variant = await getServed(ctx, `/files/${uploaded.body.fileId}/${requested}`);
          assert.equal(variant.status, 200);
          assert.equal(variant.headers['content-type'], type, requested);
          const meta = await sharp(variant.bytes).metadata();
          assert.deepEqual([meta.width, meta.height], [width, Math.round(width / 3)], requested);
        }
        // The circle is drawn: white in the middle of the left square, the blue rectangle elsewhere.
        const drawn = await getServed(ctx, `/files/${uploaded.body.fileId}/w320.webp`);
        const pixels = await sharp(drawn.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const at = (x: number, y: number) => [
          ...pixels.data.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3),
        ];
        assert.ok(
          at(53, 53).every((c) => c > 230),
          `white circle: ${at(53, 53)}`,
        );
        const blue = at(200, 53);
        assert.ok(blue[2]! > 180 && blue[0]! < 80, `blue rectangle: ${blue}`);
      });

      it('draws no variant past the pixel limit: a thin, tall SVG answers itself at every width', async () => {
        const tenant = await makeTenant(ctx);
        // 320 pixels wide it would be 320 × 32,000,000: far past the limit, so no width is drawn.
        const tall = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000" viewBox="0 0 1 100000"><rect width="1" height="100000"/></svg>',
        );
        const uploaded = await uploadFile(ctx, tenant.tenantId, 'tall.svg', tall, 'image/svg+xml');
        assert.equal(uploaded.status, 201, uploaded.raw);
        const variant = await getServed(ctx, `/files/${uploaded.body.fileId}/w640.webp`);
        assert.equal(variant.status, 200);
        assert.equal(variant.headers['content-type'], 'image/svg+xml');
      });

      it('refuses a 20,000 × 20,000 pixel PNG bomb with a 400, before decoding it', async () => {
        const tenant = await makeTenant(ctx);
        const bomb = pngBomb();
        assert.ok(bomb.length < 1_000_000, `the bomb is small: ${bomb.length} bytes`);
        const before = process.memoryUsage().rss;
        const uploaded = await uploadFile(ctx, tenant.tenantId, 'bomb.png', bomb, 'image/png');
        assert.equal(uploaded.status, 400, uploaded.raw);
        assert.equal(uploaded.body.errors[0].pointer, '/file');
        assert.match(uploaded.body.errors[0].detail, /20000×20000 pixels/);
        // Decoding would need 400 MB; refusing it needs next to nothing.
        assert.ok(process.memoryUsage().rss - before < 100 * 1_048_576);
        assert.equal((await listed(ctx, tenant.tenantId)).length, 0);
      });

      it('refuses a text file named .png (checked by its bytes) and an empty upload', async () => {
        const tenant = await makeTenant(ctx);
        const text = await uploadFile(
          ctx,
          tenant.tenantId,
          'photo.png',
          Buffer.from('not a picture at all\n'),
          'image/png',
        );
        assert.equal(text.status, 400, text.raw);
        assert.equal(text.body.errors[0].pointer, '/file');
        assert.match(text.body.errors[0].detail, /match no known type/);
        const truncated = await uploadFile(
          ctx,
          tenant.tenantId,
          'cut.png',
          (await pngOf(50, 50)).subarray(0, 60),
        );
        assert.equal(truncated.status, 400, truncated.raw);
        const empty = await uploadFile(ctx, tenant.tenantId, 'empty.png', Buffer.alloc(0));
        assert.equal(empty.status, 400, empty.raw);
        assert.equal((await listed(ctx, tenant.tenantId)).length, 0);
      });

      it("another tenant's file is a 404 on the admin API; a deleted file is no longer served", async () => {
        const owner = await makeTenant(ctx);
        const other = await makeTenant(ctx);
        const uploaded = await uploadFile(ctx, owner.tenantId, 'a.png', await pngOf(40, 40));
        const fileId = uploaded.body.fileId as string;
        assert.equal((await adminGet(ctx, `/tenants/${owner.tenantId}/files/${fileId}`)).status, 200);
        assert.equal((await adminGet(ctx, `/tenants/${other.tenantId}/files/${fileId}`)).status, 404);
        assert.equal((await remove(ctx, other.tenantId, fileId)).status, 404);
        assert.deepEqual(await listed(ctx, other.tenantId), []);
        assert.deepEqual(await listed(ctx, owner.tenantId), [fileId]);
        assert.equal((await getServed(ctx, `/files/${fileId}`)).status, 200);

        assert.equal((await remove(ctx, owner.tenantId, fileId)).status, 204);
        assert.equal((await getServed(ctx, `/files/${fileId}`)).status, 404);
        assert.equal((await getServed(ctx, `/files/${fileId}/w320.webp`)).status, 404);
        assert.equal((await adminGet(ctx, `/tenants/${owner.tenantId}/files/${fileId}`)).status, 404);
      });

      it("a /v0 asset's downloadUrl and previewDownloadUrl are served by Quire without PUBLIC_FILE_BASE_URL", async () => {
        const tenant = await makeTenant(ctx);
        const uploaded = await uploadFile(ctx, tenant.tenantId, 'hero.png', await pngOf(1000, 500));
        const asset = await ctx.request({
          method: 'POST',
          url: '/v0/assets',
          key: tenant.key,
          body: { assetType: 'image', name: 'Hero', fileId: uploaded.body.fileId },
        });
        assert.equal(asset.status, 201, asset.raw);
        assert.equal(asset.body.downloadUrl, `${ctx.config.publicBaseUrl}/files/${uploaded.body.fileId}`);
        assert.equal(asset.body.previewDownloadUrl, `${asset.body.downloadUrl}/preview`);
        const download = await getServed(ctx, new URL(asset.body.downloadUrl).pathname);
        assert.equal(download.status, 200);
        const preview = await getServed(ctx, new URL(asset.body.previewDownloadUrl).pathname);
        assert.equal(preview.headers['content-type'], 'image/webp');
      });
    },
    { config },
  );
}

describeEachDatabase(
  'admin API: file limits',
  (ctx) => {
    it('refuses an upload past FILE_MAX_BYTES (413) and past the tenant quota (400)', async () => {
      const tenant = await makeTenant(ctx);
      const big = await uploadFile(ctx, tenant.tenantId, 'big.png', Buffer.alloc(300_000, 1));
      assert.equal(big.status, 413, big.raw);
      const first = await uploadFile(ctx, tenant.tenantId, 'one.png', await pngOf(300, 300));
      assert.equal(first.status, 201, first.raw);
      const usage = await adminGet(ctx, `/tenants/${tenant.tenantId}/files-usage`);
      assert.equal(usage.body.quotaBytes, 30_000);
      assert.equal(usage.body.files, 1);
      const noisy = await sharp({
        create: {
          width: 150,
          height: 150,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const second = await uploadFile(ctx, tenant.tenantId, 'two.png', noisy);
      assert.equal(second.status, 400, second.raw);
      assert.match(second.body.errors[0].detail, /storage quota/);
      // Another tenant has its own quota.
      const other = await makeTenant(ctx);
      assert.equal((await uploadFile(ctx, other.tenantId, 'one.png', await pngOf(300, 300))).status, 201);
    });
  },
  {
    config: {
      ...localFilesConfig(),
      files: { ...localFilesConfig().files, maxUploadBytes: 250_000, tenantQuotaBytes: 30_000 },
    },
  },
);

async function size(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

async function listed(ctx: TestContext, tenantId: string): Promise<string[]> {
  const response = await adminGet(ctx, `/tenants/${tenantId}/files`);
  assert.equal(response.status, 200, response.raw);
  return response.body.items.map((f: { fileId: string }) => f.fileId);
}

function remove(ctx: TestContext, tenantId: string, fileId: string) {
  return ctx.request({
    method: 'DELETE',
    url: `/admin/v0/tenants/${tenantId}/files/${fileId}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}
