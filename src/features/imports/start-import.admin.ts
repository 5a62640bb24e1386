import sjson from 'secure-json-parse';
import { Type } from 'typebox';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { isFlagSet } from '../../http/query-flags.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { IMPORT_MAX_BYTES } from './import-parse.js';
import { ImportJob, ImportPreview, ImportQuery } from './imports.schemas.js';
import { applyImportLater, presentImport, previewImport, startImport } from './imports.service.js';

/** The upload's types: read as text (the file is checked by the import, not parsed by Fastify). */
export const IMPORT_CONTENT_TYPES = ['text/csv', 'application/x-ndjson', 'application/jsonl'];

function mappingOf(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = sjson.parse(text);
  } catch {
    throw ApiError.invalidField('/mapping', 'mapping must be a JSON object of column → field');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ApiError.invalidField('/mapping', 'mapping must be a JSON object of column → field');
  }
  for (const [column, target] of Object.entries(value)) {
    if (typeof target !== 'string')
      throw ApiError.invalidField(`/mapping/${column}`, 'each column maps to a string');
  }
  return value as Record<string, string>;
}

/** POST /tenants/{tenant}/pages/{pageId}/imports: a target list in, a job out (or, with dryRun, its preview). */
export function startImportAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/pages/:page_id/imports',
    {
      config: { policy: { access: 'editor', action: 'import.start', dryRun: true } },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        operationId: 'adminStartImport',
        tags: ['Imports'],
        summary:
          'Import a target list (CSV or JSON lines) into a page: an audience per row, each queued for a draft',
        description:
          'The body is the file (`text/csv` or `application/x-ndjson`, at most 5 MiB and 20,000 rows). ' +
          'A file that is not CSV or JSON lines, has no email and no domain column, or is too large is ' +
          'refused before anything is written. Rows are applied in the background: follow the job. ' +
          'With `dryRun=true` the answer is the preview (columns, proposed mapping, first rows, problems).',
        params: AdminPagePath,
        querystring: ImportQuery,
        consumes: IMPORT_CONTENT_TYPES,
        body: Type.String({ description: 'The file.' }),
        response: {
          200: ImportPreview,
          201: ImportJob,
          ...problemResponses('not_found', 'conflict', 'payload_too_large'),
        },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const upload = {
        bytes: Buffer.from(request.body, 'utf8'),
        contentType: request.headers['content-type'],
        fileName: request.query.fileName,
        mapping: mappingOf(request.query.mapping),
      };
      if (isFlagSet(request.query.dryRun)) {
        return reply.code(200).send(await previewImport(app.db, tenantId, request.params.page_id, upload));
      }
      const job = await startImport(app.db, tenantId, request.params.page_id, upload);
      applyImportLater(app.db, tenantId, job.id, (error) =>
        request.log.error({ err: error }, 'import failed'),
      );
      return reply.code(201).send(await presentImport(app.db, job));
    },
  );
}
