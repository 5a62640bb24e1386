import { hash, randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';
import { firstFreeName, isKebabName, kebabName } from '../../domain/public-paths.js';
import { parseScopes, type Scope, serializeScopes } from '../../domain/scopes.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { decodeCursor, type Page, pageSize, toPage } from '../../lists/pagination.js';
import {
  countApiKeys,
  findApiKey,
  findKeyTenant,
  insertApiKey,
  listApiKeys,
  listApiKeysPage,
  revokeApiKey,
} from './api-keys.repository.js';
import { requireTenant } from './require-tenant.js';
import {
  deleteTenantHost,
  findHandlesLike,
  insertTenant,
  insertTenantHost,
  listTenantHosts,
  listTenants,
  updateTenantHandle,
} from './tenants.repository.js';

/**
 * Tenants and their API keys: one implementation behind the CLI and the admin API.
 * A key is `quire_` + 32 base64url characters (192 random bits). Only its SHA-256 is stored:
 * a fast hash is enough for a secret of that entropy, and it keeps verification cheap.
 */
const KEY_PREFIX = 'quire_';
const VISIBLE_PREFIX_LENGTH = 12;

export function hashApiKey(key: string): string {
  // One-shot hashing: a third of the cost of createHash().update().digest() on every request.
  return hash('sha256', key, 'hex');
}

export interface Tenant {
  tenantId: string;
  name: string;
  /** The tenant's name in public page URLs (`/p/{handle}/...`): unique, kebab-case. */
  handle: string;
  createdAt: string;
}

export async function createTenant(db: Executor, name: string): Promise<Tenant> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 255) {
    throw ApiError.invalidField('/name', 'name must be 1 to 255 characters long');
  }
  const base = kebabName(trimmed, 'tenant');
  const row = {
    id: newId('tenant'),
    name: trimmed,
    handle: firstFreeName(base, await findHandlesLike(db, base)),
    created_at: Date.now(),
  };
  try {
    await insertTenant(db, row);
  } catch (error) {
    // A name taken, or (rarely) the same handle picked by a concurrent create: both a 409.
    if (isUniqueViolation(error))
      throw new ApiError(
        'conflict',
        `A tenant named "${trimmed}" (or handle "${row.handle}") already exists`,
      );
    throw error;
  }
  return {
    tenantId: row.id,
    name: row.name,
    handle: row.handle,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Sets a tenant's handle (kebab-case, unique): its public page URLs change with it. */
export async function setTenantHandle(db: Executor, tenantIdOrName: string, handle: string): Promise<Tenant> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  if (!isKebabName(handle)) {
    throw ApiError.invalidField(
      '/handle',
      'handle must be kebab-case (a-z, 0-9, single dashes), at most 80 characters',
    );
  }
  try {
    const row = (await updateTenantHandle(db, tenantId, handle))!;
    return {
      tenantId: row.id,
      name: row.name,
      handle: row.handle!,
      createdAt: new Date(row.created_at).toISOString(),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', `The handle "${handle}" is taken`);
    throw error;
  }
}

/** Host names are compared lower-case, without a port or a trailing dot. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Maps a host name (`pages.acme.com`) to the tenant's hosted pages; a host serves one tenant. */
export async function addTenantHost(db: Executor, tenantIdOrName: string, host: string): Promise<string[]> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const name = normalizeHost(host);
  if (!HOST_NAME.test(name))
    throw ApiError.invalidField('/host', 'host must be a DNS name such as pages.acme.com');
  try {
    await insertTenantHost(db, name, tenantId, Date.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', `The host "${name}" is already mapped`);
    throw error;
  }
  return listTenantHosts(db, tenantId);
}

export async function removeTenantHost(
  db: Executor,
  tenantIdOrName: string,
  host: string,
): Promise<string[]> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  if (!(await deleteTenantHost(db, tenantId, normalizeHost(host)))) throw ApiError.notFound(`Host "${host}"`);
  return listTenantHosts(db, tenantId);
}

export interface CreatedKey {
  keyId: string;
  tenantId: string;
  /** The key itself: shown once, never stored. */
  apiKey: string;
  prefix: string;
  label: string | null;
  /** Null: full access. */
  scopes: Scope[] | null;
  createdAt: string;
}

export async function createApiKey(
  db: Executor,
  tenantIdOrName: string,
  label: string | null = null,
  scopes: readonly Scope[] | null = null,
): Promise<CreatedKey> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const apiKey = KEY_PREFIX + randomBytes(24).toString('base64url');
  const keyId = newId('key');
  const prefix = apiKey.slice(0, VISIBLE_PREFIX_LENGTH);
  const stored = serializeScopes(scopes);
  const createdAt = Date.now();
  await insertApiKey(db, {
    id: keyId,
    tenant_id: tenantId,
    prefix,
    key_hash: hashApiKey(apiKey),
    label,
    created_at: createdAt,
    revoked_at: null,
    scopes: stored,
    last_used_at: null,
  });
  return {
    keyId,
    tenantId,
    apiKey,
    prefix,
    label,
    scopes: parseScopes(stored),
    createdAt: new Date(createdAt).toISOString(),
  };
}

/** What an operator sees of a key: never the key itself, which is not stored. */
export interface KeySummary {
  keyId: string;
  tenantId: string;
  prefix: string;
  label: string | null;
  /** Null: full access (a key created without scopes). */
  scopes: Scope[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function toKeySummary(row: {
  id: string;
  tenant_id: string;
  prefix: string;
  label: string | null;
  scopes: string | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}): KeySummary {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    keyId: row.id,
    tenantId: row.tenant_id,
    prefix: row.prefix,
    label: row.label,
    scopes: parseScopes(row.scopes),
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

const KEYS_SORT_KEY = ['number', 'string'] as const;

/** A page of the keys of a tenant (named by id or name), revoked ones included, oldest first. */
export async function listKeys(
  db: Executor,
  tenantIdOrName: string,
  { cursor, limit }: { cursor?: string; limit?: number } = {},
): Promise<Page<KeySummary>> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const size = pageSize(limit);
  const filters = { tenantId };
  const after = decodeCursor(cursor, KEYS_SORT_KEY, filters) as readonly [number, string] | null;
  const rows = await listApiKeysPage(db, tenantId, after, size + 1);
  return toPage(rows, size, {
    keyOf: (row): SortKey => [Number(row.created_at), row.id],
    filters,
    totalCount: await countApiKeys(db, tenantId),
    map: toKeySummary,
  });
}

/** One key of a tenant; a key of another tenant is not found. */
export async function getKey(db: Executor, tenantIdOrName: string, keyId: string): Promise<KeySummary> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const row = await findApiKey(db, tenantId, keyId);
  if (row === undefined) throw ApiError.notFound(`API key "${keyId}"`);
  return toKeySummary(row);
}

/** Revokes a key named by id alone, whatever its tenant, and answers it as it is now. */
export async function revokeKeyById(db: Executor, keyId: string): Promise<KeySummary> {
  const tenantId = await findKeyTenant(db, keyId);
  if (tenantId === undefined) throw ApiError.notFound(`API key "${keyId}"`);
  return revokeTenantKey(db, tenantId, keyId);
}

/** Revokes a key of a tenant (see revokeKey); a key of another tenant is not found. */
export async function revokeTenantKey(
  db: Executor,
  tenantIdOrName: string,
  keyId: string,
): Promise<KeySummary> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  if ((await findApiKey(db, tenantId, keyId)) === undefined) throw ApiError.notFound(`API key "${keyId}"`);
  await revokeKey(db, keyId);
  return getKey(db, tenantId, keyId);
}

/** Revokes a key. It stops working everywhere within API_KEY_CACHE_TTL_MS. */
export async function revokeKey(db: Executor, keyId: string): Promise<'revoked' | 'already'> {
  const outcome = await revokeApiKey(db, keyId, Date.now());
  if (outcome === 'missing') throw ApiError.notFound(`API key "${keyId}"`);
  return outcome;
}

export async function tenantsWithKeys(db: Executor) {
  const tenants = await listTenants(db);
  return Promise.all(
    tenants.map(async (t) => ({
      tenantId: t.id,
      name: t.name,
      handle: t.handle,
      hosts: await listTenantHosts(db, t.id),
      createdAt: new Date(t.created_at).toISOString(),
      keys: (await listApiKeys(db, t.id)).map((k) => {
        const { tenantId: _, ...key } = toKeySummary(k);
        return key;
      }),
    })),
  );
}
