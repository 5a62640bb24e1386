import { linksOf } from '../../domain/public-links.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import {
  AdminAudiencePath,
  AdminVersionPath,
  Audience,
  AudienceInput,
  AudienceVersion,
  toVersion,
} from './audiences.schemas.js';
import { archiveAudience, createAudience, presentAudience, updateAudience } from './audiences.service.js';
import { getAudienceAdmin } from './get-audience.admin.js';
import { getVersionAdmin } from './get-version.admin.js';
import { listAudiencesAdmin } from './list-audiences.admin.js';
import { listConversationAdmin } from './list-conversation.admin.js';
import { listVersionsAdmin } from './list-versions.admin.js';
import { restoreVersionAdminRoute } from './restore-version.admin.js';
import { revertMessageAdminRoute } from './revert-message.admin.js';
import { sendMessageAdmin } from './send-message.admin.js';
import { unarchiveAudienceAdminRoute } from './unarchive-audience.admin.js';
import { cancelVersion, publishVersion } from './versions.service.js';

/** Operator API for audiences and versions (the same services as `quire audiences|versions ...`). */
export function audiencesAdminRoutes(app: App): void {
  listAudiencesAdmin(app);
  getAudienceAdmin(app);
  listVersionsAdmin(app);
  getVersionAdmin(app);
  listConversationAdmin(app);
  sendMessageAdmin(app);
  app.post(
    '/tenants/:tenant/pages/:page_id/audiences',
    {
      config: { policy: { access: 'editor', action: 'audience.create' } },
      schema: {
        operationId: 'adminCreateAudience',
        tags: ['Audiences'],
        summary: 'Create an audience of a page (the agent writes its first version)',
        params: AdminPagePath,
        body: AudienceInput,
        response: { 201: Audience, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const { audience } = await createAudience(app.db, tenantId, request.params.page_id, request.body);
      return reply.code(201).send(await presentAudience(app.db, audience, undefined, linksOf(app.config)));
    },
  );
  app.patch(
    '/tenants/:tenant/audiences/:audience_id',
    {
      config: { policy: { access: 'editor', action: 'audience.update' } },
      schema: {
        operationId: 'adminUpdateAudience',
        tags: ['Audiences'],
        summary: 'Change an audience (name, person, route key, context, overrides)',
        params: AdminAudiencePath,
        body: AudienceInput,
        response: { 200: Audience, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return presentAudience(
        app.db,
        await updateAudience(app.db, tenantId, request.params.audience_id, request.body),
        undefined,
        linksOf(app.config),
      );
    },
  );
  app.post(
    '/tenants/:tenant/audiences/:audience_id/archive',
    {
      config: { policy: { access: 'editor', action: 'audience.archive' } },
      schema: {
        operationId: 'adminArchiveAudience',
        tags: ['Audiences'],
        summary: 'Archive an audience',
        params: AdminAudiencePath,
        response: { 200: Audience, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return presentAudience(
        app.db,
        await archiveAudience(app.db, tenantId, request.params.audience_id),
        undefined,
        linksOf(app.config),
      );
    },
  );
  app.post(
    '/tenants/:tenant/versions/:version_id/publish',
    {
      config: { policy: { access: 'publisher', action: 'version.publish' } },
      schema: {
        operationId: 'adminPublishVersion',
        tags: ['Audiences'],
        summary: 'Publish a version (visitors see it)',
        params: AdminVersionPath,
        response: { 200: AudienceVersion, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toVersion(await publishVersion(app.db, tenantId, request.params.version_id));
    },
  );
  app.post(
    '/tenants/:tenant/versions/:version_id/cancel',
    {
      config: { policy: { access: 'publisher', action: 'version.cancel' } },
      schema: {
        operationId: 'adminCancelVersion',
        tags: ['Audiences'],
        summary: 'Cancel a draft or queued version',
        params: AdminVersionPath,
        response: { 200: AudienceVersion, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toVersion(await cancelVersion(app.db, tenantId, request.params.version_id));
    },
  );
  restoreVersionAdminRoute(app);
  revertMessageAdminRoute(app);
  unarchiveAudienceAdminRoute(app);
}
