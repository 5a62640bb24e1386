import { type TLiteral, type TSchema, type TUnion, Type } from 'typebox';

/**
 * Timestamps are RFC 3339 UTC strings with milliseconds (`2026-11-21T10:00:00.000Z`). The interface
 * declares an E.164 phone pattern for them by mistake; Quire declares `date-time` (a documented deviation).
 */
export const Timestamp = Type.String({ format: 'date-time', examples: ['2026-11-21T10:00:00.000Z'] });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** The largest count or number the interface allows (2^53 - 1). */
export const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** Path parameter: any string; an id of the wrong shape is simply not found (404). */
export const PathId = Type.String({ minLength: 1, maxLength: 255 });

/** Lower-case words of a-z0-9 joined by single hyphens (`linkedin`, `page-view`). */
export const KEBAB_CASE = '^[a-z0-9]+(-[a-z0-9]+)*$';

/**
 * A company's domain as a client sends it, normalised on the way in. No upper bound in the
 * interface; 2048 (a documented deviation) keeps huge strings out.
 */
export const DomainInput = Type.String({
  minLength: 1,
  maxLength: 2048,
  format: 'domain',
  description:
    'A hostname such as `acme.com`, or a URL of one (`https://www.Acme.com/` is stored as `acme.com`).',
  examples: ['acme.com'],
});

export const SuccessFlag = Type.Object({ success: Type.Boolean() }, { required: ['success'] });

type Literals<Values extends readonly string[]> = {
  -readonly [K in keyof Values]: TLiteral<Values[K] & string>;
};

/** A union of string literals, one per value of an `as const` list, in its order. */
export function literalUnion<const Values extends readonly string[]>(values: Values) {
  return Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<Values>>;
}
