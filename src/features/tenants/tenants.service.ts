import { hash, randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.js';
import { requireTenant } from './require-tenant.js';
import { insertTenant, listTenants } from './tenants.repository.js';

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
  createdAt: string;
}

export async function createTenant(db: Executor, name: string): Promise<Tenant> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 255) {
    throw ApiError.invalidField('/name', 'name must be 1 to 255 characters long');
  }
  const row = { id: newId('tenant'), name: trimmed, created_at: Date.now() };
  try {
    await insertTenant(db, row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError('conflict', `A tenant named "${trimmed}" already exists`);
    throw error;
  }
  return { tenantId: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString() };
}

export interface CreatedKey {
  keyId: string;
  tenantId: string;
  /** The key itself: shown once, never stored. */
  apiKey: string;
  prefix: string;
}

export async function createApiKey(
  db: Executor,
  tenantIdOrName: string,
  label: string | null = null,
): Promise<CreatedKey> {
  const tenantId = await requireTenant(db, tenantIdOrName);
  const apiKey = KEY_PREFIX + randomBytes(24).toString('base64url');
  const keyId = newId('key');
  const prefix = apiKey.slice(0, VISIBLE_PREFIX_LENGTH);
  await insertApiKey(db, {
    id: keyId,
    tenant_id: tenantId,
    prefix,
    key_hash: hashApiKey(apiKey),
    label,
    created_at: Date.now(),
    revoked_at: null,
  });
  return { keyId, tenantId, apiKey, prefix };
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
      createdAt: new Date(t.created_at).toISOString(),
      keys: (await listApiKeys(db, t.id)).map((k) => ({
        keyId: k.id,
        prefix: k.prefix,
        label: k.label,
        createdAt: new Date(k.created_at).toISOString(),
        revokedAt: k.revoked_at === null ? null : new Date(k.revoked_at).toISOString(),
      })),
    })),
  );
}
