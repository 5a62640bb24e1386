import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminExperimentPath, Experiment } from './experiments.schemas.js';
import { stopExperiment } from './experiments.service.js';

export function stopExperimentAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/experiments/:experiment_id/stop',
    {
      config: { policy: { access: 'publisher', action: 'experiment.stop' } },
      schema: {
        operationId: 'adminStopExperiment',
        tags: ['Experiments'],
        summary: "Stop an experiment: every visit shows the audience's personalised version again",
        description: 'Stopping a stopped experiment changes nothing. Its results stay readable.',
        params: AdminExperimentPath,
        response: { 200: Experiment, ...problemResponses('not_found') },
      },
    },
    async (request) => stopExperiment(app.db, request.tenantId, request.params.experiment_id),
  );
}
