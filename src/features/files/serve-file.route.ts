import { Type } from 'typebox';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { IMAGE_WIDTHS } from './file-urls.js';
import { findServedFile } from './files.repository.js';
import { storageKey } from './files.service.js';
import { storageFromConfig } from './storage-from-config.js';

const FileId = Type.String({ minLength: 1, maxLength: 255, pattern: '^[a-z]+_[0-9a-z]{26}$' });
const Variant = Type.String({ pattern: '^(preview|w[0-9]{1,5}\\.(webp|avif))$' });

/**
 * Files served by Quire itself (file-urls.ts gives the layout): public, like the pages that show
 * them. A file never changes once uploaded, so answers are cached for a year (`immutable`); a
 * deleted file is a 404 here at once (a CDN or browser may keep its copy). Headers: the stored
 * type (never sniffed), `nosniff`, readable by any origin (images and fonts of hosted pages on
 * tenants' own hosts), and for SVG a policy that runs no script and loads nothing.
 */
export function serveFileRoutes(app: App): void {
  const storage = storageFromConfig(app.config);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  const serve = async (
    fileId: string,
    variant: string | null,
    reply: import('fastify').FastifyReply,
  ): Promise<unknown> => {
    const file = await findServedFile(app.db, fileId);
    if (file === undefined) throw ApiError.notFound('File');
    const stored = JSON.parse(file.variants) as string[];
    const name = storedVariant(variant, file, stored);
    if (name === null) throw ApiError.notFound('File variant');
    const body = await storage.get(storageKey(file.tenant_id, file.id, name));
    if (body === null) throw ApiError.notFound('File');
    const contentType = name === 'original' ? file.content_type : `image/${name.split('.')[1]}`;
    reply
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${file.id}-${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .header(
        'content-security-policy',
        contentType === 'image/svg+xml'
          ? "default-src 'none'; style-src 'unsafe-inline'; sandbox"
          : "default-src 'none'; sandbox",
      );
    return reply.send(body);
  };
  app.get(
    '/files/:file_id',
    { schema: { params: Type.Object({ file_id: FileId }) } },
    async (request, reply) => serve(request.params.file_id, null, reply),
  );
  app.get(
    '/files/:file_id/:variant',
    { schema: { params: Type.Object({ file_id: FileId, variant: Variant }) } },
    async (request, reply) => serve(request.params.file_id, request.params.variant, reply),
  );
}

/**
 * The stored object answering a request: `original`; for `w<width>.<format>` (width one of
 * IMAGE_WIDTHS) the variant of that width, or of the image's own width when it is narrower;
 * `preview` is `w640.webp`. An SVG has no raster variants: every variant is the SVG itself.
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
  if (file.content_type === 'image/svg+xml') return 'original';
  const name = `w${Math.min(wanted, file.width ?? wanted)}.${format}`;
  return stored.includes(name) ? name : null;
}
