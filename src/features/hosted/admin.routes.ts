import { Type } from 'typebox';
import { linksOf, previewUrl } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { AdminVersionPath } from '../audiences/audiences.schemas.js';
import { findVersion } from '../audiences/versions.repository.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { getPage } from '../pages/pages.service.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';
import { PageEngagement } from './engagement.schemas.js';
import { audienceEngagement, pageEngagement } from './engagement.service.js';

/** Operator API of hosted pages: engagement counts (as `quire pages engagement`) and preview links. */
export function hostedAdminRoutes(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/engagement',
    {
      schema: {
        operationId: 'adminGetPageEngagement',
        tags: ['Pages'],
        summary: "A page's views and action clicks, per audience and version",
        description:
          '`items`: per audience (`audienceId` null for the page itself) and version. `audiences`: per ' +
          'audience, its versions together (`versionId` null), a visitor counted once per audience.',
        params: AdminPagePath,
        response: { 200: PageEngagement },
      },
    },
    async (request) => {
      const { tenantId } = request;
      const page = await getPage(app.db, tenantId, request.params.page_id);
      return {
        pageId: page.id,
        items: await pageEngagement(app.db, tenantId, page.id),
        audiences: await audienceEngagement(app.db, tenantId, page.id),
      };
    },
  );
  app.get(
    '/tenants/:tenant/versions/:version_id/preview',
    {
      schema: {
        operationId: 'adminPreviewVersion',
        tags: ['Audiences'],
        summary: "A signed link to a version's preview (the page as a visitor would see it)",
        description:
          'The link works for `expiresIn` seconds (default PREVIEW_LINK_TTL_SECONDS, rounded up to the ' +
          'hour), at most PREVIEW_LINK_MAX_TTL_SECONDS (30 days unless configured): a longer one is a 400.',
        params: AdminVersionPath,
        querystring: Type.Object(
          {
            expiresIn: Type.Optional(
              Type.Integer({
                minimum: 60,
                // The largest PREVIEW_LINK_MAX_TTL_SECONDS can be; the configured one is checked after.
                maximum: 365 * 86_400,
                description: 'Seconds the link works (at most PREVIEW_LINK_MAX_TTL_SECONDS).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            { versionId: Type.String(), previewUrl: Type.String({ description: 'Signed, expires.' }) },
            { title: 'VersionPreviewLink' },
          ),
        },
      },
    },
    async (request) => {
      const { tenantId } = request;
      const links = linksOf(app.config);
      const ttl = request.query.expiresIn ?? links.previewTtlSeconds;
      if (ttl > links.previewMaxTtlSeconds) {
        const detail = `A preview link works at most ${links.previewMaxTtlSeconds} s (PREVIEW_LINK_MAX_TTL_SECONDS)`;
        throw new ApiError('validation_failed', `expiresIn: ${detail}`, [
          { parameter: 'expiresIn', detail, code: 'out_of_range' },
        ]);
      }
      const version = await findVersion(app.db, tenantId, request.params.version_id);
      if (version === undefined) throw ApiError.notFound('Version');
      if (version.content === null) {
        throw new ApiError(
          'conflict',
          'The version has no content yet: it can be previewed once it is a draft',
        );
      }
      const handle = (await findTenantByIdOrName(app.db, tenantId))!.handle!;
      return {
        versionId: version.id,
        previewUrl: previewUrl(links, tenantId, handle, version.id, Date.now(), ttl),
      };
    },
  );
}
