import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminExperimentPath, Experiment, UpdateExperimentBody } from './experiments.schemas.js';
import { updateExperiment } from './experiments.service.js';

export function updateExperimentAdmin(app: App): void {
  app.patch(
    '/tenants/:tenant/experiments/:experiment_id',
    {
      config: { policy: { access: 'publisher', action: 'experiment.update' } },
      schema: {
        operationId: 'adminUpdateExperiment',
        tags: ['Experiments'],
        summary: 'Rename an experiment, or change its arms or split (a new phase)',
        description:
          'Changed arms or weights start a new phase: units exposed before keep their arm for good, new units ' +
          'are split by the new weights, and results are read per phase.',
        params: AdminExperimentPath,
        body: UpdateExperimentBody,
        response: { 200: Experiment, ...problemResponses('not_found', 'validation_failed', 'conflict') },
      },
    },
    async (request) => updateExperiment(app.db, request.tenantId, request.params.experiment_id, request.body),
  );
}
