import type { Config } from '../config.js';
import { linksOf, type PublicLinks } from '../domain/public-links.js';
import { runningServer } from '../server-address.js';

/**
 * Where the CLI's public URLs (hosted pages, preview links, the console) point: PUBLIC_BASE_URL,
 * else the address a running server of this DATA_DIR recorded (src/server-address.ts), else the
 * CLI's own HOST:PORT, a guess that the first command printing a URL says is one.
 */
let guessed = false;
let warned = false;

/** Settles `config.publicBaseUrl` for a CLI command (withDatabase calls it before the action). */
export function resolvePublicBase(config: Config): void {
  guessed = false;
  if (config.publicBaseUrlSet) return;
  const server = runningServer(config.dataDir);
  if (server !== null) {
    config.publicBaseUrl = server.publicBaseUrl.replace(/\/+$/, '');
    return;
  }
  guessed = true;
}

/** Called by every command that prints a public URL: says once on stderr when it is a guess. */
export function notePublicUrls(config: Pick<Config, 'publicBaseUrl'>): void {
  if (!guessed || warned) return;
  warned = true;
  process.stderr.write(
    `quire: warning: guessing that the server answers at ${config.publicBaseUrl} (PUBLIC_BASE_URL is unset and no running server is recorded in DATA_DIR); set PUBLIC_BASE_URL, or start the server, if the URLs below are wrong\n`,
  );
}

/** The public links of a CLI command's output (linksOf, after notePublicUrls). */
export function cliLinks(config: Parameters<typeof linksOf>[0]): PublicLinks {
  notePublicUrls(config);
  return linksOf(config);
}
