/**
 * The console's ONE way to the server: every call to the operator API (/admin/v0) goes through
 * this module, which sends the session cookie (same origin), echoes the session's CSRF token on
 * every state-changing call and turns problem+json answers into ApiProblem. When the typed admin
 * client generated from the admin OpenAPI document lands (openapi-typescript + openapi-fetch, like
 * clients/typescript), this file switches to it; no screen changes. Until then the types below are
 * written by hand from the admin routes' schemas (src/features/*\/*.schemas.ts), members the
 * console reads only.
 */

export type Role = 'viewer' | 'editor' | 'publisher' | 'admin';
export const ROLES: Role[] = ['viewer', 'editor', 'publisher', 'admin'];

export interface Operator {
  operatorId: string;
  tenantId: string | null;
  email: string;
  role: Role;
  instanceAdmin: boolean;
  mustChangePassword: boolean;
  disabledAt: string | null;
  createdAt: string;
}

export interface Me {
  operator: Operator;
  csrfToken: string;
}

export interface Tenant {
  tenantId: string;
  name: string;
}

export type PageStatus = 'draft' | 'published' | 'archived';
export const PAGE_TYPES = ['inbound', 'outbound', 'call_followup', 'sales_deck', 'custom'] as const;

export interface PageBody {
  headline: string;
  subheadline: string;
  sections: { heading: string; text: string; imageAssetId?: string }[];
}

export interface PageAction {
  actionId: string;
  actionIndex: number;
  purpose: string;
  buttonTitle: string;
  actionType: string;
  url: string;
}

export interface Page {
  pageId: string;
  brandId: string;
  name: string;
  title: string;
  slug?: string;
  pageType: (typeof PAGE_TYPES)[number];
  pageContext: string;
  status: PageStatus;
  body?: PageBody;
  actions?: PageAction[];
  audiencesCount: number;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
  deletedAt: string | null;
}

/** What the page form sends (create: brandId, name and title required). */
export interface PageInput {
  brandId?: string;
  name?: string;
  title?: string;
  slug?: string;
  pageType?: (typeof PAGE_TYPES)[number];
  pageContext?: string;
  body?: PageBody;
  actions?: PageAction[];
}

export interface AuditEntry {
  id: string;
  actor: { kind: 'operator' | 'api_key' | 'admin_token' | 'cli'; id: string | null; label: string };
  action: string;
  recordType: string | null;
  recordId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: string;
}

export interface ListPage<T> {
  items: T[];
  totalCount: number | null;
  hasMore: boolean;
  nextCursor: string | null;
}

export type VersionStatus =
  | 'archived'
  | 'cancelled'
  | 'draft'
  | 'pending'
  | 'processing'
  | 'published'
  | 'queued';

/** Everything the page agent can change, as a version holds it. */
export interface AudienceContent {
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string[];
  supplementaryContext: string;
  buttonTitles: Record<string, string>;
  actionUrl: string;
  headline: string;
  subheadline: string;
}

export interface Version {
  versionId: string;
  audienceId: string;
  versionNumber: number;
  status: VersionStatus;
  createdAt: string;
  publishedAt: string | null;
  content: AudienceContent | null;
  previewUrl?: string;
  lastError?: string | null;
}

export interface Audience {
  audienceId: string;
  pageId: string;
  status: VersionStatus;
  effectiveName: string;
  personId: string | null;
  publicUrl?: string;
  latestVersion: Version | null;
  publishedVersion: Version | null;
  createdAt: string;
  archivedAt: string | null;
}

export interface Change {
  changeId: string;
  field: string;
  previousValue: string;
  newValue: string;
}

export interface Message {
  messageId: string;
  role: 'user' | 'agent';
  content: string;
  timestamp: number;
  changes: Change[];
  versionId: string | null;
}

export interface Person {
  personId: string;
  name: string;
  email: string | null;
  domain?: string | null;
  createdAt?: string;
}

/** The scope names of API keys (src/domain/scopes.ts; docs/admin-api.md, "API key scopes"). */
export const SCOPES = [
  'persons:read',
  'persons:write',
  'pages:read',
  'pages:write',
  'pages:publish',
  'assets:read',
  'assets:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** What an operator sees of an API key: never the key itself, which is not stored. */
export interface ApiKey {
  keyId: string;
  prefix: string;
  label: string | null;
  /** Null: full access. */
  scopes: Scope[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to a create: the key itself, this once (absent from an idempotent replay). */
export interface CreatedKey extends Omit<ApiKey, 'lastUsedAt' | 'revokedAt'> {
  apiKey?: string;
}

/** The event types an endpoint can subscribe to (src/events/event-types.ts), besides wildcards. */
export const EVENT_TYPES = [
  'message.created',
  'version.queued',
  'version.drafted',
  'version.published',
  'version.cancelled',
  'audience.created',
  'audience.archived',
  'page.published',
  'page.archived',
  'page.viewed',
  'cta.clicked',
  'person.created',
  'account.created',
  'account_log.created',
] as const;

export interface Webhook {
  webhookId: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  secretPrefix: string;
  failingSince: string | null;
  lastSuccessAt: string | null;
  createdAt: string;
}

export interface WebhookAttempt {
  attemptId: string;
  attemptedAt: string;
  durationMs: number;
  outcome: 'succeeded' | 'failed';
  responseStatus: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  deliveryId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attemptCount: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  replayOf: string | null;
  replayedBy: string | null;
  createdAt: string;
  attempts: WebhookAttempt[];
}

export interface Account {
  accountId: string;
  domain: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  latestActivityAt: string;
  linkedPersonsCount: number;
}

/** One entry of an account's timeline: an account log, or a log of one of its linked persons. */
export interface ActivityItem {
  activityId: string;
  accountLogId: string | null;
  personId: string | null;
  personName: string | null;
  source: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
  deletedAt: string | null;
}

export interface FieldProblem {
  pointer?: string;
  parameter?: string;
  header?: string;
  detail: string;
  code: string;
}

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

const BASE = '/admin/v0';
let csrfToken: string | null = null;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text.length > 0 ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const p = (parsed ?? {}) as { code?: string; detail?: string; errors?: FieldProblem[] };
    throw new ApiProblem(
      response.status,
      p.code ?? 'internal',
      p.detail ?? response.statusText,
      p.errors ?? [],
    );
  }
  return parsed as T;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text.length > 0 ? `?${text}` : '';
}

const t = (tenant: string) => `/tenants/${encodeURIComponent(tenant)}`;
const remember = (me: Me) => {
  csrfToken = me.csrfToken;
  return me;
};

export const api = {
  signIn: async (email: string, password: string) =>
    remember(await call<Me>('POST', '/session', { email, password })),
  me: async () => remember(await call<Me>('GET', '/me')),
  changePassword: async (currentPassword: string, newPassword: string) =>
    remember(await call<Me>('POST', '/me/password', { currentPassword, newPassword })),
  signOut: () => call<{ success: boolean }>('DELETE', '/session'),
  signOutEverywhere: () => call<{ success: boolean }>('POST', '/session/sign-out-everywhere'),

  listTenants: () => call<{ items: Tenant[] }>('GET', '/tenants'),

  listPages: (tenant: string, filters: { search?: string; status?: string; cursor?: string }) =>
    call<ListPage<Page>>('GET', `${t(tenant)}/pages${query({ ...filters, limit: 50 })}`),
  getPage: (tenant: string, pageId: string) => call<Page>('GET', `${t(tenant)}/pages/${pageId}`),
  createPage: (tenant: string, input: PageInput) => call<Page>('POST', `${t(tenant)}/pages`, input),
  updatePage: (tenant: string, pageId: string, input: PageInput) =>
    call<Page>('PATCH', `${t(tenant)}/pages/${pageId}`, input),
  archivePage: (tenant: string, pageId: string) => call<Page>('POST', `${t(tenant)}/pages/${pageId}/archive`),
  restorePage: (tenant: string, pageId: string) => call<Page>('POST', `${t(tenant)}/pages/${pageId}/restore`),
  deletePage: (tenant: string, pageId: string) => call<Page>('DELETE', `${t(tenant)}/pages/${pageId}`),

  listAudiences: (tenant: string, pageId: string, cursor?: string) =>
    call<ListPage<Audience>>('GET', `${t(tenant)}/pages/${pageId}/audiences${query({ cursor, limit: 100 })}`),
  getAudience: (tenant: string, audienceId: string) =>
    call<Audience>('GET', `${t(tenant)}/audiences/${audienceId}`),
  createAudience: (tenant: string, pageId: string, input: { personId?: string; customName?: string }) =>
    call<Audience>('POST', `${t(tenant)}/pages/${pageId}/audiences`, input),
  archiveAudience: (tenant: string, audienceId: string) =>
    call<Audience>('POST', `${t(tenant)}/audiences/${audienceId}/archive`),
  unarchiveAudience: (tenant: string, audienceId: string) =>
    call<Audience>('POST', `${t(tenant)}/audiences/${audienceId}/unarchive`),
  listVersions: (tenant: string, audienceId: string) =>
    call<ListPage<Version>>('GET', `${t(tenant)}/audiences/${audienceId}/versions${query({ limit: 100 })}`),
  previewOf: (tenant: string, versionId: string) =>
    call<{ versionId: string; previewUrl: string }>('GET', `${t(tenant)}/versions/${versionId}/preview`),
  /** The newest messages: the conversation is kept oldest first, so the last window is read. */
  listConversation: (tenant: string, audienceId: string, cursor?: string) =>
    call<ListPage<Message>>(
      'GET',
      `${t(tenant)}/audiences/${audienceId}/conversation${query({ cursor, limit: 100 })}`,
    ),
  sendMessage: (tenant: string, pageId: string, audienceId: string, message: string) =>
    call<{ versionId: string }>('POST', `${t(tenant)}/pages/${pageId}/audiences/${audienceId}/messages`, {
      message,
    }),
  versionAction: (tenant: string, versionId: string, verb: 'publish' | 'cancel' | 'restore') =>
    call<Version>('POST', `${t(tenant)}/versions/${versionId}/${verb}`),
  listPersons: (tenant: string, cursor?: string) =>
    call<ListPage<Person>>('GET', `${t(tenant)}/persons${query({ cursor, limit: 100 })}`),
  /** The tenant's events as they happen (Server-Sent Events; the session cookie goes along). */
  eventsUrl: (tenant: string, audienceId: string) => `${BASE}${t(tenant)}/events${query({ audienceId })}`,

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
  ) => call<ListPage<AuditEntry>>('GET', `${t(tenant)}/audit${query({ ...filters, limit: 50 })}`),

  listOperators: (tenant: string, cursor?: string) =>
    call<ListPage<Operator>>('GET', `${t(tenant)}/operators${query({ cursor, limit: 100 })}`),
  createOperator: (tenant: string, input: { email: string; role: Role }) =>
    call<{ operator: Operator; oneTimePassword: string | null }>('POST', `${t(tenant)}/operators`, input),
  setOperatorRole: (tenant: string, operatorId: string, role: Role) =>
    call<Operator>('PATCH', `${t(tenant)}/operators/${operatorId}`, { role }),
  setOperatorDisabled: (tenant: string, operatorId: string, disabled: boolean) =>
    call<Operator>('POST', `${t(tenant)}/operators/${operatorId}/${disabled ? 'disable' : 'enable'}`),
  resetOperatorPassword: (tenant: string, operatorId: string) =>
    call<{ operator: Operator; oneTimePassword: string }>(
      'POST',
      `${t(tenant)}/operators/${operatorId}/reset-password`,
    ),
  listKeys: (tenant: string, cursor?: string) =>
    call<ListPage<ApiKey>>('GET', `${t(tenant)}/keys${query({ cursor, limit: 100 })}`),
  createKey: (tenant: string, input: { label?: string; scopes?: Scope[] }) =>
    call<CreatedKey>('POST', `${t(tenant)}/keys`, input),
  revokeKey: (tenant: string, keyId: string) => call<ApiKey>('POST', `${t(tenant)}/keys/${keyId}/revoke`),

  listWebhooks: (tenant: string, cursor?: string) =>
    call<ListPage<Webhook>>('GET', `${t(tenant)}/webhooks${query({ cursor, limit: 100 })}`),
  getWebhook: (tenant: string, webhookId: string) =>
    call<Webhook>('GET', `${t(tenant)}/webhooks/${webhookId}`),
  createWebhook: (tenant: string, input: { url: string; events: string[]; description?: string }) =>
    call<Webhook & { secret?: string }>('POST', `${t(tenant)}/webhooks`, input),
  deleteWebhook: (tenant: string, webhookId: string) =>
    call<null>('DELETE', `${t(tenant)}/webhooks/${webhookId}`),
  listDeliveries: (tenant: string, webhookId: string, cursor?: string) =>
    call<ListPage<WebhookDelivery>>(
      'GET',
      `${t(tenant)}/webhooks/${webhookId}/deliveries${query({ cursor, limit: 50 })}`,
    ),
  replayDelivery: (tenant: string, webhookId: string, deliveryId: string) =>
    call<WebhookDelivery>('POST', `${t(tenant)}/webhooks/${webhookId}/deliveries/${deliveryId}/replay`),

  listAccounts: (tenant: string, cursor?: string) =>
    call<ListPage<Account>>('GET', `${t(tenant)}/accounts${query({ cursor, limit: 50 })}`),
  getAccount: (tenant: string, accountId: string) =>
    call<Account>('GET', `${t(tenant)}/accounts/${accountId}`),
  listActivity: (tenant: string, accountId: string, cursor?: string) =>
    call<ListPage<ActivityItem>>(
      'GET',
      `${t(tenant)}/accounts/${accountId}/activity${query({ includePersonActivity: 'true', cursor, limit: 50 })}`,
    ),
  renameAccount: (tenant: string, accountId: string, name: string) =>
    call<Account>('PATCH', `${t(tenant)}/accounts/${accountId}`, { name }),
};

// ---------------------------------------------------------------------------------------------
// Console extras (issue 18: selected element, engagement, tenant settings, webhook edit, search).
// Kept in one block, apart from the calls above, so either side can change without the other.
// ---------------------------------------------------------------------------------------------

export const extras = {
  /** A message to the page agent, about the preview element the operator picked (if any). */
  sendMessageAbout: (
    tenant: string,
    pageId: string,
    audienceId: string,
    message: string,
    selectedElement: object | null,
  ) =>
    call<{ versionId: string }>('POST', `${t(tenant)}/pages/${pageId}/audiences/${audienceId}/messages`, {
      message,
      ...(selectedElement ? { selectedElement } : {}),
    }),
};

/** Views, visitors and clicks of a page's audience (and version: null for an audience's total). */
export interface EngagementCounts {
  audienceId: string | null;
  versionId: string | null;
  views: number;
  uniqueVisitors: number;
  clicks: number;
  clickThroughRate: number;
}

export const engagementApi = {
  /** `items` per audience and version; `audiences` per audience, a visitor counted once. */
  pageEngagement: (tenant: string, pageId: string) =>
    call<{ pageId: string; items: EngagementCounts[]; audiences: EngagementCounts[] }>(
      'GET',
      `${t(tenant)}/pages/${pageId}/engagement`,
    ),
};

/** A tenant's settings as GET /tenants/{tenant} answers them (members the console reads). */
export interface TenantSettings {
  tenantId: string;
  name: string;
  handle: string | null;
  hosts: string[];
}

export const settingsApi = {
  getTenant: (tenant: string) => call<TenantSettings>('GET', t(tenant)),
  setHandle: (tenant: string, handle: string) => call<TenantSettings>('PATCH', t(tenant), { handle }),
  addHost: (tenant: string, host: string) =>
    call<{ hosts: string[] }>('POST', `${t(tenant)}/hosts`, { host }),
  removeHost: (tenant: string, host: string) =>
    call<{ hosts: string[] }>('DELETE', `${t(tenant)}/hosts/${encodeURIComponent(host)}`),
};

export const webhookEditApi = {
  updateWebhook: (
    tenant: string,
    webhookId: string,
    input: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ) => call<Webhook>('PATCH', `${t(tenant)}/webhooks/${webhookId}`, input),
  /** A new signing secret, answered once; the previous one keeps signing for `overlapMinutes`. */
  rotateWebhookSecret: (tenant: string, webhookId: string, overlapMinutes: number) =>
    call<Webhook & { secret: string }>('POST', `${t(tenant)}/webhooks/${webhookId}/rotate`, {
      overlapMinutes,
    }),
};

export const searchApi = {
  /** Persons whose name, email or domain contains `q`; `hasMore` may come with a short page. */
  searchPersons: (tenant: string, q: string, cursor?: string) =>
    call<ListPage<Person>>('GET', `${t(tenant)}/persons${query({ q, cursor, limit: 100 })}`),
  /** Accounts whose name or domain contains `q`. */
  searchAccounts: (tenant: string, q: string, cursor?: string) =>
    call<ListPage<Account>>('GET', `${t(tenant)}/accounts${query({ q, cursor, limit: 50 })}`),
};
