import { ERROR_CODES } from '../errors.js';
import { exampleOf } from './examples.js';

/**
 * The API reference page at /docs, rendered on the server from the OpenAPI document: one static
 * HTML page with no script and nothing loaded from another host, so it works offline and behind
 * the strictest firewall. Every operation gets its parameters, body fields, an example request
 * (curl) and an example response.
 */
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked structurally
type Doc = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function renderReferencePage(doc: Doc): string {
  const operations = collectOperations(doc);
  const tags: { name: string; description?: string }[] = doc.tags ?? [];
  const sections = tags
    .map((tag) => ({ tag, ops: operations.filter((o) => (o.op.tags ?? []).includes(tag.name)) }))
    .filter((s) => s.ops.length > 0);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><nav><h1>${esc(doc.info.title)}</h1><p class="version">v${esc(doc.info.version)}</p>
<a href="#authentication">Authentication</a><a href="#errors">Errors</a><a href="#lists">Lists and cursors</a>
${sections
  .map(
    (s) =>
      `<h2>${esc(s.tag.name)}</h2>${s.ops.map((o) => `<a href="#${esc(o.op.operationId)}"><span class="m ${o.method}">${o.method.toUpperCase()}</span> ${esc(o.op.summary ?? o.path)}</a>`).join('')}`,
  )
  .join('\n')}
</nav><main>
<section><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? '')}</p>
<p>The machine-readable description is at <a href="/v0/openapi.json"><code>/v0/openapi.json</code></a> (OpenAPI 3.1).</p></section>
${authSection(doc)}
${errorsSection()}
${listsSection()}
${sections.map((s) => `<section><h1 class="tag">${esc(s.tag.name)}</h1><p>${esc(s.tag.description ?? '')}</p>${s.ops.map(operationSection).join('\n')}</section>`).join('\n')}
</main></body></html>`;
}

interface Op {
  method: (typeof METHODS)[number];
  path: string;
  op: Doc;
}

function collectOperations(doc: Doc): Op[] {
  const result: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Doc][]) {
    for (const method of METHODS)
      if (item[method]) result.push({ method, path, op: resolve(doc, item[method]) });
  }
  return result;
}

function resolve(doc: Doc, node: unknown, depth = 0): Doc {
  if (depth > 20 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => resolve(doc, n, depth + 1));
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const name = record.$ref.replace(/^#\/components\/schemas\//, '');
    return resolve(doc, doc.components?.schemas?.[name], depth + 1);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolve(doc, v, depth + 1)]));
}

function authSection(doc: Doc): string {
  const schemes = Object.entries(doc.components?.securitySchemes ?? {}) as [string, Doc][];
  return `<section id="authentication"><h1>Authentication</h1>
${schemes.map(([name, s]) => `<p>Scheme <code>${esc(name)}</code>: an API key in the <code>${esc(s.name)}</code> ${esc(s.in)}. ${esc(s.description ?? '')}</p>`).join('')}
<p>Every <code>/v0</code> operation needs it. A missing, unknown or revoked key is answered <code>401</code> with code <code>unauthenticated</code> and <code>WWW-Authenticate: ApiKey header="x-api-key"</code>. Each key belongs to one tenant; another tenant's records are answered <code>404</code>.</p>
<pre>curl -H "x-api-key: $QUIRE_API_KEY" http://127.0.0.1:3000/v0/persons</pre></section>`;
}

function errorsSection(): string {
  const rows = Object.entries(ERROR_CODES)
    .map(
      ([code, e]) =>
        `<tr><td><code>${esc(code)}</code></td><td>${e.status}</td><td>${esc(e.title)}</td></tr>`,
    )
    .join('');
  return `<section id="errors"><h1>Errors</h1>
<p>Every error is <code>application/problem+json</code> (RFC 9457) with a stable <code>code</code> and the <code>requestId</code> (also in the <code>Request-Id</code> header). Validation errors list every problem in <code>errors</code>, with a JSON <code>pointer</code> for body members or the <code>parameter</code> name for query parameters.</p>
<pre>${esc(JSON.stringify({ type: 'about:blank', title: 'The request is not valid', status: 400, detail: 'Invalid request body: name must be at least 1 character long', code: 'validation_failed', requestId: 'req_4394779a8d25437eba12d8ff90669cfb', errors: [{ pointer: '/name', code: 'too_short', detail: 'name must be at least 1 character long' }] }, null, 2))}</pre>
<table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function listsSection(): string {
  return `<section id="lists"><h1>Lists and cursors</h1>
<p>Lists answer <code>{ items, totalCount, hasMore, nextCursor }</code>. Pass <code>nextCursor</code> back as <code>cursor</code> to get the next page; it is <code>null</code> on the last page. <code>limit</code> is 20 by default and at most 100 (larger values are treated as 100). <code>totalCount</code> is exact. Paging while records are created never skips or repeats a record. Timestamps are RFC 3339 UTC strings with milliseconds.</p></section>`;
}

function operationSection({ method, path, op }: Op): string {
  const params: Doc[] = op.parameters ?? [];
  const body = op.requestBody?.content?.['application/json']?.schema;
  const statuses = Object.keys(op.responses ?? {}).sort();
  const success = statuses.find((s) => s.startsWith('2'));
  const successSchema = success ? op.responses[success].content?.['application/json']?.schema : undefined;
  const examplePath = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    String(exampleOf({ type: 'string' }, camel(name))),
  );
  const exampleBody = body ? JSON.stringify(exampleOf(body), null, 2) : null;
  const curl = [
    `curl -X ${method.toUpperCase()} "http://127.0.0.1:3000${examplePath}"`,
    '  -H "x-api-key: $QUIRE_API_KEY"',
    ...(exampleBody
      ? ['  -H "content-type: application/json"', `  -d '${exampleBody.replaceAll("'", "'\\''")}'`]
      : []),
  ].join(' \\\n');
  return `<article id="${esc(op.operationId)}"><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h2>
<p class="summary">${esc(op.summary ?? '')}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${params.length ? `<h3>Parameters</h3><table><thead><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>description</th></tr></thead><tbody>${params.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(typeText(p.schema))}</td><td>${p.required ? 'yes' : 'no'}</td><td>${esc(p.schema?.description ?? p.description ?? '')}</td></tr>`).join('')}</tbody></table>` : ''}
${body ? `<h3>Body</h3>${fieldsTable(body)}` : ''}
<h3>Example request</h3><pre>${esc(curl)}</pre>
${success ? `<h3>Example response <span class="status">${success}</span></h3><pre>${esc(successSchema ? JSON.stringify(exampleOf(successSchema), null, 2) : (op.responses[success].description ?? ''))}</pre>` : ''}
<h3>Responses</h3><ul class="responses">${statuses.map((s) => `<li><span class="status">${s}</span> ${esc(op.responses[s].description ?? '')}</li>`).join('')}</ul></article>`;
}

function fieldsTable(schema: Doc, prefix = '', depth = 0): string {
  const rows = fieldRows(schema, prefix, depth);
  return `<table><thead><tr><th>field</th><th>type</th><th>required</th><th>rules</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function fieldRows(schema: Doc, prefix: string, depth: number): string[] {
  const required = new Set<string>(schema?.required ?? []);
  const rows: string[] = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {}) as [string, Doc][]) {
    rows.push(
      `<tr><td><code>${esc(prefix + name)}</code></td><td>${esc(typeText(property))}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${esc(rules(property))}</td></tr>`,
    );
    const nested = property.type === 'array' ? property.items : property;
    if (depth < 2 && nested?.properties)
      rows.push(...fieldRows(nested, `${prefix}${name}${property.type === 'array' ? '[]' : ''}.`, depth + 1));
  }
  return rows;
}

function typeText(schema: Doc): string {
  if (!schema) return '';
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' | ');
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `array of ${typeText(schema.items)}`;
  return [schema.type ?? 'any', schema.format ? `(${schema.format})` : ''].join(' ').trim();
}

function rules(schema: Doc): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`range ${schema.minimum ?? '-∞'}..${schema.maximum ?? '∞'}`);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) parts.push(schema.description);
  return parts.join('; ');
}

function camel(snake: string): string {
  return snake.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
}

function esc(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d2330;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;width:300px;flex:none;padding:16px;background:#f5f6f8;border-right:1px solid #e2e5ea}
nav h1{font-size:20px;margin:0}nav h2{font-size:12px;text-transform:uppercase;color:#667;margin:18px 0 4px}nav a{display:block;padding:2px 0;color:#1d2330;text-decoration:none;font-size:14px}
nav a:hover{text-decoration:underline}.version{color:#667;margin:0 0 12px}
main{padding:24px 40px;max-width:1000px;min-width:0}section{margin-bottom:40px}h1.tag{border-bottom:2px solid #e2e5ea;padding-bottom:6px}
article{border:1px solid #e2e5ea;border-radius:8px;padding:16px 20px;margin:20px 0}article h2{font-size:18px;margin:0 0 4px}
h3{font-size:14px;margin:16px 0 6px;text-transform:uppercase;color:#445}
pre{background:#0f1420;color:#e6e9ef;padding:12px;border-radius:6px;overflow:auto;font-size:13px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #e2e5ea;padding:4px 8px;text-align:left;vertical-align:top}
.m{display:inline-block;min-width:52px;text-align:center;border-radius:4px;color:#fff;font-size:11px;font-weight:700;padding:1px 4px}
.get{background:#2f7d32}.post{background:#1565c0}.patch{background:#8e5b00}.put{background:#6a1b9a}.delete{background:#c62828}
.status{font-family:ui-monospace,monospace;font-weight:700}.responses{padding-left:18px}.summary{font-weight:600}
`;
