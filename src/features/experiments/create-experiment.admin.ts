import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath, CreateExperimentBody, Experiment } from './experiments.schemas.js';
import { createExperiment } from './experiments.service.js';

export function createExperimentAdmin(app: App): void {
  app.post(
    '/tenants/:tenant/pages/:page_id/experiments',
    {
      config: { policy: { access: 'publisher', action: 'experiment.create' } },
      schema: {
        operationId: 'adminCreateExperiment',
        tags: ['Experiments'],
        summary: "Start an experiment on a page's audiences (a holdout or an A/B test)",
        description:
          'Visits to an audience of the page are split between the arms by a hash of the experiment and the unit ' +
          "(the account of the audience's person, else the person, else the visitor), decided on the server before " +
          'the page renders. One running experiment per page (`conflict` otherwise). See docs/experiments.md.',
        params: AdminPagePath,
        body: CreateExperimentBody,
        response: { 201: Experiment, ...problemResponses('not_found', 'validation_failed', 'conflict') },
      },
    },
    async (request, reply) => {
      const experiment = await createExperiment(
        app.db,
        request.tenantId,
        request.params.page_id,
        request.body,
      );
      return reply.code(201).send(experiment);
    },
  );
}
