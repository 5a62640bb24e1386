import type { Executor } from './schema.js';

/**
 * The operator API's idempotency records (`admin_idempotency`). The operator surface is global
 * (one ADMIN_TOKEN, no tenant), so its keys are too; the request fingerprint covers the path,
 * which names the tenant.
 */

/** Claims a key for a first request; false when a record with this key already exists. */
export async function claimIdempotencyKey(
  db: Executor,
  key: string,
  fingerprint: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('admin_idempotency')
    .values({
      idempotency_key: key,
      request_fingerprint: fingerprint,
      status_code: null,
      response_body: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findIdempotencyRecord(db: Executor, key: string) {
  return db.selectFrom('admin_idempotency').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Stores the response a key's retries replay. */
export async function completeIdempotencyKey(
  db: Executor,
  key: string,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  await db
    .updateTable('admin_idempotency')
    .set({ status_code: statusCode, response_body: responseBody })
    .where('idempotency_key', '=', key)
    .execute();
}

/** Forgets an unfinished claim (the request failed), so a retry with the key runs again. */
export async function releaseIdempotencyKey(db: Executor, key: string): Promise<void> {
  await db
    .deleteFrom('admin_idempotency')
    .where('idempotency_key', '=', key)
    .where('status_code', 'is', null)
    .execute();
}

/**
 * Takes over a claim whose request never finished (its process died) once it is older than
 * `staleBefore`; true when this caller now holds it.
 */
export async function takeOverStaleClaim(
  db: Executor,
  key: string,
  fingerprint: string,
  staleBefore: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('admin_idempotency')
    .set({ created_at: now, request_fingerprint: fingerprint })
    .where('idempotency_key', '=', key)
    .where('status_code', 'is', null)
    .where('created_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
