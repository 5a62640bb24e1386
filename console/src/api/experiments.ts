/** Experiments of a page and their results (docs/experiments.md). */
import { client, ok } from './client';
import type { Body } from './types';

export type ExperimentInput = Body<'/admin/v0/tenants/{tenant}/pages/{page_id}/experiments', 'post'>;
export type ExperimentChange = Body<'/admin/v0/tenants/{tenant}/experiments/{experiment_id}', 'patch'>;

export const experimentCalls = {
  listExperiments: (tenant: string, pageId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}/experiments', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
  createExperiment: (tenant: string, pageId: string, body: ExperimentInput) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages/{page_id}/experiments', {
        params: { path: { tenant, page_id: pageId } },
        body,
      }),
    ),
  getExperiment: (tenant: string, experimentId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/experiments/{experiment_id}', {
        params: { path: { tenant, experiment_id: experimentId } },
      }),
    ),
  updateExperiment: (tenant: string, experimentId: string, body: ExperimentChange) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/experiments/{experiment_id}', {
        params: { path: { tenant, experiment_id: experimentId } },
        body,
      }),
    ),
  stopExperiment: (tenant: string, experimentId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/experiments/{experiment_id}/stop', {
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
