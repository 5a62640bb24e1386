import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { AdminSubmissionPath, FormSubmission, MarkSubmissionBody } from './forms.schemas.js';
import { markSubmission } from './submissions.service.js';

export function markFormSubmissionAdmin(app: App): void {
  app.patch(
    '/tenants/:tenant/form-submissions/:submission_id',
    {
      config: { policy: { access: 'editor', action: 'form_submission.mark' } },
      schema: {
        operationId: 'adminMarkFormSubmission',
        tags: ['Pages'],
        summary: 'Mark a form submission as a test (or not)',
        description:
          'A test submission is left out of every count (lists without `includeTests`, the export, ' +
          "the page's conversions); its person and log stay.",
        params: AdminSubmissionPath,
        body: MarkSubmissionBody,
        response: { 200: FormSubmission, ...problemResponses('not_found', 'validation_failed') },
      },
    },
    async (request) =>
      markSubmission(app.db, request.tenantId, request.params.submission_id, request.body.test),
  );
}
