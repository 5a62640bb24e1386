import fc from 'fast-check';

/** A JSON Schema as the OpenAPI document holds it (refs already resolved). */
export interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

const MAX_GENERATED_STRING = 300;

/**
 * Realistic values for members whose schema is a bare string but whose meaning has rules the
 * schema cannot say (a domain must be a hostname): most generated values follow them, so valid
 * inputs reach the success paths, and some do not, so the rules are exercised too.
 */
const HINTS: Record<string, fc.Arbitrary<string>> = {
  domain: fc.domain().filter((d) => d.length <= 253 && /\.[a-z]{2,}$/.test(d)),
  email: fc.emailAddress().filter((e) => e.length <= 320),
  linkedinProfileUrl: fc.webUrl(),
  url: fc.webUrl(),
};

/** Values that satisfy `schema`: the generator behind the "valid input" properties. */
export function valid(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valid));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(valid(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? MAX_GENERATED_STRING, MAX_GENERATED_STRING);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({
    minLength: min,
    maxLength: Math.max(min, max),
    unit: fc.constantFrom('a', 'Z', '0', ' ', '-', 'é', '漢', '😀', '"', "'", '\\', '%', '_'),
  });
}

function validObject(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0) {
    // A free-form object (e.g. a log payload).
    return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });
  }
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const hint = HINTS[name];
    record[name] =
      hint && typeOf(property) === 'string'
        ? fc.oneof({ weight: 3, arbitrary: hint }, valid(property))
        : valid(property);
  }
  return fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') ?? 'null';
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

function jsonTypes(schema: Schema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...jsonTypes(s)]));
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return new Set(types.map((t) => (t === 'integer' ? 'number' : t)));
}

const OF_TYPE: Record<string, unknown> = {
  string: 'x',
  number: 7,
  boolean: true,
  object: { a: 1 },
  array: [1],
  null: null,
};

export interface Mutation {
  body: unknown;
  /** What was broken, for failure messages. */
  what: string;
}

/** Bodies that violate `schema` in exactly one way (a missing, mistyped, unknown or out-of-bounds member). */
export function invalidBody(schema: Schema): fc.Arbitrary<Mutation> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((k) => k in properties);
  const mutations: fc.Arbitrary<(body: Record<string, unknown>) => Mutation>[] = [
    fc.constantFrom(
      () => ({ body: [], what: 'an array body' }),
      () => ({ body: 'text', what: 'a string body' }),
      () => ({ body: 42, what: 'a number body' }),
      () => ({ body: null, what: 'a null body' }),
    ),
    fc
      .string({ minLength: 1, maxLength: 10 })
      .filter((k) => !(k in properties) && k !== '__proto__' && k !== 'constructor')
      .map((key) => (body) => ({ body: { ...body, [key]: 1 }, what: `unknown member ${key}` })),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.constantFrom(...required).map((key) => (body) => {
        const { [key]: _dropped, ...rest } = body;
        return { body: rest, what: `missing ${key}` };
      }),
    );
  }
  const names = Object.keys(properties);
  if (names.length > 0) {
    mutations.push(
      fc.constantFrom(...names).chain((key) => {
        const allowed = jsonTypes(properties[key]!);
        const wrong = Object.keys(OF_TYPE).filter((t) => !allowed.has(t) && allowed.size > 0);
        return fc
          .constantFrom(...(wrong.length ? wrong : ['object']))
          .map((t) => (body: Record<string, unknown>) => ({
            body: { ...body, [key]: OF_TYPE[t] },
            what: `${key} as ${t}`,
          }));
      }),
    );
    const bounded = names.filter((n) => boundBreaker(properties[n]!) !== null);
    if (bounded.length > 0) {
      mutations.push(
        fc.constantFrom(...bounded).map((key) => (body) => ({
          body: { ...body, [key]: boundBreaker(properties[key]!) },
          what: `${key} out of bounds`,
        })),
      );
    }
  }
  return fc.tuple(validObject(schema), fc.oneof(...mutations)).map(([body, mutate]) => mutate(body));
}

/** A value of the right type that breaks a declared bound, or null when there is none to break. */
function boundBreaker(schema: Schema): unknown {
  const t = typeOf(schema);
  if (t === 'string' && schema.enum) return 'not-one-of-the-values';
  if (t === 'string' && schema.maxLength !== undefined) return 'x'.repeat(schema.maxLength + 1);
  if (t === 'string' && schema.minLength !== undefined && schema.minLength > 0) return '';
  if (t === 'string' && schema.pattern) return ' \u0000 not matching ';
  if ((t === 'integer' || t === 'number') && schema.minimum !== undefined) return schema.minimum - 1;
  return null;
}
