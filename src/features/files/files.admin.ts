import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { FilePath, FileUsage, UploadedFile } from './files.schemas.js';
import { deleteFile, type FilesDeps, fileUsage, listFiles, showFile } from './files.service.js';
import { storageFromConfig } from './storage-from-config.js';
import { uploadFileAdmin } from './upload-file.admin.js';

/** Operator API for files (same services as `quire files`). */
export function filesAdminRoutes(app: App): void {
  const deps: FilesDeps = { db: app.db, storage: storageFromConfig(app.config), config: app.config };
  uploadFileAdmin(app, deps);
  app.get(
    '/tenants/:tenant/files',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListFiles',
        tags: ['Files'],
        summary: "List a tenant's files, newest first",
        params: Type.Object({ tenant: PathId }),
        querystring: Type.Object({ cursor: CursorQuery, limit: LimitQuery }),
        response: { 200: PageOf(UploadedFile), ...problemResponses('not_found', 'invalid_cursor') },
      },
    },
    async (request) => {
      const tenantId = request.tenantId;
      return listFiles(deps, tenantId, request.query);
    },
  );
  app.get(
    '/tenants/:tenant/files-usage',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminFileUsage',
        tags: ['Files'],
        summary: "What a tenant's files take of its storage quota",
        params: Type.Object({ tenant: PathId }),
        response: { 200: FileUsage, ...problemResponses('not_found') },
      },
    },
    async (request) => fileUsage(deps, request.tenantId),
  );
  app.get(
    '/tenants/:tenant/files/:file_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetFile',
        tags: ['Files'],
        summary: 'Show a file',
        params: FilePath,
        response: { 200: UploadedFile, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const tenantId = request.tenantId;
      return showFile(deps, tenantId, request.params.file_id);
    },
  );
  app.delete(
    '/tenants/:tenant/files/:file_id',
    {
      config: { policy: { access: 'editor', action: 'file.delete' } },
      schema: {
        operationId: 'adminDeleteFile',
        tags: ['Files'],
        summary: 'Delete a file and its variants (pages naming it lose the image)',
        params: FilePath,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...problemResponses('not_found') },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenantId;
      await deleteFile(deps, tenantId, request.params.file_id);
      return reply.code(204).send(null);
    },
  );
}
