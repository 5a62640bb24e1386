import { hash, randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db, Executor } from '../../db/schema.js';
import type { SortKey } from '../../db/sort-key.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { firstFreeName, isKebabName, kebabName } from '../../domain/public-paths.js';
import { parseScopes, type Scope, serializeScopes } from '../../domain/scopes.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { decodeCursor, type Page, pageSize, toPage } from '../../lists/pagination.js';
import {
  countApiKeys,
  findApiKey,
  findKeyTenant,
  findLiveKeyById,
  insertApiKey,
  listApiKeys,
  listApiKeysPage,
  revokeApiKey,
} from './api-keys.repository.js';
import { type HostChallenge, type HostProver, hostChallenge, hostProven } from './host-proof.js';
import { announceKeyRevoked } from './key-invalidations.js';
import { requireTenant } from './require-tenant.js';
import {
  assignProvenHost,
  deleteHostClaim,
  deleteTenantHost,
  findHandlesLike,
  findHostClaim,
  insertHostClaim,
  insertTenant,
  insertTenantHost,
  listHostClaims,
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

/** A tenant's hosts: those it serves, and those it asked for and has not proven, with their challenge. */
export interface TenantHostsView {
  hosts: string[];
  pending: HostChallenge[];
}

async function hostsView(db: Executor, tenantId: string, secret: string): Promise<TenantHostsView> {
  const [hosts, claims] = await Promise.all([listTenantHosts(db, tenantId), listHostClaims(db, tenantId)]);
  return { hosts, pending: claims.map((host) => hostChallenge(secret, tenantId, host)) };
}

function checkedHost(host: string): string {
  const name = normalizeHost(host);
  if (!HOST_NAME.test(name))
    throw ApiError.invalidField('/host', 'host must be a DNS name such as pages.acme.com');
  return name;
}

/**
 * Maps a host name (`pages.acme.com`) to the tenant's hosted pages at once, unproven: for the
 * instance's own admins (the admin token, an instance admin, the CLI), who run the instance and
 * its DNS. A host serves one tenant. Tenant admins claim hosts and prove them (below).
 */
export async function addTenantHost(
  db: Executor,
  tenantIdOrName: string,
  host: string,
  secret: string,
): Promise<TenantHostsView> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const name = checkedHost(host);
  try {
    await insertTenantHost(db, name, tenantId, Date.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('conflict', `The host "${name}" is already mapped`);
    throw error;
  }
  await deleteHostClaim(db, tenantId, name);
  return hostsView(db, tenantId, secret);
}

/**
 * A tenant admin asks for a host: a claim, not served, answered with the challenge that proves it
 * (issue 29). Whether another tenant serves or claims the host is neither checked nor told: a
 * tenant that proves the host gets it, whoever had it.
 */
export async function claimTenantHost(
  db: Db,
  tenantIdOrName: string,
  host: string,
  secret: string,
): Promise<TenantHostsView> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const name = checkedHost(host);
  if (!(await listTenantHosts(db, tenantId)).includes(name)) {
    await writeTransaction(db, (tx) => insertHostClaim(tx, tenantId, name, Date.now()));
  }
  return hostsView(db, tenantId, secret);
}

/**
 * Checks a claimed host's proof (the tenant's TXT record or HTTP token) and, when it is there,
 * serves the tenant's pages on it, in place of any tenant that served it before. 409 naming what to
 * publish when the proof is not found; 404 for a host the tenant did not claim.
 */
export async function verifyTenantHost(
  db: Db,
  tenantIdOrName: string,
  host: string,
  secret: string,
  prover: HostProver,
): Promise<TenantHostsView> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const name = normalizeHost(host);
  if ((await findHostClaim(db, tenantId, name)) === undefined) {
    if ((await listTenantHosts(db, tenantId)).includes(name)) return hostsView(db, tenantId, secret);
    throw ApiError.notFound(`Host claim "${host}"`);
  }
  const challenge = hostChallenge(secret, tenantId, name);
  if (!(await hostProven(prover, challenge))) {
    throw new ApiError(
      'conflict',
      `The host "${name}" is not proven yet: publish a TXT record ${challenge.txtName} with the value ` +
        `${challenge.txtValue}, or serve that value at ${challenge.httpUrl}, then verify again`,
    );
  }
  await writeTransaction(db, async (tx) => {
    await assignProvenHost(tx, tenantId, name, Date.now());
    await deleteHostClaim(tx, tenantId, name);
  });
  return hostsView(db, tenantId, secret);
}

/** The tenant's hosts and pending claims. */
export async function getTenantHosts(db: Executor, tenantIdOrName: string, secret: string) {
  return hostsView(db, await requireTenant(db, tenantIdOrName), secret);
}

export async function removeTenantHost(
  db: Executor,
  tenantIdOrName: string,
  host: string,
  secret: string,
): Promise<TenantHostsView> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const name = normalizeHost(host);
  const served = await deleteTenantHost(db, tenantId, name);
  const claimed = await deleteHostClaim(db, tenantId, name);
  if (!served && !claimed) throw ApiError.notFound(`Host "${host}"`);
  return hostsView(db, tenantId, secret);
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

/** Revokes a key: at once in this process, soon after everywhere else (key-invalidations.ts). */
export async function revokeKey(db: Executor, keyId: string): Promise<'revoked' | 'already'> {
  const outcome = await revokeApiKey(db, keyId, Date.now());
  if (outcome === 'missing') throw ApiError.notFound(`API key "${keyId}"`);
  announceKeyRevoked(keyId);
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

/**
 * Whether a key still grants what it granted when a long-lived request (an event stream) began:
 * live, of the same tenant, with the same scopes. Checked every few seconds by open streams, so a
 * revocation or a deleted tenant ends them on every process.
 */
export async function keyStillGrants(
  db: Executor,
  keyId: string,
  tenantId: string,
  scopes: readonly string[] | null,
): Promise<boolean> {
  const key = await findLiveKeyById(db, keyId);
  if (key === undefined || key.tenant_id !== tenantId) return false;
  return JSON.stringify(parseScopes(key.scopes)) === JSON.stringify(scopes);
}
