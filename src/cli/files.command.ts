import fs from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { ApiError } from '../errors.js';
import {
  deleteFile,
  type FilesDeps,
  fileUsage,
  listFiles,
  showFile,
  uploadFile,
} from '../features/files/files.service.js';
import { storageFromConfig } from '../features/files/storage-from-config.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';

/** `quire files`: the same services as /admin/v0/tenants/{tenant}/files, on the configured storage. */
export function filesCommand(): Command {
  const files = new Command('files').description('Upload, list and delete files (images and fonts)');
  const withFiles = <T>(tenant: string, action: (deps: FilesDeps, tenantId: string) => Promise<T>) =>
    withDatabase(async ({ db }, config) => {
      const deps: FilesDeps = { db, storage: storageFromConfig(config), config };
      return action(deps, await requireTenant(db, tenant));
    });
  files
    .command('upload <path>')
    .description('Upload a file (PNG, JPEG, WebP, AVIF, GIF, SVG, WOFF2, WOFF); prints its fileId and URL')
    .requiredOption('--tenant <id or name>', 'the tenant of the file')
    .option('--json', 'print the result as one JSON object')
    .action(async (file: string, o) => {
      const bytes = await fs.readFile(file).catch(() => {
        throw ApiError.invalidField('/file', `cannot read ${file}`);
      });
      await withFiles(o.tenant, async (deps, tenantId) => {
        if (bytes.length > deps.config.files.maxUploadBytes) {
          throw new ApiError('payload_too_large', `${file} is larger than FILE_MAX_BYTES`);
        }
        print(
          { ...(await uploadFile(deps, tenantId, { name: path.basename(file), bytes })) },
          o.json === true,
        );
      });
    });
  files
    .command('list')
    .description("List the tenant's files, newest first")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--cursor <cursor>', 'the nextCursor of the previous page')
    .option('--limit <n>', 'files per page (1 to 100)', '20')
    .option('--json', 'print the page as one JSON object')
    .action(async (o) => {
      await withFiles(o.tenant, async (deps, tenantId) => {
        const page = await listFiles(deps, tenantId, { cursor: o.cursor, limit: Number(o.limit) });
        if (o.json === true) return print({ ...page }, true);
        for (const f of page.items) {
          process.stdout.write(
            `${f.fileId}  ${f.contentType}  ${f.width ?? '-'}x${f.height ?? '-'}  ${f.bytes} B  ${f.name}\n`,
          );
        }
        process.stdout.write(
          `${page.totalCount} file(s)${page.nextCursor ? `; next: --cursor ${page.nextCursor}` : ''}\n`,
        );
      });
    });
  files
    .command('show <fileId>')
    .description('Show a file')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object')
    .action(async (fileId: string, o) => {
      await withFiles(o.tenant, async (deps, tenantId) =>
        print({ ...(await showFile(deps, tenantId, fileId)) }, o.json === true),
      );
    });
  files
    .command('usage')
    .description("What the tenant's files take of its storage quota")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object')
    .action(async (o) => {
      await withFiles(o.tenant, async (deps, tenantId) =>
        print({ ...(await fileUsage(deps, tenantId)) }, o.json === true),
      );
    });
  files
    .command('delete <fileId>')
    .description('Delete a file and its variants (pages naming it lose the image)')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object')
    .action(async (fileId: string, o) => {
      await withFiles(o.tenant, async (deps, tenantId) => {
        await deleteFile(deps, tenantId, fileId);
        process.stdout.write(o.json ? `${JSON.stringify({ deleted: fileId })}\n` : `deleted ${fileId}\n`);
      });
    });
  return files;
}
