import { isDeepStrictEqual } from 'node:util';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked structurally
type OpenApiDoc = any;

/**
 * Moves the schemas of the document into `components.schemas` under stable names and refers to
 * them, so generated clients get named types (`Person`, `CreatePersonBody`, `PersonPage`) rather
 * than anonymous inline ones. Names: a schema's `title`; a request body `<OperationId>Body`; a list
 * `<Item>Page`. A name already taken by a different schema gets the operation's name instead.
 */
export function nameSchemas(doc: OpenApiDoc, pathPrefix = '/v0/'): void {
  doc.components ??= {};
  doc.components.schemas ??= {};
  const components: Record<string, unknown> = doc.components.schemas;

  const name = (schema: OpenApiDoc, wanted: string, fallback: string): OpenApiDoc => {
    for (const candidate of [wanted, fallback]) {
      const existing = components[candidate];
      if (existing === undefined) components[candidate] = schema;
      if (existing === undefined || isDeepStrictEqual(existing, schema))
        return { $ref: `#/components/schemas/${candidate}` };
    }
    return schema;
  };

  const hoist = (node: OpenApiDoc, context: string): OpenApiDoc => {
    if (Array.isArray(node)) return node.map((n) => hoist(n, context));
    if (node === null || typeof node !== 'object') return node;
    const out: OpenApiDoc = {};
    for (const [key, value] of Object.entries(node)) out[key] = hoist(value, context);
    if (typeof out.title === 'string' && out.type === 'object' && /^[A-Z]\w*$/.test(out.title))
      return name(out, out.title, `${context}${out.title}`);
    const item = out.properties?.items?.items?.$ref;
    if (out.type === 'object' && typeof item === 'string' && 'nextCursor' in (out.properties ?? {}))
      return name(out, `${item.split('/').pop()}Page`, `${context}Page`);
    return out;
  };

  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, OpenApiDoc][]) {
    if (!path.startsWith(pathPrefix)) continue;
    for (const operation of Object.values(item) as OpenApiDoc[]) {
      const context = pascal(String(operation.operationId ?? 'Operation'));
      const json = operation.requestBody?.content?.['application/json'];
      if (json?.schema && json.schema.$ref === undefined) {
        const body = hoist(json.schema, context);
        json.schema = body.$ref ? body : name(body, `${context}Body`, `${context}RequestBody`);
      }
      for (const response of Object.values(operation.responses ?? {}) as OpenApiDoc[])
        for (const media of Object.values(response.content ?? {}) as OpenApiDoc[])
          if (media.schema) media.schema = hoist(media.schema, context);
    }
  }
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
