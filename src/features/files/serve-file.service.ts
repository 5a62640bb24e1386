import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import type { FileStorage } from './file-storage.js';
import { IMAGE_WIDTHS } from './file-urls.js';
import { findServedFile } from './files.repository.js';
import { storageKey } from './files.service.js';

/** The bytes of a file's original or variant, and their type: a missing file or variant is a 404. */
export async function servedFile(
  db: Db,
  storage: FileStorage,
  fileId: string,
  variant: string | null,
): Promise<{ body: Buffer; name: string; contentType: string }> {
  const file = await findServedFile(db, fileId);
  if (file === undefined) throw ApiError.notFound('File');
  const stored = JSON.parse(file.variants) as string[];
  const name = storedVariant(variant, file, stored);
  if (name === null) throw ApiError.notFound('File variant');
  const body = await storage.get(storageKey(file.tenant_id, file.id, name));
  if (body === null) throw ApiError.notFound('File');
  const contentType = name === 'original' ? file.content_type : `image/${name.split('.')[1]}`;
  return { body, name, contentType };
}

/**
 * The stored object answering a request: `original`; for `w<width>.<format>` (width one of
 * IMAGE_WIDTHS) the variant of that width, or of the image's own width when it is narrower;
 * `preview` is `w640.webp`. An SVG's variants are drawn at every width its pixels allow
 * (process-upload.ts): the narrowest stored at least as wide, else the widest; an SVG stored
 * without variants (one librsvg could not draw, or uploaded before they were made) answers itself.
 */
function storedVariant(
  requested: string | null,
  file: { width: number | null; content_type: string },
  stored: string[],
): string | null {
  if (requested === null) return 'original';
  const [size, format] = requested === 'preview' ? ['w640', 'webp'] : requested.split('.');
  const wanted = Number(size!.slice(1));
  if (!(IMAGE_WIDTHS as readonly number[]).includes(wanted)) return null;
  if (file.content_type === 'image/svg+xml') {
    const drawn = IMAGE_WIDTHS.filter((w) => stored.includes(`w${w}.${format}`));
    const width = drawn.find((w) => w >= wanted) ?? drawn.at(-1);
    return width === undefined ? 'original' : `w${width}.${format}`;
  }
  const name = `w${Math.min(wanted, file.width ?? wanted)}.${format}`;
  return stored.includes(name) ? name : null;
}
