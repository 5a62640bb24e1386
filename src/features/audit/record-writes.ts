import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/app-types.js';
import { findApiKey } from '../tenants/api-keys.repository.js';
import { findTenantByIdOrName } from '../tenants/tenants.repository.js';
import { type Actor, ADMIN_TOKEN_ACTOR } from './actor.js';
import { type AuditEntryFor, type AuditEvent, auditRow } from './audit.service.js';
import { AuditBatch } from './audit-batch.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The write's audit entry is written in the change's own transaction (auditInChange): the hook writes none. */
    auditInChange: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Audits the writes of routes whose services own their transactions (most of the operator API, and
 * every /v0 write made with an API key): once the response is a success, and before it is sent, an
 * entry is written naming the caller, the action and the record, with the request body (secrets
 * removed) when `withBody` (operator writes; a /v0 write's body is integration data, often personal,
 * and is not copied). Entries written within a few milliseconds share one INSERT and commit
 * (audit-batch.ts). A failed request (4xx/5xx) or an idempotent replay records nothing. The entry is its
 * own transaction right after the change's: if writing it fails the change stands, the failure is
 * logged as an error, and the answer is still the success it was. Operator accounts and sessions
 * record their entries inside their own transactions instead (docs/console.md, Audit log).
 */
export function registerWriteAudit(
  app: App,
  describe: (request: FastifyRequest) => Promise<{ actor: Actor; action: string; withBody: boolean } | null>,
): void {
  const batch = new AuditBatch(app.db);
  if (!app.hasRequestDecorator('auditInChange')) app.decorateRequest('auditInChange', false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    if (request.auditInChange) return payload;
    if (reply.getHeader('idempotent-replayed') !== undefined) return payload;
    try {
      const who = await describe(request);
      if (who === null) return payload;
      const body = parseJson(payload);
      const tenantId = await tenantOf(app, request, body);
      await batch.add(
        auditRow(
          tenantId,
          who.actor,
          { ip: request.ip, requestId: request.id },
          {
            ...recordOf(request, reply, who.action, body),
            after: who.withBody ? (request.body ?? null) : null,
          },
        ),
      );
    } catch (error) {
      request.log.error({ err: error }, 'the audit entry of a successful write could not be recorded');
    }
    return payload;
  });
}

/**
 * For the hottest /v0 write (POST /v0/account_logs), whose entry the hook's own transaction would
 * double the commits of: the entry's maker, which the service writes inside the change's
 * transaction (or statement), so the change and its entry are committed together or not at all. The
 * hook is told to write none. Undefined for a request without an API key (nothing to audit).
 */
export async function auditInChange(
  app: App,
  request: FastifyRequest,
  recordType: string,
): Promise<AuditEntryFor | undefined> {
  const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  if (operationId === undefined || !request.apiKeyId) return undefined;
  const actor = await apiKeyActor(app, request);
  request.auditInChange = true;
  const origin = { ip: request.ip, requestId: request.id };
  return (recordId) =>
    auditRow(request.tenantId, actor, origin, { action: `v0.${operationId}`, recordType, recordId });
}

/** The operator API's callers: the admin token or an operator (routes audited by their service excepted). */
export function adminActor(request: FastifyRequest): Actor | null {
  const principal = request.adminPrincipal;
  if (principal === null) return null;
  return principal.kind === 'admin-token'
    ? ADMIN_TOKEN_ACTOR
    : { kind: 'operator', id: principal.operatorId, label: principal.email };
}

const prefixes = new Map<string, string>();

/** A /v0 caller: its API key, named by the key's prefix (which never changes, so it is remembered). */
export async function apiKeyActor(app: App, request: FastifyRequest): Promise<Actor> {
  let prefix = prefixes.get(request.apiKeyId);
  if (prefix === undefined) {
    prefix = (await findApiKey(app.db, request.tenantId, request.apiKeyId))?.prefix ?? 'unknown-key';
    if (prefixes.size > 10_000) prefixes.clear();
    prefixes.set(request.apiKeyId, prefix);
  }
  return { kind: 'api_key', id: request.apiKeyId, label: prefix };
}

async function tenantOf(app: App, request: FastifyRequest, body: Record<string, unknown> | null) {
  if (request.tenantId) {
    // The tenant's own deletion: once it is gone, its entry belongs to the instance (a dry run
    // leaves it, and the entry stays the tenant's), as before the role guard resolved the tenant.
    if (request.method === 'DELETE' && request.routeOptions.url?.endsWith('/tenants/:tenant')) {
      return (await findTenantByIdOrName(app.db, request.tenantId))?.id ?? null;
    }
    return request.tenantId;
  }
  const ref = (request.params as { tenant?: string }).tenant;
  if (ref !== undefined) return (await findTenantByIdOrName(app.db, ref))?.id ?? null;
  return typeof body?.tenantId === 'string' ? body.tenantId : null;
}

/**
 * Which record a write touched: what a create answers with (`<type>Id`, else `id`), else the last
 * id in the path (`.../versions/:version_id/publish` names the version).
 */
function recordOf(
  request: FastifyRequest,
  reply: FastifyReply,
  action: string,
  body: Record<string, unknown> | null,
): AuditEvent {
  const recordType = action.includes('.')
    ? (action.split('.')[0] as string).replace(/^v0$/, '') || null
    : null;
  if (reply.statusCode === 201 && body !== null) {
    const typed = recordType === null ? undefined : body[`${camel(recordType)}Id`];
    const id =
      typed ??
      body.id ??
      Object.entries(body).find(([k, v]) => /Id$/.test(k) && k !== 'tenantId' && typeof v === 'string')?.[1];
    if (typeof id === 'string') return { action, recordType, recordId: id };
  }
  const params = Object.entries(request.params as Record<string, string>).filter(([k]) => k !== 'tenant');
  const last = params[params.length - 1];
  // A route on the tenant itself (PATCH or DELETE /tenants/:tenant) names it by its id in the answer.
  const tenantId = recordType === 'tenant' && typeof body?.tenantId === 'string' ? body.tenantId : null;
  return { action, recordType, recordId: last?.[1] ?? tenantId };
}

function camel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function parseJson(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== 'string') return null;
  try {
    const value = JSON.parse(payload) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
