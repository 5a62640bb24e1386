import { createHash } from 'node:crypto';
import type { SortKey, SortKeyShape } from '../db/sort-key.js';
import { ApiError } from '../errors.js';

/**
 * Keyset pagination (src/db/sort-key.ts), shared by every list of every surface (HTTP, CLI, MCP):
 * the page size, the cursors and the page envelope; the query schemas are in
 * src/http/pagination.schemas.ts. A cursor is opaque to clients: base64url of the last
 * row's sort key and a hash of the filters it was made under, so a cursor reused with other
 * filters (or garbled) is a 400 `invalid_cursor` rather than a wrong page.
 */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export function pageSize(limit: number | undefined): number {
  return Math.min(limit ?? DEFAULT_LIMIT, MAX_LIMIT);
}

function filtersHash(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : 1)));
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function encodeCursor(key: SortKey, filters: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ k: key, f: filtersHash(filters) })).toString('base64url');
}

/** The sort key a cursor carries; null without a cursor; 400 for a bad or mismatched one. */
export function decodeCursor(
  cursor: string | undefined,
  shape: SortKeyShape,
  filters: Record<string, unknown>,
): SortKey | null {
  if (cursor === undefined) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('The cursor is not one this list returned');
  }
  const { k, f } = (decoded ?? {}) as { k?: unknown; f?: unknown };
  const valid =
    Array.isArray(k) &&
    k.length === shape.length &&
    k.every((v, i) =>
      shape[i] === 'number' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 512,
    );
  if (!valid) throw invalidCursor('The cursor is not one this list returned');
  if (f !== filtersHash(filters)) throw invalidCursor('The cursor was made for a list with other filters');
  return k as SortKey;
}

function invalidCursor(detail: string): ApiError {
  return new ApiError('invalid_cursor', detail, [{ parameter: 'cursor', detail, code: 'invalid_cursor' }]);
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
  totalCount: number;
}

/**
 * Builds the envelope from `limit + 1` fetched rows: the extra row only says another page exists.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  options: {
    keyOf: (row: R) => SortKey;
    filters: Record<string, unknown>;
    totalCount: number;
    map: (row: R) => T;
  },
): Page<T> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(options.map),
    hasMore,
    nextCursor: hasMore && last !== undefined ? encodeCursor(options.keyOf(last), options.filters) : null,
    totalCount: options.totalCount,
  };
}
