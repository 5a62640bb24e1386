/** Experiments of a page and their results (docs/experiments.md). */
import { client, ok } from './client';

export const experimentCalls = {
  listExperiments: (tenant: string, pageId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}/experiments', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
  getExperiment: (tenant: string, experimentId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/experiments/{experiment_id}', {
        params: { path: { tenant, experiment_id: experimentId } },
      }),
    ),
  experimentResults: (tenant: string, experimentId: string, phase?: number) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/experiments/{experiment_id}/results', {
        params: {
          path: { tenant, experiment_id: experimentId },
          query: phase === undefined ? {} : { phase },
        },
      }),
    ),
};
