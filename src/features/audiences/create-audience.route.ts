import { linksOf } from '../../domain/public-links.js';
import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { PagePath } from '../pages/pages.schemas.js';
import { Audience, AudienceInput } from './audiences.schemas.js';
import { createAudience, presentAudience } from './audiences.service.js';

/** Extension: an API client creates an audience, as an operator does (the same service). */
export function createAudienceRoute(app: App): void {
  app.post(
    '/v0/pages/:page_id/audiences',
    {
      config: { scope: 'pages:write' },
      schema: {
        operationId: 'createAudience',
        tags: ['Audiences'],
        summary: 'Create an audience of a page',
        description:
          "Extension. Creates an audience (a personalised variant of the page) for a person (`personId`), or a general one (`customName`, `routeKey`), and queues its version 1 for the page agent: read the audience, or wait on its conversation, to see the draft. A person's audience gets an unguessable `routeKey`. Not idempotent: a retry creates another audience. The page must not be deleted (409). `Location` names the new audience.",
        params: PagePath,
        body: AudienceInput,
        response: { 201: Audience, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request, reply) => {
      const { page_id } = request.params;
      const { audience } = await createAudience(app.db, request.tenantId, page_id, request.body);
      return reply
        .code(201)
        .header('Location', `/v0/pages/${page_id}/audiences/${audience.id}`)
        .send(await presentAudience(app.db, audience, undefined, linksOf(app.config)));
    },
  );
}
