import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the console's bundle is built from besides console/ (console/src/api/ imports them). */
const SHARED_SOURCES = [
  'clients/typescript/admin.ts',
  'clients/typescript/admin-schema.d.ts',
  'src/domain/brand-fonts.ts',
  'src/domain/scopes.ts',
  'src/outbox/event-types.ts',
];

/**
 * Builds the console (npm run build:console) when dist/console is missing or older than a source
 * file of console/ or one it imports: CI runs `npm test` in a fresh clone with no dist/, and a
 * developer's edit must not be tested against an old build.
 */
export function ensureConsoleBuilt(): void {
  const index = path.resolve('dist/console/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = fs
    .readdirSync('console', { recursive: true })
    .map((f) => path.join('console', String(f)))
    // The console is a workspace package: a node_modules of its own (npm hoists, but may nest) is not its source.
    .filter((f) => !f.split(path.sep).includes('node_modules'))
    .concat(SHARED_SOURCES)
    .filter((f) => fs.statSync(f).isFile())
    .reduce((latest, f) => Math.max(latest, fs.statSync(f).mtimeMs), 0);
  if (built >= newest) return;
  // vite is the console package's dependency, hoisted by npm to the root node_modules.
  const result = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'console/vite.config.ts'],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the console build failed:\n${result.stdout}\n${result.stderr}`);
}
