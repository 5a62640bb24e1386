import type { SortKey, SortKeyShape } from '../db/sort-key.js';
import type { PageRequest } from './keyset-page.js';
import { decodeCursor, encodeCursor, type Page, pageSize } from './pagination.js';

/**
 * How many rows one search request examines at most (newest first, after the cursor), so a
 * search that matches little never reads a whole large tenant in one request.
 */
export const SEARCH_WINDOW = 5000;

/** A LIKE pattern matching `text` anywhere, case-insensitively; its wildcards stay literal. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of search results: as any page, but never counted. */
export type SearchPage<T> = Omit<Page<T>, 'totalCount'> & { totalCount: null };

/**
 * One page of a search over a keyset list, bounded: the matches among the next SEARCH_WINDOW rows
 * after the cursor. When the page is full, its cursor follows its last match, as any keyset page;
 * when the window ran out first, the page (possibly empty) still says `hasMore` and its cursor
 * follows the last row examined, so the next request goes on from there. `totalCount` is null:
 * counting the matches would read every row.
 */
export async function windowedSearchPage<R, T>(
  request: PageRequest,
  search: {
    shape: SortKeyShape;
    filters: Record<string, unknown>;
    /** Up to `limit` matches among the `window` rows after `after`. */
    fetch: (after: SortKey | null, window: number, limit: number) => Promise<R[]>;
    /** The key of the `window`th row after `after`: present when the window was full. */
    windowEnd: (after: SortKey | null, window: number) => Promise<SortKey | undefined>;
    keyOf: (row: R) => SortKey;
    map: (row: R) => T;
  },
): Promise<SearchPage<T>> {
  const after = decodeCursor(request.cursor, search.shape, search.filters);
  const limit = pageSize(request.limit);
  const rows = await search.fetch(after, SEARCH_WINDOW, limit + 1);
  if (rows.length > limit) {
    const page = rows.slice(0, limit);
    return {
      items: page.map(search.map),
      hasMore: true,
      nextCursor: encodeCursor(search.keyOf(page[page.length - 1]!), search.filters),
      totalCount: null,
    };
  }
  const end = await search.windowEnd(after, SEARCH_WINDOW);
  return {
    items: rows.map(search.map),
    hasMore: end !== undefined,
    nextCursor: end === undefined ? null : encodeCursor(end, search.filters),
    totalCount: null,
  };
}
