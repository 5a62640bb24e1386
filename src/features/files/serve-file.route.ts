import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { servedFile } from './serve-file.service.js';
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
    const { body, name, contentType } = await servedFile(app.db, storage, fileId, variant);
    reply
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${fileId}-${name}"`)
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
