import { ConfigError, loadConfig } from '../src/config.js';

/** Exits 2 with every bad variable, as `quire serve` would, for `npm start` before it builds. */
export function checkConfig(): void {
  try {
    loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`quire: ${error.message}\n`);
    process.exit(2);
  }
}
