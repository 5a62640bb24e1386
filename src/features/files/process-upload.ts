import { fileTypeFromBuffer } from 'file-type';
import type { Metadata, Sharp } from 'sharp';
import { ApiError } from '../../errors.js';
import { IMAGE_WIDTHS, variantWidth } from './file-urls.js';
import { sanitiseSvg } from './sanitise-svg.js';

let loaded: Promise<typeof import('sharp')> | null = null;

/**
 * sharp (libvips), loaded with the first upload: a server that never receives one does not carry
 * it in memory (with jsdom, tens of MB of the service's resident set; docs/performance.md, Memory).
 * Decoded images are not kept in libvips' cache (each upload is processed once), and one thread
 * per operation leaves the other core to the server on a small machine.
 */
function loadSharp(): Promise<typeof import('sharp')> {
  loaded ??= import('sharp').then((module) => {
    module.default.cache(false);
    module.default.concurrency(1);
    return module;
  });
  return loaded;
}

/** Raster images Quire accepts: re-encoded in their own format, plus WebP and AVIF variants. */
const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'] as const;
/** Self-hosted brand fonts: stored and served as uploaded. */
const FONT_TYPES = ['font/woff2', 'font/woff'] as const;

const UNKNOWN_TYPE =
  'the file is not an image Quire accepts (PNG, JPEG, WebP, AVIF, GIF, SVG) or a WOFF2/WOFF font; its bytes match no known type';

export interface StoredObject {
  /** `original`, or a variant: `w640.webp`, `w640.avif`... */
  variant: string;
  body: Buffer;
  contentType: string;
}

export interface ProcessedUpload {
  contentType: string;
  width: number | null;
  height: number | null;
  objects: StoredObject[];
}

/**
 * Checks an upload by its bytes (never its name or declared type) and makes what Quire stores:
 * - a raster image (PNG, JPEG, WebP, AVIF, GIF): its size is read from the header and refused past
 *   `maxPixels` before anything is decoded (a decompression bomb is a 400); the original is
 *   re-encoded at full size, turned upright by its EXIF orientation and without any metadata
 *   (EXIF, GPS, XMP, comments: sharp keeps none unless asked); WebP and AVIF variants at each of
 *   IMAGE_WIDTHS up to the image's own width, metadata-free as well;
 * - an SVG: sanitised (sanitise-svg.ts), plus WebP variants drawn from it (svgVariants);
 * - a WOFF2/WOFF font: as uploaded.
 * Anything else is a 400 naming what the bytes are.
 */
export async function processUpload(bytes: Buffer, limits: { maxPixels: number }): Promise<ProcessedUpload> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  if (mime !== undefined && (RASTER_TYPES as readonly string[]).includes(mime)) {
    return processRaster(bytes, mime, limits.maxPixels);
  }
  if (mime !== undefined && (FONT_TYPES as readonly string[]).includes(mime)) {
    return {
      contentType: mime,
      width: null,
      height: null,
      objects: [{ variant: 'original', body: bytes, contentType: mime }],
    };
  }
  if (detected === undefined || mime === 'application/xml') {
    const svg = svgOf(bytes);
    if (svg !== null) return processSvg(svg, limits.maxPixels);
  }
  throw refusal(
    detected === undefined
      ? UNKNOWN_TYPE
      : `the file is ${detected.mime}, which Quire does not accept (PNG, JPEG, WebP, AVIF, GIF, SVG, WOFF2, WOFF)`,
  );
}

/** The encodings of the resized variants, the same for a raster upload and a drawn SVG. */
const VARIANT_WEBP = { quality: 80 } as const;
const VARIANT_AVIF = { quality: 55, effort: 2 } as const;

async function processRaster(bytes: Buffer, mime: string, maxPixels: number): Promise<ProcessedUpload> {
  const sharp = (await loadSharp()).default;
  const input = { limitInputPixels: maxPixels, failOn: 'error' as const, sequentialRead: true };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw refusal(`the ${mime} image cannot be read (damaged or truncated)`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > maxPixels) {
    throw refusal(
      `the image is ${width}×${height} pixels (${(width * height).toLocaleString('en')}); at most ${maxPixels.toLocaleString('en')} pixels are accepted`,
    );
  }
  try {
    const upright = () => sharp(bytes, input).rotate();
    const original = await encodeOriginal(upright(), mime).toBuffer({ resolveWithObject: true });
    const objects: StoredObject[] = [{ variant: 'original', body: original.data, contentType: mime }];
    for (const target of variantWidths(original.info.width)) {
      const resized = () => upright().resize({ width: target, withoutEnlargement: true });
      objects.push({
        variant: `w${target}.webp`,
        body: await resized().webp(VARIANT_WEBP).toBuffer(),
        contentType: 'image/webp',
      });
      objects.push({
        variant: `w${target}.avif`,
        body: await resized().avif(VARIANT_AVIF).toBuffer(),
        contentType: 'image/avif',
      });
    }
    return { contentType: mime, width: original.info.width, height: original.info.height, objects };
  } catch {
    throw refusal(`the ${mime} image cannot be decoded (damaged, truncated or too large)`);
  }
}

function encodeOriginal(image: Sharp, mime: string): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true });
    case 'image/webp':
      return image.webp({ quality: 90 });
    case 'image/avif':
      return image.avif({ quality: 65, effort: 2 });
    case 'image/gif':
      return image.gif();
    default:
      return image.png();
  }
}

/**
 * The widths stored for an image `width` pixels wide: each of IMAGE_WIDTHS below it, and the image's
 * own width for the larger ones (a request for w1920 of an 800-pixel image gets the 800 one).
 */
export function variantWidths(width: number): number[] {
  return [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, width)))];
}

function svgOf(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

async function processSvg(text: string, maxPixels: number): Promise<ProcessedUpload> {
  const clean = await sanitiseSvg(text);
  if (clean === null) {
    throw refusal(UNKNOWN_TYPE);
  }
  const body = Buffer.from(clean, 'utf8');
  // Its intrinsic size, when librsvg can tell (no width/height and no viewBox: none).
  const sharp = (await loadSharp()).default;
  const meta = await sharp(body, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const width = meta?.width ?? null;
  const height = meta?.height ?? null;
  return {
    contentType: 'image/svg+xml',
    width,
    height,
    objects: [
      { variant: 'original', body, contentType: 'image/svg+xml' },
      ...(width !== null && height !== null ? await svgVariants(body, width, height, maxPixels) : []),
    ],
  };
}

/**
 * WebP variants of a sanitised SVG, so the page's `srcset` of an SVG image is true: an SVG in an
 * `<img>` is a document of its own that the browser lays out (fonts and all, for the text an
 * illustration holds) and paints on the page's main thread, which on a phone costs more than
 * decoding a WebP off it (docs/files-and-brands.md). A vector scales up, so it is drawn at each of
 * IMAGE_WIDTHS up to three times its own width (a phone's density), whose pixels stay within
 * `maxPixels`: librsvg draws it once, at the widest, and the others are resized from that. WebP
 * only (the pages' srcset is WebP): AVIF's encoder would make an upload of a few SVGs take
 * seconds. One that librsvg cannot draw in time keeps no variant: every URL of it then answers the
 * SVG itself, as before.
 */
async function svgVariants(
  body: Buffer,
  width: number,
  height: number,
  maxPixels: number,
): Promise<StoredObject[]> {
  const widths = IMAGE_WIDTHS.filter((w) => w <= variantWidth(3 * width)).filter(
    (w) => w * Math.ceil((w * height) / width) <= maxPixels,
  );
  const widest = widths.at(-1);
  if (widest === undefined) return [];
  const sharp = (await loadSharp()).default;
  try {
    // 72 dpi draws the SVG at its own size in pixels: the density scales it to the widest variant.
    const drawn = await sharp(body, {
      density: Math.min(100_000, (72 * widest) / width),
      limitInputPixels: maxPixels,
    })
      .resize({ width: widest })
      .timeout({ seconds: SVG_DRAW_SECONDS })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const objects: StoredObject[] = [];
    for (const target of widths) {
      objects.push({
        variant: `w${target}.webp`,
        body: await sharp(drawn).resize({ width: target }).webp(VARIANT_WEBP).toBuffer(),
        contentType: 'image/webp',
      });
    }
    return objects;
  } catch {
    return [];
  }
}

/** How long librsvg may take to draw an uploaded SVG (a filter-heavy one can take minutes). */
const SVG_DRAW_SECONDS = 10;

function refusal(detail: string): ApiError {
  return ApiError.invalidField('/file', detail);
}
