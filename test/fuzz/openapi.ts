import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './arbitraries.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  operationId: string;
  pathParams: string[];
  query: { name: string; schema: Schema; required: boolean }[];
  body: Schema | null;
  /** status -> media type -> schema */
  responses: Record<string, Record<string, Schema>>;
}

/** A Server-Sent Events stream (GET /v0/events): its 200 never ends, so only its refusals are fuzzed. */
export function isStream(op: Operation): boolean {
  return op.responses['200']?.['text/event-stream'] !== undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked structurally
type Doc = any;

/** Inlines every local `$ref` (`#/components/schemas/X` or a bare component name). */
export function resolveRefs(doc: Doc, node: unknown, seen = new Set<string>()): unknown {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(doc, n, seen));
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const name = record.$ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '');
    if (seen.has(name)) return {};
    return resolveRefs(doc, doc.components.schemas[name], new Set([...seen, name]));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) if (k !== '$id') out[k] = resolveRefs(doc, v, seen);
  return out;
}

/** Every operation of the document under /v0, with refs resolved. */
export function operations(doc: Doc): Operation[] {
  const result: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Doc>>)) {
    if (!path.startsWith('/v0/')) continue;
    for (const [method, op] of Object.entries(item)) {
      const resolved = resolveRefs(doc, op) as Doc;
      const params = (resolved.parameters ?? []) as Doc[];
      result.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: resolved.operationId,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: !!p.required })),
        body: resolved.requestBody?.content?.['application/json']?.schema ?? null,
        responses: Object.fromEntries(
          Object.entries(resolved.responses as Record<string, Doc>).map(([status, r]) => [
            status,
            Object.fromEntries(
              Object.entries((r.content ?? {}) as Record<string, Doc>).map(([type, c]) => [type, c.schema]),
            ),
          ]),
        ),
      });
    }
  }
  return result;
}

const ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateFormats: true }));
const compiled = new WeakMap<object, ValidateFunction>();

/** Checks a response against the schema the document declares for its status and media type. */
export function checkResponse(
  op: Operation,
  status: number,
  contentType: string,
  body: unknown,
): string | null {
  const declared = op.responses[String(status)];
  if (!declared) return `status ${status} is not declared for ${op.operationId}`;
  const mediaType = contentType.split(';')[0]!.trim();
  const schema = declared[mediaType];
  if (!schema)
    return `${op.operationId} ${status}: media type ${mediaType} is not declared (${Object.keys(declared).join(', ')})`;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(body))
    return `${op.operationId} ${status}: body does not match its schema: ${ajv.errorsText(validate.errors)}`;
  return null;
}
