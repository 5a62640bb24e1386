import type { ImageRef, PageBlock } from '../../domain/page-blocks.js';
import { fileUrl, imageSrcSet } from '../files/file-urls.js';
import { safeUrl } from './safe-url.js';

/**
 * An image as the page renders it: a source every browser loads (`src`), the resized variants
 * (`srcSet`) when Quire holds the file, and the box it reserves (`width`/`height`).
 */
export interface ImageView {
  src: string;
  srcSet?: string;
  alt: string;
  width?: number;
  height?: number;
}

export function imageView(
  ref: ImageRef,
  assetFiles: ReadonlyMap<string, { fileId: string; alt: string }>,
): ImageView | null {
  const size = {
    ...(ref.width === undefined ? {} : { width: ref.width }),
    ...(ref.height === undefined ? {} : { height: ref.height }),
  };
  const fromFile = (fileId: string, alt: string): ImageView => ({
    src: fileUrl(fileId, { width: 1280, format: 'webp' }),
    srcSet: imageSrcSet(fileId, 'webp'),
    alt,
    ...size,
  });
  if (ref.fileId !== undefined) return fromFile(ref.fileId, ref.alt);
  if (ref.assetId !== undefined) {
    const asset = assetFiles.get(ref.assetId);
    return asset === undefined ? null : fromFile(asset.fileId, ref.alt || asset.alt);
  }
  if (ref.url !== undefined) {
    const src = safeUrl(ref.url);
    return src === null ? null : { src, alt: ref.alt, ...size };
  }
  return null;
}

const IMAGE_KEYS = new Set(['image', 'photo', 'logo', 'poster']);

/**
 * The blocks with every image reference replaced by what the page renders (an `ImageView` in the
 * same member); an image that cannot be shown (a deleted asset, a non-http URL) is removed.
 */
export function resolveImages(
  blocks: readonly PageBlock[],
  assetFiles: ReadonlyMap<string, { fileId: string; alt: string }>,
): PageBlock[] {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (IMAGE_KEYS.has(key) && member !== null && typeof member === 'object' && 'alt' in member) {
        const view = imageView(member as ImageRef, assetFiles);
        if (view !== null) out[key] = view;
      } else out[key] = walk(member);
    }
    return out;
  };
  return blocks.map((b) => walk(b) as PageBlock);
}

/** The asset ids a page's blocks name (to look their files up once per render). */
export function blockAssetIds(blocks: readonly PageBlock[]): string[] {
  const ids = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.assetId === 'string' && typeof record.alt === 'string') ids.add(record.assetId);
      Object.values(record).forEach(walk);
    }
  };
  walk(blocks);
  return [...ids];
}
