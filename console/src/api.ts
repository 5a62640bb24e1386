/**
 * The console's ONE way to the server: every call to the operator API (/admin/v0) goes through
 * this module. The calls go through the typed admin client generated from docs/admin-openapi.json
 * (`@quire/client/admin`: openapi-fetch over openapi-typescript's types), which sends the session
 * cookie (same origin) and echoes the session's CSRF token on every state-changing call; this
 * module turns problem+json answers into ApiProblem and keeps the screens' short names. Every type
 * below is derived from the generated schema, so a change of the server's schemas is a type error
 * here or in a screen, not a surprise in the browser (`npm run openapi` regenerates the schema).
 *
 * Sections: types, runtime lists, the problem, the client, then `api` grouped by screen. Add a call
 * to the group of its screen.
 */
import { type components, createAdminClient, type paths } from '@quire/client/admin';
// Pure catalogues with no imports of server code (docs/architecture.md, "console/"): one list each.
import { SCOPES, type Scope } from '../../src/domain/scopes.js';
import { EVENT_TYPES } from '../../src/outbox/event-types.js';

export { EVENT_TYPES, SCOPES, type Scope };

// --- Types, derived from the generated schema --------------------------------------------------

type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'patch' | 'delete';
/** The JSON a successful call of this operation answers (its 200, else its 201). */
type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : never
  : never;
/** The JSON body an operation takes. */
type Body<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;
type ItemOf<P extends keyof paths> = Answer<P, 'get'> extends { items: (infer T)[] } ? T : never;

export type Me = Answer<'/admin/v0/me', 'get'>;
export type Operator = Me['operator'];
export type Role = Operator['role'];
export type Tenant = Schemas['TenantSummary'];

export type Page = Schemas['Page'];
export type PageStatus = Page['status'];
export type PageBody = Schemas['PageBody'];
export type PageAction = NonNullable<Page['actions']>[number];
/** What the page form sends (create: brandId, name and title required). */
export type PageInput = Schemas['AdminUpdatePageBody'] & Partial<Schemas['AdminCreatePageBody']>;

export type Audience = Schemas['Audience'];
export type Version = Schemas['VersionDetail'];
export type AudienceContent = Schemas['AudienceContent'];
export type Message = Schemas['Message'];
export type Person = Schemas['Person'];
export type Account = Schemas['Account'];
/** One entry of an account's timeline: an account log, or a log of one of its linked persons. */
export type ActivityItem = Schemas['AccountActivityItem'];
export type AuditEntry = ItemOf<'/admin/v0/tenants/{tenant}/audit'>;

export type Asset = Schemas['Asset'];
export type AssetType = Asset['data']['type'];
export type AssetInput = Schemas['AdminCreateAssetBody'];
export type AssetEdit = Schemas['AdminUpdateAssetBody'];
export type Topic = Schemas['TopicWithEntries'];
export type TopicEntry = Schemas['TopicEntry'];
export type EntryContent = TopicEntry['content'];

/** What an operator sees of an API key: never the key itself, which is not stored. */
export type ApiKey = ItemOf<'/admin/v0/tenants/{tenant}/keys'>;
/** The answer to a create: the key itself, this once (absent from an idempotent replay). */
export type CreatedKey = Answer<'/admin/v0/tenants/{tenant}/keys', 'post'>;
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type FieldProblem = Schemas['FieldProblem'];

// --- Runtime lists the forms offer, checked against the schema ----------------------------------

/**
 * A list of every member of the union T, in the order given: a value missing from the list, or
 * one the schema does not know, is a type error (so the list cannot drift from the server's).
 */
const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : 'missing a value')) =>
    list;

export const ROLES = everyOf<Role>()(['viewer', 'editor', 'publisher', 'admin']);
export const PAGE_TYPES = everyOf<Page['pageType']>()([
  'inbound',
  'outbound',
  'call_followup',
  'sales_deck',
  'custom',
]);
export const ASSET_TYPES = everyOf<AssetType>()(['image', 'logo', 'icon', 'video', 'custom-component']);
export const ENTRY_CONTENT_TYPES = everyOf<EntryContent['type']>()(['text', 'markdown', 'url']);

// --- The problem --------------------------------------------------------------------------------

/** A problem+json answer (RFC 9457), as the server renders every error. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldProblem[] = [],
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }

  /** Field errors by form path: `/body/headline` becomes `body.headline`. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      if (e.pointer) out[e.pointer.slice(1).replaceAll('/', '.')] ??= e.detail;
    }
    return out;
  }
}

/** Messages per conversation page: the newest this many show first, older ones on request. */
export const CONVERSATION_PAGE = 40;

// --- The client ---------------------------------------------------------------------------------

const BASE = '/admin/v0';
let csrfToken: string | undefined;
const client = createAdminClient({ baseUrl: '', csrfToken: () => csrfToken });

/** The data of a successful answer; otherwise the answer's problem, thrown as ApiProblem. */
async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const p = (typeof error === 'object' && error !== null ? error : {}) as Partial<Schemas['Problem']>;
  throw new ApiProblem(
    response.status,
    p.code ?? 'internal',
    p.detail ?? response.statusText,
    p.errors ?? [],
  );
}

/** Query parameters without the empty ones: an empty search box means no filter. */
function present<Q extends Record<string, string | number | undefined>>(query: Q): Q {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Q;
}

const remember = (me: Me) => {
  csrfToken = me.csrfToken;
  return me;
};
const tenantPath = (tenant: string) => ({ path: { tenant } });

// --- The calls, grouped by screen ---------------------------------------------------------------

export const api = {
  // Session and tenants
  signIn: async (email: string, password: string) =>
    remember(await ok(client.POST('/admin/v0/session', { body: { email, password } }))),
  me: async () => remember(await ok(client.GET('/admin/v0/me'))),
  changePassword: async (currentPassword: string, newPassword: string) =>
    remember(await ok(client.POST('/admin/v0/me/password', { body: { currentPassword, newPassword } }))),
  signOut: () => ok(client.DELETE('/admin/v0/session')),
  signOutEverywhere: () => ok(client.POST('/admin/v0/session/sign-out-everywhere')),
  listTenants: () => ok(client.GET('/admin/v0/tenants')),

  // Pages
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

  // Audiences and their workspace
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

  // Persons and accounts
  listPersons: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/persons', {
        params: { path: { tenant }, query: present({ cursor, limit: 100 }) },
      }),
    ),
  listAccounts: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts', {
        params: { path: { tenant }, query: present({ cursor, limit: 50 }) },
      }),
    ),
  getAccount: (tenant: string, accountId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts/{account_id}', {
        params: { path: { tenant, account_id: accountId } },
      }),
    ),
  listActivity: (tenant: string, accountId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts/{account_id}/activity', {
        params: {
          path: { tenant, account_id: accountId },
          query: present({ includePersonActivity: 'true', cursor, limit: 50 }),
        },
      }),
    ),
  renameAccount: (tenant: string, accountId: string, name: string) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/accounts/{account_id}', {
        params: { path: { tenant, account_id: accountId } },
        body: { name },
      }),
    ),

  // Assets
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

  // Topics and their entries
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

  // Audit log
  listAudit: (
    tenant: string,
    filters: {
      actor?: string;
      action?: string;
      record?: string;
      since?: string;
      until?: string;
      cursor?: string;
    },
  ) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/audit', {
        params: { path: { tenant }, query: present({ ...filters, limit: 50 }) },
      }),
    ),

  // Settings: operators, API keys, webhooks
  listOperators: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/operators', {
        params: { path: { tenant }, query: present({ cursor, limit: 100 }) },
      }),
    ),
  createOperator: (tenant: string, input: { email: string; role: Role }) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/operators', { params: tenantPath(tenant), body: input })),
  setOperatorRole: (tenant: string, operatorId: string, role: Role) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/operators/{operator_id}', {
        params: { path: { tenant, operator_id: operatorId } },
        body: { role },
      }),
    ),
  setOperatorDisabled: (tenant: string, operatorId: string, disabled: boolean) =>
    ok(
      client.POST(`/admin/v0/tenants/{tenant}/operators/{operator_id}/${disabled ? 'disable' : 'enable'}`, {
        params: { path: { tenant, operator_id: operatorId } },
      }),
    ),
  resetOperatorPassword: (tenant: string, operatorId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/operators/{operator_id}/reset-password', {
        params: { path: { tenant, operator_id: operatorId } },
      }),
    ),
  listKeys: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/keys', {
        params: { path: { tenant }, query: present({ cursor, limit: 100 }) },
      }),
    ),
  createKey: (tenant: string, input: { label?: string; scopes?: Scope[] }) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/keys', { params: tenantPath(tenant), body: input })),
  revokeKey: (tenant: string, keyId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/keys/{keyId}/revoke', {
        params: { path: { tenant, keyId } },
      }),
    ),
  listWebhooks: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/webhooks', {
        params: { path: { tenant }, query: present({ cursor, limit: 100 }) },
      }),
    ),
  getWebhook: (tenant: string, webhookId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/webhooks/{webhookId}', {
        params: { path: { tenant, webhookId } },
      }),
    ),
  createWebhook: (tenant: string, input: { url: string; events: string[]; description?: string }) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/webhooks', { params: tenantPath(tenant), body: input })),
  deleteWebhook: (tenant: string, webhookId: string) =>
    ok(
      client.DELETE('/admin/v0/tenants/{tenant}/webhooks/{webhookId}', {
        params: { path: { tenant, webhookId } },
      }),
    ),
  listDeliveries: (tenant: string, webhookId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/webhooks/{webhookId}/deliveries', {
        params: { path: { tenant, webhookId }, query: present({ cursor, limit: 50 }) },
      }),
    ),
  replayDelivery: (tenant: string, webhookId: string, deliveryId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/webhooks/{webhookId}/deliveries/{deliveryId}/replay', {
        params: { path: { tenant, webhookId, deliveryId } },
      }),
    ),
};

// ---------------------------------------------------------------------------------------------
// Console extras (issue 18: selected element, engagement, tenant settings, webhook edit, search).
// Kept in one block, apart from the calls above, so either side can change without the other.
// ---------------------------------------------------------------------------------------------

export type EngagementCounts = Schemas['EngagementCounts'];
export type TenantSettings = Schemas['Tenant'];

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

export const settingsApi = {
  getTenant: (tenant: string) => ok(client.GET('/admin/v0/tenants/{tenant}', { params: tenantPath(tenant) })),
  setHandle: (tenant: string, handle: string) =>
    ok(client.PATCH('/admin/v0/tenants/{tenant}', { params: tenantPath(tenant), body: { handle } })),
  addHost: (tenant: string, host: string) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/hosts', { params: tenantPath(tenant), body: { host } })),
  removeHost: (tenant: string, host: string) =>
    ok(client.DELETE('/admin/v0/tenants/{tenant}/hosts/{host}', { params: { path: { tenant, host } } })),
};

export const webhookEditApi = {
  updateWebhook: (
    tenant: string,
    webhookId: string,
    input: Body<'/admin/v0/tenants/{tenant}/webhooks/{webhookId}', 'patch'>,
  ) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/webhooks/{webhookId}', {
        params: { path: { tenant, webhookId } },
        body: input,
      }),
    ),
  /** A new signing secret, answered once; the previous one keeps signing for `overlapMinutes`. */
  rotateWebhookSecret: (tenant: string, webhookId: string, overlapMinutes: number) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/webhooks/{webhookId}/rotate', {
        params: { path: { tenant, webhookId } },
        body: { overlapMinutes },
      }),
    ),
};

export const searchApi = {
  /** Persons whose name, email or domain contains `q`; `hasMore` may come with a short page. */
  searchPersons: (tenant: string, q: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/persons', {
        params: { path: { tenant }, query: present({ q, cursor, limit: 100 }) },
      }),
    ),
  /** Accounts whose name or domain contains `q`. */
  searchAccounts: (tenant: string, q: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts', {
        params: { path: { tenant }, query: present({ q, cursor, limit: 50 }) },
      }),
    ),
};

export const webhookCheckApi = {
  /** A signed `webhook.test` event, sent at once; answers its delivery (one attempt). */
  sendTestEvent: (tenant: string, webhookId: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/webhooks/{webhookId}/test', {
        params: { path: { tenant, webhookId } },
      }),
    ),
  /** Queues again the failed deliveries created since `since` (500 a call; `hasMore` says more are left). */
  replayFailedSince: (tenant: string, webhookId: string, since: string) =>
    ok(
      client.POST('/admin/v0/tenants/{tenant}/webhooks/{webhookId}/replay', {
        params: { path: { tenant, webhookId } },
        body: { since },
      }),
    ),
};
