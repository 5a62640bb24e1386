import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { PagePath } from '../pages/pages.schemas.js';
import { ExperimentList } from './experiments.schemas.js';
import { listExperiments } from './experiments.service.js';

/** Extension (issue 35): a page's experiments with an API key, hence an MCP tool (docs/mcp.md). */
export function listPageExperimentsRoute(app: App): void {
  app.get(
    '/v0/pages/:page_id/experiments',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'listPageExperiments',
        tags: ['Pages'],
        summary: "Extension: a page's experiments (holdouts and A/B tests), newest first",
        params: PagePath,
        response: { 200: ExperimentList, ...problemResponses('not_found') },
      },
    },
    async (request) => listExperiments(app.db, request.tenantId, request.params.page_id),
  );
}
