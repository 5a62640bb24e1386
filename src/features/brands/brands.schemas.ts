import { type Static, Type } from 'typebox';
import type { BrandsTable } from '../../db/schema.js';
import { SYSTEM_FONTS } from '../../domain/brand-fonts.js';
import { Nullable, PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';

const HexColor = Type.String({
  minLength: 7,
  maxLength: 7,
  pattern: '^#[0-9a-fA-F]{6}$',
  examples: ['#1d4ed8'],
});

export const BrandColors = Type.Object(
  {
    primary: HexColor,
    primaryText: Type.Optional(HexColor),
    accent: HexColor,
    background: HexColor,
    text: HexColor,
  },
  {
    additionalProperties: false,
    description:
      '`#rrggbb`. `primaryText` is the text of primary buttons (default: white or near-black, whichever reads better). Checked at save time (WCAG 2.1 AA): text on background and primaryText on primary at least 4.5:1, accent on background at least 3:1.',
  },
);
export type BrandColors = Static<typeof BrandColors>;

export const BrandFont = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('system'), stack: Type.String({ enum: [...SYSTEM_FONTS] }) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('file'),
        family: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9 _-]+$' }),
        fileId: Type.String({
          minLength: 1,
          maxLength: 255,
          description: 'An uploaded WOFF2/WOFF file of the tenant.',
        }),
        fallback: Type.Optional(Type.String({ enum: [...SYSTEM_FONTS] })),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'A system font stack, or a self-hosted font file (uploaded) with a system fallback.' },
);
export type BrandFont = Static<typeof BrandFont>;

export const Brand = Type.Object(
  {
    brandId: Type.String({ examples: ['brand-loomwork'] }),
    tenantId: Type.String(),
    name: Type.String(),
    logoFileId: Nullable(Type.String()),
    faviconFileId: Nullable(Type.String()),
    colors: Type.Object({
      primary: Type.String(),
      primaryText: Type.String(),
      accent: Type.String(),
      background: Type.String(),
      text: Type.String(),
    }),
    font: BrandFont,
    buttonRadius: Type.Integer({ minimum: 0, maximum: 999 }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Brand' },
);
export type Brand = Static<typeof Brand>;

const BrandIdInput = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9_-]+$',
  description: "What pages name in `brandId` (default: a new `brand_...` id). Letters, digits, '-' and '_'.",
});
const FileRef = Nullable(
  Type.String({ minLength: 1, maxLength: 255, description: 'An uploaded file of the tenant.' }),
);
const Radius = Type.Integer({
  minimum: 0,
  maximum: 999,
  description: 'Button corner radius in pixels (999: pill).',
});

export const CreateBrandBody = Type.Object(
  {
    brandId: Type.Optional(BrandIdInput),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    logoFileId: Type.Optional(FileRef),
    faviconFileId: Type.Optional(FileRef),
    colors: BrandColors,
    font: Type.Optional(BrandFont),
    buttonRadius: Type.Optional(Radius),
  },
  { additionalProperties: false },
);
export type CreateBrandBody = Static<typeof CreateBrandBody>;

export const UpdateBrandBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    logoFileId: Type.Optional(FileRef),
    faviconFileId: Type.Optional(FileRef),
    colors: Type.Optional(BrandColors),
    font: Type.Optional(BrandFont),
    buttonRadius: Type.Optional(Radius),
  },
  { additionalProperties: false },
);
export type UpdateBrandBody = Static<typeof UpdateBrandBody>;

export const BrandPath = Type.Object({ tenant: PathId, brand_id: PathId });

export function toBrand(row: BrandsTable): Brand {
  return {
    brandId: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    logoFileId: row.logo_file_id,
    faviconFileId: row.favicon_file_id,
    colors: JSON.parse(row.colors) as Brand['colors'],
    font: JSON.parse(row.font) as BrandFont,
    buttonRadius: row.button_radius,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.updated_at)),
  };
}
