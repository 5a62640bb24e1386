import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { App } from '../../http/app-types.js';
import { consoleDirectory } from './console-files.js';

/**
 * Only this server: scripts, styles, images, fonts and API calls all come from it. Mantine sets
 * CSS variables in style attributes, hence 'unsafe-inline' for styles (never for scripts).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Hashed file names (assets/index-BHIpUkAe.js) never change content: cached for a year. */
const HASHED = /^assets\/[\w.-]+-[\w-]{8,}\.\w+$/;

/**
 * The operator console at /console: the single-page app built by `npm run build` (console/),
 * served from dist/console. Hashed assets are immutable; index.html is revalidated every time, so
 * a new build is picked up at once; any other path under /console (a deep link such as
 * /console/t/acme/pages/page_01...) is the app's index.html, whose router shows the screen.
 */
export async function consoleRoutes(app: App): Promise<void> {
  await app.register(fastifyStatic, { root: consoleDirectory() ?? process.cwd(), serve: false });
  app.get('/console', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/console/', 308),
  );
  app.get('/console/*', { schema: { hide: true } }, async (request, reply) => {
    const dir = consoleDirectory();
    reply.header('Content-Security-Policy', CONSOLE_CSP);
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (dir === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send('The console is not built: run `npm run build` (npm start does it).\n');
    }
    const file = (request.params as { '*': string })['*'];
    if (HASHED.test(file) && fs.existsSync(path.join(dir, file))) {
      return reply.sendFile(file, dir, { immutable: true, maxAge: '365d', cacheControl: true });
    }
    if (file.startsWith('assets/')) return notFound(reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', dir, { cacheControl: false });
  });
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send('Not found\n');
}
