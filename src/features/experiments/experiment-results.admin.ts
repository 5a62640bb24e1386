import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminExperimentPath, ExperimentResults, ResultsQuery } from './experiments.schemas.js';
import { experimentResults } from './results.service.js';

export function experimentResultsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/experiments/:experiment_id/results',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetExperimentResults',
        tags: ['Experiments'],
        summary: "An experiment's results per arm, with a daily series for charts",
        description:
          'Per unit, never per view: units exposed in the phase, those that converted (the metric) after their ' +
          'first exposure, the rate with its Wilson interval, the Bayesian chance to beat the control and expected ' +
          'loss, the lift with its interval, the verdict of a sequential test that may be read at any time, and the ' +
          'sample-ratio check. Bots and previews are never exposed; test submissions never convert.',
        params: AdminExperimentPath,
        querystring: ResultsQuery,
        response: { 200: ExperimentResults, ...problemResponses('not_found', 'validation_failed') },
      },
    },
    async (request) =>
      experimentResults(app.db, request.tenantId, request.params.experiment_id, request.query.phase),
  );
}
