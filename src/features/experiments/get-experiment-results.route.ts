import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { ExperimentResults, ResultsQuery } from './experiments.schemas.js';
import { experimentResults } from './results.service.js';

/** Extension (issue 35): an experiment's results with an API key, hence an MCP tool (docs/mcp.md). */
export function getExperimentResultsRoute(app: App): void {
  app.get(
    '/v0/experiments/:experiment_id/results',
    {
      config: { scope: 'pages:read' },
      schema: {
        operationId: 'getExperimentResults',
        tags: ['Pages'],
        summary: "Extension: an experiment's results per arm",
        description:
          'Per unit (account, else person, else visitor): units, conversions, the rate with its Wilson interval, the ' +
          'Bayesian chance to beat the control and expected loss, the lift with its interval, an always-valid ' +
          'sequential verdict, the sample-ratio check and a daily cumulative series. docs/experiments.md.',
        params: Type.Object({ experiment_id: PathId }),
        querystring: ResultsQuery,
        response: { 200: ExperimentResults, ...problemResponses('not_found', 'validation_failed') },
      },
    },
    async (request) =>
      experimentResults(app.db, request.tenantId, request.params.experiment_id, request.query.phase),
  );
}
