import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath, ExperimentList } from './experiments.schemas.js';
import { listExperiments } from './experiments.service.js';

export function listExperimentsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/experiments',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListExperiments',
        tags: ['Experiments'],
        summary: "A page's experiments, newest first (at most 200)",
        params: AdminPagePath,
        response: { 200: ExperimentList, ...problemResponses('not_found') },
      },
    },
    async (request) => listExperiments(app.db, request.tenantId, request.params.page_id),
  );
}
