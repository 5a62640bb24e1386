import path from 'node:path';
import type { Config } from '../config.js';

/**
 * How the CLI names the database it works on, for stderr: `sqlite ./data/quire.db`, or the
 * PostgreSQL URL without its password (in the userinfo or as a `password` parameter).
 */
export function databaseLabel(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl === null) {
    const file = path.join(config.dataDir, 'quire.db');
    const relative = path.relative(process.cwd(), file);
    const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : `./${relative}`;
    return `sqlite ${shown}`;
  }
  try {
    const url = new URL(config.databaseUrl);
    if (url.password !== '') url.password = '';
    url.searchParams.delete('password');
    return `postgresql ${url.toString()}`;
  } catch {
    return 'postgresql (an unparsable DATABASE_URL)';
  }
}
