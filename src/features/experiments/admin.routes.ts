import type { App } from '../../http/app-types.js';
import { createExperimentAdmin } from './create-experiment.admin.js';
import { experimentResultsAdmin } from './experiment-results.admin.js';
import { getExperimentAdmin } from './get-experiment.admin.js';
import { listExperimentsAdmin } from './list-experiments.admin.js';
import { stopExperimentAdmin } from './stop-experiment.admin.js';
import { updateExperimentAdmin } from './update-experiment.admin.js';

/** Operator API of experiments (docs/experiments.md). */
export function experimentsAdminRoutes(app: App): void {
  listExperimentsAdmin(app);
  createExperimentAdmin(app);
  getExperimentAdmin(app);
  updateExperimentAdmin(app);
  stopExperimentAdmin(app);
  experimentResultsAdmin(app);
}
