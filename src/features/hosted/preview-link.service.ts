import type { Db } from '../../db/schema.js';
import { type PublicLinks, previewUrl } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import { findVersion } from '../audiences/versions.repository.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';

/** A signed link to a version's preview, valid `ttlSeconds` (checked against the maximum by the caller). */
export async function versionPreviewLink(
  db: Db,
  links: PublicLinks,
  tenantId: string,
  versionId: string,
  ttlSeconds: number,
): Promise<{ versionId: string; previewUrl: string }> {
  const version = await findVersion(db, tenantId, versionId);
  if (version === undefined) throw ApiError.notFound('Version');
  if (version.content === null) {
    throw new ApiError('conflict', 'The version has no content yet: it can be previewed once it is a draft');
  }
  const handle = (await findTenantByIdOrName(db, tenantId))!.handle!;
  return {
    versionId: version.id,
    previewUrl: previewUrl(links, tenantId, handle, version.id, Date.now(), ttlSeconds),
  };
}
