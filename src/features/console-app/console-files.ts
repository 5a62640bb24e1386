import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the built console is: dist/console beside the bundle (`npm start` runs dist/quire.mjs),
 * or the repository's dist/console when the server runs from the sources (tsx, tests).
 */
const CANDIDATES = [
  new URL('./console/', import.meta.url),
  new URL('../../../dist/console/', import.meta.url),
].map((url) => fileURLToPath(url));

export function consoleDirectory(): string | null {
  return CANDIDATES.find((dir) => fs.existsSync(`${dir}index.html`)) ?? null;
}
