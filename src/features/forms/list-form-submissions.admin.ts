import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { AdminPagePath } from '../pages/pages.schemas.js';
import { FormSubmission, SubmissionFilters } from './forms.schemas.js';
import { listSubmissions } from './submissions.service.js';

export function listFormSubmissionsAdmin(app: App): void {
  app.get(
    '/tenants/:tenant/pages/:page_id/form-submissions',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListFormSubmissions',
        tags: ['Pages'],
        summary: "The leads a page's forms captured, newest first",
        description:
          'Per page, optionally one audience (`page`: the page itself); test submissions only with ' +
          '`includeTests=true`; `unproven` selects by the proof of work (docs/forms.md).',
        params: AdminPagePath,
        querystring: Type.Object({ ...SubmissionFilters, cursor: CursorQuery, limit: LimitQuery }),
        response: {
          200: PageOf(FormSubmission),
          ...problemResponses('not_found', 'invalid_cursor'),
        },
      },
    },
    async (request) => listSubmissions(app.db, request.tenantId, request.params.page_id, request.query),
  );
}
