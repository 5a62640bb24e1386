import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { adminReferenceDocument } from './admin-reference-document.js';
import { referenceDocument } from './reference-document.js';
import { REFERENCE_SCRIPT } from './reference-script.js';

const require = createRequire(import.meta.url);
export const REDOCLY_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/**
 * The API reference: Redoc, a maintained OpenAPI renderer (search, Markdown, field tables,
 * examples), served from Quire's own dependencies so the page loads nothing from another host.
 *
 *   GET /docs                          the page
 *   GET /docs/openapi.json             the document it renders (/v0/openapi.json plus examples)
 *   GET /docs/admin                    the operator API's reference, the same way
 *   GET /docs/admin/openapi.json       the document it renders (/admin/v0/openapi.json plus words);
 *                                      public like the other: it is in the repository too
 *   GET /docs/redoc.standalone.js      Redoc itself, from node_modules/redoc
 *   GET /docs/reference.js             starts Redoc (src/docs/reference-script.ts)
 */
export function docsRoute(app: FastifyInstance): void {
  let document: string | null = null;
  let adminDocument: string | null = null;
  let redoc: Buffer | null = null;

  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', PAGE_POLICY)
      .header('Cache-Control', 'public, max-age=300')
      .send(PAGE),
  );
  app.get('/docs/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(referenceDocument(app.swagger()));
    return reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(document);
  });
  app.get('/docs/admin', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', PAGE_POLICY)
      .header('Cache-Control', 'public, max-age=300')
      .send(ADMIN_PAGE),
  );
  app.get('/docs/admin/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    adminDocument ??= JSON.stringify(adminReferenceDocument(app.adminSwagger()));
    return reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(adminDocument);
  });
  app.get('/docs/redoc.standalone.js', { schema: { hide: true } }, async (_request, reply) => {
    redoc ??= Buffer.from(
      fs
        .readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8')
        // The one request Redoc makes to another host: its footer logo. An image that cannot load
        // is hidden by Redoc itself; the footer's text link stays.
        .replaceAll(REDOCLY_LOGO, 'data:,'),
    );
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(redoc);
  });
  app.get('/docs/reference.js', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(REFERENCE_SCRIPT);
  });
}

// Scripts and data only from this server; Redoc injects its styles and runs its search in a
// worker made from a blob. Nothing may come from another host.
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page of a reference. Its addresses are relative, so a server behind a path prefix works:
 * `root` leads from the page to the server's root, `assets` to /docs/, `document` to what it renders.
 */
function referencePage(title: string, root: string, assets: string, document: string, fallback: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; } td code { white-space: nowrap; }</style>
</head>
<body>
<noscript>The reference needs JavaScript. The OpenAPI document is at <a href="${root}${fallback.slice(1)}">${fallback}</a>.</noscript>
<div id="redoc" data-root="${root || '.'}" data-document="${document}" data-fallback="${fallback}"></div>
<script src="${assets}redoc.standalone.js"></script>
<script src="${assets}reference.js"></script>
</body>
</html>
`;
}

const PAGE = referencePage('Quire API reference', '', 'docs/', 'docs/openapi.json', '/v0/openapi.json');
const ADMIN_PAGE = referencePage(
  'Quire operator API reference',
  '../',
  '',
  'admin/openapi.json',
  '/admin/v0/openapi.json',
);
