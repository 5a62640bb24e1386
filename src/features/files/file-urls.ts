/**
 * The URLs of uploaded files, for every surface that renders them (hosted pages, the console,
 * `/v0` assets' `downloadUrl`). Quire serves them itself at `/files/...` (serve-file.route.ts);
 * with PUBLIC_FILE_BASE_URL they are absolute under that base, which must serve the same layout
 * (a CDN whose origin is Quire's `/files/`). Files never change once uploaded, so every URL is
 * cached for a year (`immutable`).
 *
 * Layout:   /files/<fileId>                  the original (metadata stripped, SVG sanitised)
 *           /files/<fileId>/preview          a 640-pixel WebP (an asset's previewDownloadUrl)
 *           /files/<fileId>/w<width>.<webp|avif>  a resized variant (never wider than the original)
 */

/** The widths of the resized variants, also those of `imageSrcSet`. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
const WIDEST: ImageWidth = 1920;
export type ImageFormat = 'webp' | 'avif';

let publicBase = '/files';
let absoluteBase: string | null = null;

/**
 * Set once per process from PUBLIC_FILE_BASE_URL and PUBLIC_BASE_URL (buildApp and the CLI do):
 * without a file base, pages use Quire's own root-relative `/files` and answers read elsewhere
 * (`/v0` assets' downloadUrl) `PUBLIC_BASE_URL/files`. Module state, because file URLs are computed
 * by pure render components that have no config; the value is the process's configuration.
 */
export function useFileBase(publicFileBaseUrl: string | null, publicBaseUrl: string): void {
  publicBase = publicFileBaseUrl === null ? '/files' : publicFileBaseUrl.replace(/\/+$/, '');
  absoluteBase = absoluteFileBase(publicFileBaseUrl, publicBaseUrl);
}

/** The absolute base of file URLs set by useFileBase; null before (a script that serves no files). */
export function processFileBase(): string | null {
  return absoluteBase;
}

/**
 * A file's URL: the original, or a variant of `width` (rounded up to the next of IMAGE_WIDTHS)
 * in `format`. A width without a format is WebP.
 */
export function fileUrl(
  fileId: string,
  options: { width?: number; format?: ImageFormat | 'original' } = {},
): string {
  const file = `${publicBase}/${encodeURIComponent(fileId)}`;
  const format = options.format ?? (options.width === undefined ? 'original' : 'webp');
  if (format === 'original') return file;
  return `${file}/w${variantWidth(options.width ?? WIDEST)}.${format}`;
}

/** `srcset` of every width in one format: `.../w320.webp 320w, .../w640.webp 640w, ...`. */
export function imageSrcSet(fileId: string, format: ImageFormat): string {
  return IMAGE_WIDTHS.map((width) => `${fileUrl(fileId, { width, format })} ${width}w`).join(', ');
}

/** The smallest of IMAGE_WIDTHS at least `width` wide (the largest one past the last). */
export function variantWidth(width: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? WIDEST;
}

/** An absolute URL of a file for answers read outside a page (`/v0` assets): the base made absolute. */
export function absoluteFileBase(publicFileBaseUrl: string | null, publicBaseUrl: string): string {
  return (publicFileBaseUrl ?? `${publicBaseUrl}/files`).replace(/\/+$/, '');
}
