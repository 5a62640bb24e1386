import type { Db } from '../db/schema.js';
import type { Brand } from '../features/brands/brands.schemas.js';
import { createBrand, loadPageBrand } from '../features/brands/brands.service.js';
import { type FilesDeps, uploadFile } from '../features/files/files.service.js';
import { DEMO_FAVICON_PNG_BASE64, DEMO_LOGO } from './demo-images.js';

/** The brand the demo's pages name (`brandId` in pages.ts). */
export const DEMO_BRAND_ID = 'brand-loomwork';

/**
 * Loomwork's brand, made as the admin API makes one (createBrand checks the colours' contrast and
 * that the logo and favicon are the tenant's images): the page's blue with white button text, the
 * system sans stack, 10 px buttons. With `files`, the logo and favicon are uploaded first like any
 * operator's upload; without (tests that seed no files), the brand has neither. Seeding into a
 * tenant that already has the brand keeps it as it is (an operator may have edited it) and
 * uploads nothing.
 */
export async function seedBrand(db: Db, tenantId: string, files?: Omit<FilesDeps, 'db'>): Promise<Brand> {
  const existing = await loadPageBrand(db, tenantId, DEMO_BRAND_ID);
  if (existing !== null) return existing;
  const upload = async (name: string, bytes: Buffer) =>
    files === undefined ? undefined : (await uploadFile({ ...files, db }, tenantId, { name, bytes })).fileId;
  const logoFileId = await upload('loomwork-logo.svg', Buffer.from(DEMO_LOGO, 'utf8'));
  const faviconFileId = await upload('loomwork-favicon.png', Buffer.from(DEMO_FAVICON_PNG_BASE64, 'base64'));
  return createBrand(db, tenantId, {
    brandId: DEMO_BRAND_ID,
    name: 'Loomwork',
    ...(logoFileId === undefined ? {} : { logoFileId }),
    ...(faviconFileId === undefined ? {} : { faviconFileId }),
    colors: {
      primary: '#1f6feb',
      primaryText: '#ffffff',
      accent: '#0f766e',
      background: '#ffffff',
      text: '#111827',
    },
    font: { kind: 'system', stack: 'sans' },
    buttonRadius: 10,
  });
}
