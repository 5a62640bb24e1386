import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { FilesConfig } from '../src/config.js';
import { ADMIN_TOKEN, type TestContext, type TestResponse } from './harness.js';

/** Uploads `bytes` as the multipart field `file` through the operator API. */
export async function uploadFile(
  ctx: TestContext,
  tenant: string,
  name: string,
  bytes: Buffer,
  declaredType = 'application/octet-stream',
): Promise<TestResponse> {
  const boundary = `----quire${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${declaredType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/admin/v0/tenants/${tenant}/files`,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  const raw = response.body;
  const json = /json/.test(String(response.headers['content-type'] ?? ''));
  return { status: response.statusCode, headers: response.headers, body: json ? JSON.parse(raw) : raw, raw };
}

/** A GET of a served file, its body as bytes. */
export async function getServed(ctx: TestContext, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/**
 * A real WOFF2 font (Source Code Pro Regular, SIL OFL, 65 KB) for brand fonts: the copy polished
 * (a dependency of redoc, which serves /docs) ships in its docs, so the repository needs no binary.
 */
export function woff2Font(): { family: string; bytes: Buffer } {
  const dir = path.dirname(createRequire(import.meta.url).resolve('polished/package.json'));
  return {
    family: 'Source Code Pro',
    bytes: fs.readFileSync(path.join(dir, 'docs/assets/fonts/WOFF2/TTF/SourceCodePro-Regular.ttf.woff2')),
  };
}

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position (and a camera make), as phones write them. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({
      IFD0: { Make: 'QuireTestCam', Model: 'Pocket 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/**
 * A 20,000 × 20,000 pixel PNG of about 60 KB: a real image (valid chunks and a complete deflate
 * stream) whose pixels would take 400 MB once decoded. Built row by row so the test never holds
 * the raw pixels either (one-bit greyscale rows).
 */
export function pngBomb(side = 20_000): Buffer {
  const rowBytes = 1 + Math.ceil(side / 8);
  const deflate = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" viewBox="0 0 120 40" onload="alert('onload')">
  <script>alert('script')</script>
  <style>@import url(https://tracker.example/x.css);</style>
  <a xlink:href="javascript:alert('link')"><rect width="120" height="40" fill="#1d4ed8" onclick="alert('click')"/></a>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <circle cx="20" cy="20" r="10" fill="#fff"/>
</svg>`,
);

/** A local storage folder of its own, for one suite. */
export function localFilesConfig(): { dataDir: string; files: FilesConfig } {
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-files-')),
    files: {
      storage: 'local',
      s3: null,
      maxUploadBytes: 10 * 1_048_576,
      maxPixels: 50_000_000,
      tenantQuotaBytes: 0,
    },
  };
}

/**
 * An S3-protocol server on this machine (s3rver, from npm), with a bucket, for the suite that runs
 * the same tests against S3 storage. Its data lives in a temporary folder.
 */
export async function startS3(): Promise<{ files: FilesConfig; dataDir: string; stop(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'quire-test', configs: [] }],
  });
  const { port } = await server.run();
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-files-')),
    files: {
      storage: 's3',
      s3: {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'quire-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        prefix: 'test/',
        forcePathStyle: true,
      },
      maxUploadBytes: 10 * 1_048_576,
      maxPixels: 50_000_000,
      tenantQuotaBytes: 0,
    },
    stop: () => server.close(),
  };
}
