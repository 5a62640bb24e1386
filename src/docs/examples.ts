/**
 * Example values for the reference page, made from the schemas: a schema's own `examples` win;
 * ids get a TypeID of the kind their name says; everything else a plausible value of its type.
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are walked structurally
type Schema = any;

const ID_SUFFIX = '01jdq8m3k4e8v9t6w5x2y1z0ab';

export function exampleOf(schema: Schema, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) {
    const branch = schema.anyOf.find((s: Schema) => s.type !== 'null') ?? schema.anyOf[0];
    return exampleOf(branch, name, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(schema.items, singular(name), depth + 1)];
    default: {
      if (!schema.properties) return {};
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties))
        out[key] = exampleOf(property, key, depth + 1);
      return out;
    }
  }
}

function stringExample(schema: Schema, name: string): string {
  if (schema.format === 'date-time') return '2026-11-21T10:00:00.000Z';
  if (/Id$/.test(name) && name !== 'fileId') return `${name.slice(0, -2).toLowerCase()}_${ID_SUFFIX}`;
  if (/url$/i.test(name)) return 'https://example.com/';
  if (name === 'cursor' || name === 'nextCursor') return 'eyJrIjpbMTc2MzcxOTIwMDAwMCwicGVyc29uXzAxIl19';
  if (schema.minLength && schema.minLength > 1) return 'x'.repeat(schema.minLength);
  return name ? `${name} text` : 'text';
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}
