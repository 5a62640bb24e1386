import type { BrandsTable, Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { tenantFileTypes } from '../files/files.service.js';
import {
  deleteBrandRow,
  findBrand,
  insertBrandUnlessTaken,
  listBrandRows,
  updateBrandRow,
} from './brands.repository.js';
import {
  type Brand,
  type BrandFont,
  type CreateBrandBody,
  toBrand,
  type UpdateBrandBody,
} from './brands.schemas.js';
import { checkedColors } from './contrast.js';

export const DEFAULT_FONT: BrandFont = { kind: 'system', stack: 'sans' };
export const DEFAULT_RADIUS = 8;

/** Creates a brand (operator API, `quire brands create`, the console, the demo seed). */
export async function createBrand(db: Db, tenantId: string, input: CreateBrandBody): Promise<Brand> {
  const colors = checkedColors(input.colors);
  const font = input.font ?? DEFAULT_FONT;
  await checkFiles(db, tenantId, {
    logoFileId: input.logoFileId ?? null,
    faviconFileId: input.faviconFileId ?? null,
    font,
  });
  const now = Date.now();
  const row: BrandsTable = {
    tenant_id: tenantId,
    id: input.brandId ?? newId('brand'),
    name: input.name,
    logo_file_id: input.logoFileId ?? null,
    favicon_file_id: input.faviconFileId ?? null,
    colors: JSON.stringify(colors),
    font: JSON.stringify(font),
    button_radius: input.buttonRadius ?? DEFAULT_RADIUS,
    created_at: now,
    updated_at: now,
  };
  if (!(await insertBrandUnlessTaken(db, row))) {
    throw ApiError.invalidField('/brandId', `the tenant already has a brand "${row.id}"`);
  }
  return toBrand(row);
}

export async function updateBrand(
  db: Db,
  tenantId: string,
  brandId: string,
  input: UpdateBrandBody,
): Promise<Brand> {
  const current = await findBrand(db, tenantId, brandId);
  if (current === undefined) throw ApiError.notFound('Brand');
  const existing = toBrand(current);
  // Colours are replaced (and checked) as a whole set.
  const colors = input.colors === undefined ? undefined : checkedColors(input.colors);
  await checkFiles(db, tenantId, {
    logoFileId: input.logoFileId === undefined ? null : input.logoFileId,
    faviconFileId: input.faviconFileId === undefined ? null : input.faviconFileId,
    font: input.font ?? existing.font,
  });
  const changes: Parameters<typeof updateBrandRow>[3] = { updated_at: Date.now() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.logoFileId !== undefined) changes.logo_file_id = input.logoFileId;
  if (input.faviconFileId !== undefined) changes.favicon_file_id = input.faviconFileId;
  if (colors !== undefined) changes.colors = JSON.stringify(colors);
  if (input.font !== undefined) changes.font = JSON.stringify(input.font);
  if (input.buttonRadius !== undefined) changes.button_radius = input.buttonRadius;
  if (!(await updateBrandRow(db, tenantId, brandId, changes))) throw ApiError.notFound('Brand');
  return getBrand(db, tenantId, brandId);
}

export async function getBrand(db: Db, tenantId: string, brandId: string): Promise<Brand> {
  const row = await findBrand(db, tenantId, brandId);
  if (row === undefined) throw ApiError.notFound('Brand');
  return toBrand(row);
}

export async function listBrands(db: Db, tenantId: string): Promise<{ items: Brand[] }> {
  return { items: (await listBrandRows(db, tenantId)).map(toBrand) };
}

/** Deletes a brand; pages naming it render with the default look until they name another. */
export async function deleteBrand(db: Db, tenantId: string, brandId: string): Promise<void> {
  if (!(await deleteBrandRow(db, tenantId, brandId))) throw ApiError.notFound('Brand');
}

/**
 * The brand a page names in `brandId`, in the page's tenant; null when the tenant has no such
 * brand (pages made before brands existed name one freely), so the page renders with the defaults.
 */
export async function loadPageBrand(db: Db, tenantId: string, brandId: string | null): Promise<Brand | null> {
  if (brandId === null || brandId === '') return null;
  const row = await findBrand(db, tenantId, brandId);
  return row === undefined ? null : toBrand(row);
}

/** Logo and favicon must be images of the tenant, a font file a WOFF2/WOFF of the tenant. */
async function checkFiles(
  db: Db,
  tenantId: string,
  refs: { logoFileId: string | null; faviconFileId: string | null; font: BrandFont },
): Promise<void> {
  const fontFileId = refs.font.kind === 'file' ? refs.font.fileId : null;
  const ids = [refs.logoFileId, refs.faviconFileId, fontFileId].filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  const types = await tenantFileTypes(db, tenantId, ids);
  const expect = (pointer: string, id: string | null, ok: (type: string) => boolean, what: string) => {
    if (id === null) return;
    const type = types.get(id);
    if (type === undefined) throw ApiError.invalidField(pointer, `the tenant has no file "${id}"`);
    if (!ok(type)) throw ApiError.invalidField(pointer, `the file "${id}" is ${type}, not ${what}`);
  };
  const isImage = (type: string) => type.startsWith('image/');
  expect('/logoFileId', refs.logoFileId, isImage, 'an image');
  expect('/faviconFileId', refs.faviconFileId, isImage, 'an image');
  expect('/font/fileId', fontFileId, (type) => type.startsWith('font/'), 'a WOFF2/WOFF font');
}
