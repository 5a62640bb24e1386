import type { Executor } from '../db/schema.js';

/**
 * SQL of `quire secrets reencrypt` (reencrypt.ts): every stored secret of the installation, read
 * across tenants on purpose (an instance operation), and written back only if unchanged since read.
 */

export async function webhookSecretsAfter(
  db: Executor,
  after: { tenantId: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('webhook_endpoints')
    .select(['tenant_id', 'id', 'secret', 'previous_secret'])
    .orderBy('tenant_id')
    .orderBy('id')
    .limit(limit);
  if (after !== null)
    query = query.where((eb) =>
      eb.or([
        eb('tenant_id', '>', after.tenantId),
        eb.and([eb('tenant_id', '=', after.tenantId), eb('id', '>', after.id)]),
      ]),
    );
  return query.execute();
}

/** Replaces an endpoint's stored secrets if they are still `before`; returns whether it did. */
export async function replaceWebhookSecrets(
  db: Executor,
  tenantId: string,
  id: string,
  before: { secret: string; previous_secret: string | null },
  after: { secret: string; previous_secret: string | null },
): Promise<boolean> {
  let query = db
    .updateTable('webhook_endpoints')
    .set(after)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('secret', '=', before.secret);
  query =
    before.previous_secret === null
      ? query.where('previous_secret', 'is', null)
      : query.where('previous_secret', '=', before.previous_secret);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function instanceSecretRows(db: Executor) {
  return db.selectFrom('instance_secrets').select(['name', 'value']).orderBy('name').execute();
}

export async function replaceInstanceSecret(db: Executor, name: string, before: string, after: string) {
  const result = await db
    .updateTable('instance_secrets')
    .set({ value: after })
    .where('name', '=', name)
    .where('value', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
