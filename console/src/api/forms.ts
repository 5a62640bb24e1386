/** The leads a page's forms captured (docs/forms.md): list, mark a test, the CSV export. */
import { BASE, client, ok, present } from './client';

export const formCalls = {
  listSubmissions: (tenant: string, pageId: string, includeTests: boolean, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}/form-submissions', {
        params: {
          path: { tenant, page_id: pageId },
          query: { ...present({ cursor }), includeTests, limit: 50 },
        },
      }),
    ),
  markSubmission: (tenant: string, submissionId: string, test: boolean) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/form-submissions/{submission_id}', {
        params: { path: { tenant, submission_id: submissionId } },
        body: { test },
      }),
    ),
};

/** The export is a plain GET the browser downloads with the session cookie. */
export const submissionsCsvUrl = (tenant: string, pageId: string) =>
  `${BASE}/tenants/${encodeURIComponent(tenant)}/pages/${encodeURIComponent(pageId)}/form-submissions.csv`;
