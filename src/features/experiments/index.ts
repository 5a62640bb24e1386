import type { App } from '../../http/app-types.js';
import { getExperimentResultsRoute } from './get-experiment-results.route.js';
import { listPageExperimentsRoute } from './list-page-experiments.route.js';

/** Extensions: GET /v0/pages/{page_id}/experiments, GET /v0/experiments/{experiment_id}/results */
export function experimentsRoutes(app: App): void {
  listPageExperimentsRoute(app);
  getExperimentResultsRoute(app);
}
