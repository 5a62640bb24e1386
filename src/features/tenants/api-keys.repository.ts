import type { ApiKeysTable, Executor } from '../../db/schema.js';

export async function insertApiKey(db: Executor, row: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The live (not revoked) key with this hash; keys are looked up by hash, never by the key itself. */
export async function findLiveKeyByHash(db: Executor, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeApiKey(
  db: Executor,
  keyId: string,
  now: number,
): Promise<'revoked' | 'already' | 'missing'> {
  const key = await db
    .selectFrom('api_keys')
    .select(['revoked_at'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (key === undefined) return 'missing';
  if (key.revoked_at !== null) return 'already';
  await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', keyId).execute();
  return 'revoked';
}

export async function listApiKeys(db: Executor, tenantId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'prefix', 'label', 'created_at', 'revoked_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .execute();
}
