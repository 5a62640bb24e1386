import assert from 'node:assert/strict';
import type { EventsConfig, WebhooksConfig } from '../src/config.js';
import { EventPump } from '../src/worker/event-pump.js';
import type { TestTenant } from './factories.js';
import { ADMIN_TOKEN, type TestContext, testConfig } from './harness.js';

/** Events configuration for tests: quick polls and retries, a localhost receiver allowed. */
export function testEventsConfig(webhooks: Partial<WebhooksConfig> = {}): EventsConfig {
  const defaults = testConfig().events;
  return {
    ...defaults,
    pollMs: 20,
    webhooks: {
      ...defaults.webhooks,
      allowHttpLocalhost: true,
      retryBaseMs: 30,
      timeoutMs: 2_000,
      ...webhooks,
    },
  };
}

/** A request to the operator API with the admin token. */
export function admin(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return ctx.request({
    method,
    url: `/admin/v0${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(body === undefined ? {} : { body }),
  });
}

/** Creates a webhook endpoint of the tenant and returns it with its secret. */
export async function makeWebhook(
  ctx: TestContext,
  tenant: TestTenant,
  url: string,
  events: string[] = ['*'],
): Promise<{ webhookId: string; secret: string }> {
  const created = await admin(ctx, 'POST', `/tenants/${tenant.tenantId}/webhooks`, { url, events });
  assert.equal(created.status, 201, created.raw);
  return created.body;
}

/** An event pump (the worker's webhook side) for one tenant, running until the test ends. */
export function startPump(ctx: TestContext, tenant: TestTenant, t: { after(fn: () => Promise<void>): void }) {
  const silent = { info() {}, warn() {}, error() {} };
  const pump = new EventPump(ctx.database.db, ctx.config.events, silent, tenant.tenantId);
  pump.start();
  t.after(() => pump.stop());
  return pump;
}
