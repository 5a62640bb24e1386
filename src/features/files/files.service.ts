import type { Config } from '../../config.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import type { FileStorage } from './file-storage.js';
import { absoluteFileBase } from './file-urls.js';
import {
  countTenantFiles,
  deleteTenantFile,
  findFileSizes,
  findTenantFile,
  insertFile,
  listTenantFiles,
  tenantStoredBytes,
} from './files.repository.js';
import { type FileUsage, toUploadedFile, type UploadedFile } from './files.schemas.js';
import { processUpload } from './process-upload.js';

export interface FilesDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'files' | 'publicFileBaseUrl' | 'publicBaseUrl'>;
}

const NAME_MAX = 255;

/**
 * Stores an upload (operator API, `quire files upload`, the console, the demo seed): checked and
 * processed by process-upload.ts, then every object is written to storage, then the row. A crash
 * between the two leaves unreferenced objects (never a row without its bytes). The quota is checked
 * before the work and again with the real size; concurrent uploads of one tenant may each pass the
 * check, so the quota can be exceeded by at most those uploads' sizes.
 */
export async function uploadFile(
  deps: FilesDeps,
  tenantId: string,
  upload: { name: string; bytes: Buffer },
): Promise<UploadedFile> {
  const quota = deps.config.files.tenantQuotaBytes;
  const used = quota > 0 ? await tenantStoredBytes(deps.db, tenantId) : 0;
  if (quota > 0 && used + upload.bytes.length > quota) throw overQuota(used, quota);
  const processed = await processUpload(upload.bytes, { maxPixels: deps.config.files.maxPixels });
  const storedBytes = processed.objects.reduce((sum, o) => sum + o.body.length, 0);
  if (quota > 0 && used + storedBytes > quota) throw overQuota(used, quota);

  const fileId = newId('file');
  const keys: string[] = [];
  try {
    for (const object of processed.objects) {
      const key = storageKey(tenantId, fileId, object.variant);
      await deps.storage.put(key, object.body, object.contentType);
      keys.push(key);
    }
    const original = processed.objects.find((o) => o.variant === 'original')!;
    const row = {
      id: fileId,
      tenant_id: tenantId,
      name: cleanName(upload.name),
      content_type: processed.contentType,
      bytes: original.body.length,
      stored_bytes: storedBytes,
      width: processed.width,
      height: processed.height,
      variants: JSON.stringify(processed.objects.map((o) => o.variant)),
      created_at: Date.now(),
    };
    await insertFile(deps.db, row);
    return toUploadedFile(row, fileBaseOf(deps.config));
  } catch (error) {
    await deps.storage.delete(keys).catch(() => undefined);
    throw error;
  }
}

export function listFiles(
  deps: FilesDeps,
  tenantId: string,
  request: PageRequest,
): Promise<Page<UploadedFile>> {
  const base = fileBaseOf(deps.config);
  return keysetPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: {},
    fetch: (after, size) => listTenantFiles(deps.db, tenantId, after, size),
    count: () => countTenantFiles(deps.db, tenantId),
    keyOf: (row) => [Number(row.created_at), row.id],
    map: (row) => toUploadedFile(row, base),
  });
}

export async function showFile(deps: FilesDeps, tenantId: string, fileId: string): Promise<UploadedFile> {
  const row = await findTenantFile(deps.db, tenantId, fileId);
  if (row === undefined) throw ApiError.notFound('File');
  return toUploadedFile(row, fileBaseOf(deps.config));
}

/** Deletes the row, then its objects: the file stops being served at once (pages naming it lose the image). */
export async function deleteFile(deps: FilesDeps, tenantId: string, fileId: string): Promise<void> {
  const row = await findTenantFile(deps.db, tenantId, fileId);
  if (row === undefined || !(await deleteTenantFile(deps.db, tenantId, fileId)))
    throw ApiError.notFound('File');
  const variants = JSON.parse(row.variants) as string[];
  await deps.storage.delete(variants.map((v) => storageKey(tenantId, fileId, v)));
}

export async function fileUsage(deps: FilesDeps, tenantId: string): Promise<FileUsage> {
  const quota = deps.config.files.tenantQuotaBytes;
  return {
    storedBytes: await tenantStoredBytes(deps.db, tenantId),
    quotaBytes: quota > 0 ? quota : null,
    files: await countTenantFiles(deps.db, tenantId),
  };
}

/**
 * Width and height of the tenant's files, by id (for `width`/`height` attributes, so images take
 * their place before they load). Unknown ids, other tenants' files, fonts and size-less SVGs are absent.
 */
export async function fileDimensions(
  db: Db,
  tenantId: string,
  fileIds: readonly string[],
): Promise<Map<string, { width: number; height: number; contentType: string }>> {
  const rows = await findFileSizes(db, tenantId, [...new Set(fileIds)]);
  const sizes = new Map<string, { width: number; height: number; contentType: string }>();
  for (const row of rows) {
    if (row.width !== null && row.height !== null) {
      sizes.set(row.id, { width: row.width, height: row.height, contentType: row.content_type });
    }
  }
  return sizes;
}

export function storageKey(tenantId: string, fileId: string, variant: string): string {
  return `${tenantId}/${fileId}/${variant}`;
}

function fileBaseOf(config: FilesDeps['config']): string {
  return absoluteFileBase(config.publicFileBaseUrl, config.publicBaseUrl);
}

function cleanName(name: string): string {
  // Control characters and path parts are not a name; the id is what identifies the file.
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, NAME_MAX);
  return clean === '' ? 'file' : clean;
}

function overQuota(used: number, quota: number): ApiError {
  return ApiError.invalidField(
    '/file',
    `the tenant's files would exceed its storage quota (${used.toLocaleString('en')} of ${quota.toLocaleString('en')} bytes used)`,
  );
}

/** The content type of each of the tenant's files among `fileIds` (absent: no such file in the tenant). */
export async function tenantFileTypes(
  db: Db,
  tenantId: string,
  fileIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findFileSizes(db, tenantId, [...new Set(fileIds)]);
  return new Map(rows.map((row) => [row.id, row.content_type]));
}
