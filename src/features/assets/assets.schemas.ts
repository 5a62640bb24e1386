import { type Static, Type } from 'typebox';
import type { AssetsTable } from '../../db/schema.js';
import { Nullable, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { processFileBase } from '../files/file-urls.js';

export const ASSET_TYPES = ['image', 'logo', 'icon', 'video', 'custom-component'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
const LIFECYCLE_STATES = ['active', 'trashed', 'deleted'] as const;

// Upper bounds where the interface gives none are a documented deviation (docs/assets-and-topics.md):
// they keep huge strings out of the search index without limiting any real value.
export const NAME_MAX = 1000;
export const PURPOSE_MAX = 2000;
export const FILE_ID_MAX = 1024;
const AI_DESCRIPTION_MAX = 10_000;
const TAG_MAX = 100;
const TAGS_MAX = 50;

export const Asset = Type.Object(
  {
    assetId: Type.String({ minLength: 1, examples: ['asset_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    tenantId: Type.String({ minLength: 1 }),
    name: Type.String({ examples: ['Acme logo, dark'] }),
    purpose: Type.String({ examples: ['Hero image of the pricing page'] }),
    tags: Type.Array(Type.String()),
    aiDescription: Nullable(Type.String()),
    parentAssetId: Nullable(Type.String()),
    hidden: Type.Boolean(),
    data: Type.Object({
      type: Type.String({ enum: [...ASSET_TYPES] }),
      fileId: Type.String(),
    }),
    lifecycleState: Type.String({ enum: [...LIFECYCLE_STATES] }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    trashedAt: NullableTimestamp,
    deletedAt: NullableTimestamp,
    downloadUrl: Nullable(
      Type.String({
        description:
          "`PUBLIC_FILE_BASE_URL/<fileId>`, else Quire's own `PUBLIC_BASE_URL/files/<fileId>` (uploaded files are served there).",
      }),
    ),
    previewDownloadUrl: Nullable(
      Type.String({
        description: '`<downloadUrl>/preview`: a WebP 640 pixels wide (an SVG: itself).',
      }),
    ),
  },
  { title: 'Asset' },
);
export type Asset = Static<typeof Asset>;

export const CreateAssetBody = Type.Object(
  {
    assetType: Type.String({ enum: ['image'], description: 'Only `image` through the API.' }),
    name: Type.String({ maxLength: NAME_MAX }),
    purpose: Type.String({ maxLength: PURPOSE_MAX, default: '' }),
    fileId: Type.String({ maxLength: FILE_ID_MAX }),
    parentAssetId: Type.Optional(Type.String({ maxLength: 255 })),
    idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    hidden: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);
export type CreateAssetBody = Static<typeof CreateAssetBody>;

export const Tags = Type.Array(Type.String({ maxLength: TAG_MAX }), { maxItems: TAGS_MAX });
export const AiDescription = Nullable(Type.String({ maxLength: AI_DESCRIPTION_MAX }));

/**
 * `<base>/<fileId>` and `<base>/<fileId>/preview`, the file id percent-encoded. The base is
 * PUBLIC_FILE_BASE_URL, else Quire's own `PUBLIC_BASE_URL/files` (src/features/files/file-urls.ts);
 * null only in a process that serves no files and set neither.
 */
function fileUrls(publicFileBaseUrl: string | null, fileId: string) {
  const baseUrl = publicFileBaseUrl ?? processFileBase();
  if (baseUrl === null) return { downloadUrl: null, previewDownloadUrl: null };
  const file = `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(fileId)}`;
  return { downloadUrl: file, previewDownloadUrl: `${file}/preview` };
}

export function toAsset(row: AssetsTable, publicFileBaseUrl: string | null): Asset {
  return {
    assetId: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    purpose: row.purpose,
    tags: JSON.parse(row.tags) as string[],
    aiDescription: row.ai_description,
    parentAssetId: row.parent_asset_id,
    hidden: row.hidden === 1,
    data: { type: row.data_type, fileId: row.file_id },
    lifecycleState: row.lifecycle_state,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    trashedAt: toIsoOrNull(row.trashed_at),
    deletedAt: toIsoOrNull(row.deleted_at),
    ...fileUrls(publicFileBaseUrl, row.file_id),
  };
}

/** The operator's asset (admin API and `quire assets`): any type, tags and aiDescription. */
export const OperatorAssetBody = Type.Object(
  {
    assetType: Type.String({ enum: [...ASSET_TYPES] }),
    name: Type.String({ maxLength: NAME_MAX }),
    purpose: Type.Optional(Type.String({ maxLength: PURPOSE_MAX })),
    fileId: Type.String({ maxLength: FILE_ID_MAX }),
    parentAssetId: Type.Optional(Type.String({ maxLength: 255 })),
    hidden: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Tags),
    aiDescription: Type.Optional(AiDescription),
  },
  { additionalProperties: false },
);

export const AssetEditBody = Type.Object(
  {
    tags: Type.Optional(Tags),
    aiDescription: Type.Optional(AiDescription),
    hidden: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const AdminAssetPath = Type.Object({ tenant: PathId, asset_id: PathId });
