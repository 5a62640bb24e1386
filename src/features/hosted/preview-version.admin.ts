import { Type } from 'typebox';
import { linksOf } from '../../domain/public-links.js';
import { ApiError } from '../../errors.js';
import type { App } from '../../http/app-types.js';
import { AdminVersionPath } from '../audiences/audiences.schemas.js';
import { versionPreviewLink } from './preview-link.service.js';

/** GET /tenants/{tenant}/versions/{versionId}/preview: a signed, expiring preview link. */
export function previewVersionAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/versions/:version_id/preview',
    {
      config: { policy: { access: 'viewer' } },
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
      return versionPreviewLink(app.db, links, tenantId, request.params.version_id, ttl);
    },
  );
}
