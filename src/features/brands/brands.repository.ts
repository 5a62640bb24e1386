import type { BrandsTable, Executor } from '../../db/schema.js';

export async function insertBrandUnlessTaken(db: Executor, row: BrandsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('brands')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findBrand(db: Executor, tenantId: string, brandId: string) {
  return db
    .selectFrom('brands')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', brandId)
    .executeTakeFirst();
}

/** A tenant has few brands: listed whole, by name. */
export async function listBrandRows(db: Executor, tenantId: string) {
  return db
    .selectFrom('brands')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function updateBrandRow(
  db: Executor,
  tenantId: string,
  brandId: string,
  changes: Partial<Omit<BrandsTable, 'tenant_id' | 'id' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('brands')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', brandId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteBrandRow(db: Executor, tenantId: string, brandId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('brands')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', brandId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
