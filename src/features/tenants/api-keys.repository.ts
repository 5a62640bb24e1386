import type { ApiKeysTable, Executor } from '../../db/schema.js';
import { KEYS_CHANNEL, notifyWakeup } from '../../db/wakeups.js';

export async function insertApiKey(db: Executor, row: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The live (not revoked) key with this hash; keys are looked up by hash, never by the key itself. */
export async function findLiveKeyByHash(db: Executor, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id', 'scopes'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** A key by id if it is still live (not revoked; a deleted tenant's keys are deleted with it). */
export async function findLiveKeyById(db: Executor, keyId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id', 'scopes'])
    .where('id', '=', keyId)
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
  await notifyKeysInvalidated(db, { keyId });
  return 'revoked';
}

/**
 * Tells every server process on PostgreSQL that keys stopped being valid, when `db`'s transaction
 * commits (at once outside one): their API-key caches forget them (key-invalidations.ts). A no-op
 * on SQLite, where they poll instead.
 */
export async function notifyKeysInvalidated(
  db: Executor,
  gone: { tenantId: string } | { keyId: string },
): Promise<void> {
  await notifyWakeup(db, KEYS_CHANNEL, 'keyId' in gone ? `key:${gone.keyId}` : `tenant:${gone.tenantId}`);
}

/** Which of these keys are still live (not revoked, their tenant not deleted). */
export async function findLiveKeyIds(db: Executor, keyIds: readonly string[]): Promise<string[]> {
  if (keyIds.length === 0) return [];
  const rows = await db
    .selectFrom('api_keys')
    .select('id')
    .where('id', 'in', keyIds)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

const KEY_COLUMNS = [
  'id',
  'tenant_id',
  'prefix',
  'label',
  'scopes',
  'created_at',
  'last_used_at',
  'revoked_at',
] as const;

export async function listApiKeys(db: Executor, tenantId: string) {
  return db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findApiKey(db: Executor, tenantId: string, keyId: string) {
  return db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .executeTakeFirst();
}

/** Records a key's last use; only ever moves forward (two processes may write out of order). */
export async function touchApiKey(db: Executor, keyId: string, now: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now)]))
    .execute();
}

/** One page of a tenant's keys, oldest first, after the (created_at, id) of the previous page. */
export async function listApiKeysPage(
  db: Executor,
  tenantId: string,
  after: readonly [number, string] | null,
  limit: number,
) {
  let query = db.selectFrom('api_keys').select(KEY_COLUMNS).where('tenant_id', '=', tenantId);
  if (after !== null) {
    const [createdAt, id] = after;
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)]),
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** How many keys a tenant has, revoked ones included (a handful: no maintained counter needed). */
export async function countApiKeys(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tenant a key belongs to (operators may revoke a key by id alone). */
export async function findKeyTenant(db: Executor, keyId: string): Promise<string | undefined> {
  const row = await db.selectFrom('api_keys').select('tenant_id').where('id', '=', keyId).executeTakeFirst();
  return row?.tenant_id;
}
