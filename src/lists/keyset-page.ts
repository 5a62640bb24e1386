import type { SortKey, SortKeyShape } from '../db/sort-key.js';
import { decodeCursor, type Page, pageSize, toPage } from './pagination.js';

/** The paging part of a list request: what the previous page returned as `nextCursor`, and a size. */
export interface PageRequest {
  cursor?: string;
  limit?: number;
}

/**
 * One keyset page of any list, the steps every operator list repeats: decode the cursor against
 * the filters, fetch one row more than asked (it only says another page exists), count, map.
 */
export async function keysetPage<R, T>(
  request: PageRequest,
  list: {
    shape: SortKeyShape;
    filters: Record<string, unknown>;
    fetch: (after: SortKey | null, limit: number) => Promise<R[]>;
    count: () => Promise<number>;
    keyOf: (row: R) => SortKey;
    map: (row: R) => T | Promise<T>;
  },
): Promise<Page<T>> {
  const after = decodeCursor(request.cursor, list.shape, list.filters);
  const limit = pageSize(request.limit);
  const [rows, totalCount] = await Promise.all([list.fetch(after, limit + 1), list.count()]);
  const page = toPage(rows, limit, { keyOf: list.keyOf, filters: list.filters, totalCount, map: (r) => r });
  return { ...page, items: await Promise.all(page.items.map(list.map)) };
}
