/** Target-list imports (docs/imports.md): preview, start, follow, review, publish in bulk. */
import { ApiProblem, BASE, client, currentCsrfToken, ok } from './client';
import type { Schemas } from './types';

export type ImportJob = Schemas['ImportJob'];
export type ImportPreview = Schemas['ImportPreview'];
export type ImportEngagementItem = Schemas['ImportEngagementItem'];
export type ImportEngagementTotals = Schemas['ImportEngagementTotals'];

/** Sends the file as the request body (the typed client sends JSON only). */
async function upload<T>(
  tenant: string,
  pageId: string,
  file: File,
  query: Record<string, string>,
): Promise<T> {
  const params = new URLSearchParams({ fileName: file.name, ...query });
  const token = currentCsrfToken();
  const response = await fetch(
    `${BASE}/tenants/${encodeURIComponent(tenant)}/pages/${encodeURIComponent(pageId)}/imports?${params}`,
    {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': file.name.toLowerCase().endsWith('.jsonl') ? 'application/x-ndjson' : 'text/csv',
        ...(token === undefined ? {} : { 'x-csrf-token': token }),
      },
      body: file,
    },
  );
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiProblem(
      response.status,
      body.code ?? 'internal',
      body.detail ?? response.statusText,
      body.errors ?? [],
    );
  }
  return body as T;
}

export const importCalls = {
  previewImport: (tenant: string, pageId: string, file: File, mapping: Record<string, string>) =>
    upload<ImportPreview>(tenant, pageId, file, { dryRun: 'true', mapping: JSON.stringify(mapping) }),
  startImport: (tenant: string, pageId: string, file: File, mapping: Record<string, string>) =>
    upload<ImportJob>(tenant, pageId, file, { mapping: JSON.stringify(mapping) }),
  /** The tenant's event stream, import events only (import.progress, import.finished). */
  importEventsUrl: (tenant: string) =>
    `${BASE}/tenants/${encodeURIComponent(tenant)}/events?${new URLSearchParams({ types: 'import.*' })}`,
  getImport: (tenant: string, importId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/imports/{import_id}', {
        params: { path: { tenant, import_id: importId } },
      }),
    ),
  listImportRejects: (tenant: string, importId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/imports/{import_id}/rejects', {
        params: { path: { tenant, import_id: importId } },
      }),
    ),
  reviewImport: (tenant: string, importId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/imports/{import_id}/audiences', {
        params: { path: { tenant, import_id: importId }, query: { limit: 200 } },
      }),
    ),
  publishImport: (
    tenant: string,
    importId: string,
    body: { audienceIds?: string[]; allGrounded?: boolean },
  ) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/imports/{import_id}/publish', {
        params: { path: { tenant, import_id: importId } },
        body,
      }),
    ),
  /** The page's earlier imports, newest first. */
  listImports: (tenant: string, pageId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}/imports', {
        params: { path: { tenant, page_id: pageId }, query: cursor === undefined ? {} : { cursor } },
      }),
    ),
  /** Which of the import's audiences were visited, clicked, submitted: a page of them (totals on the first). */
  importEngagement: (tenant: string, importId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/imports/{import_id}/engagement', {
        params: { path: { tenant, import_id: importId }, query: cursor === undefined ? {} : { cursor } },
      }),
    ),
  cancelImport: (tenant: string, importId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/imports/{import_id}/cancel', {
        params: { path: { tenant, import_id: importId } },
      }),
    ),
};

/** Links to the CSV downloads (the session cookie authorises a plain link). */
export const importFiles = (tenant: string, importId: string) => ({
  rejects: `${BASE}/tenants/${encodeURIComponent(tenant)}/imports/${encodeURIComponent(importId)}/rejects.csv`,
  urls: `${BASE}/tenants/${encodeURIComponent(tenant)}/imports/${encodeURIComponent(importId)}/urls.csv`,
  engagement: `${BASE}/tenants/${encodeURIComponent(tenant)}/imports/${encodeURIComponent(importId)}/engagement.csv`,
});
