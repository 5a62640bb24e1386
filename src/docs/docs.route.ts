import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
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
 *   GET /docs/redoc.standalone.js      Redoc itself, from node_modules/redoc
 *   GET /docs/reference.js             starts Redoc (src/docs/reference-script.ts)
 */
export function docsRoute(app: FastifyInstance): void {
  let document: string | null = null;
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

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire API reference</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; } td code { white-space: nowrap; }</style>
</head>
<body>
<noscript>The reference needs JavaScript. The OpenAPI document is at <a href="v0/openapi.json">/v0/openapi.json</a>.</noscript>
<div id="redoc"></div>
<script src="docs/redoc.standalone.js"></script>
<script src="docs/reference.js"></script>
</body>
</html>
`;
