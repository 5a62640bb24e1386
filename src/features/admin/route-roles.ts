import type { OperatorRole } from '../../http/admin-auth.js';

/**
 * Who may call each operator API route: the ONE place roles are decided (docs/console.md).
 * - `public`: no credentials (signing in);
 * - `signed-in`: any console session, even one that must change its password first;
 * - a role: that role or a higher one (viewer < editor < publisher < admin), within the caller's
 *   own tenant (another tenant is a 404);
 * - `instance`: instance-wide routes, for instance admins (and the ADMIN_TOKEN bearer, which is one).
 *
 * `action` names the route's writes in the audit log (src/features/audit/record-writes.ts);
 * `audited: 'service'` marks routes whose service records its own entry in its transaction;
 * `dryRun` routes take `?dryRun=true`, which changes nothing and is therefore not audited.
 * A route missing here is refused to everyone but the bearer, and fails
 * src/features/admin/route-roles.test.ts, so a new route cannot ship without a role.
 */
export type RouteAccess = 'public' | 'signed-in' | OperatorRole | 'instance';

export interface RoutePolicy {
  access: RouteAccess;
  action?: string;
  audited?: 'service';
  dryRun?: true;
}

const T = '/tenants/:tenant';

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  // The console's own session (src/features/operators).
  // First run: the first admin, made with the server's setup token (src/features/operators/setup.admin.ts).
  'GET /setup': { access: 'public' },
  'POST /setup': { access: 'public', audited: 'service' },
  'POST /session': { access: 'public', audited: 'service' },
  'DELETE /session': { access: 'signed-in', audited: 'service' },
  'POST /session/sign-out-everywhere': { access: 'signed-in', audited: 'service' },
  'GET /me': { access: 'signed-in' },
  'POST /me/password': { access: 'signed-in', audited: 'service' },
  // The operator API's OpenAPI document: any operator may read what the API offers.
  'GET /openapi.json': { access: 'viewer' },

  // Instance-wide.
  'GET /status': { access: 'instance' },
  'GET /tenants': { access: 'instance' },
  'POST /tenants': { access: 'instance', action: 'tenant.create' },
  'POST /keys/:key_id/revoke': { access: 'instance', action: 'key.revoke' },
  // Deleting a tenant removes its operators too, so a tenant's own admin may not.
  [`DELETE ${T}`]: { access: 'instance', action: 'tenant.delete', dryRun: true },
  'GET /audit': { access: 'instance' },

  // A tenant's settings, keys, operators, hosts, webhooks and audit log.
  [`GET ${T}`]: { access: 'viewer' },
  [`PATCH ${T}`]: { access: 'admin', action: 'tenant.update' },
  [`GET ${T}/hosts`]: { access: 'admin' },
  [`POST ${T}/hosts`]: { access: 'admin', action: 'host.create' },
  [`POST ${T}/hosts/:host/verify`]: { access: 'admin', action: 'host.verify' },
  [`DELETE ${T}/hosts/:host`]: { access: 'admin', action: 'host.delete' },
  [`GET ${T}/keys`]: { access: 'admin' },
  [`GET ${T}/keys/:keyId`]: { access: 'admin' },
  [`POST ${T}/keys`]: { access: 'admin', action: 'key.create' },
  [`POST ${T}/keys/:keyId/revoke`]: { access: 'admin', action: 'key.revoke' },
  [`GET ${T}/operators`]: { access: 'admin' },
  [`GET ${T}/operators/:operator_id`]: { access: 'admin' },
  [`POST ${T}/operators`]: { access: 'admin', audited: 'service' },
  [`PATCH ${T}/operators/:operator_id`]: { access: 'admin', audited: 'service' },
  [`POST ${T}/operators/:operator_id/disable`]: { access: 'admin', audited: 'service' },
  [`POST ${T}/operators/:operator_id/enable`]: { access: 'admin', audited: 'service' },
  [`POST ${T}/operators/:operator_id/reset-password`]: { access: 'admin', audited: 'service' },
  [`GET ${T}/audit`]: { access: 'viewer' },
  // The console's live updates (Server-Sent Events): a viewer reads everything of its tenant.
  [`GET ${T}/events`]: { access: 'viewer' },
  // Webhook endpoints, their deliveries and replays: admin, whatever routes the events branch
  // adds under /webhooks (PREFIX_POLICIES below); named here where their shape is known.
  [`POST ${T}/webhooks`]: { access: 'admin', action: 'webhook.create' },

  // Pages.
  [`GET ${T}/pages`]: { access: 'viewer' },
  [`GET ${T}/pages/:page_id`]: { access: 'viewer' },
  [`GET ${T}/pages/:page_id/engagement`]: { access: 'viewer' },
  [`GET ${T}/pages/:page_id/form-submissions`]: { access: 'viewer' },
  [`GET ${T}/pages/:page_id/form-submissions.csv`]: { access: 'viewer' },
  [`PATCH ${T}/form-submissions/:submission_id`]: { access: 'editor', action: 'form_submission.mark' },
  // Experiments on pages (src/features/experiments, docs/experiments.md).
  [`GET ${T}/pages/:page_id/experiments`]: { access: 'viewer' },
  [`POST ${T}/pages/:page_id/experiments`]: { access: 'publisher', action: 'experiment.create' },
  [`GET ${T}/experiments/:experiment_id`]: { access: 'viewer' },
  [`PATCH ${T}/experiments/:experiment_id`]: { access: 'publisher', action: 'experiment.update' },
  [`POST ${T}/experiments/:experiment_id/stop`]: { access: 'publisher', action: 'experiment.stop' },
  [`GET ${T}/experiments/:experiment_id/results`]: { access: 'viewer' },
  [`POST ${T}/pages`]: { access: 'editor', action: 'page.create' },
  [`PATCH ${T}/pages/:page_id`]: { access: 'editor', action: 'page.update' },
  [`POST ${T}/pages/:page_id/archive`]: { access: 'editor', action: 'page.archive' },
  [`POST ${T}/pages/:page_id/restore`]: { access: 'editor', action: 'page.restore' },
  [`DELETE ${T}/pages/:page_id`]: { access: 'editor', action: 'page.delete' },

  // Target-list imports (docs/imports.md); a dry run only previews the file.
  [`POST ${T}/pages/:page_id/imports`]: { access: 'editor', action: 'import.start', dryRun: true },
  [`GET ${T}/pages/:page_id/imports`]: { access: 'viewer' },
  [`GET ${T}/imports/:import_id`]: { access: 'viewer' },
  [`GET ${T}/imports/:import_id/rejects`]: { access: 'viewer' },
  [`GET ${T}/imports/:import_id/rejects.csv`]: { access: 'viewer' },
  [`GET ${T}/imports/:import_id/urls.csv`]: { access: 'viewer' },
  [`GET ${T}/imports/:import_id/audiences`]: { access: 'viewer' },
  [`POST ${T}/imports/:import_id/cancel`]: { access: 'editor', action: 'import.cancel' },
  [`POST ${T}/imports/:import_id/publish`]: { access: 'publisher', action: 'import.publish' },

  // Audiences, versions and the conversation.
  [`GET ${T}/pages/:page_id/audiences`]: { access: 'viewer' },
  [`POST ${T}/pages/:page_id/audiences`]: { access: 'editor', action: 'audience.create' },
  [`POST ${T}/pages/:page_id/audiences/:audience_id/messages`]: { access: 'editor', action: 'message.send' },
  [`GET ${T}/audiences/:audience_id`]: { access: 'viewer' },
  [`PATCH ${T}/audiences/:audience_id`]: { access: 'editor', action: 'audience.update' },
  [`POST ${T}/audiences/:audience_id/archive`]: { access: 'editor', action: 'audience.archive' },
  [`POST ${T}/audiences/:audience_id/unarchive`]: { access: 'editor', action: 'audience.unarchive' },
  [`GET ${T}/audiences/:audience_id/versions`]: { access: 'viewer' },
  [`GET ${T}/audiences/:audience_id/conversation`]: { access: 'viewer' },
  [`GET ${T}/versions/:version_id`]: { access: 'viewer' },
  [`GET ${T}/versions/:version_id/preview`]: { access: 'viewer' },
  [`POST ${T}/versions/:version_id/publish`]: { access: 'publisher', action: 'version.publish' },
  [`POST ${T}/versions/:version_id/cancel`]: { access: 'publisher', action: 'version.cancel' },
  [`POST ${T}/versions/:version_id/restore`]: { access: 'publisher', action: 'version.restore' },
  [`POST ${T}/messages/:message_id/revert`]: { access: 'publisher', action: 'message.revert' },

  // Persons, accounts and their logs.
  [`GET ${T}/persons`]: { access: 'viewer' },
  [`GET ${T}/persons/:person_id`]: { access: 'viewer' },
  [`PATCH ${T}/persons/:person_id`]: { access: 'editor', action: 'person.update' },
  [`DELETE ${T}/persons/:person_id`]: { access: 'admin', action: 'person.delete', dryRun: true },
  [`POST ${T}/persons/:person_id/logs`]: { access: 'editor', action: 'person_log.create' },
  [`GET ${T}/accounts`]: { access: 'viewer' },
  [`GET ${T}/accounts/:account_id`]: { access: 'viewer' },
  [`GET ${T}/accounts/:account_id/activity`]: { access: 'viewer' },
  [`PATCH ${T}/accounts/:account_id`]: { access: 'editor', action: 'account.rename' },
  [`DELETE ${T}/accounts/:account_id`]: { access: 'admin', action: 'account.delete', dryRun: true },
  [`POST ${T}/logs/:log_id/delete`]: { access: 'editor', action: 'log.delete' },
  [`POST ${T}/logs/:log_id/undelete`]: { access: 'editor', action: 'log.undelete' },

  // Assets and topics.
  [`GET ${T}/assets`]: { access: 'viewer' },
  [`GET ${T}/assets/:asset_id`]: { access: 'viewer' },
  [`POST ${T}/assets`]: { access: 'editor', action: 'asset.create' },
  [`POST ${T}/assets/:asset_id/trash`]: { access: 'editor', action: 'asset.trash' },
  [`POST ${T}/assets/:asset_id/restore`]: { access: 'editor', action: 'asset.restore' },
  [`POST ${T}/assets/:asset_id/delete`]: { access: 'editor', action: 'asset.delete' },
  [`PATCH ${T}/assets/:asset_id`]: { access: 'editor', action: 'asset.update' },

  // Traits of accounts and persons (the rules of page blocks read them).
  [`PATCH ${T}/accounts/:account_id/traits`]: { access: 'editor', action: 'account.traits' },
  [`PATCH ${T}/persons/:person_id/traits`]: { access: 'editor', action: 'person.traits' },
  // Files (uploads) and brands.
  [`GET ${T}/files`]: { access: 'viewer' },
  [`GET ${T}/files-usage`]: { access: 'viewer' },
  [`GET ${T}/files/:file_id`]: { access: 'viewer' },
  [`POST ${T}/files`]: { access: 'editor', action: 'file.upload' },
  [`DELETE ${T}/files/:file_id`]: { access: 'editor', action: 'file.delete' },
  [`GET ${T}/brands`]: { access: 'viewer' },
  [`GET ${T}/brands/:brand_id`]: { access: 'viewer' },
  [`POST ${T}/brands`]: { access: 'editor', action: 'brand.create' },
  [`PATCH ${T}/brands/:brand_id`]: { access: 'editor', action: 'brand.update' },
  [`DELETE ${T}/brands/:brand_id`]: { access: 'editor', action: 'brand.delete' },
  [`GET ${T}/topics`]: { access: 'viewer' },
  [`GET ${T}/topics/:topic_id`]: { access: 'viewer' },
  [`POST ${T}/topics`]: { access: 'editor', action: 'topic.create' },
  [`PATCH ${T}/topics/:topic_id`]: { access: 'editor', action: 'topic.rename' },
  [`POST ${T}/topics/:topic_id/entries`]: { access: 'editor', action: 'topic_entry.create' },
  [`POST ${T}/topics/:topic_id/entries/reorder`]: { access: 'editor', action: 'topic_entry.reorder' },
  [`PATCH ${T}/topics/:topic_id/entries/:entry_id`]: { access: 'editor', action: 'topic_entry.update' },
  [`DELETE ${T}/topics/:topic_id/entries/:entry_id`]: { access: 'editor', action: 'topic_entry.delete' },
};

/** Every route under these templates, when the table does not name it. */
const PREFIX_POLICIES: [prefix: string, policy: RoutePolicy][] = [[`${T}/webhooks`, { access: 'admin' }]];

const RANK: Record<OperatorRole, number> = { viewer: 0, editor: 1, publisher: 2, admin: 3 };

export function roleAllows(held: OperatorRole, needed: OperatorRole): boolean {
  return RANK[held] >= RANK[needed];
}

/** The policy of a route, by method and template under /admin/v0 (HEAD is GET's). */
export function policyOf(method: string, url: string | undefined): RoutePolicy | undefined {
  if (url === undefined) return undefined;
  const path = url.startsWith('/admin/v0') ? url.slice('/admin/v0'.length) : url;
  // Where a malformed URL is answered (src/http/malformed-url.ts): its error, for any caller.
  if (path.startsWith('/_malformed-url/')) return { access: 'viewer' };
  const exact = ROUTE_POLICIES[`${method === 'HEAD' ? 'GET' : method} ${path}`];
  if (exact !== undefined) return exact;
  return PREFIX_POLICIES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1];
}

/** A route's audit action: its name in the table, else its method and template (`DELETE /webhooks/:id`). */
export function actionOf(method: string, url: string, policy: RoutePolicy): string {
  return policy.action ?? `${method} ${url.replace(/^\/admin\/v0(\/tenants\/:tenant)?/, '')}`;
}
