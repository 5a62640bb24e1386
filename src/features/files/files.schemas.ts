import { type Static, Type } from 'typebox';
import type { FilesTable } from '../../db/schema.js';
import { Nullable, PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';

export const UploadedFile = Type.Object(
  {
    fileId: Type.String({ examples: ['file_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    url: Type.String({
      description:
        "The served original: under Quire's own `PUBLIC_BASE_URL/files/`, or PUBLIC_FILE_BASE_URL.",
      examples: ['http://127.0.0.1:3000/files/file_01jdq8m3k4e8v9t6w5x2y1z0ab'],
    }),
    contentType: Type.String({ examples: ['image/png'] }),
    bytes: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Size of the served original (metadata stripped, SVG sanitised).',
    }),
    width: Nullable(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Pixels; null for fonts and SVGs without an intrinsic size.',
      }),
    ),
    height: Nullable(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    name: Type.String({ description: 'The name it was uploaded under.' }),
    storedBytes: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The original and every variant: what the file counts in the quota.',
    }),
    variants: Type.Array(Type.String(), { description: 'Stored variants, e.g. `w640.webp`.' }),
    createdAt: Timestamp,
  },
  { title: 'File' },
);
export type UploadedFile = Static<typeof UploadedFile>;

export const FilePath = Type.Object({ tenant: PathId, file_id: PathId });

export const FileUsage = Type.Object(
  {
    storedBytes: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    quotaBytes: Nullable(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Null: no limit (FILE_TENANT_QUOTA_BYTES=0).',
      }),
    ),
    files: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  },
  { title: 'FileUsage' },
);
export type FileUsage = Static<typeof FileUsage>;

/** `fileBase`: absoluteFileBase(config) of file-urls.ts. */
export function toUploadedFile(row: FilesTable, fileBase: string): UploadedFile {
  return {
    fileId: row.id,
    url: `${fileBase}/${encodeURIComponent(row.id)}`,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    width: row.width,
    height: row.height,
    name: row.name,
    storedBytes: Number(row.stored_bytes),
    variants: (JSON.parse(row.variants) as string[]).filter((v) => v !== 'original'),
    createdAt: toIso(Number(row.created_at)),
  };
}
