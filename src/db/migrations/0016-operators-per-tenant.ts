import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.js';

// Issue 29, item 5: an operator's email is unique within its tenant (and among the instance admins),
// not in the whole instance. A tenant admin who adds an operator can then never learn that the email
// is an operator of another tenant or an instance admin: the only "already exists" is about their
// own tenant. The same email in two tenants is two operators (their own password, role, sessions).
//
// PostgreSQL drops the column's unique constraint; SQLite cannot drop a column constraint, so the
// table is rebuilt with the same columns and rows. Both then get a unique index on the tenant
// (`''` for instance admins, whose tenant is NULL) and the email, and an index on the email for
// sign-in, which reads every operator of an email.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped Kysely
type AnyDb = Kysely<any>;

const COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'role',
  'instance_admin',
  'password_hash',
  'must_change_password',
  'disabled_at',
  'created_at',
  'updated_at',
];

async function rebuildSqlite(db: AnyDb, emailUnique: boolean): Promise<void> {
  await db.schema
    .createTable('operators_rebuilt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('email', 'text', (c) => (emailUnique ? c.notNull().unique() : c.notNull()))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('instance_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into operators_rebuilt (${columns}) select ${columns} from operators`.execute(db);
  await db.schema.dropTable('operators').execute();
  await db.schema.alterTable('operators_rebuilt').renameTo('operators').execute();
  await db.schema.createIndex('operators_tenant').on('operators').columns(['tenant_id', 'id']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  if (dialectOf(any) === 'postgres') {
    await sql`alter table operators drop constraint if exists operators_email_key`.execute(db);
  } else {
    await rebuildSqlite(any, false);
  }
  await db.schema
    .createIndex('operators_tenant_email')
    .on('operators')
    .unique()
    .expression(sql`coalesce(tenant_id, ''), email`)
    .execute();
  await db.schema.createIndex('operators_email').on('operators').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  await db.schema.dropIndex('operators_email').execute();
  await db.schema.dropIndex('operators_tenant_email').execute();
  if (dialectOf(any) === 'postgres') {
    await sql`alter table operators add constraint operators_email_key unique (email)`.execute(db);
  } else {
    await rebuildSqlite(any, true);
  }
}
