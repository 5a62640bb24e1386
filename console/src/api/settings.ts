/** The admin's settings: operators, API keys, webhooks and the tenant's handle and hosts. */
import { client, ok, present, tenantPath } from './client';
import type { Body, Role, Scope } from './types';

export const settingsCalls = {
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

export const settingsApi = {
  getTenant: (tenant: string) => ok(client.GET('/admin/v0/tenants/{tenant}', { params: tenantPath(tenant) })),
  setHandle: (tenant: string, handle: string) =>
    ok(client.PATCH('/admin/v0/tenants/{tenant}', { params: tenantPath(tenant), body: { handle } })),
  getHosts: (tenant: string) =>
    ok(client.GET('/admin/v0/tenants/{tenant}/hosts', { params: tenantPath(tenant) })),
  verifyHost: (tenant: string, host: string) =>
    ok(client.POST('/admin/v0/tenants/{tenant}/hosts/{host}/verify', { params: { path: { tenant, host } } })),
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
