/**
 * The /v0 operations as MCP tools, read from the OpenAPI document the server serves (which is
 * generated from the route schemas): the tools' input and output schemas are the routes' own
 * TypeBox schemas, never a second definition. A new /v0 route becomes a tool by itself.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked structurally
type Json = any;
type JsonSchema = Record<string, unknown>;

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ApiOperation {
  /** The tool name: the operationId in snake_case (`listPersons` -> `list_persons`). */
  name: string;
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route path with `{param}` placeholders, as in the OpenAPI document. */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  /** Members of the JSON body; null when the operation takes no body. */
  bodyMembers: string[] | null;
  description: string;
  /** The key scope the operation needs, once the document declares one (`x-required-scope`). */
  scope: string | null;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: (JsonSchema & { type: 'object' }) | undefined;
  annotations: ToolAnnotations;
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

/** Every /v0 operation of the document, in the document's order. */
export function apiOperations(document: Json): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}) as [string, Json][]) {
    if (!path.startsWith('/v0/')) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.operationId === undefined || isStream(operation)) continue;
      operations.push(toApiOperation(document, path, method, operation));
    }
  }
  return operations;
}

/** A stream (GET /v0/events, Server-Sent Events) never ends, so it cannot be a tool call. */
function isStream(operation: Json): boolean {
  return Object.values((operation.responses ?? {}) as Record<string, Json>).some(
    (response) => response?.content?.['text/event-stream'] !== undefined,
  );
}

function toApiOperation(document: Json, path: string, method: (typeof METHODS)[number], operation: Json) {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const pathParameters: string[] = [];
  const queryParameters: string[] = [];
  for (const parameter of (operation.parameters ?? []) as Json[]) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    (parameter.in === 'path' ? pathParameters : queryParameters).push(parameter.name);
    const schema = inline(document, parameter.schema ?? {});
    const description = parameter.description ?? idDescription(parameter.name);
    properties[parameter.name] = { ...schema, ...(description ? { description } : {}) };
    if (parameter.required) required.push(parameter.name);
  }

  let bodyMembers: string[] | null = null;
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  if (bodySchema !== undefined) {
    const body = inline(document, bodySchema);
    bodyMembers = Object.keys(body.properties ?? {});
    for (const member of bodyMembers) {
      if (member in properties) {
        // One flat argument object is easiest for a model; a clash would make it ambiguous.
        throw new Error(`${operation.operationId}: body member "${member}" clashes with a parameter`);
      }
      properties[member] = body.properties[member];
    }
    required.push(...((body.required ?? []) as string[]));
  }

  const name = snakeCase(operation.operationId);
  const upper = method.toUpperCase() as ApiOperation['method'];
  const scope = requiredScope(operation);
  return {
    name,
    operationId: operation.operationId,
    method: upper,
    path,
    pathParameters,
    queryParameters,
    bodyMembers,
    scope,
    description: [
      operation.summary,
      operation.description,
      `Calls ${upper} ${path} of the Quire API with your API key.`,
      scope === null ? null : `Needs an API key with the ${scope} scope.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
    outputSchema: successSchema(document, operation),
    annotations: {
      title: operation.summary ?? name,
      readOnlyHint: upper === 'GET',
      // A PATCH replaces text and a DELETE removes; creating and restoring lose nothing.
      destructiveHint: upper === 'PATCH' || upper === 'PUT' || upper === 'DELETE',
      idempotentHint: upper !== 'POST',
      openWorldHint: false,
    },
  } satisfies ApiOperation;
}

/** The JSON schema of the operation's success body, when it is an object (MCP requires that). */
function successSchema(document: Json, operation: Json): ApiOperation['outputSchema'] {
  for (const [status, response] of Object.entries(operation.responses ?? {}) as [string, Json][]) {
    if (!status.startsWith('2')) continue;
    const schema = response.content?.['application/json']?.schema;
    if (schema === undefined) return undefined;
    const inlined = inline(document, schema);
    return inlined.type === 'object' ? inlined : undefined;
  }
  return undefined;
}

/** The scope an operation needs, once scoped keys declare it in the document. */
function requiredScope(operation: Json): string | null {
  const declared = operation['x-required-scope'];
  if (typeof declared === 'string') return declared;
  for (const requirement of (operation.security ?? []) as Json[]) {
    for (const scopes of Object.values(requirement) as string[][]) {
      if (Array.isArray(scopes) && scopes.length > 0) return scopes.join(' or ');
    }
  }
  return null;
}

/**
 * A schema with its `#/components/...` references replaced by their targets, so a client needs
 * nothing but the schema itself. `$id`s are dropped: a validator would refuse a repeated one.
 */
export function inline(document: Json, schema: Json, seen: string[] = []): Json {
  if (Array.isArray(schema)) return schema.map((item) => inline(document, item, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const ref: string = schema.$ref;
    if (seen.includes(ref)) throw new Error(`recursive schema ${ref} cannot be inlined`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, key: string) => node?.[key], document);
    if (target === undefined) throw new Error(`unresolved schema reference ${ref}`);
    return inline(document, target, [...seen, ref]);
  }
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    copy[key] = inline(document, value, seen);
  }
  return copy;
}

/**
 * What an undescribed id parameter is, from Quire's naming: `account_log_id` holds an id of kind
 * `accountlog` (`accountlog_01jd...`), as other tools return it in `accountLogId`.
 */
function idDescription(name: string): string | undefined {
  const kind = /^([a-z_]+)_id$/.exec(name)?.[1];
  if (kind === undefined) return undefined;
  const camel = kind.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `The ${kind.replaceAll('_', ' ')}'s id, like ${kind.replaceAll('_', '')}_01jd... (the \`${camel}Id\` other tools return).`;
}

export function snakeCase(identifier: string): string {
  return identifier.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
