import { ERROR_CODES, FIELD_ERROR_CODES } from '../errors.js';
import { fieldExample } from './field-examples.js';
import { curlExample, REQUEST_BODIES } from './request-examples.js';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked structurally
type Doc = any;

/** Replaced in the browser by the address the page was loaded from (docs/reference.js). */
export const BASE_PLACEHOLDER = '{{quire-base}}';

/**
 * The OpenAPI document as the reference page shows it: the served document plus what only a
 * reader needs: the introduction (authentication, errors, lists) in Markdown, a curl example per
 * operation (`x-codeSamples`), and the realistic request bodies as the examples of the bodies.
 */
export function referenceDocument(served: Doc): Doc {
  const doc = structuredClone(served);
  doc.info.description = `${doc.info.description}\n\n${INTRODUCTION}`;
  for (const schema of Object.values(doc.components?.schemas ?? {})) addExamples(schema, '');
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Doc][]) {
    for (const [method, operation] of Object.entries(item) as [string, Doc][]) {
      if (!path.startsWith('/v0/')) continue;
      const scope = operation['x-required-scope'];
      if (scope !== undefined) {
        operation.description = `${operation.description ?? ''}\n\nAPI key scope: \`${scope}\`.`.trim();
      }
      operation['x-codeSamples'] = [
        {
          lang: 'Shell',
          label: 'curl',
          source: curlExample(BASE_PLACEHOLDER, method, path, operation.operationId),
        },
      ];
      const body = REQUEST_BODIES[operation.operationId];
      const json = operation.requestBody?.content?.['application/json'];
      if (json && body !== undefined) json.examples = { example: { value: body } };
    }
  }
  return doc;
}

/** Gives string members without examples a realistic one (src/docs/field-examples.ts). */
function addExamples(schema: Doc, name: string): void {
  if (schema === null || typeof schema !== 'object') return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const bare =
    !schema.examples && !schema.enum && !schema.format && !schema.pattern && schema.default === undefined;
  if (types.includes('string') && bare) {
    const example = fieldExample(name);
    if (example !== undefined) schema.examples = [example];
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) addExamples(property, key);
  if (schema.items) addExamples(schema.items, name);
  for (const branch of schema.anyOf ?? []) addExamples(branch, name);
}

const errorRows = Object.entries(ERROR_CODES)
  .map(([code, e]) => `| \`${code}\` | ${e.status} | ${e.when} |`)
  .join('\n');
const fieldRows = Object.entries(FIELD_ERROR_CODES)
  .map(([code, when]) => `| \`${code}\` | ${when} |`)
  .join('\n');

const INTRODUCTION = `
# Authentication

Every \`/v0\` operation needs an API key in the \`x-api-key\` header. An operator creates one with
\`./bin/quire.mjs keys create --tenant <tenant>\`; it is shown once. A missing, unknown or revoked key is
answered \`401 unauthenticated\`. Each key belongs to one tenant: another tenant's records are
answered \`404\`, exactly like missing ones.

A key may be limited to scopes (\`./bin/quire.mjs keys create --tenant <tenant> --scope pages:read\`):
\`persons:read\`, \`persons:write\`, \`pages:read\`, \`pages:write\`, \`assets:read\`,
\`assets:write\`; a \`:write\` scope includes its \`:read\`. Each operation names the scope it
needs; a key without it is answered \`403 forbidden\` naming the scope. Keys created without
scopes have full access.

The operator API (\`/admin/v0\`: tenants, keys, operators and every record of a tenant) has its
own reference: [Quire operator API](docs/admin).

The examples use \`$APIKEY\` for the key and \`$PAGEID\`, \`$AUDIENCEID\`... for ids, the names
the README's pages example exports from \`quire seed demo --json\`, and the address this page was
loaded from.

# Errors

Every error is \`application/problem+json\` (RFC 9457) with a stable \`code\` and the \`requestId\`.
Each operation below lists the codes it can return. A \`400 validation_failed\` lists every
problem of the request at once in \`errors\`, each with a \`pointer\` (body member) or
\`parameter\`, a \`code\` and a \`detail\`.

| code | status | when |
| --- | --- | --- |
${errorRows}

Codes of the items of \`errors\`:

| code | when |
| --- | --- |
${fieldRows}

# Lists

Lists answer \`{ items, totalCount, hasMore, nextCursor }\`. Pass \`nextCursor\` back as \`cursor\`
for the next page; it is \`null\` on the last page. \`limit\` is 20 by default and at most 100.
\`totalCount\` is exact. Paging while records are created never skips or repeats one.

# Rate limits

Every response carries \`RateLimit-Policy\` and \`RateLimit\` headers; over the limit the answer is
\`429 rate_limited\` with \`Retry-After\` in seconds.
`;
