import { Type } from 'typebox';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../lists/pagination.js';

/** The HTTP side of keyset pagination (src/lists/pagination.ts): its query parameters and envelope. */
export const CursorQuery = Type.Optional(
  Type.String({ minLength: 1, maxLength: 1024, description: 'The `nextCursor` of the previous page.' }),
);
export const LimitQuery = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: `Page size, ${DEFAULT_LIMIT} by default; values above ${MAX_LIMIT} are treated as ${MAX_LIMIT}.`,
  }),
);

/** The envelope schema of a list of `item`. */
export function PageOf<T extends ReturnType<typeof Type.Object>>(
  item: T,
  options: { nullableTotal?: boolean } = {},
) {
  return Type.Object({
    items: Type.Array(item),
    totalCount: options.nullableTotal
      ? Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()])
      : Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    hasMore: Type.Boolean(),
    nextCursor: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  });
}
