import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { ApiError } from '../../errors.js';
import { type App, typedScope } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { UploadedFile } from './files.schemas.js';
import { type FilesDeps, uploadFile } from './files.service.js';

/**
 * POST /admin/v0/tenants/{tenant}/files: one file in the multipart field `file`. Multipart is
 * parsed in this route's own scope only; every other operator route still takes JSON alone.
 */
export function uploadFileAdmin(app: App, deps: FilesDeps): void {
  app.register(
    typedScope(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: app.config.files.maxUploadBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
      });
      scope.post(
        '/tenants/:tenant/files',
        {
          config: { policy: { access: 'editor', action: 'file.upload' } },
          schema: {
            operationId: 'adminUploadFile',
            tags: ['Files'],
            summary: 'Upload a file (an image or a font)',
            description:
              "`multipart/form-data` with the file in the field `file`. Checked by its bytes: PNG, JPEG, WebP, AVIF, GIF (re-encoded without metadata, with WebP and AVIF variants), SVG (sanitised) or WOFF2/WOFF. At most `FILE_MAX_BYTES` and `FILE_MAX_PIXELS`; the tenant's files at most `FILE_TENANT_QUOTA_BYTES`.",
            consumes: ['multipart/form-data'],
            params: Type.Object({ tenant: PathId }),
            response: {
              201: UploadedFile,
              ...problemResponses('not_found', 'payload_too_large', 'unsupported_media_type'),
            },
          },
        },
        async (request, reply) => {
          const tenantId = request.tenantId;
          const upload = await readUpload(request as unknown as MultipartRequest);
          const file = await uploadFile(deps, tenantId, upload);
          return reply
            .code(201)
            .header(
              'location',
              `/admin/v0/tenants/${encodeURIComponent(request.params.tenant)}/files/${file.fileId}`,
            )
            .send(file);
        },
      );
    }),
  );
}

interface MultipartRequest {
  isMultipart(): boolean;
  file(): Promise<{ fieldname: string; filename: string; toBuffer(): Promise<Buffer> } | undefined>;
}

async function readUpload(request: MultipartRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw new ApiError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file"');
  }
  try {
    const part = await request.file();
    if (part === undefined || part.fieldname !== 'file') {
      throw ApiError.invalidField('/file', 'the multipart body has no field "file"', 'required');
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw ApiError.invalidField('/file', 'the file is empty', 'too_short');
    return { name: part.filename, bytes };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new ApiError(
        'payload_too_large',
        'The file is larger than FILE_MAX_BYTES, or there is more than one',
      );
    }
    if (code === 'FST_FIELDS_LIMIT') {
      throw ApiError.invalidField('/file', 'send only the field "file"', 'unknown_field');
    }
    throw new ApiError('bad_request', 'The multipart body cannot be read');
  }
}
