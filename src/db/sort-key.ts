/**
 * Keyset pagination: a list is read after the sort key of the last row of the previous page, in
 * the order of an index, so a page costs the same however deep it is.
 */
import { type SelectQueryBuilder, sql } from 'kysely';

/** A sort key: the values of the ordering columns of one row, last one the id. */
export type SortKey = readonly (string | number)[];
/** What each element of a sort key must be, so a forged cursor cannot inject other types. */
export type SortKeyShape = readonly ('string' | 'number')[];

/**
 * A list newest first (created_at desc, id desc: the order of each table's `*_newest` index),
 * `limit` rows after the sort key `after` (the previous page's last row; null for the first page).
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  after: SortKey | null,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const rest =
    after === null ? query : query.where(sql<boolean>`(created_at, id) < (${after[0]}, ${after[1]})`);
  return rest.orderBy(sql.ref('created_at'), 'desc').orderBy(sql.ref('id'), 'desc').limit(limit);
}

/**
 * The sort key of the last row of a newest-first window of `window` rows after `after`, when the
 * window is full (more may follow); undefined when it is not.
 */
export async function newestWindowEnd<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  after: SortKey | null,
  window: number,
): Promise<SortKey | undefined> {
  // The result type of a generic query is not narrowed by its select: the two columns selected here.
  const row = (await newestFirst(query, after, 1)
    .select([sql.ref('created_at').as('created_at'), sql.ref('id').as('id')])
    .offset(window - 1)
    .executeTakeFirst()) as { created_at: number | string; id: string } | undefined;
  return row === undefined ? undefined : [Number(row.created_at), row.id];
}
