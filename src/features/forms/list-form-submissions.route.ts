import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { CursorQuery, LimitQuery, PageOf } from '../../http/pagination.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { PagePath } from '../pages/pages.schemas.js';
import { FormSubmission, SubmissionFilters } from './forms.schemas.js';
import { listSubmissions } from './submissions.service.js';

/**
 * Extension: a page's leads for an integrator and, through it, an MCP tool (`list_form_submissions`),
 * the same read as the operator API's. A lead is a person's data, so it takes `persons:read`: a key
 * that only reads pages does not read who filled in their forms.
 */
export function listFormSubmissionsRoute(app: App): void {
  app.get(
    '/v0/pages/:page_id/form-submissions',
    {
      config: { scope: 'persons:read' },
      schema: {
        operationId: 'listFormSubmissions',
        tags: ['Pages'],
        summary: "List the leads a page's forms captured, newest first",
        description:
          "Extension. The same read as the operator API's: per page, optionally one audience (`page`: " +
          'the page itself); test submissions only with `includeTests=true`; `unproven` selects by the ' +
          'proof of work. Keyset pagination: pass `nextCursor` back as `cursor`. The `form.submitted` ' +
          'event (webhooks, `GET /v0/events`) announces each new one (docs/forms.md).',
        params: PagePath,
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
