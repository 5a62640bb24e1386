import type { Kysely } from 'kysely';

/**
 * Uploaded files and brands (docs/files-and-brands.md).
 * - `files` keys on the file id alone: files are served publicly at `/files/<fileId>/...` without
 *   a tenant in the URL, so ids are unique across the instance (random TypeIDs). Every operator
 *   read is still scoped by `tenant_id` (another tenant's file is a 404). `stored_bytes` is what
 *   the file costs the tenant's quota: the served original and every variant.
 * - `brands` key on `(tenant_id, id)` like every tenant-owned table; `id` is what pages name in
 *   their `brandId` (an operator may choose it, e.g. `brand-loomwork`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('stored_bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Keyed by tenant like every tenant table (test/tenancy-catalog.test.ts); files are served by
    // id alone, through files_id.
    .addPrimaryKeyConstraint('files_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema.createIndex('files_id').on('files').column('id').execute();
  await db.schema
    .createIndex('files_tenant')
    .on('files')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_file_id', 'text')
    .addColumn('favicon_file_id', 'text')
    .addColumn('colors', 'text', (c) => c.notNull())
    .addColumn('font', 'text', (c) => c.notNull())
    .addColumn('button_radius', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('brands_pk', ['tenant_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brands').execute();
  await db.schema.dropTable('files').execute();
}
