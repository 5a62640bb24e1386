import type { Executor, WebhookEndpointsTable } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { isEventPattern } from '../../outbox/event-types.js';
import { openSecret, sealSecret, secretContext } from '../../secrets/secret-box.js';
import { requireTenant } from '../tenants/require-tenant.js';
import type { NetworkPolicy } from './address-guard.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { newSigningSecret } from './signing.js';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpointsPage,
  updateEndpoint,
} from './webhooks.repository.js';
import {
  type CreateWebhookBody,
  toWebhook,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookWithSecret,
} from './webhooks.schemas.js';

/**
 * Webhook endpoints: one implementation behind the admin API and `quire webhooks`. A tenant is
 * named by id or name; another tenant's endpoint is not found.
 */

function checkPatterns(patterns: readonly string[]): string[] {
  const unknown = patterns.filter((pattern) => !isEventPattern(pattern));
  if (unknown.length > 0) {
    throw new ApiError(
      'validation_failed',
      `Unknown event types: ${unknown.join(', ')} (see docs/events.md for the catalogue)`,
      unknown.map((pattern) => ({
        pointer: `/events/${patterns.indexOf(pattern)}`,
        detail: `"${pattern}" is not an event type, a resource wildcard such as version.* or *`,
        code: 'invalid_value' as const,
      })),
    );
  }
  return [...patterns];
}

export async function requireEndpoint(db: Executor, tenantId: string, webhookId: string) {
  const endpoint = await findEndpoint(db, tenantId, webhookId);
  if (endpoint === undefined) throw ApiError.notFound(`Webhook "${webhookId}"`);
  return endpoint;
}

/** Creates an endpoint with a new signing secret, answered this once. */
export async function createWebhook(
  db: Executor,
  policy: NetworkPolicy,
  tenant: string,
  input: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  const tenantId = await requireTenant(db, tenant);
  const url = checkEndpointUrl(input.url, policy);
  const events = checkPatterns(input.events);
  const now = Date.now();
  const row: WebhookEndpointsTable = {
    tenant_id: tenantId,
    id: newId('webhook'),
    url,
    description: input.description ?? null,
    event_types: JSON.stringify(events),
    enabled: input.enabled === false ? 0 : 1,
    disabled_reason: null,
    disabled_at: null,
    secret: '',
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    last_success_at: null,
    created_at: now,
    updated_at: now,
  };
  const secret = newSigningSecret();
  // Encrypted at rest (src/secrets/secret-box.ts): a dump of the table alone cannot sign.
  row.secret = sealSecret(secret, secretContext.webhook(tenantId, row.id));
  await insertEndpoint(db, row);
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(
  db: Executor,
  tenant: string,
  request: PageRequest,
): Promise<Page<Webhook>> {
  const tenantId = await requireTenant(db, tenant);
  return keysetPage(request, {
    shape: ['number', 'string'],
    filters: { tenantId, list: 'webhooks' },
    fetch: (after, limit) => listEndpointsPage(db, tenantId, after, limit),
    count: () => countEndpoints(db, tenantId),
    keyOf: (row) => [row.created_at, row.id],
    map: (row) => toWebhook(row),
  });
}

export async function getWebhook(db: Executor, tenant: string, webhookId: string): Promise<Webhook> {
  const tenantId = await requireTenant(db, tenant);
  return toWebhook(await requireEndpoint(db, tenantId, webhookId));
}

/**
 * Changes an endpoint. `enabled: true` also clears why Quire disabled it and its failure run, so
 * it starts afresh; deliveries that failed meanwhile can be replayed.
 */
export async function updateWebhook(
  db: Executor,
  policy: NetworkPolicy,
  tenant: string,
  webhookId: string,
  input: UpdateWebhookBody,
): Promise<Webhook> {
  const tenantId = await requireTenant(db, tenant);
  await requireEndpoint(db, tenantId, webhookId);
  const changes: Partial<WebhookEndpointsTable> = { updated_at: Date.now() };
  if (input.url !== undefined) changes.url = checkEndpointUrl(input.url, policy);
  if (input.events !== undefined) changes.event_types = JSON.stringify(checkPatterns(input.events));
  if (input.description !== undefined) changes.description = input.description;
  if (input.enabled === true)
    Object.assign(changes, { enabled: 1, disabled_reason: null, disabled_at: null, failing_since: null });
  if (input.enabled === false) changes.enabled = 0;
  const updated = await updateEndpoint(db, tenantId, webhookId, changes);
  if (updated === undefined) throw ApiError.notFound(`Webhook "${webhookId}"`);
  return toWebhook(updated);
}

export async function deleteWebhook(db: Executor, tenant: string, webhookId: string): Promise<void> {
  const tenantId = await requireTenant(db, tenant);
  if (!(await deleteEndpoint(db, tenantId, webhookId))) throw ApiError.notFound(`Webhook "${webhookId}"`);
}

export const DEFAULT_OVERLAP_MINUTES = 1440;

/**
 * A new signing secret, answered this once. The previous one keeps signing too for
 * `overlapMinutes` (every attempt carries both signatures), so receivers can switch without
 * refusing a delivery.
 */
export async function rotateWebhookSecret(
  db: Executor,
  tenant: string,
  webhookId: string,
  overlapMinutes = DEFAULT_OVERLAP_MINUTES,
): Promise<WebhookWithSecret> {
  const tenantId = await requireTenant(db, tenant);
  const endpoint = await requireEndpoint(db, tenantId, webhookId);
  const now = Date.now();
  const secret = newSigningSecret();
  const updated = (await updateEndpoint(db, tenantId, webhookId, {
    secret: sealSecret(secret, secretContext.webhook(tenantId, webhookId)),
    previous_secret: overlapMinutes > 0 ? endpoint.secret : null,
    previous_secret_expires_at: overlapMinutes > 0 ? now + overlapMinutes * 60_000 : null,
    updated_at: now,
  }))!;
  return { ...toWebhook(updated, now), secret };
}

/**
 * The secrets that sign an attempt at `now`, decrypted: the current one, and the previous during
 * its overlap.
 */
export function signingSecrets(endpoint: WebhookEndpointsTable, now: number): string[] {
  const context = secretContext.webhook(endpoint.tenant_id, endpoint.id);
  const previous = endpoint.previous_secret;
  const live = previous !== null && (endpoint.previous_secret_expires_at ?? 0) > now;
  const current = openSecret(endpoint.secret, context);
  return live ? [current, openSecret(previous, context)] : [current];
}
