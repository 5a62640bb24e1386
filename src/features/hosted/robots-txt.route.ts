import type { App } from '../../http/app-types.js';

/**
 * GET /robots.txt on every host Quire serves (its own and tenants' custom hosts): hosted pages may
 * be crawled, and each page's own robots meta decides whether it is indexed (personalised pages say
 * noindex; docs/hosted-pages.md). The API, the console, previews and the click redirects are not
 * pages. Without it, crawlers and Lighthouse read a JSON 404 as an invalid robots.txt.
 */
export const ROBOTS_TXT = `User-agent: *
Disallow: /v0/
Disallow: /admin/
Disallow: /console/
Disallow: /docs
Disallow: /p/*/_preview/
Disallow: /*/go/
`;

export function robotsTxtRoute(app: App): void {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      // Public text, readable from anywhere: a sandboxed hosted page (an opaque origin) and tools
      // that fetch it from the page's context, as Lighthouse does, would otherwise be refused.
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(ROBOTS_TXT),
  );
}
