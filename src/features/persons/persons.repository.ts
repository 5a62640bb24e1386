import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { Executor, PersonsTable } from '../../db/schema.js';
import { newestFirst, newestWindowEnd, type SortKey } from '../../db/sort-key.js';
import { statement } from '../../db/statement.js';

/** Inserts a person unless its slug is taken in the tenant; false when it is. */
export async function insertPersonUnlessSlugTaken(db: Executor, row: PersonsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('persons')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'slug']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Slugs in the tenant that are `base` or `base-<anything>`: a range scan on the unique index. */
export async function findSlugsLike(db: Executor, tenantId: string, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('persons')
    .select('slug')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([eb('slug', '=', base), eb.and([eb('slug', '>=', `${base}-`), eb('slug', '<', `${base}.`)])]),
    )
    .execute();
  return rows.map((r) => r.slug);
}

// GET /v0/persons/{id} is the most frequent read: a fixed statement (statement.ts), read at once
// on SQLite's synchronous reader outside a transaction.
const selectPerson = statement<PersonsTable>(`select * from "persons" where "tenant_id" = $1 and "id" = $2`);

export function findPerson(
  db: Executor,
  tenantId: string,
  personId: string,
): PersonsTable | undefined | Promise<PersonsTable | undefined> {
  return selectPerson.firstNow(db, [tenantId, personId]);
}

/** One page of persons, newest first; `after` is the sort key of the previous page's last row. */
export async function listPersons(db: Executor, tenantId: string, after: SortKey | null, limit: number) {
  const query = db.selectFrom('persons').selectAll().where('tenant_id', '=', tenantId);
  return newestFirst(query, after, limit).execute();
}

/** Changes a person's editable members; undefined when the tenant has no such person. */
export async function updatePersonRow(
  db: Executor,
  tenantId: string,
  personId: string,
  changes: Partial<
    Pick<PersonsTable, 'name' | 'email' | 'phone_number' | 'linkedin_profile_url' | 'updated_at'>
  >,
) {
  return db
    .updateTable('persons')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', personId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The window a search looks through: the tenant's next `window` persons, newest first, after
 * `after` (index persons_newest), so one search request reads a bounded number of rows.
 */
function personsWindow(db: Executor, tenantId: string, after: SortKey | null, window: number) {
  const query = db.selectFrom('persons').where('tenant_id', '=', tenantId);
  return newestFirst(query, after, window);
}

/** Up to `limit` persons of the window whose name, email or domain contains the LIKE `pattern`. */
export async function searchPersons(
  db: Executor,
  tenantId: string,
  pattern: string,
  after: SortKey | null,
  window: number,
  limit: number,
) {
  const query = db
    .selectFrom(personsWindow(db, tenantId, after, window).selectAll().as('w'))
    .selectAll()
    .where(
      sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(coalesce(email, '')) like ${pattern} escape '\\' or lower(coalesce(domain, '')) like ${pattern} escape '\\')`,
    );
  return newestFirst(query, null, limit).execute();
}

/** The sort key of the window's last person, when the window is full (more may follow). */
export async function personsWindowEnd(
  db: Executor,
  tenantId: string,
  after: SortKey | null,
  window: number,
): Promise<SortKey | undefined> {
  return newestWindowEnd(db.selectFrom('persons').where('tenant_id', '=', tenantId), after, window);
}

/** The tenant's oldest person with this email, compared case-insensitively (index persons_email). */
export async function findPersonByEmail(db: Executor, tenantId: string, email: string) {
  return db
    .selectFrom('persons')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The persons of several emails at once (a batch of an import), matched case-insensitively,
 * oldest first (the caller keeps the first of each email), locked on PostgreSQL.
 */
export function findPersonsByEmailsForUpdate(db: Executor, tenantId: string, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('persons')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(
      sql<string>`lower(email)`,
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .orderBy('created_at')
    .orderBy('id')
    .$if(dialectOf(db) === 'postgres', (q) => q.forUpdate())
    .execute();
}

/** Writes members a person lacked (a form's lead); the caller decided which were empty. */
export async function fillPersonFields(
  db: Executor,
  tenantId: string,
  personId: string,
  changes: Partial<Pick<PersonsTable, 'phone_number' | 'domain' | 'account_id' | 'traits' | 'updated_at'>>,
) {
  await db
    .updateTable('persons')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', personId)
    .execute();
}
