import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';

/**
 * The recommended deployment (docs/security.md) gives visitors' pages an origin of their own:
 * PUBLIC_BASE_URL for hosted pages and public links, CONSOLE_BASE_URL for operators. On the public
 * host the console and the operator API are then not served at all, so nothing a page's script
 * does on that origin can reach an operator's session (its cookie is never set there either).
 */
export function registerPublicHostGuard(app: FastifyInstance, config: Config): void {
  const publicHost = publicOnlyHost(config);
  if (publicHost === null) return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.host.toLowerCase() === publicHost && isOperatorPath(request.url)) {
      done(
        new ApiError(
          'not_found',
          `The console and the operator API are served on ${config.consoleBaseUrl}, not on the public host`,
        ),
      );
      return;
    }
    done();
  });
}

/** The host (with its port) that serves visitors only, or null when one origin serves both. */
export function publicOnlyHost(config: Pick<Config, 'publicBaseUrl' | 'consoleBaseUrl'>): string | null {
  if (config.consoleBaseUrl === null) return null;
  const publicHost = new URL(config.publicBaseUrl).host.toLowerCase();
  return publicHost === new URL(config.consoleBaseUrl).host.toLowerCase() ? null : publicHost;
}

/** The origin a console request may come from besides the server's own (CSRF's Origin check). */
export function consoleOrigin(config: Pick<Config, 'publicBaseUrl' | 'consoleBaseUrl'>): string {
  return new URL(config.consoleBaseUrl ?? config.publicBaseUrl).origin;
}

function isOperatorPath(url: string): boolean {
  const path = url.split('?', 1)[0]!.toLowerCase();
  return path === '/console' || path.startsWith('/console/') || path.startsWith('/admin/');
}
