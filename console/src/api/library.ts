/** Assets and topics with their entries. */
import { client, ok, present, tenantPath } from './client';
import type { AssetEdit, AssetInput, EntryContent } from './types';

export const assetCalls = {
  /** `removed`: trashed and deleted assets too (the list shows active ones, hidden included). */
  listAssets: (tenant: string, filters: { search?: string; removed?: boolean; cursor?: string }) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/assets', {
        params: {
          path: { tenant },
          query: present({
            search: filters.search,
            cursor: filters.cursor,
            ...(filters.removed ? { includeTrashed: 'true', includeDeleted: 'true' } : {}),
            limit: 50,
          }),
        },
      }),
    ),
  getAsset: (tenant: string, assetId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/assets/{asset_id}', {
        params: { path: { tenant, asset_id: assetId } },
      }),
    ),
  createAsset: (tenant: string, input: AssetInput) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/assets', { params: tenantPath(tenant), body: input })),
  editAsset: (tenant: string, assetId: string, edit: AssetEdit) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/assets/{asset_id}', {
        params: { path: { tenant, asset_id: assetId } },
        body: edit,
      }),
    ),
  assetAction: (tenant: string, assetId: string, verb: 'trash' | 'restore' | 'delete') =>
    ok(
      client.POST(`/admin/v0/tenants/{tenant}/assets/{asset_id}/${verb}`, {
        params: { path: { tenant, asset_id: assetId } },
      }),
    ),
};

export const topicCalls = {
  listTopics: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/topics', {
        params: { path: { tenant }, query: present({ cursor, limit: 50 }) },
      }),
    ),
  getTopic: (tenant: string, topicId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/topics/{topic_id}', {
        params: { path: { tenant, topic_id: topicId } },
      }),
    ),
  createTopic: (tenant: string, name: string) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/topics', { params: tenantPath(tenant), body: { name } })),
  renameTopic: (tenant: string, topicId: string, name: string) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/topics/{topic_id}', {
        params: { path: { tenant, topic_id: topicId } },
        body: { name },
      }),
    ),
  addEntry: (tenant: string, topicId: string, content: EntryContent) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/topics/{topic_id}/entries', {
        params: { path: { tenant, topic_id: topicId } },
        body: { content },
      }),
    ),
  changeEntry: (tenant: string, topicId: string, entryId: string, content: EntryContent) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/topics/{topic_id}/entries/{entry_id}', {
        params: { path: { tenant, topic_id: topicId, entry_id: entryId } },
        body: { content },
      }),
    ),
  deleteEntry: (tenant: string, topicId: string, entryId: string) =>
    ok(
      client.DELETE('/admin/v0/tenants/{tenant}/topics/{topic_id}/entries/{entry_id}', {
        params: { path: { tenant, topic_id: topicId, entry_id: entryId } },
      }),
    ),
  /** Every entry of the topic, in the new order (the server refuses a partial list). */
  reorderEntries: (tenant: string, topicId: string, topicEntryIds: string[]) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/topics/{topic_id}/entries/reorder', {
        params: { path: { tenant, topic_id: topicId } },
        body: { topicEntryIds },
      }),
    ),
};
