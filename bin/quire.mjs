#!/usr/bin/env node
// The `quire` command. It runs the bundle dist/quire.mjs (esbuild, made by `npm run build:cli`,
// which `npm install` and `npm ci` run through the `prepare` script): one file to load instead of
// the TypeScript sources through a loader, so `npx quire tenants list` answers in a fraction of a
// second. When the bundle is missing or older than the sources (a checkout, an edit), it runs the
// sources through tsx instead, slower but never stale, and says so on stderr.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = `${root}dist/quire.mjs`;

/** The newest modification time of the files the bundle is built from (tests left out). */
function newestSource() {
  let newest = fs.statSync(`${root}package.json`).mtimeMs;
  for (const entry of fs.readdirSync(`${root}src`, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, fs.statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  }
  return newest;
}

function bundleState() {
  let built;
  try {
    built = fs.statSync(bundle).mtimeMs;
  } catch {
    return 'missing';
  }
  // No sources (an installed package): the bundle is all there is.
  if (!fs.existsSync(`${root}src`)) return 'fresh';
  return built >= newestSource() ? 'fresh' : 'stale';
}

const state = bundleState();
if (state === 'fresh') {
  // The bundle has no line breaks or comments (scripts/build-cli.mjs): stack traces name the
  // sources' files and lines through its source maps, as `npm start` does with --enable-source-maps.
  process.setSourceMapsEnabled(true);
  await import(bundle);
} else {
  process.stderr.write(
    `quire: dist/quire.mjs is ${state === 'missing' ? 'missing' : 'older than the sources'}; ` +
      'running the sources through tsx (slower; `npm run build:cli` makes the bundle)\n',
  );
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
