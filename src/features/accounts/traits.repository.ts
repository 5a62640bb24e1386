import { dialectOf } from '../../db/dialect.js';
import type { Executor } from '../../db/schema.js';

/** The two kinds of record that carry traits (accounts and persons). */
export type TraitsTable = 'accounts' | 'persons';

/** A record's stored traits, its row locked until the transaction ends (a read-modify-write). */
export async function findTraitsForUpdate(
  db: Executor,
  table: TraitsTable,
  tenantId: string,
  id: string,
): Promise<{ traits: string | null } | undefined> {
  return db
    .selectFrom(table)
    .select('traits')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .$if(dialectOf(db) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function storeTraits<T extends TraitsTable>(
  db: Executor,
  table: T,
  tenantId: string,
  id: string,
  traits: string,
  at: number,
) {
  return db
    .updateTable(table as TraitsTable)
    .set({ traits, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
