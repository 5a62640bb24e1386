/** Pages, their audiences and the audience workspace (versions, conversation, engagement). */
import { BASE, client, ok, present, tenantPath } from './client';
import type { Body, PageInput, PageStatus } from './types';

/** Messages per conversation page: the newest this many show first, older ones on request. */
export const CONVERSATION_PAGE = 40;

export const pageCalls = {
  listPages: (tenant: string, filters: { search?: string; status?: PageStatus; cursor?: string }) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages', {
        params: { path: { tenant }, query: present({ ...filters, limit: 50 }) },
      }),
    ),
  getPage: (tenant: string, pageId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
  createPage: (tenant: string, input: PageInput) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages', {
        params: tenantPath(tenant),
        body: input as Body<'/admin/v0/tenants/{tenant}/pages', 'post'>,
      }),
    ),
  updatePage: (tenant: string, pageId: string, input: PageInput) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/pages/{page_id}', {
        params: { path: { tenant, page_id: pageId } },
        body: input,
      }),
    ),
  archivePage: (tenant: string, pageId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages/{page_id}/archive', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
  restorePage: (tenant: string, pageId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages/{page_id}/restore', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
  deletePage: (tenant: string, pageId: string) =>
    ok(
      client.DELETE('/admin/v0/tenants/{tenant}/pages/{page_id}', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
};

export const audienceCalls = {
  listAudiences: (tenant: string, pageId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}/audiences', {
        params: { path: { tenant, page_id: pageId }, query: present({ cursor, limit: 100 }) },
      }),
    ),
  getAudience: (tenant: string, audienceId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/audiences/{audience_id}', {
        params: { path: { tenant, audience_id: audienceId } },
      }),
    ),
  createAudience: (tenant: string, pageId: string, input: { personId?: string; customName?: string }) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages/{page_id}/audiences', {
        params: { path: { tenant, page_id: pageId } },
        body: input,
      }),
    ),
  archiveAudience: (tenant: string, audienceId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/audiences/{audience_id}/archive', {
        params: { path: { tenant, audience_id: audienceId } },
      }),
    ),
  unarchiveAudience: (tenant: string, audienceId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/audiences/{audience_id}/unarchive', {
        params: { path: { tenant, audience_id: audienceId } },
      }),
    ),
  listVersions: (tenant: string, audienceId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/audiences/{audience_id}/versions', {
        params: { path: { tenant, audience_id: audienceId }, query: { limit: 100 } },
      }),
    ),
  previewOf: (tenant: string, versionId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/versions/{version_id}/preview', {
        params: { path: { tenant, version_id: versionId } },
      }),
    ),
  /** The newest messages first (`from: newest`); the cursor reads the window of older ones. */
  listConversation: (tenant: string, audienceId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/audiences/{audience_id}/conversation', {
        params: {
          path: { tenant, audience_id: audienceId },
          query: present({ from: 'newest' as const, cursor, limit: CONVERSATION_PAGE }),
        },
      }),
    ),
  sendMessage: (tenant: string, pageId: string, audienceId: string, message: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages/{page_id}/audiences/{audience_id}/messages', {
        params: { path: { tenant, page_id: pageId, audience_id: audienceId } },
        body: { message },
      }),
    ),
  versionAction: (tenant: string, versionId: string, verb: 'publish' | 'cancel' | 'restore') =>
    ok(
      client.POST(`/admin/v0/tenants/{tenant}/versions/{version_id}/${verb}`, {
        params: { path: { tenant, version_id: versionId } },
      }),
    ),
  /** The tenant's events as they happen (Server-Sent Events; the session cookie goes along). */
  eventsUrl: (tenant: string, audienceId: string) =>
    `${BASE}/tenants/${encodeURIComponent(tenant)}/events?${new URLSearchParams({ audienceId })}`,
};

/** Console extras (issue 18): a message about the preview element picked. */
export const extras = {
  /** A message to the page agent, about the preview element the operator picked (if any). */
  sendMessageAbout: (
    tenant: string,
    pageId: string,
    audienceId: string,
    message: string,
    selectedElement: Record<string, unknown> | null,
  ) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/pages/{page_id}/audiences/{audience_id}/messages', {
        params: { path: { tenant, page_id: pageId, audience_id: audienceId } },
        body: { message, ...(selectedElement ? { selectedElement } : {}) },
      }),
    ),
};

export const engagementApi = {
  /** `items` per audience and version; `audiences` per audience, a visitor counted once. */
  pageEngagement: (tenant: string, pageId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/pages/{page_id}/engagement', {
        params: { path: { tenant, page_id: pageId } },
      }),
    ),
};
