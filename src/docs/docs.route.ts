import type { FastifyInstance } from 'fastify';
import { renderReferencePage } from './reference-page.js';

/** GET /docs: the API reference, rendered once from the OpenAPI document and served as one page. */
export function docsRoute(app: FastifyInstance): void {
  let html: string | null = null;
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    html ??= renderReferencePage(app.swagger());
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .header('Cache-Control', 'public, max-age=300')
      .send(html);
  });
}
