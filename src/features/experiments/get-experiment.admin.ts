import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminExperimentPath, Experiment } from './experiments.schemas.js';
import { getExperiment } from './experiments.service.js';

export function getExperimentAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/experiments/:experiment_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetExperiment',
        tags: ['Experiments'],
        summary: 'An experiment with its phases',
        params: AdminExperimentPath,
        response: { 200: Experiment, ...problemResponses('not_found') },
      },
    },
    async (request) => getExperiment(app.db, request.tenantId, request.params.experiment_id),
  );
}
