/**
 * STAND-IN for the `files` branch's module of the same path (issue 31): only the contract the hosted
 * pages code against, so this branch compiles. The integrator replaces it with the real module
 * (files served by Quire itself, resized variants).
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export function fileUrl(
  fileId: string,
  options: { width?: number; format?: 'webp' | 'avif' | 'original' } = {},
): string {
  const query = new URLSearchParams();
  if (options.width !== undefined) query.set('w', String(options.width));
  if (options.format !== undefined) query.set('format', options.format);
  const search = query.toString();
  return `/files/${encodeURIComponent(fileId)}${search === '' ? '' : `?${search}`}`;
}

export function imageSrcSet(fileId: string, format: 'webp' | 'avif' | 'original'): string {
  return IMAGE_WIDTHS.map((width) => `${fileUrl(fileId, { width, format })} ${width}w`).join(', ');
}
